// K-1.1 splitting for covering fire, K-1.2 joining (survivors, leaderless squads, leaders), K-1.3
// leaders joining and leaving, K-1.4b a leader binding to a leaderless squad, K-5.1b a targeted lone
// leader diving into a unit, K-5.5h picking up a dropped machine gun.
import { within } from '../../core';
import { isCoherent } from './coherency';
import { DIVE_DISTANCE, JOIN_DISTANCE } from './constants';
import { type KQuery, type KResult, houseOf, refuse } from './context';
import { weaponById } from './data';
import { ev } from './events';
import { leaderFits } from './morale';
import { isLeaderless } from './movement';
import { baseOf, figureToUnit, liveFigures, unitDistance } from './table';
import { soldierName } from './soldier-names';
import type { KReading, KState, KUnit } from './state';
import { basePointDistance } from '../../core';
import { hasActivated } from './acted';

/** K-1.1a the most soldiers a covering-fire group may have (K-AMB-2 rounding). */
export function maxCoveringFire(n: number, rounding: 'floor' | 'ceil'): number {
  return rounding === 'floor' ? Math.floor(n / 2) : Math.ceil(n / 2);
}

/** K-1.1a/b split a unit: up to half its soldiers stay behind as a covering-fire group (its own unit, K-1.1d). */
export function splitUnit(s: KState, args: { unitId: string; figureIds: string[] }, ctx: KQuery): KResult {
  const house = houseOf(s, ctx);
  const u = s.units[args.unitId];
  if (!u) return refuse('K-1.1a', `no unit "${args.unitId}"`);
  if (u.kind === 'leader') return refuse('K-1.1a', 'a lone leader cannot split');
  if (u.splitFrom || u.coveringHalf) return refuse('K-1.1a', `${u.name} is already split`);
  if (u.status !== 'normal') return refuse('K-1.1a', `${u.name} is ${u.status}: it cannot split now`);
  const live = liveFigures(s, u);
  const max = maxCoveringFire(live.length, house.splitRounding);
  const ids = [...new Set(args.figureIds)];
  if (!ids.length) return refuse('K-1.1a', 'name the soldiers who stay to give covering fire');
  if (ids.length > max) return refuse('K-1.1a', `at most ${max} of ${live.length} soldiers may stay behind (half or fewer)`);
  for (const id of ids) if (!live.some((f) => f.id === id)) return refuse('K-1.1a', `${soldierName(s, id)} is not a soldier of ${u.name}`);
  if (ids.some((id) => s.figures[id]!.role === 'leader')) return refuse('K-1.3a', 'a joined leader goes with the main part, not the covering fire');
  const cover = live.filter((f) => ids.includes(f.id));
  const rest = live.filter((f) => !ids.includes(f.id));
  if (!isCoherent(ctx.table, cover) || !isCoherent(ctx.table, rest)) return refuse('K-1.0b', 'each part must be in formation by itself (3 cm chain)');
  const newUnitId = `${u.id}-cover-${s.nextId}`;
  return { ok: true, events: [ev('UNIT_SPLIT', 'K-1.1a', `${u.name} leaves ${ids.length} soldier${ids.length === 1 ? '' : 's'} behind to give covering fire`, { unitId: u.id, newUnitId, figureIds: ids })] };
}

/** K-1.1c the covering-fire group rejoins the other half (after moving into formation with it). */
export function reuniteUnit(s: KState, halfId: string, ctx: KQuery): KResult {
  const half = s.units[halfId];
  if (!half?.splitFrom) return refuse('K-1.1c', `${half?.name ?? halfId} is not a covering-fire group`);
  const main = s.units[half.splitFrom];
  if (!main || !liveFigures(s, main).length) return refuse('K-1.1c', 'the rest of the unit is gone');
  const all = [...liveFigures(s, main), ...liveFigures(s, half)];
  if (!isCoherent(ctx.table, all)) return refuse('K-1.0b', `${half.name} must move within 3 cm of the rest of its unit to merge`);
  return { ok: true, events: [ev('UNIT_REUNITED', 'K-1.1c', `${half.name} merges back into ${main.name}`, { unitId: half.id, intoUnitId: main.id })] };
}

/** K-1.2 / K-1.3 / K-1.4b / K-SKL-5…7 may `unit` join `into`, and as what? */
export function joinKind(s: KState, u: KUnit, into: KUnit): { kind: 'survivor' | 'leaderless' | 'leader'; rule: string } | { rule: string; reason: string } {
  if (u.id === into.id || u.side !== into.side) return { rule: 'K-1.2a', reason: 'a unit joins another unit of its own side' };
  if (into.kind === 'leader') return { rule: 'K-1.2a', reason: `${into.name} is a lone leader: leaders join units, not the other way round` };
  if (!liveFigures(s, into).length || into.status === 'in-melee' || into.status === 'routing' || into.status === 'surrendered' || into.status === 'withdrawn' || into.status === 'destroyed') {
    return { rule: 'K-1.2a', reason: `${into.name} cannot be joined now (${into.status})` };
  }
  const figs = liveFigures(s, u);
  if (u.kind === 'leader') {
    if (u.joinedTo) return { rule: 'K-1.2d', reason: `${u.name} is already with ${s.units[u.joinedTo]?.name}` };
    if (!leaderFits(s, figs[0]!, into)) return { rule: 'K-SKL-5', reason: `${u.name} cannot join ${into.name}: a leader joins only units of his nationality (K-SKL-4 multilingual)` };
    return { kind: 'leader', rule: 'K-1.2d' };
  }
  if (figs.length === 1) return { kind: 'survivor', rule: 'K-1.2a' };
  if (isLeaderless(s, u)) {
    if (isLeaderless(s, into) || !liveFigures(s, into).some((f) => f.role === 'squad-leader' && f.condition !== 'serious')) {
      return { rule: 'K-1.2b', reason: `${into.name} has no squad leader: a leaderless squad joins only a squad that has one` };
    }
    return { kind: 'leaderless', rule: 'K-1.2b' };
  }
  return { rule: 'K-1.2a', reason: `${u.name} is neither a sole survivor, a squad that lost its leader, nor a leader` };
}

/**
 * K-1.2a–e join: a sole survivor, a squad that lost its squad leader, or a leader moves within 3 cm
 * and becomes part of the other unit. K-1.2c a unit joined (by soldiers) before it activated cannot
 * move this turn; K-1.4b a leader joining a leaderless squad becomes its squad leader for good.
 */
export function joinUnit(s: KReading, args: { unitId: string; intoUnitId: string }, ctx: KQuery): KResult {
  const u = s.units[args.unitId];
  const into = s.units[args.intoUnitId];
  if (!u || !into) return refuse('K-1.2a', 'unknown unit');
  const k = joinKind(s, u, into);
  if ('reason' in k) return refuse(k.rule, k.reason);
  const figs = liveFigures(s, u);
  const far = figs.find((f) => !within(figureToUnit(s, ctx.table, f, into), JOIN_DISTANCE));
  if (k.kind !== 'leaderless' && far) return refuse(k.rule, `${soldierName(s, far.id)} must be within ${JOIN_DISTANCE} cm of ${into.name} to join`);
  if (k.kind === 'leaderless' && !within(unitDistance(s, ctx.table, u, into), JOIN_DISTANCE)) return refuse('K-1.2b', `${u.name} must be within ${JOIN_DISTANCE} cm of ${into.name} to join`);
  if (!isCoherent(ctx.table, [...liveFigures(s, into), ...figs])) return refuse('K-1.0b', 'the joined unit must be in formation (3 cm chain)');
  const bound = k.kind === 'leader' && isLeaderless(s, into);
  const noMove = k.kind !== 'leader' && !hasActivated(s, into.id);
  const text = k.kind === 'leader'
    ? `${u.name} joins ${into.name}${bound ? ' and becomes its squad leader for good (K-1.4b)' : ''}`
    : `${u.name} joins ${into.name}${noMove ? `; ${into.name} has not activated and cannot move this turn (K-1.2c)` : ''}`;
  return { ok: true, events: [ev('UNIT_JOINED', bound ? 'K-1.4b' : k.rule, text, { unitId: u.id, intoUnitId: into.id, figureIds: figs.map((f) => f.id), kind: k.kind, bound, noMove })] };
}

/** K-2.2e / K-1.3a a joined leader leaves his group (never a K-1.4b bound squad leader). */
export function leaveGroup(s: KState, leaderUnitId: string): KResult {
  const l = s.units[leaderUnitId];
  if (!l?.joinedTo) return refuse('K-2.2e', `${l?.name ?? leaderUnitId} is not with a group`);
  const g = s.units[l.joinedTo];
  if (!g) return refuse('K-2.2e', 'the group is gone');
  if (g.boundLeaders.includes(l.id)) return refuse('K-1.4b', `${l.name} became ${g.name}'s squad leader and can no longer leave it`);
  if (g.status === 'in-melee') return refuse('K-6.3a', `${g.name} is locked in melee`);
  if (!liveFigures(s, g).some((f) => f.homeUnitId === l.id)) return refuse('K-2.2e', `${l.name} is no longer on the table`);
  return { ok: true, events: [ev('LEADER_LEFT', 'K-2.2e', `${l.name} leaves ${g.name}`, { leaderUnitId: l.id, fromUnitId: g.id })] };
}

/** K-5.1b a lone leader chosen as a target may at once join a unit within 3 cm; the whole unit becomes the target. */
export function leaderDive(s: KState, args: { leaderId: string; intoUnitId: string }, ctx: KQuery): KResult {
  const l = s.units[args.leaderId];
  const into = s.units[args.intoUnitId];
  if (!l || l.kind !== 'leader' || l.joinedTo) return refuse('K-5.1b', 'only a leader on his own may dive into a unit');
  if (!into) return refuse('K-5.1b', 'unknown unit');
  const k = joinKind(s, l, into);
  if ('reason' in k) return refuse(k.rule, k.reason);
  const f = liveFigures(s, l)[0]!;
  if (!within(figureToUnit(s, ctx.table, f, into), DIVE_DISTANCE)) return refuse('K-5.1b', `${into.name} is not within ${DIVE_DISTANCE} cm of ${l.name}`);
  const bound = isLeaderless(s, into);
  return { ok: true, events: [ev('UNIT_JOINED', 'K-5.1b', `${l.name} is targeted and dives into ${into.name}: the whole unit is the target`, { unitId: l.id, intoUnitId: into.id, figureIds: [f.id], kind: 'leader', bound, noMove: false })] };
}

/** K-5.5h anyone, even the enemy, takes over a dropped MG by moving a soldier into contact with its marker. */
export function pickUpWeapon(s: KState, args: { markerId: string; figureId: string }, ctx: KQuery): KResult {
  const house = houseOf(s, ctx);
  const m = s.markers[args.markerId];
  const f = s.figures[args.figureId];
  if (!m) return refuse('K-5.5h', `no weapon marker "${args.markerId}"`);
  if (!f || f.removed || f.condition === 'dead' || f.evacuation) return refuse('K-5.5h', `${f ? soldierName(s, f.id) : `"${args.figureId}"`} is not on the table`);
  if (f.condition === 'serious') return refuse('K-5.5e', `${soldierName(s, f.id)} is seriously wounded and cannot use weapons`);
  const y = ctx.table.standHeight(m.at[0], m.at[1], m.floor);
  if (!within(basePointDistance(baseOf(ctx.table, f), m.at, y), house.contactTolerance)) return refuse('K-5.5h', `${soldierName(s, f.id)} must be in contact with the ${weaponById(m.weapon)?.name ?? m.weapon}`);
  return { ok: true, events: [ev('WEAPON_PICKED_UP', 'K-5.5h', `${soldierName(s, f.id)} takes over the ${weaponById(m.weapon)?.name ?? m.weapon}`, { markerId: m.id, figureId: f.id, weapon: m.weapon, previous: f.weapon })] };
}

