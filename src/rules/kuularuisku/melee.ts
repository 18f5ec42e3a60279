// K-6.3 – K-6.6 melee: locking units together (K-6.1b, K-6.5), grenades as it begins (K-6.6), the
// simultaneous round (K-6.4a–d, K-AMB-13), the loser's morale and fall back or destruction
// (K-6.4e–i, K-7.1e, K-AMB-14, K-GAP-6, K-GAP-7).
import { TAPE_STEP, hypot } from '../../core';
import { autoMoves, type AutoMoveRequest } from './auto-move';
import { FALL_BACK, GRENADE_PENALTY, MIN_MELEE_DICE } from './constants';
import { type KCtx, Steps, houseOf } from './context';
import { ev, type KDie, type KEvent } from './events';
import { bestMorale, rollMorale } from './morale';
import { movementAllowance } from './movement';
import { soldierName } from './soldier-names';
import { liveFigures } from './table';
import { allocationChoices, applyWoundsAsking, medicDuties, woundTests, woundable, type MedicPolicy } from './wounds';
import type { KTestsAfter, MeleeRoundWounds } from './flow-types';
import type { MedicAwaiting } from './shooting';
import type { KFigure, KMelee, KReading, KState } from './state';
import type { Vec2 } from '../../core';

/** K-6.1b / K-6.5b lock the charger and its target in melee (a new melee, or the one the target is in). */
export function meleeStart(s: KState, chargerId: string, targetId: string): KEvent[] {
  const t = s.units[targetId]!;
  const c = s.units[chargerId]!;
  if (t.meleeId && s.melees[t.meleeId]) {
    return [ev('MELEE_JOINED', 'K-6.5b', `${c.name} joins the melee around ${t.name}`, { meleeId: t.meleeId, unitId: chargerId })];
  }
  const meleeId = `melee-${s.nextId}`;
  return [ev('MELEE_STARTED', 'K-6.1b', `${c.name} and ${t.name} are locked in melee`, { meleeId, units: [chargerId, targetId], startedBy: chargerId })];
}

/** K-6.5a / K-6.4e the units of each side in a melee that still have soldiers on the table. */
export function meleeSides(s: KState, m: Pick<KMelee, 'units'>): Map<string, string[]> {
  const sides = new Map<string, string[]>();
  for (const id of m.units) {
    const u = s.units[id];
    if (!u || !liveFigures(s, u).length) continue;
    sides.set(u.side, [...(sides.get(u.side) ?? []), id]);
  }
  return sides;
}

/** K-6.6a/d/e sides that may throw grenades now: only as a new melee begins, with a unit that has them. */
export function grenadeSides(s: KState, meleeId: string): string[] {
  const m = s.melees[meleeId];
  if (!m || !m.grenadesOpen || m.rounds > 0) return [];
  const out: string[] = [];
  for (const [side, units] of meleeSides(s, m)) {
    if (m.grenades.includes(side)) continue;
    if (units.some((id) => s.units[id]!.grenades)) out.push(side);
  }
  return out;
}

/** K-6.6a a side throws grenades: the other side rolls two dice fewer (K-6.6b not cumulative). */
export function throwGrenades(s: KState, meleeId: string, side: string): KEvent[] {
  if (!grenadeSides(s, meleeId).includes(side)) return [];
  const m = s.melees[meleeId]!;
  const unitId = meleeSides(s, m).get(side)!.find((id) => s.units[id]!.grenades)!;
  return [ev('GRENADES_THROWN', 'K-6.6a', `${s.units[unitId]!.name} throws grenades: the enemy rolls ${GRENADE_PENALTY} dice fewer`, { meleeId, unitId, side })];
}

/** K-6.4b/c, K-6.6, K-AMB-13 one side's melee dice: one per soldier not seriously wounded, less grenades (min 1). */
export function meleeDice(s: KState, m: KMelee, side: string, units: readonly string[], ctx: KCtx): { dice: KDie[]; penalty: number } {
  const house = houseOf(s, ctx);
  const soldiers = units.flatMap((id) => liveFigures(s, id)).filter((f) => f.condition !== 'serious');
  const enemyThrew = m.grenadesOpen && m.grenades.some((g) => g !== side);
  const penalty = enemyThrew ? GRENADE_PENALTY : 0;
  let n = soldiers.length;
  if (penalty) n = Math.max(MIN_MELEE_DICE, n - penalty);
  if (!soldiers.length) n = 0;
  const chargerSkill = s.units[m.startedBy]?.skill;
  const skillOf = (f: KFigure) => (house.meleeSkill === 'charger' && chargerSkill !== undefined ? chargerSkill : f.skill);
  const rollers = [...soldiers].sort((a, b) => skillOf(a) - skillOf(b)).slice(0, n);
  const dice: KDie[] = rollers.map((f) => {
    const need = skillOf(f);
    const v = ctx.dice.roll(6, `melee die of ${f.id} (${need}+)`, 'K-6.4c');
    return { figureId: f.id, value: v, need, success: v >= need };
  });
  return { dice, penalty };
}

/** The unit's way back when a soldier has none of his own (standing on an enemy): from the enemy soldiers' centre to ours. */
function awayFrom(mine: readonly KFigure[], theirs: readonly KFigure[]): Vec2 {
  const c = (fs: readonly KFigure[]) => fs.reduce<[number, number]>((a, f) => [a[0] + f.at[0] / fs.length, a[1] + f.at[1] / fs.length], [0, 0]);
  const a = c(mine), b = c(theirs);
  const dx = a[0] - b[0], dz = a[1] - b[1];
  const d = hypot(dx, dz);
  return d > 1e-9 ? [dx / d, dz / d] : [1, 0];
}

/** Enemies this much farther than the nearest are as near on the tape (half its millimetre). */
const AS_NEAR = TAPE_STEP / 2;

/**
 * K-6.4g a soldier's way back: directly away from the nearest enemy soldier he fights (from several as
 * near, away from them all together), so that his distance from it grows by the whole fall back.
 */
function awayFromNearest(f: KFigure, theirs: readonly KFigure[], unitWay: Vec2): Vec2 {
  const gap = (g: KFigure) => hypot(f.at[0] - g.at[0], f.at[1] - g.at[1]) - f.baseRadius - g.baseRadius;
  const nearest = nearestGap(f, theirs);
  let dx = 0, dz = 0;
  for (const g of theirs) {
    if (gap(g) > nearest + AS_NEAR) continue;
    const ex = f.at[0] - g.at[0], ez = f.at[1] - g.at[1];
    const d = hypot(ex, ez);
    if (d > 1e-9) { dx += ex / d; dz += ez / d; }
  }
  const d = hypot(dx, dz);
  return d > 1e-9 ? [dx / d, dz / d] : unitWay;
}

/** The plan gap between a soldier's base and the nearest enemy base. */
function nearestGap(f: KFigure, theirs: readonly KFigure[]): number {
  let best = Infinity;
  for (const g of theirs) best = Math.min(best, hypot(f.at[0] - g.at[0], f.at[1] - g.at[1]) - f.baseRadius - g.baseRadius);
  return best;
}

function rotate(v: Vec2, deg: number): Vec2 {
  const r = (deg * Math.PI) / 180;
  return [v[0] * Math.cos(r) - v[1] * Math.sin(r), v[0] * Math.sin(r) + v[1] * Math.cos(r)];
}

/**
 * K-6.4g/h, K-7.1e, K-AMB-14 the losing units fall back 10 cm away from the enemy (not pinned), each
 * soldier directly away from the nearest enemy soldier (turned alike, 30° at a time, when one has no
 * room); the seriously wounded stay and are lost (K-GAP-7); a unit that cannot make the move is destroyed.
 */
export function fallBack(st: Steps, unitId: string, enemyUnits: readonly string[], ctx: KCtx): void {
  const house = houseOf(st.state, ctx);
  const u = st.state.units[unitId]!;
  for (const f of liveFigures(st.state, u).filter((x) => x.condition === 'serious')) {
    st.push(ev('FIGURE_REMOVED', 'K-6.4h', `${soldierName(st.state, f.id)} is seriously wounded and left to the enemy${house.removeLeftBehind ? ' (lost, K-GAP-7)' : ''}`, { figureId: f.id, reason: 'left-behind' }));
  }
  const mine = liveFigures(st.state, u);
  if (!mine.length) return;
  const theirs = enemyUnits.flatMap((id) => liveFigures(st.state, id));
  const unitWay = awayFrom(mine, theirs);
  // The soldiers farthest back go first, so that those in front step into the room they leave.
  const order = mine.map((f) => ({ f, way: awayFromNearest(f, theirs, unitWay), d: nearestGap(f, theirs) })).sort((a, b) => b.d - a.d);
  const reqs = (angle: number): AutoMoveRequest[] => order.map(({ f, way }) => {
    const full = house.fallBackDistance === 'fixed-10' ? FALL_BACK : movementAllowance(st.state, f.id, 'normal', false, house).allowance;
    const diff = house.fallBackDistance === 'fixed-10' ? FALL_BACK : movementAllowance(st.state, f.id, 'normal', true, house).allowance;
    return { figure: f, toward: { dir: rotate(way, angle) }, allowance: full, difficultAllowance: diff, mayLeave: true };
  });
  for (const angle of [0, 30, -30, 60, -60, 90, -90]) {
    let plan = autoMoves(st.state, ctx.table, reqs(angle), house, false, true);
    if (plan.stuck.length && house.fallBackDistance === 'unit-move') plan = autoMoves(st.state, ctx.table, reqs(angle), house, true, true);
    if (plan.stuck.length) continue;
    st.push(ev('FIGURES_MOVED', 'K-6.4g', `${u.name} falls back ${house.fallBackDistance === 'fixed-10' ? FALL_BACK : 'its move'} cm away from the enemy`, { unitId, mode: 'fall-back', moves: plan.moves, allowance: FALL_BACK }));
    const gone = plan.moves.filter((m) => m.offTable);
    for (const m of gone) st.push(ev('FIGURE_REMOVED', 'K-7.4a', `${soldierName(st.state, m.figureId)} falls back off the table`, { figureId: m.figureId, reason: 'withdrawn' }));
    if (gone.length && !liveFigures(st.state, unitId).length) st.push(ev('UNIT_WITHDRAWN', 'K-7.4a', `${u.name} has left the table`, { unitId }));
    return;
  }
  // K-6.4g no room to fall back: the unit counts as completely killed.
  for (const f of mine) st.push(ev('FIGURE_REMOVED', 'K-6.4g', `${soldierName(st.state, f.id)} is cut down: ${u.name} cannot fall back`, { figureId: f.id, reason: 'destroyed' }));
  st.push(ev('UNIT_DESTROYED', 'K-6.4g', `${u.name} cannot fall back and is destroyed`, { unitId }));
}

export interface MeleeOptions {
  /** K-5.5a per side: the owner's allocation of hits. */
  allocation?: Record<string, Record<string, number>>;
  medic?: MedicPolicy;
  /**
   * K-6.4d the owner of a side hit allocates: where he has a real choice and no `allocation` is given
   * for his side, the round stops before that side's wound tests and returns what he must allocate.
   */
  ownerAllocates?: boolean;
  /** The round stops after its wounds: its outcome (K-6.4e–i) is a step of its own (meleeRoundOutcome); kept in the round, so an owner's answer stops there too. */
  deferOutcome?: boolean;
}

/** K-SKL-8 / K-5.5h a melee round's wound tests that wait for the owner of the unit hit. */
export interface MeleeTestsAwaiting extends MedicAwaiting {
  after: Extract<KTestsAfter, { kind: 'melee' }>;
}

/** What a melee round waits for: an owner's allocation, or his word in his side's wound tests. */
export type MeleeAwaiting = MeleeWoundsAwaiting | MeleeTestsAwaiting;

/** K-6.4d a melee round's wounds that wait for the owner of the side hit (his soldiers in all his units there). */
export interface MeleeWoundsAwaiting {
  kind: 'wounds';
  side: string;
  unitId: string;
  /** An enemy unit of the melee (the one whose blows these are, for the record). */
  shooterId: string;
  eligible: string[];
  wounds: number;
  round: MeleeRoundWounds;
}

/**
 * K-6.4 one round of melee: both sides roll at once; hits become wounds directly (no cover test);
 * the side that took more hits tests morale once with its best morale (K-6.4e): pass → the melee
 * goes on (K-6.4f), fail → it falls back (K-6.4g) and the melee ends; equal hits → it goes on (K-6.4i).
 */
export function meleeRound(s: KReading, meleeId: string, ctx: KCtx, opts: MeleeOptions = {}): KEvent[] {
  return meleeRoundAsking(s, meleeId, ctx, { ...opts, ownerAllocates: false }).events;
}

/**
 * meleeRound that may stop for an owner's word (`ownerAllocates`): K-6.4d his allocation, then in his
 * side's wound tests K-SKL-8 his medic's re-roll and K-5.5h a fallen soldier's weapon; resumeMeleeRound
 * and resumeMeleeTests go on with it.
 */
export function meleeRoundAsking(s: KReading, meleeId: string, ctx: KCtx, opts: MeleeOptions = {}): { events: KEvent[]; awaiting?: MeleeAwaiting } {
  const st = new Steps(s);
  const m = s.melees[meleeId];
  if (!m) return { events: [] };
  const sides = meleeSides(s, m);
  if (sides.size < 2) {
    st.push(ev('MELEE_ENDED', 'K-GAP-6', 'The melee is over: one side has no one left', { meleeId, winner: [...sides.keys()][0] ?? null }));
    return { events: st.events };
  }
  const rolled = [...sides.entries()].map(([side, units]) => ({ side, units, ...meleeDice(s, m, side, units, ctx) }));
  st.push(ev('MELEE_ROUND', 'K-6.4a', `Melee: ${rolled.map((r) => `${r.side} ${r.dice.length} dice${r.penalty ? ` (grenades −${r.penalty})` : ''}, ${r.dice.filter((d) => d.success).length} hits`).join('; ')}`, {
    meleeId, sides: rolled.map((r) => ({ side: r.side, units: r.units, dice: r.dice, hits: r.dice.filter((d) => d.success).length, penalty: r.penalty })),
  }));
  // The round as the table keeps it (its fold counts the hits each side took: K-6.4e), its wounds from the first side on.
  const round: MeleeRoundWounds = { meleeId, ...st.state.melees[meleeId]!.outcomeDue!, at: 0, ...(opts.deferOutcome ? { deferOutcome: true } : {}) };
  return roundFrom(st, round, 0, ctx, opts);
}

/** The round's wounds from side `from` on, then its outcome; stops where an owner's word is awaited. */
function roundFrom(st: Steps, round: MeleeRoundWounds, from: number, ctx: KCtx, opts: MeleeOptions): { events: KEvent[]; awaiting?: MeleeAwaiting } {
  const awaiting = meleeWounds(st, round, from, ctx, opts);
  if (awaiting) return { events: st.events, awaiting };
  if (!opts.deferOutcome) meleeOutcome(st, round, ctx);
  return { events: st.events };
}

/** K-6.4e–i the outcome of the round the melee has just fought (its wounds done): none when none is due. */
export function meleeRoundOutcome(s: KReading, meleeId: string, ctx: KCtx): KEvent[] {
  const due = s.melees[meleeId]?.outcomeDue;
  if (!due) return [];
  const st = new Steps(s);
  meleeOutcome(st, { meleeId, ...due, at: due.order.length }, ctx);
  return st.events;
}

/** K-6.4d the owner's allocation for the side that waited; then its wound tests and the other sides' wounds (which may ask), and the round's outcome. */
export function resumeMeleeRound(s: KReading, round: MeleeRoundWounds, allocation: Record<string, number>, ctx: KCtx, text?: string): { events: KEvent[]; awaiting?: MeleeAwaiting } {
  const st = new Steps(s);
  const side = round.order[round.at]!;
  const paused = sideWounds(st, round, side.units, round.hitsTaken[side.side] ?? 0, allocation, ctx, { askOwner: true, ...(text ? { text } : {}) });
  if (paused) return { events: st.events, awaiting: paused };
  return roundFrom(st, round, round.at + 1, ctx, { ownerAllocates: true, ...(round.deferOutcome ? { deferOutcome: true } : {}) });
}

/**
 * K-SKL-8 / K-5.5h the owner's word on his side's paused wound tests: they go on (and may ask again),
 * then his side's other units, the other sides' wounds and the round's outcome.
 */
export function resumeMeleeTests(s: KReading, m: MeleeTestsAwaiting, answer: boolean | string | null, ctx: KCtx): { events: KEvent[]; awaiting?: MeleeAwaiting } {
  const st = new Steps(s);
  const at = m.after;
  const run = woundTests(st, m.unitId, m.allocation, ctx, { askOwner: true }, m.cursor, answer);
  if ('paused' in run) return { events: st.events, awaiting: { ...m, cursor: run.paused } };
  const paused = unitsWounds(st, at.round, at.byUnit, at.unit + 1, ctx, { askOwner: true });
  if (paused) return { events: st.events, awaiting: paused };
  return roundFrom(st, at.round, at.round.at + 1, ctx, { ownerAllocates: true, ...(at.round.deferOutcome ? { deferOutcome: true } : {}) });
}

/**
 * K-6.4d hits are wounds, allocated by the owner among his soldiers (K-5.5a/b), then wound tests: the
 * sides in the round's order from `from`, stopping at one whose owner has a real choice to make (where
 * the wounds fall, then in the tests his medic's re-roll or who takes over a fallen soldier's weapon).
 */
function meleeWounds(st: Steps, round: MeleeRoundWounds, from: number, ctx: KCtx, opts: MeleeOptions): MeleeAwaiting | undefined {
  for (let i = from; i < round.order.length; i++) {
    const { side, units } = round.order[i]!;
    const wounds = round.hitsTaken[side] ?? 0;
    if (!wounds) continue;
    const given = opts.allocation?.[side];
    if (opts.ownerAllocates && !given) {
      const eligible = woundable(st.state, units.flatMap((id) => liveFigures(st.state, id).map((f) => f.id)));
      const first = meleeDefaultAllocation(st.state, units, wounds);
      if (eligible.length && allocationChoices(st.state, eligible, wounds, 2, first).count > 1) {
        const enemy = round.order.find((x) => x.side !== side)?.units[0] ?? '';
        return { kind: 'wounds', side, unitId: units[0]!, shooterId: enemy, eligible, wounds, round: { ...round, at: i } };
      }
    }
    const paused = sideWounds(st, { ...round, at: i }, units, wounds, given, ctx, { ...(opts.medic ? { medic: opts.medic } : {}), ...(opts.ownerAllocates ? { askOwner: true } : {}) });
    if (paused) return paused;
  }
  return undefined;
}

type SideWoundsOpts = { medic?: MedicPolicy; text?: string; askOwner?: boolean };

/** One side's melee wounds (the side at `round.at`): its allocation (the owner's, or the default spread) split by unit, then each unit's wound tests. */
function sideWounds(st: Steps, round: MeleeRoundWounds, units: readonly string[], wounds: number, allocation: Record<string, number> | undefined, ctx: KCtx, opts: SideWoundsOpts): MeleeTestsAwaiting | undefined {
  const byUnit = [...splitWounds(st.state, units, wounds, allocation)].map(([unitId, alloc]) => ({ unitId, allocation: alloc })).filter((x) => woundCount(x.allocation));
  // The owner's line (who chose) stands for the allocation when his wounds fell on one unit.
  const { text, ...rest } = opts;
  return unitsWounds(st, round, byUnit, 0, ctx, { ...rest, ...(text && byUnit.length === 1 ? { text } : {}) });
}

const woundCount = (a: Record<string, number>) => Object.values(a).reduce((x, y) => x + y, 0);

/** The wound tests of a side's units from `from` on; with `askOwner` they stop for the owner's word (K-SKL-8, K-5.5h). */
function unitsWounds(st: Steps, round: MeleeRoundWounds, byUnit: Array<{ unitId: string; allocation: Record<string, number> }>, from: number, ctx: KCtx, opts: SideWoundsOpts): MeleeTestsAwaiting | undefined {
  for (let i = from; i < byUnit.length; i++) {
    const { unitId, allocation } = byUnit[i]!;
    const r = applyWoundsAsking(st, unitId, liveFigures(st.state, unitId).map((f) => f.id), woundCount(allocation), ctx, {
      allocation, rule: 'K-6.4d', ...(opts.medic ? { medic: opts.medic } : {}), ...(opts.text ? { text: opts.text } : {}), ...(opts.askOwner ? { askOwner: true } : {}),
    });
    if ('paused' in r) {
      const side = round.order[round.at]!.side;
      const enemy = round.order.find((x) => x.side !== side)?.units[0] ?? '';
      return { kind: 'medic', unitId, shooterId: enemy, machineGun: false, allocation: r.allocation, cursor: r.paused, after: { kind: 'melee', round, byUnit, unit: i } };
    }
  }
  return undefined;
}

/** K-6.4d–i the round's outcome once every wound test is done: who took more hits tests morale, falls back or fights on. */
function meleeOutcome(st: Steps, round: MeleeRoundWounds, ctx: KCtx): void {
  const house = houseOf(st.state, ctx);
  const { meleeId } = round;
  const taken = round.hitsTaken;
  const [a, b] = round.order.map((x) => x.side) as [string, string];
  const loser = taken[a]! > taken[b]! ? a : taken[b]! > taken[a]! ? b : null;
  st.push(ev('MELEE_DECIDED', loser ? 'K-6.4e' : 'K-6.4i', loser ? `${loser} took more hits (${taken[loser]}) and must test morale` : `Equal hits (${taken[a]}): the melee goes on`, { meleeId, loser, hitsTaken: taken }));
  // Units wiped out by the round.
  const alive = meleeSides(st.state, st.state.melees[meleeId] ?? round);
  if (alive.size < 2) {
    const winner = [...alive.keys()][0] ?? null;
    const dead = round.units.filter((id) => !liveFigures(st.state, id).length);
    st.push(ev('MELEE_ENDED', 'K-GAP-6', `The melee is over${winner ? `: ${winner} holds the field` : ''}`, { meleeId, winner }));
    for (const id of dead) if (st.state.units[id]!.status !== 'destroyed') st.push(ev('UNIT_DESTROYED', 'K-6.4d', `${st.state.units[id]!.name} is wiped out`, { unitId: id }));
    st.push(...medicDuties(st.state, ctx.table, house));
    return;
  }
  if (loser) {
    const units = alive.get(loser) ?? [];
    const best = units.map((id) => bestMorale(st.state, id, house)).sort((x, y) => x.value - y.value)[0]!;
    const lead = units.find((id) => bestMorale(st.state, id, house).from === best.from) ?? units[0]!;
    const passed = rollMorale(st, lead, 'K-7.1-T3', ctx, best);
    if (!passed) {
      const winner = [...alive.keys()].find((x) => x !== loser)!;
      st.push(ev('MELEE_ENDED', 'K-6.4g', `${loser} loses the melee and falls back`, { meleeId, winner }));
      const enemies = alive.get(winner) ?? [];
      for (const id of units) {
        const u = st.state.units[id]!;
        st.push(ev('UNIT_STATUS_CHANGED', 'K-6.4g', `${u.name} falls back (not pinned, K-7.1e)`, { unitId: id, status: 'normal', from: u.status }));
        fallBack(st, id, enemies, ctx);
      }
    }
  }
  st.push(...medicDuties(st.state, ctx.table, house));
}

/** K-5.5a/b the owner's default for a side's melee wounds: spread over all its units' soldiers, leaders last. */
export function meleeDefaultAllocation(s: KState, units: readonly string[], wounds: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of splitWounds(s, units, wounds).values()) Object.assign(out, a);
  return out;
}

/** K-5.5a/b spread a side's melee wounds over its units' soldiers (owner's allocation, or by default spread evenly). */
function splitWounds(s: KState, units: readonly string[], wounds: number, allocation?: Record<string, number>): Map<string, Record<string, number>> {
  const out = new Map<string, Record<string, number>>();
  for (const id of units) out.set(id, {});
  if (allocation) {
    for (const [fid, n] of Object.entries(allocation)) {
      const f = s.figures[fid];
      if (f && out.has(f.unitId)) out.get(f.unitId)![fid] = n;
    }
    return out;
  }
  const pool = units.flatMap((id) => liveFigures(s, id));
  const count = new Map(pool.map((f) => [f.id, f.wounds]));
  for (let i = 0; i < wounds && pool.length; i++) {
    const pick = [...pool].sort((x, y) => count.get(x.id)! - count.get(y.id)! || (x.role === 'leader' ? 1 : 0) - (y.role === 'leader' ? 1 : 0))[0]!;
    count.set(pick.id, count.get(pick.id)! + 1);
    const a = out.get(pick.unitId)!;
    a[pick.id] = (a[pick.id] ?? 0) + 1;
  }
  return out;
}
