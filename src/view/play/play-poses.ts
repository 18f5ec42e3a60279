// The game's figures as the table draws them: positions from the PlayView (not the scenario's
// deployment), heights from the model, side colour on the rim, wounded figures tinted, each in the
// posture and kit the ruleset's look gives (prone, aiming, at the gun …); vehicles (a
// figure with a hull) as vehicle models, where the game has them. Figures taken off the table are left out.
import type { PlayHull, PlayUnit, PlayView } from '../../game';
import { FALLBACK_SIDE_COLOURS, type FigurePose } from '../Figures';
import { PALETTE } from '../palette';
import type { TableModel } from '../table-model';
import { hullSpec, type HullSpec, type VehiclePose } from '../vehicle-geometry';

/** Body tints for wounded figures (multiplied over the paint): a light wound pink, a serious one red. */
export const WOUND_TINTS: Record<string, string> = { light: '#f0b0a0', serious: '#d8645a' };

export function woundTint(condition: string): string | undefined {
  return WOUND_TINTS[condition];
}

export function sideColours(view: Pick<PlayView, 'sides'>): Map<string, string> {
  return new Map(view.sides.map((s, i) => [s.id, s.colour ?? FALLBACK_SIDE_COLOURS[i % FALLBACK_SIDE_COLOURS.length]!] as const));
}

/** The soldiers (a figure with a hull is a vehicle: playVehiclePoses draws it). */
export function playPoses(
  units: readonly PlayUnit[],
  colours: ReadonlyMap<string, string>,
  standHeight: TableModel['standHeight'],
): FigurePose[] {
  const poses: FigurePose[] = [];
  for (const unit of units) {
    for (const f of unit.figures) {
      if (f.removed || f.hull) continue;
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
        ...(f.look ? { look: f.look } : {}),
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

/**
 * The marker over a unit: its status marker, else "hidden" for a unit hidden from the other side (shown
 * to its owner) or one whose rules show a hidden token to both sides (a "hidden" status chip).
 */
export function unitToken(unit: Pick<PlayUnit, 'status' | 'hiddenFrom'>): 'routing' | 'pinned' | 'hidden' | null {
  return unitMarker(unit) ?? (unit.hiddenFrom?.length || unit.status.some((x) => x.toLowerCase() === 'hidden') ? 'hidden' : null);
}

/** A view's hull (sizes may be left out) as the model's spec, the defaults filled in. */
function specOf(h: PlayHull): HullSpec {
  const d = hullSpec(undefined);
  return hullSpec({
    length: h.length ?? d.length,
    width: h.width ?? d.width,
    ...(h.height !== undefined ? { height: h.height } : {}),
    ...(h.running ? { running: h.running } : {}),
    ...(h.turret !== undefined ? { turret: h.turret } : {}),
  });
}

/**
 * The game's vehicles (figures with a hull) as the vehicle models draw them: where the game has them
 * now, hull and turret turned as the game says; a vehicle taken off the table is not drawn.
 */
export function playVehiclePoses(
  units: readonly PlayUnit[],
  colours: ReadonlyMap<string, string>,
  standHeight: TableModel['standHeight'],
): VehiclePose[] {
  const poses: VehiclePose[] = [];
  for (const unit of units) {
    for (const f of unit.figures) {
      if (f.removed || !f.hull) continue;
      const [x, z] = f.at;
      poses.push({
        unitId: unit.id,
        figureId: f.id,
        position: [x, standHeight(x, z, f.floor || undefined), z],
        facing: f.facing,
        turretFacing: f.turretFacing ?? f.facing,
        spec: specOf(f.hull),
        sideColour: colours.get(unit.side) ?? PALETTE.neutralSide,
      });
    }
  }
  return poses;
}
