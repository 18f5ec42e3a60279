// K-7.x morale: the test against the unit's best morale (K-7.1a, K-1.3a, K-AMB-15), going to ground
// (K-7.1b/c), the start-of-activation test (K-7.1f), below half strength and its second test
// (K-7.3a/b), "No retreat!" executions (K-SKL-1), rout (K-7.3c–g) and rally (K-7.3h/i).
import { type TableQueries, within } from '../../core';
import { autoMoves, edgeDirection, nearestEdge, type AutoMoveRequest } from './auto-move';
import { FAST_MOVE, FAST_MOVE_DIFFICULT, NO_RETREAT_RANGE, RALLY_RANGE } from './constants';
import { type KCtx, Steps, houseOf } from './context';
import { weaponById } from './data';
import { ev, type KEvent } from './events';
import { biteKeepsStanding } from './bite';
import { movementAllowance } from './movement';
import { nationalityCompatible } from './scenario-data';
import { figureToUnit, liveFigures } from './table';
import { soldierName } from './soldier-names';
import type { HouseSettings, KFigure, KReading, KState, KUnit } from './state';
import { hasActivated } from './acted';

/** What caused a test (its rule id is cited on the MORALE_TEST event). */
export type MoraleTrigger =
  | 'K-7.1-T1' // someone wounded or killed
  | 'K-7.1-T2' // fired on by a machine gun
  | 'K-7.1-T3' // lost a melee (K-6.4e)
  | 'K-7.1-T4' // pinned at the start of its activation (K-7.1f)
  | 'K-6.2e' // a charger that took wound tests from defensive fire
  | 'K-7.2a' // pinned or retreating and charged
  | 'K-7.3a' // the second test below half strength
  | 'K-7.3h'; // rally near a leader

const TRIGGER_TEXT: Record<MoraleTrigger, string> = {
  'K-7.1-T1': 'casualties', 'K-7.1-T2': 'machine-gun fire', 'K-7.1-T3': 'lost the melee', 'K-7.1-T4': 'pinned at the start of its activation',
  'K-6.2e': 'hit while charging', 'K-7.2a': 'charged while pinned or retreating', 'K-7.3a': 'second test below half strength', 'K-7.3h': 'rally',
};

/** K-SKL-5…7 may this leader figure lend his morale to (command, be joined by) this unit? */
export function leaderFits(s: KState, leader: KFigure, unit: KUnit): boolean {
  const home = s.units[leader.homeUnitId];
  if (!home) return false;
  return nationalityCompatible({ nationality: home.nationality, languages: home.languages, skills: [...home.skills, ...leader.skills] }, unit);
}

/**
 * K-7.1a the value a test must reach: the best (lowest) morale value in the unit — a joined leader's
 * included (K-1.3a) when his nationality fits (K-SKL-5…7); K-AMB-15 may switch it to the skill level.
 */
export function bestMorale(s: KState, unitId: string, house: HouseSettings): { value: number; from: string } {
  const u = s.units[unitId]!;
  const figs = liveFigures(s, u);
  const able = figs.filter((f) => f.condition !== 'serious');
  const pool = (able.length ? able : figs).filter((f) => f.role !== 'leader' || f.homeUnitId === u.id || leaderFits(s, f, u));
  const key = (f: KFigure) => (house.moraleTarget === 'skill' ? f.skill : f.morale);
  let best: { value: number; from: string } = { value: house.moraleTarget === 'skill' ? u.skill : u.morale, from: u.id };
  let first = true;
  for (const f of pool) {
    if (first || key(f) < best.value) best = { value: key(f), from: f.id };
    first = false;
  }
  return best;
}

/** K-7.3a below half strength (K-AMB-17: against the starting strength, fighting soldiers only by default). */
export function belowHalf(s: KState, unitId: string, house: HouseSettings): boolean {
  const u = s.units[unitId]!;
  const figs = liveFigures(s, u).filter((f) => !(f.role === 'leader' && f.homeUnitId !== u.id));
  const count = figs.filter((f) => house.belowHalfCountsSerious || f.condition !== 'serious').length;
  return count * 2 < u.startStrength;
}

/** K-SKL-1 a hero with "No retreat!" within 15 cm of the unit, able to act (not routing nor pinned). */
export function noRetreatHero(s: KState, table: TableQueries, unitId: string): KFigure | undefined {
  const u = s.units[unitId]!;
  const heroes = Object.values(s.figures).filter((f) => f.side === u.side && !f.removed && f.condition !== 'dead' && f.condition !== 'serious' && !f.evacuation && f.skills.includes('no-retreat'));
  for (const h of heroes) {
    const his = s.units[h.unitId];
    if (!his || his.status === 'routing' || his.status === 'pinned') continue;
    if (h.unitId === unitId || within(figureToUnit(s, table, h, u), NO_RETREAT_RANGE)) return h;
  }
  return undefined;
}

const VICTIM_ORDER = ['soldier', 'lance-corporal', 'medic', 'mg-loader', 'squad-leader', 'mg-gunner', 'leader'];

/** K-SKL-1 / K-AMB-18 the soldier the hero executes: an ordinary soldier before specialists; never the hero. */
export function executionVictim(s: KState, unitId: string, hero: KFigure): KFigure | undefined {
  const figs = liveFigures(s, unitId).filter((f) => f.id !== hero.id);
  const cond = { serious: 0, light: 1, healthy: 2, dead: 3 } as const;
  return [...figs].sort((a, b) => VICTIM_ORDER.indexOf(a.role) - VICTIM_ORDER.indexOf(b.role) || cond[a.condition] - cond[b.condition])[0];
}

/**
 * K-7.1a one morale roll (d6 ≥ target passes), with K-SKL-1 "No retreat!": on a failure a hero within
 * 15 cm executes a member and the unit rolls again, until a roll passes or only the hero is left.
 */
export function rollMorale(st: Steps, unitId: string, trigger: MoraleTrigger, ctx: KCtx, target?: { value: number; from: string }): boolean {
  const house = houseOf(st.state, ctx);
  const u = () => st.state.units[unitId]!;
  for (;;) {
    const need = target ?? bestMorale(st.state, unitId, house);
    const value = ctx.dice.roll(6, `morale test of ${u().name} (${TRIGGER_TEXT[trigger]})`, trigger);
    const passed = value >= need.value;
    st.push(ev('MORALE_TEST', trigger, `${u().name} tests morale (${TRIGGER_TEXT[trigger]}): ${value} against ${need.value}+ — ${passed ? 'passed' : 'failed'}`, { unitId, trigger, value, need: need.value, passed, moraleFrom: need.from }));
    if (passed) return true;
    if (trigger === 'K-7.3h') return false;
    const hero = noRetreatHero(st.state, ctx.table, unitId);
    if (!hero) return false;
    if (!house.noRetreatCompulsory && ctx.useNoRetreat === false) return false; // K-AMB-18 optional, declined
    const victim = executionVictim(st.state, unitId, hero);
    if (!victim) return false; // the hero alone: he retreats (the failure stands)
    st.push(ev('FIGURE_EXECUTED', 'K-SKL-1', `${soldierName(st.state, hero.id)} (No retreat!) executes ${soldierName(st.state, victim.id)} of ${u().name}; the unit tests again`, { figureId: victim.id, by: hero.id }));
    if (!liveFigures(st.state, unitId).length) return false;
  }
}

/**
 * K-7.1b / K-7.3a/b the consequences of a failed test that sends the unit to ground: pinned, and below
 * half strength a second test that routs it on a failure.
 */
export function goToGround(st: Steps, unitId: string, ctx: KCtx): void {
  const house = houseOf(st.state, ctx);
  const u = st.state.units[unitId]!;
  if (u.status === 'routing') return; // K-AMB-16: a routing unit keeps routing
  const standing = biteKeepsStanding(st.state, unitId, ctx); // cannot-go-to-ground (not-pinned reading)
  if (standing) { st.push(standing); return; }
  if (u.status !== 'pinned') st.push(ev('UNIT_STATUS_CHANGED', 'K-7.1b', `${u.name} goes to ground (pinned)`, { unitId, status: 'pinned', from: u.status }));
  // K-AMB-2 house option "whole-unit": the other half of a split unit shares the result.
  const partner = u.splitFrom ?? u.coveringHalf;
  const other = partner ? st.state.units[partner] : undefined;
  if (other && !house.splitSeparateMorale && other.status === 'normal') {
    st.push(ev('UNIT_STATUS_CHANGED', 'K-AMB-2', `${other.name} goes to ground with the rest of its unit`, { unitId: other.id, status: 'pinned', from: other.status }));
  }
  if (belowHalf(st.state, unitId, house) && liveFigures(st.state, unitId).length) {
    const second = rollMorale(st, unitId, 'K-7.3a', ctx);
    if (!second) startRout(st, unitId, ctx);
  }
}

/** K-7.1 a morale test for casualties or MG fire (T1/T2): a failure pins (K-7.1b) — units in melee skip T1 (K-7.1d). */
export function moraleTest(s: KReading, unitId: string, trigger: MoraleTrigger, ctx: KCtx): KEvent[] {
  const st = new Steps(s);
  const u = s.units[unitId];
  if (!u || !liveFigures(s, u).length) return [];
  if (u.status === 'surrendered' || u.status === 'withdrawn' || u.status === 'destroyed') return [];
  if (u.status === 'in-melee' && trigger === 'K-7.1-T1') return [];
  if (!rollMorale(st, unitId, trigger, ctx)) goToGround(st, unitId, ctx);
  return st.events;
}

/** K-7.1f / K-7.1-T4 a pinned unit's test at the start of its activation: pass → it acts normally. */
export function pinnedTest(s: KReading, unitId: string, ctx: KCtx): KEvent[] {
  const house = houseOf(s, ctx);
  const st = new Steps(s);
  const u = s.units[unitId];
  if (!u || u.status !== 'pinned') return [];
  if (rollMorale(st, unitId, 'K-7.1-T4', ctx)) {
    st.push(ev('UNIT_STATUS_CHANGED', 'K-7.1f', `${u.name} gets up and acts normally`, { unitId, status: 'normal', from: 'pinned' }));
  } else if (house.pinnedRetestBelowHalf && belowHalf(st.state, unitId, house)) {
    if (!rollMorale(st, unitId, 'K-7.3a', ctx)) startRout(st, unitId, ctx); // K-AMB-16 house option
  }
  return st.events;
}

/** K-7.3b/c the unit routs: it runs at once toward its own edge; this counts as its activation if it had none. */
export function startRout(st: Steps, unitId: string, ctx: KCtx): void {
  const u = st.state.units[unitId]!;
  // K-7.3i leaders with the unit now cannot rally it.
  const leaders = [...u.joinedLeaders];
  const done = hasActivated(st.state, unitId);
  st.push(ev('ROUT_STARTED', 'K-7.3b', `${u.name} breaks and routs toward its own table edge${done ? '' : ' (this is its activation)'}`, { unitId, leaders, countsAsActivation: !done }));
  routMoveSteps(st, unitId, ctx);
}

/**
 * K-7.3c/d/e/f/g a routing unit's fast move by the most direct route to its starting edge: machine
 * guns that cannot go at full speed are left (K-7.3e), the wounded go as fast as they can without
 * keeping coherency (K-7.3f), the seriously wounded are left behind (K-7.3g). Then K-7.3h rally.
 */
export function routMoveSteps(st: Steps, unitId: string, ctx: KCtx): void {
  const house = houseOf(st.state, ctx);
  const u = st.state.units[unitId]!;
  const figs = liveFigures(st.state, u);
  for (const f of figs.filter((x) => x.condition === 'serious')) {
    st.push(ev('FIGURE_REMOVED', 'K-7.3g', `${soldierName(st.state, f.id)} is seriously wounded and left behind by the rout${house.removeLeftBehind ? ' (removed as a casualty, K-GAP-7)' : ''}`, { figureId: f.id, reason: 'left-behind' }));
  }
  for (const f of liveFigures(st.state, unitId)) {
    const w = f.weapon ? weaponById(f.weapon) : undefined;
    if (w?.halfSpeed) {
      const markerId = `mg-${st.state.nextId}`;
      st.push(ev('WEAPON_DROPPED', 'K-7.3e', `${soldierName(st.state, f.id)} abandons the ${w.name}: it cannot move at full speed`, { markerId, figureId: f.id, weapon: w.id, at: f.at, floor: f.floor, side: f.side }));
    }
  }
  const runners = liveFigures(st.state, unitId);
  if (!runners.length) return;
  const edge = u.startEdge === 'none' ? nearestEdge(ctx.table, runners[0]!.at) : u.startEdge;
  const dir = edgeDirection(edge);
  const requests = (cap: boolean): AutoMoveRequest[] => runners.map((f) => ({
    figure: st.state.figures[f.id]!, toward: { dir }, mayLeave: true,
    allowance: movementAllowance(st.state, f.id, 'rout', false, house).allowance,
    difficultAllowance: movementAllowance(st.state, f.id, 'rout', true, house).allowance,
  })).map((r) => (cap ? { ...r, allowance: r.difficultAllowance } : r));
  let plan = autoMoves(st.state, ctx.table, requests(false), house);
  if (plan.difficult) plan = autoMoves(st.state, ctx.table, requests(true), house, true); // K-4.2c the whole unit at the difficult rate
  if (plan.moves.length) {
    st.push(ev('FIGURES_MOVED', 'K-7.3c', `${u.name} routs toward the ${edge} edge (fast move, ${plan.difficult ? FAST_MOVE_DIFFICULT : FAST_MOVE} cm)`, { unitId, mode: 'rout', moves: plan.moves, allowance: plan.difficult ? FAST_MOVE_DIFFICULT : FAST_MOVE }));
  }
  const gone = plan.moves.filter((m) => m.offTable);
  for (const m of gone) st.push(ev('FIGURE_REMOVED', 'K-7.4a', `${soldierName(st.state, m.figureId)} runs off the table`, { figureId: m.figureId, reason: 'withdrawn' }));
  if (!liveFigures(st.state, unitId).length) {
    if (gone.length) st.push(ev('UNIT_WITHDRAWN', 'K-7.4a', `${u.name} has run off the table: withdrawn, not destroyed`, { unitId }));
    return;
  }
  rallyCheck(st, unitId, ctx);
}

/** K-7.3h/i leaders who may rally a routing unit: within 15 cm, not routing themselves, not with it when it broke. */
export function rallyLeaders(s: KState, table: TableQueries, unitId: string): KFigure[] {
  const u = s.units[unitId]!;
  return Object.values(s.figures).filter((f) => {
    if (f.side !== u.side || f.removed || f.condition === 'dead' || f.condition === 'serious' || f.evacuation) return false;
    if (!f.skills.includes('leader')) return false;
    if (u.routLeaders.includes(f.homeUnitId)) return false; // K-7.3i
    const his = s.units[f.unitId];
    if (!his || his.status === 'routing' || f.unitId === unitId) return false; // K-7.3i retreating leaders
    if (!leaderFits(s, f, u)) return false; // K-SKL-5…7 morale only from his own nationality
    return within(figureToUnit(s, table, f, u), RALLY_RANGE);
  }).sort((a, b) => a.morale - b.morale);
}

/** K-7.3h the rally test with the leader's morale: pass → acts normally from the next turn. */
export function rallyCheck(st: Steps, unitId: string, ctx: KCtx): void {
  const leader = rallyLeaders(st.state, ctx.table, unitId)[0];
  if (!leader) return;
  const house = houseOf(st.state, ctx);
  const value = house.moraleTarget === 'skill' ? leader.skill : leader.morale;
  if (rollMorale(st, unitId, 'K-7.3h', ctx, { value, from: leader.id })) {
    st.push(ev('RALLIED', 'K-7.3h', `${st.state.units[unitId]!.name} rallies on ${soldierName(st.state, leader.id)}: it acts normally from the next turn`, { unitId, leaderId: leader.id }));
  }
}

/** K-7.3d a routing unit's own activation: the fast move toward its edge (and the rally test). */
export function rout(s: KReading, unitId: string, ctx: KCtx): KEvent[] {
  const st = new Steps(s);
  if (s.units[unitId]?.status !== 'routing') return [];
  routMoveSteps(st, unitId, ctx);
  return st.events;
}
