// A scenario's vehicles as a ruleset's HUD describer reports them in the play model: each vehicle
// figure gets its hull (the scenario's hull spec, the table draws the model) and a turret facing that
// keeps the scenario's turret offset from the hull as the game turns the hull. Any ruleset may use it.
import type { PlayUnit } from '../core';
import type { Scenario } from './schema';

/** The units with their vehicle figures marked: `hull` and `turretFacing` from the scenario, where the game has them now. */
export function withVehicles(units: PlayUnit[], scenario: Pick<Scenario, 'units'>): PlayUnit[] {
  const byFigure = new Map<string, { hull: NonNullable<PlayUnit['figures'][number]['hull']>; turretOffset: number }>();
  for (const u of scenario.units ?? []) {
    if (u.type !== 'vehicle') continue;
    for (const f of u.figures) {
      const facing = f.facing ?? 0;
      byFigure.set(f.id, { hull: { ...(f.hull ?? {}) }, turretOffset: (f.turretFacing ?? facing) - facing });
    }
  }
  if (byFigure.size === 0) return units;
  return units.map((u) => ({
    ...u,
    figures: u.figures.map((f) => {
      const v = byFigure.get(f.id);
      return v ? { ...f, hull: v.hull, turretFacing: (((f.facing + v.turretOffset) % 360) + 360) % 360 } : f;
    }),
  }));
}
