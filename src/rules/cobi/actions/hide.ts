// C-3.3.2a–e hiding: an infantry squad takes the hide action (C-3.3.2a) unless it stands on a road or
// the enemy is too near (C-3.3.2d): C-AMB-14 (house hidingLimit) any enemy unit within 30 cm, or any
// enemy unit with binoculars within 60 cm ("within" includes the limit); option nearest-only: only the
// nearest enemy unit counts, its limit 60 cm if it has binoculars. Distances figure to figure, plan.
// Hidden, it takes no direct fire (C-GAP-6, attack-infantry.ts); moving or shooting ends it (C-3.3.2c,
// evolve). Its token shows to both sides (C-3.3.2e).
import { formatDistance, hypot, type Resolution, type TableQueries } from '../../../core';
import { featureName, type Scenario } from '../../../scenario';
import { unitHidden } from '../events';
import { playData } from '../play-data';
import { figureName, unitName } from '../scenario-data';
import { activeFigures, unitFigures, type CTable } from '../state';

/** C-3.3.2d the limits (cm): any enemy, and an enemy with binoculars. */
export const HIDE_LIMIT = 30;
export const HIDE_LIMIT_BINOCULARS = 60;

type Refusal = { ok: false; reason: string; rule: string };

/** C-3.3.2a/d why the unit may not hide now (undefined: it may). */
export function hideRefusal(t: CTable, scenario: Scenario, table: TableQueries, unit: string): Refusal | undefined {
  const u = t.units.find((x) => x.id === unit);
  const own = unitFigures(t, unit);
  if (!u || !own.length) return { ok: false, reason: `${unitName(scenario, unit)} has no figure in the fight`, rule: 'C-3.3.2a' };
  if (u.hidden) return { ok: false, reason: `${unitName(scenario, unit)} is hidden already`, rule: 'C-3.3.2a' };
  for (const f of own) {
    const road = table.areasAt(f.at[0], f.at[1]).find((a) => a.kind === 'road');
    if (road) return { ok: false, reason: `${figureName(scenario, unit, f.id)} stands on ${featureName(table.scenario, road.featureId)}: no hiding on a road`, rule: 'C-3.3.2d' };
  }
  // Each enemy unit: its nearest figure's distance to the squad, and whether it has binoculars.
  const enemies = new Map<string, { distance: number; binoculars: boolean }>();
  for (const e of activeFigures(t)) {
    if (e.side === u.side) continue;
    const d = Math.min(...own.map((f) => hypot(e.at[0] - f.at[0], e.at[1] - f.at[1])));
    const was = enemies.get(e.unit);
    enemies.set(e.unit, { distance: Math.min(d, was?.distance ?? Infinity), binoculars: (was?.binoculars ?? false) || !!e.binoculars });
  }
  const list = [...enemies.entries()].sort((a, b) => a[1].distance - b[1].distance);
  const considered = playData(scenario).house.hidingLimit === 'nearest-only' ? list.slice(0, 1) : list;
  for (const [id, e] of considered) {
    const limit = e.binoculars ? HIDE_LIMIT_BINOCULARS : HIDE_LIMIT;
    if (e.distance <= limit + 1e-9) {
      const why = e.binoculars ? `has binoculars and is within ${limit} cm` : `is within ${limit} cm`;
      return { ok: false, reason: `${unitName(scenario, id)} ${why} (${formatDistance(e.distance)}): ${unitName(scenario, unit)} cannot hide`, rule: 'C-3.3.2d' };
    }
  }
  return undefined;
}

/** C-3.3.2a the HIDE action of the activated unit. */
export function hideUnit(t: CTable, scenario: Scenario, table: TableQueries, unit: string): Resolution {
  const refusal = hideRefusal(t, scenario, table, unit);
  if (refusal) return refusal;
  return { ok: true, events: [unitHidden(unit, `${unitName(scenario, unit)} hide (no direct fire at them until they move or shoot)`)] };
}
