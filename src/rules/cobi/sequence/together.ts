// C-3.3a a vehicle activates with a nearby squad: C-AMB-3 house squadNearby (a figure of the squad within
// 5 cm of the hull, the deployment's distance) and vehicleWithSquad "same-action" (each takes one action,
// and the second takes the same kind of action as the first, or holds). A vehicle selected takes the
// ready squad of its side nearest its hull within that distance; both count as acted when both have
// acted. The table keeps what each has done in the activation (`activation`), stamped with the round
// and the unit selected, so a stale record never counts.
import { distanceToRotatedRect, type Command, type GameEvent } from '../../../core';
import { DEFAULT_HOUSE } from '../house';
import { FIGURE } from '../scenario-data';
import { sideUnits, unitFigures, vehicleOf, type CState } from '../state';

/** C-3.3a, C-AMB-3 the units activating on this select: a vehicle and the nearest ready squad beside it, or the unit alone. */
export function activationTogether(s: CState, select: Command): string[] {
  const unit = String(select.unitId);
  const v = vehicleOf(s.table, unit);
  if (!v || v.wreck) return [unit];
  let best: { unit: string; gap: number } | undefined;
  for (const u of sideUnits(s.table, v.side)) {
    if (u === unit || s.seq.acted.includes(u) || vehicleOf(s.table, u)) continue;
    const gap = Math.min(...unitFigures(s.table, u).map((f) => distanceToRotatedRect(f.at, v.at, v.hull.length, v.hull.width, v.facing) - FIGURE.radius));
    if (gap <= DEFAULT_HOUSE.squadNearby + 1e-9 && (!best || gap < best.gap)) best = { unit: u, gap };
  }
  return best ? [unit, best.unit] : [unit];
}

/** What the units of this activation have done, if the table's record is this activation's. */
function doneNow(s: CState): Readonly<Record<string, string>> {
  const a = s.table.activation;
  return a && a.round === s.seq.round && a.lead === s.seq.unit ? a.done : {};
}

/** The units acting together now (none when the unit acts alone). */
const togetherNow = (s: CState): string[] => (s.seq.unit && s.seq.together?.length ? [s.seq.unit, ...s.seq.together] : []);

/** The units of the activation that may still act, with the action kinds open to them (C-AMB-3 same-action: the first one's kind, or hold). */
export function openUnits(s: CState): Array<{ unit: string; only?: string }> {
  const all = togetherNow(s);
  if (!all.length) return s.seq.unit ? [{ unit: s.seq.unit }] : [];
  const done = doneNow(s);
  const first = Object.values(done).find((t) => t !== 'HOLD');
  return all.filter((u) => !done[u]).map((u) => (first && DEFAULT_HOUSE.vehicleWithSquad === 'same-action' ? { unit: u, only: first } : { unit: u }));
}

/** C-3.3a one unit of a joint activation has taken its action (none when the unit acts alone). */
export function actionTaken(s: CState, unit: string, type: string, name: string): GameEvent[] {
  if (!togetherNow(s).length) return [];
  const left = togetherNow(s).filter((u) => u !== unit && !doneNow(s)[u]).length;
  return [{ type: 'ACTION_TAKEN', rule: 'C-AMB-3', round: s.seq.round, lead: s.seq.unit, unit, action: type, text: `${name} ${left ? 'have acted; the unit with them acts next' : 'have acted: the joint activation is over'}` }];
}

/** C-3.3a the activation is over when every unit in it has acted (alone: after its one action). */
export function activationDone(s: CState): boolean {
  const all = togetherNow(s);
  if (!all.length) return true;
  const done = doneNow(s);
  return all.every((u) => done[u]);
}
