// The game's figures as the table draws them: positions from the PlayView (not the scenario's
// deployment), heights from the model, side colour on the rim, wounded figures tinted. Figures
// taken off the table are left out.
import type { PlayUnit, PlayView } from '../../game';
import { FALLBACK_SIDE_COLOURS, type FigurePose } from '../Figures';
import { PALETTE } from '../palette';
import type { TableModel } from '../table-model';

/** Body tints for wounded figures (multiplied over the paint): a light wound pink, a serious one red. */
export const WOUND_TINTS: Record<string, string> = { light: '#f0b0a0', serious: '#d8645a' };

export function woundTint(condition: string): string | undefined {
  return WOUND_TINTS[condition];
}

export function sideColours(view: Pick<PlayView, 'sides'>): Map<string, string> {
  return new Map(view.sides.map((s, i) => [s.id, s.colour ?? FALLBACK_SIDE_COLOURS[i % FALLBACK_SIDE_COLOURS.length]!] as const));
}

/** Units drawn by another layer (vehicles: Vehicles.tsx) are left out by id. */
export function playPoses(
  units: readonly PlayUnit[],
  colours: ReadonlyMap<string, string>,
  standHeight: TableModel['standHeight'],
  skip: ReadonlySet<string> = new Set(),
): FigurePose[] {
  const poses: FigurePose[] = [];
  for (const unit of units) {
    if (skip.has(unit.id)) continue;
    for (const f of unit.figures) {
      if (f.removed) continue;
      const [x, z] = f.at;
      const tint = woundTint(f.condition);
      poses.push({
        unitId: unit.id,
        figureId: f.id,
        position: [x, standHeight(x, z, f.floor || undefined), z],
        facing: f.facing,
        sideColour: colours.get(unit.side) ?? PALETTE.neutralSide,
        ...(f.floor ? { floor: f.floor } : {}),
        ...(tint ? { tint } : {}),
      });
    }
  }
  return poses;
}

/** A status marker the table shows over a unit ("pinned", "routing"), or null. */
export function unitMarker(unit: Pick<PlayUnit, 'status'>): 'routing' | 'pinned' | null {
  const s = unit.status.map((x) => x.toLowerCase());
  if (s.some((x) => x.startsWith('rout'))) return 'routing';
  if (s.some((x) => x.startsWith('pinned'))) return 'pinned';
  return null;
}

/** Ids of the scenario's vehicle units (Vehicles.tsx draws those). */
export function vehicleUnitIds(scenario: TableModel['scenario']): Set<string> {
  return new Set((scenario.units ?? []).filter((u) => u.type === 'vehicle').map((u) => u.id));
}
