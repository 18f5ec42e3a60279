// K-6.1 / K-6.2 / K-7.2 charging: the charge move into contact with one enemy unit (K-6.1a–c,
// K-AMB-11), the pinned or retreating target's test and surrender (K-7.2), defensive fire at the
// charger as if in the open (K-6.2a–d, K-AMB-21), and the charger's morale (K-6.2e/f, K-AMB-20).
import { hypot } from '../../core';
import { type KCtx, type KQuery, type KResult, Steps, houseOf, refuse } from './context';
import { weaponById } from './data';
import { contactReach, inContact } from './contact';
import { ev, type KEvent } from './events';
import { goToGround, rollMorale } from './morale';
import { type FigureStep, validateMove } from './movement';
import { coverTest, firepowerOf, shootingDice, type MedicAwaiting, type WoundsAwaiting } from './shooting';
import { baseOf, liveFigures } from './table';
import { ableFirers, evaluateTarget, noFirerRefusal } from './visibility';
import { type MedicPolicy, type WoundTestCursor, allocationChoices, applyWoundsAsking, medicDuties, woundTests, woundable } from './wounds';
import { SNOW_SUIT_OPEN } from './constants';
import { isHidden } from './special-queries';
import { soldierName } from './soldier-names';
import type { KReading, KState, KUnit } from './state';
import { hasActivated } from './acted';

export interface ChargeArgs {
  unitId: string;
  targetId: string;
  moves: FigureStep[];
  /** K-AMB-11 charge with a fast move (house option). */
  fast?: boolean;
}

/** K-6.1a enemy units whose soldiers a figure at this spot would touch (see contact.ts: also across a fence). */
function touching(s: KState, ctx: KQuery, side: string, moved: ReadonlyMap<string, { at: readonly [number, number]; floor: number }>): Set<string> {
  const house = houseOf(s, ctx);
  const out = new Set<string>();
  for (const [id, p] of moved) {
    const f = s.figures[id]!;
    const mine = { ...baseOf(ctx.table, f, [p.at[0], p.at[1]], p.floor), floor: p.floor };
    const reach = contactReach(house);
    for (const g of Object.values(s.figures)) {
      if (g.side === side || g.removed || g.condition === 'dead' || g.evacuation) continue;
      // Far apart in plan: no contact, not even across a fence (K-6.1a, house contactAcrossObstacle).
      if (hypot(g.at[0] - mine.at[0], g.at[1] - mine.at[1]) - mine.radius - g.baseRadius > reach + 1e-6) continue;
      if (inContact(ctx.table, mine, { ...baseOf(ctx.table, g), floor: g.floor }, house)) out.add(g.unitId);
    }
  }
  return out;
}

/** K-6.1a–c the charge move: a move into contact with one enemy unit (CHARGE_DECLARED + FIGURES_MOVED). */
export function validateCharge(s: KState, args: ChargeArgs, ctx: KQuery): KResult {
  const house = houseOf(s, ctx);
  const u = s.units[args.unitId];
  const t = s.units[args.targetId];
  if (!u || !t) return refuse('K-6.1a', 'unknown unit');
  if (t.side === u.side) return refuse('K-6.1a', 'a charge is made against an enemy unit');
  if (!liveFigures(s, t).length || ['surrendered', 'withdrawn', 'destroyed'].includes(t.status)) return refuse('K-6.1a', `${t.name} is not on the table`);
  if (s.activation?.charged) return refuse('K-6.1c', `${u.name} has already charged this activation`);
  // A scenario's hidden unit (hidden-units) is not known to be there: it cannot be chosen as a target.
  if (isHidden(s, t.id)) return refuse('K-6.1a', `${t.name} has not been seen yet`);
  if (args.fast && !house.fastCharge) return refuse('K-AMB-11', 'house rule: a charge is made with a normal move only (K-4.1a)');
  const move = validateMove(s, { unitId: u.id, moves: args.moves, mode: 'charge' }, { ...ctx, allowContact: true, fastCharge: !!args.fast });
  if (!move.ok) return move;
  const moved = new Map(args.moves.map((m) => [m.figureId, { at: m.to, floor: m.floor ?? 0 }] as const));
  const hit = touching(s, ctx, u.side, moved);
  if (!hit.has(t.id)) return refuse('K-6.1a', `the move does not reach ${t.name}: at least one soldier must end in contact`);
  if (hit.size > 1) return refuse('K-6.1c', `a unit charges only one enemy unit: this move would touch ${[...hit].map((id) => s.units[id]!.name).join(' and ')}`);
  return {
    ok: true,
    events: [ev('CHARGE_DECLARED', 'K-6.1a', `${u.name} charges ${t.name}`, { unitId: u.id, targetId: t.id }), ...move.events.map((e) => (e.type === 'FIGURES_MOVED' ? { ...e, rule: 'K-6.1a' } : e))],
  };
}

/** K-7.2a / K-AMB-22 is the target pinned or "retreating" (routing; a melee loser that fell back this turn under the house option)? */
export function pinnedOrRetreating(s: KState, t: KUnit): boolean {
  if (t.status === 'pinned' || t.status === 'routing') return true;
  return s.house.fellBackCountsAsRetreating && t.fellBackTurn === s.turn && t.status === 'normal';
}

/** K-7.2a–c a pinned or retreating unit that is charged tests morale; a failure surrenders it (K-GAP-10). */
export function chargedTargetTest(s: KReading, chargerId: string, targetId: string, ctx: KCtx): KEvent[] {
  const house = houseOf(s, ctx);
  const st = new Steps(s);
  const t = s.units[targetId]!;
  if (!pinnedOrRetreating(s, t)) return [];
  if (rollMorale(st, targetId, 'K-7.2a', ctx)) {
    const now = st.state.units[targetId]!;
    if (now.status !== 'normal') st.push(ev('UNIT_STATUS_CHANGED', 'K-7.2b', `${t.name} stands to fight the melee`, { unitId: targetId, status: 'normal', from: now.status }));
  } else surrender(st, targetId, chargerId, house.surrenderRemoves);
  return st.events;
}

/** K-7.2c / K-GAP-10 surrender: the unit gives up; its soldiers are taken off as prisoners (house). */
export function surrender(st: Steps, unitId: string, toUnitId: string, remove: boolean): void {
  const u = st.state.units[unitId]!;
  const figs = liveFigures(st.state, u);
  st.push(ev('UNIT_SURRENDERED', 'K-7.2c', `${u.name} is too tired and frightened to fight: it surrenders to ${st.state.units[toUnitId]?.name ?? toUnitId}`, { unitId, to: toUnitId }));
  if (remove) for (const f of figs) st.push(ev('FIGURE_REMOVED', 'K-GAP-10', `${soldierName(st.state, f.id)} is taken prisoner`, { figureId: f.id, reason: 'surrendered' }));
}

/** K-6.2 (K-6.5b, K-7.2a, K-6.2c) why the target may not fire defensive fire at the charger now. */
export function defensiveFireRefusal(s: KState, _chargerId: string, targetId: string): { reason: string; rule: string } | undefined {
  const t = s.units[targetId];
  if (!t) return { rule: 'K-6.2a', reason: 'unknown unit' };
  if (t.status === 'in-melee') return { rule: 'K-6.5b', reason: `${t.name} is already in melee: no defensive fire` };
  if (pinnedOrRetreating(s, t)) return { rule: 'K-7.2a', reason: `${t.name} is ${t.status === 'pinned' ? 'pinned' : 'retreating'}: no defensive fire` };
  if (t.defensiveFireUsed) return { rule: 'K-6.2c', reason: `${t.name} has already fired defensive fire this turn` };
  if (!ableFirers(s, t, s.house).length) return noFirerRefusal(s, t);
  return undefined;
}

/**
 * K-6.2b–d defensive fire: full firepower if the defender has not activated, half (rounded down) if it
 * has; the charger tests cover as if in the open (6; snow suits K-AMB-21); wounds and wound tests.
 */
export function defensiveFire(s: KReading, chargerId: string, targetId: string, ctx: KCtx, opts: { allocation?: Record<string, number>; medic?: MedicPolicy } = {}): KEvent[] {
  return defensiveFireAsking(s, chargerId, targetId, ctx, opts).events;
}

/**
 * defensiveFire that may stop after the cover test for the charger's owner (`ownerAllocates`, K-6.2d
 * with K-5.5a: he allocates the wounds, asked only when he has a real choice), and in the wound tests
 * for his word on his medic's re-roll (K-SKL-8) or a fallen soldier's weapon (K-5.5h);
 * `finishDefensiveFire` and `resumeDefensiveFire` go on.
 */
export function defensiveFireAsking(s: KReading, chargerId: string, targetId: string, ctx: KCtx, opts: { allocation?: Record<string, number>; medic?: MedicPolicy; ownerAllocates?: boolean } = {}): { events: KEvent[]; awaiting?: WoundsAwaiting | MedicAwaiting } {
  const house = houseOf(s, ctx);
  if (defensiveFireRefusal(s, chargerId, targetId)) return { events: [] };
  const st = new Steps(s);
  const t = s.units[targetId]!;
  const c = s.units[chargerId]!;
  const option = evaluateTarget(s, targetId, chargerId, ctx);
  const firers = option.valid ? option.shooters.map((id) => s.figures[id]!) : [];
  const full = firers.reduce((n, f) => n + firepowerOf(s, f, house), 0);
  const activated = hasActivated(s, targetId);
  const maxDice = activated ? Math.floor(full / 2) : Infinity; // K-6.2b
  const reroll = option.valid && option.closeRange && house.defensiveCloseRangeReroll;
  const ordered = [...firers].sort((a, b) => a.skill - b.skill);
  const dice = firers.length ? shootingDice(s, ordered, ctx, { pinned: false, reroll, maxDice }) : [];
  const hits = dice.filter((d) => d.success).length;
  const machineGun = ordered.some((f) => ['mg', 'light-mg'].includes(weaponById(f.weapon!)?.class ?? '') && dice.some((d) => d.figureId === f.id));
  st.push(ev('SHOT_FIRED', 'K-6.2b', `${t.name} fires defensive fire at ${c.name}${activated ? ' (already activated: half firepower)' : ''}: ${dice.length} dice — ${hits} hit${hits === 1 ? '' : 's'}`, {
    shooterId: targetId, targetId: chargerId, shooters: firers.map((f) => f.id), targets: option.hittable, dice, hits, closeRange: !!reroll, defensive: true, pinned: false, machineGun,
  }));
  // K-6.2d as if in the open; K-AMB-21 snow suits count in winter (house).
  const suits = liveFigures(s, c).filter((f) => f.skills.includes('snow-suit') || c.skills.includes('snow-suit')).length;
  const snow = s.winter && house.snowSuitWhenCharging && suits * 2 > liveFigures(s, c).length;
  const wounds = coverTest(st, chargerId, hits, { value: snow ? SNOW_SUIT_OPEN : 6, name: snow ? 'open, snow suits' : 'open (charging)' }, ctx, 'K-6.2d');
  const eligible = option.hittable.length ? option.hittable : liveFigures(s, c).map((f) => f.id);
  if (opts.ownerAllocates && !opts.allocation && wounds > 0) {
    const alive = woundable(st.state, eligible);
    if (allocationChoices(st.state, alive, wounds, 2).count > 1) {
      return { events: st.events, awaiting: { kind: 'wounds', unitId: chargerId, shooterId: targetId, eligible: alive, wounds, machineGun } };
    }
  }
  const paused = finishDefensiveFire(st, { chargerId, targetId, machineGun }, eligible, wounds, ctx, { ...(opts.allocation ? { allocation: opts.allocation } : {}), ...(opts.medic ? { medic: opts.medic } : {}), ...(opts.ownerAllocates ? { askOwner: true } : {}) });
  return { events: st.events, ...(paused ? { awaiting: paused } : {}) };
}

/** The defensive fire whose wounds are being taken: the charger, the defender, whether a machine gun fired. */
export interface DefensiveFireAt {
  chargerId: string;
  targetId: string;
  machineGun: boolean;
}

/**
 * K-6.2d the defensive fire's wounds (the owner's allocation, else the default) and wound tests, then
 * the medics' duties. With `askOwner` the tests may stop for the charger's owner (K-SKL-8, K-5.5h):
 * what he must answer is returned, and `resumeDefensiveFire` goes on with his word.
 */
export function finishDefensiveFire(st: Steps, fire: DefensiveFireAt, eligible: readonly string[], wounds: number, ctx: KCtx, opts: { allocation?: Record<string, number>; medic?: MedicPolicy; text?: string; askOwner?: boolean } = {}): MedicAwaiting | undefined {
  const applied = applyWoundsAsking(st, fire.chargerId, eligible, wounds, ctx, { ...opts, rule: 'K-6.2d' });
  if ('paused' in applied) return defensiveTestsAwaiting(fire, applied.allocation, applied.paused);
  st.push(...medicDuties(st.state, ctx.table, houseOf(st.state, ctx)));
  return undefined;
}

function defensiveTestsAwaiting(fire: DefensiveFireAt, allocation: Record<string, number>, cursor: WoundTestCursor): MedicAwaiting {
  return { kind: 'medic', unitId: fire.chargerId, shooterId: fire.targetId, machineGun: fire.machineGun, allocation, cursor, after: { kind: 'defensive-fire', chargerId: fire.chargerId, targetId: fire.targetId } };
}

/** K-SKL-8 / K-5.5h the charger's owner answered: the defensive fire's wound tests go on (and may ask again), then the medics' duties. */
export function resumeDefensiveFire(st: Steps, m: MedicAwaiting, answer: boolean | string | null, ctx: KCtx): MedicAwaiting | undefined {
  const run = woundTests(st, m.unitId, m.allocation, ctx, { askOwner: true }, m.cursor, answer);
  if ('paused' in run) return { ...m, cursor: run.paused };
  st.push(...medicDuties(st.state, ctx.table, houseOf(st.state, ctx)));
  return undefined;
}

/** K-6.2e / K-AMB-12 must the charger test morale after these defensive-fire events? */
export function chargerMustTest(s: KState, chargerId: string, events: readonly KEvent[]): boolean {
  const mine = new Set(Object.values(s.figures).filter((f) => f.homeUnitId === chargerId || f.unitId === chargerId).map((f) => f.id));
  const wounded = events.some((e) => e.type === 'WOUND_TEST' && mine.has(e.figureId));
  const mg = events.some((e) => e.type === 'SHOT_FIRED' && e.defensive && e.targetId === chargerId && e.machineGun);
  return wounded || (mg && s.house.defensiveMgTrigger);
}

/**
 * K-6.2e/f the charger's morale test after defensive fire: a failure collapses the charge — back to
 * where it started, nothing more this activation (K-AMB-20: pinned too only under the house option).
 */
export function chargerMorale(s: KReading, chargerId: string, ctx: KCtx): KEvent[] {
  const house = houseOf(s, ctx);
  const st = new Steps(s);
  const c = s.units[chargerId]!;
  if (!liveFigures(s, c).length) return [];
  if (rollMorale(st, chargerId, 'K-6.2e', ctx)) return st.events;
  const from = st.state.units[chargerId]!.chargeFrom ?? {};
  const moves = liveFigures(st.state, chargerId).filter((f) => from[f.id]).map((f) => ({
    figureId: f.id, from: f.at, fromFloor: f.floor, to: from[f.id]!.at, floor: from[f.id]!.floor,
    distance: Math.round(hypot(from[f.id]!.at[0] - f.at[0], from[f.id]!.at[1] - f.at[1]) * 1000) / 1000,
  }));
  st.push(ev('CHARGE_COLLAPSED', 'K-6.2e', `${c.name}'s charge collapses: it goes back to where it started`, { unitId: chargerId, moves }));
  if (house.collapsedChargePinned) goToGround(st, chargerId, ctx);
  return st.events;
}
