// F4 leader command (K-2.2): which friendly units a leader may command on his activation, measured
// base to base on the table (K-AMB-3 house: nearest soldier or all soldiers; sight if the house says so).
import { baseDistance, within, type TableQueries } from '../../../core';
import { COMMAND_RANGE } from '../constants';
import { nationalityCompatible } from '../scenario-data';
import { sightOptions } from '../sight-options';
import type { KReading, KState, KUnit } from '../state';
import { baseOf, liveFigures } from '../table';
import { hasCard } from './deck';
import { hasActivated } from '../acted';

/** The leader's own figure(s) on the table, wherever he stands (alone or with a group). */
export function leaderFigures(s: KState, leader: KUnit) {
  if (!leader.joinedTo) return liveFigures(s, leader);
  return liveFigures(s, leader.joinedTo).filter((f) => f.homeUnitId === leader.id);
}

/** Why `unitId` may not be commanded by the leader now, or undefined when it may (K-2.2a/c, K-SKL-4…7). */
export function commandRefusal(s: KReading, table: TableQueries, leaderId: string, unitId: string): { reason: string; rule: string } | undefined {
  const leader = s.units[leaderId];
  const unit = s.units[unitId];
  if (!leader || leader.kind !== 'leader') return { reason: `${leader ? leader.name : `"${leaderId}"`} is not a leader: only leaders command`, rule: 'K-2.2a' };
  if (!unit) return { reason: `no unit "${unitId}"`, rule: 'K-2.2a' };
  if (unit.side !== leader.side) return { reason: `${unit.name} is not a friendly unit`, rule: 'K-2.2a' };
  if (unit.kind === 'leader') return { reason: `${unit.name} is a leader: leaders cannot command other leaders`, rule: 'K-2.2c' };
  if (!hasCard(s, unit)) return { reason: `${unit.name} is not a unit that can activate on its own`, rule: 'K-2.1a' };
  if (hasActivated(s, unit.id)) return { reason: `${unit.name} has already activated this turn`, rule: 'K-2.2a' };
  if (unit.meleeId || unit.status === 'in-melee') return { reason: `${unit.name} is in melee: it cannot be commanded`, rule: 'K-2.2c' };
  if (leader.joinedTo === unit.id) return { reason: `${leader.name} is with ${unit.name}: the group acts with him instead (K-2.2d)`, rule: 'K-2.2d' };
  if (!nationalityCompatible(leader, unit)) {
    return { reason: `${unit.name} (${unit.nationality}) takes no commands from ${leader.name} (${leader.nationality})`, rule: unit.nationality === 'finnish' ? 'K-SKL-4' : unit.nationality === 'swedish' ? 'K-SKL-5' : unit.nationality === 'german' ? 'K-SKL-6' : 'K-SKL-7' };
  }
  const mine = leaderFigures(s, leader);
  const theirs = liveFigures(s, unit);
  if (!mine.length || !theirs.length) return { reason: `${leader.name} or ${unit.name} is not on the table`, rule: 'K-2.2a' };
  // The 3D tape is never shorter than the gap in plan: only pairs within 15 cm in plan need heights.
  const planGap = (a: (typeof mine)[number], b: (typeof theirs)[number]) => Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]) - a.baseRadius - b.baseRadius;
  const dist = (a: (typeof mine)[number], b: (typeof theirs)[number]) => (!within(planGap(a, b), COMMAND_RANGE) ? Infinity : baseDistance(baseOf(table, a), baseOf(table, b)));
  // K-AMB-3 house: 'nearest' = the nearest soldier of the unit within 15 cm; 'all' = every soldier.
  const ok = s.house.commandMeasure === 'all'
    ? theirs.every((t) => mine.some((m) => within(dist(m, t), COMMAND_RANGE)))
    : mine.some((m) => theirs.some((t) => within(dist(m, t), COMMAND_RANGE)));
  if (!ok) return { reason: `${unit.name} is more than ${COMMAND_RANGE} cm from ${leader.name}`, rule: 'K-2.2a' };
  if (s.house.commandNeedsSight) {
    const seen = mine.some((m) => theirs.some((t) => table.isClear(table.eyePoint({ id: m.id, at: m.at, floor: m.floor }), table.eyePoint({ id: t.id, at: t.at, floor: t.floor }), sightOptions(s.house))));
    if (!seen) return { reason: `${leader.name} cannot see ${unit.name} (house rule: command needs sight)`, rule: 'K-AMB-3' };
  }
  return undefined;
}

/** K-2.2a the units a leader may command now. */
export function commandableUnits(s: KReading, table: TableQueries, leaderId: string): string[] {
  const leader = s.units[leaderId];
  if (!leader || leader.kind !== 'leader') return [];
  return Object.values(s.units)
    .filter((u) => u.side === leader.side && u.kind !== 'leader' && !hasActivated(s, u.id))
    .filter((u) => !commandRefusal(s, table, leaderId, u.id))
    .map((u) => u.id);
}
