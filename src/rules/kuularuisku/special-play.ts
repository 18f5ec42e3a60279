// The scenario special rules at play (special.ts resolves them into KState.special at setup): what
// the other rules ask (is this figure elevated, is it night, is that unit hidden, is this ground a
// narrow crossing or a blown span) and the special actions themselves (a preparation barrage before
// turn 1, fire from off the table, firing or clearing a demolition charge, reveals). Pure: state in,
// events out; every event cites the K- rule it modifies and the special rule's id.
import { type TableQueries, type Vec2, boundsOf, hypot, pointInPolygon } from '../../core';
import { COVER_VALUE, type CoverName } from './constants';
import { type KCtx, type KResult, Steps, houseOf, refuse } from './context';
import { ev, type KDie, type KEvent } from './events';
import { coverTest, finishShooting, moraleAfterFire, type MedicAwaiting, type WoundsAwaiting } from './shooting';
import { type Band, type KSpecialConfig, bandBox, distanceToPolygon, onBand } from './special';
import { coverAt } from './terrain';
import { liveFigures, standingFigures } from './table';
import { coverValue, majorityCover } from './visibility';
import { allocationChoices, applyWounds, medicDuties, woundable } from './wounds';
import { featureName } from '../../scenario';
import { sideName, soldierName } from './soldier-names';
import type { KFigure, KReading, KState, KUnit } from './state';
import type { KBarrageAt } from './flow-types';
import { anySampleIn, crossingAt, isHidden, onSpan, pathOnBand } from './special-queries';

type Cfg = KSpecialConfig;

/**
 * The places a text names, by the scenario's names (players read names, never ids): `where` is a
 * feature id or ids joined by " or ", as the special config keeps them. Without the table (a legality
 * probe whose reason nobody reads) the plain word stands in.
 */
function placeNames(table: Pick<TableQueries, 'scenario'> | undefined, where: string, plain: string): string {
  return table ? where.split(' or ').map((id) => featureName(table.scenario, id)).join(' or ') : plain;
}

const GONE: ReadonlySet<string> = new Set(['surrendered', 'withdrawn', 'destroyed']);

/** Figures (any side) on the table standing on a point set. */
function figuresWhere(s: KState, test: (p: Vec2) => boolean): KFigure[] {
  return Object.values(s.figures).filter((f) => !f.removed && f.condition !== 'dead' && test(f.at));
}

/** Remove figures lost to a special rule (its id and name); units left with nobody on the table are destroyed. */
export function loseFigures(st: Steps, ids: readonly string[], rule: string, special: { id: string; name: string }, why: string): void {
  const units = new Set<string>();
  for (const id of ids) {
    const f = st.state.figures[id];
    if (!f || f.removed) continue;
    units.add(f.unitId);
    st.push({ ...ev('FIGURE_REMOVED', rule, `${soldierName(st.state, f.id)} ${why} (${special.name})`, { figureId: f.id, reason: 'lost' }), special: special.id } as KEvent);
  }
  for (const uid of units) {
    const u = st.state.units[uid];
    if (u && !GONE.has(u.status) && !liveFigures(st.state, u).length && !u.figures.some((id) => st.state.figures[id]?.evacuation)) {
      st.push({ ...ev('UNIT_DESTROYED', rule, `${u.name} is gone (${special.name})`, { unitId: uid }), special: special.id } as KEvent);
    }
  }
}

/** The K-5.4c cover of a unit's soldiers against an attack from `from` (a point) or from above. */
function attackCover(s: KState, table: TableQueries, figs: readonly KFigure[], from: ((f: KFigure) => Vec2) | 'above', open: boolean, ctx: KCtx): { value: number; name: CoverName } {
  const house = houseOf(s, ctx);
  const per = figs.map((f): CoverName => {
    if (open || crossingAt(s, f.at)?.open) return 'open';
    return coverAt(table, f.at, f.baseRadius, from === 'above' ? f.at : from(f), house).cover;
  });
  const name = majorityCover(per);
  const values = figs.filter((_, i) => per[i] === name).map((f) => coverValue(s, f, name));
  return { name, value: values.length ? Math.max(...values) : COVER_VALUE[name] };
}

type Attack = NonNullable<Cfg['preparation']>['attack'];

/**
 * An attack by no unit on the table: shooting test, cover test, wounds and the morale triggers. With
 * `ownerAsked` (fire from off the table in an activation) the target's owner allocates the wounds when he
 * has a real choice (K-5.5a) and gives his word in the wound tests (K-SKL-8, K-5.5h), as after a shot:
 * what he must answer is returned, and the shooting's own steps go on with it.
 */
function specialAttack(st: Steps, special: { id: string; name: string; rule: string }, targetId: string, attack: Attack, from: ((f: KFigure) => Vec2) | 'above', what: string, ctx: KCtx, ownerAsked?: { shooterId: string }): WoundsAwaiting | MedicAwaiting | undefined {
  const house = houseOf(st.state, ctx);
  const u = st.state.units[targetId]!;
  const figs = liveFigures(st.state, u);
  if (!figs.length) return undefined;
  const dice: KDie[] = [];
  for (let i = 0; i < attack.firepower; i++) {
    const v = ctx.dice.roll(6, `${what}: shooting test (${attack.skill}+)`, 'K-5.3d');
    dice.push({ value: v, need: attack.skill, success: v >= attack.skill });
  }
  const hits = dice.filter((d) => d.success).length;
  st.push(ev('SPECIAL_FIRE', special.rule, `${what} on ${u.name}: ${attack.firepower} dice — ${hits} hit${hits === 1 ? '' : 's'} (${special.name})`, { special: special.id, targetId, dice, hits, machineGun: !!attack.machineGun }));
  if (!hits) {
    if (attack.machineGun) moraleAfterFire(st, targetId, [], true, ctx);
    return undefined;
  }
  const cover = attackCover(st.state, ctx.table, figs, from, attack.cover === 'open', ctx);
  const wounds = coverTest(st, targetId, hits, cover, ctx);
  if (ownerAsked) {
    const w: WoundsAwaiting = { kind: 'wounds', unitId: targetId, shooterId: ownerAsked.shooterId, eligible: figs.map((f) => f.id), wounds, machineGun: !!attack.machineGun, offTable: special.id };
    const alive = woundable(st.state, w.eligible);
    if (wounds > 0 && allocationChoices(st.state, alive, wounds, 2).count > 1) return { ...w, eligible: alive };
    const rest = finishShooting(st, w, ctx, { askOwner: true });
    return rest && !('ok' in rest) ? rest : undefined;
  }
  const applied = applyWounds(st, targetId, figs.map((f) => f.id), wounds, ctx);
  if ('ok' in applied) return;
  moraleAfterFire(st, targetId, applied.worst, !!attack.machineGun, ctx);
  st.push(...medicDuties(st.state, ctx.table, house));
  return undefined;
}

function unitTouches(s: KState, u: KUnit, poly: readonly Vec2[]): boolean {
  return figuresIn(liveFigures(s, u), poly);
}

/**
 * Before turn 1 (preparation-fire, K-GAP-9: the book has no artillery): for each salvo, a die for every
 * unit of the side inside the area (or one die for the side's unit nearest to the feature); on the
 * listed results that unit takes the attack, from above (its cover from the ground around it). Every
 * owner's word the default (what a log from before the owners were asked replays to).
 */
export function preparationFire(s: KReading, ctx: KCtx): KEvent[] {
  return preparationBarrage(s, ctx).events;
}

/** The units a salvo rolls for, in order (taken when the salvo begins). */
function salvoTargets(s: KState, v: NonNullable<Cfg['preparation']>['salvoes'][number]): string[] {
  const units = Object.values(s.units).filter((u) => u.side === v.side && !GONE.has(u.status) && liveFigures(s, u).length);
  if (v.unitsIn) return units.filter((u) => unitTouches(s, u, v.unitsIn!)).map((u) => u.id);
  const d = (u: KUnit) => Math.min(...liveFigures(s, u).map((f) => distanceToPolygon(f.at, v.nearestTo!)));
  const best = units.map((u) => ({ u, d: d(u) })).sort((a, b) => a.d - b.d || (a.u.id < b.u.id ? -1 : 1))[0];
  return best ? [best.u.id] : [];
}

/** Where a barrage stopped for an owner's word, and what he must answer. */
export interface BarrageStop {
  awaiting: WoundsAwaiting | MedicAwaiting;
  at: KBarrageAt;
}

/**
 * The preparation barrage (preparationFire), from its start or from where it stopped (`from`). With
 * `ownerAsked` it stops, as fire from off the table does, where the owner of a unit hit allocates its
 * wounds (K-5.5a) or gives his word in their tests (K-SKL-8, K-5.5h): `stop` says what he must answer.
 */
export function preparationBarrage(s: KReading, ctx: KCtx, opts: { ownerAsked?: boolean; from?: KBarrageAt } = {}): { events: KEvent[]; stop?: BarrageStop } {
  const p = s.special?.config.preparation;
  if (!p || s.seq.round !== 0) return { events: [] };
  const st = new Steps(s);
  const from = opts.from;
  for (let i = from?.salvo ?? 0; i < p.salvoes.length; i++) {
    const v = p.salvoes[i]!;
    const targets = from && i === from.salvo ? from.rest : salvoTargets(st.state, v);
    for (let j = 0; j < targets.length; j++) {
      const u = st.state.units[targets[j]!]!;
      if (!liveFigures(st.state, u).length) continue;
      const value = ctx.dice.roll(6, `preparation: does the fire fall on ${u.name}? (${v.on.join(', ')})`, p.rule);
      const success = v.on.includes(value);
      st.push(ev('SPECIAL_ROLL', p.rule, `Preparation fire, ${u.name} ${v.unitsIn ? 'in' : 'nearest'} ${placeNames(ctx.table, v.where, 'the area')}: ${value} — ${success ? 'the fire falls on it' : 'it falls wide'} (${p.name})`, { special: p.id, value, on: v.on, success }));
      if (!success) continue;
      // No unit fires it: the owner's choices name no shooter.
      const awaiting = specialAttack(st, p, u.id, p.attack, 'above', 'Preparation fire', ctx, opts.ownerAsked ? { shooterId: '' } : undefined);
      if (awaiting) return { events: st.events, stop: { awaiting, at: { salvo: i, rest: targets.slice(j + 1) } } };
    }
  }
  return { events: st.events };
}

/** An edge point straight out from a figure (fire from beyond that table edge). */
function edgePoint(table: TableQueries, from: 'west' | 'east' | 'north' | 'south', f: KFigure): Vec2 {
  const { width, depth } = table.scenario.table;
  switch (from) {
    case 'west': return [0, f.at[1]];
    case 'east': return [width, f.at[1]];
    case 'south': return [f.at[0], 0];
    case 'north': return [f.at[0], depth];
  }
}

/** Why this off-table fire cannot be made now at that unit (undefined when it can). */
export function offTableRefusal(s: KState, specialId: string, targetId: string, table?: Pick<TableQueries, 'scenario'>): { rule: string; reason: string } | undefined {
  const r = s.special?.config.offTable.find((x) => x.id === specialId);
  if (!r) return { rule: 'K-GAP-3', reason: `no off-table fire "${specialId}" in this scenario` };
  const a = s.activation;
  if (!a || s.units[a.unitId]?.side !== r.side) return { rule: r.rule, reason: `the fire from the ${r.from} edge comes only during an activation of ${sideName(s, r.side)} (${r.name})` };
  const used = s.special!.used[specialId];
  if (used && used.turn === s.turn && used.n >= r.perTurn) return { rule: r.rule, reason: `the fire from the ${r.from} edge has been used ${used.n} time${used.n === 1 ? '' : 's'} this turn already (${r.perTurn} a turn) (${r.name})` };
  return offTableTargetRefusal(s, r, targetId, table);
}

/** offTableRefusal's checks of the target unit itself (the fire's own checks passed). */
function offTableTargetRefusal(s: KState, r: Cfg['offTable'][number], targetId: string, table?: Pick<TableQueries, 'scenario'>): { rule: string; reason: string } | undefined {
  const why = offTableTargetWhy(s, r, targetId);
  if (why === undefined) return undefined;
  const u = s.units[targetId];
  switch (why) {
    case 'not-enemy': return { rule: 'K-5.1a', reason: `${u ? u.name : `"${targetId}"`} is not an enemy unit on the table` };
    case 'melee': return { rule: 'K-AMB-6', reason: `${u!.name} is locked in melee` };
    case 'hidden': return { rule: 'K-5.2a', reason: `${u!.name} has not been seen yet` };
    case 'not-in-lane': return { rule: r.rule, reason: `${u!.name} is not in ${placeNames(table, r.where, 'the fire lane')}` };
  }
}

/**
 * offTableTargetRefusal's checks, in its order, naming only which one failed: offTableTargets asks
 * for every enemy unit and needs no reason text (most units are outside the lane).
 */
function offTableTargetWhy(s: KState, r: Cfg['offTable'][number], targetId: string): 'not-enemy' | 'melee' | 'hidden' | 'not-in-lane' | undefined {
  const u = s.units[targetId];
  if (!u || u.side === r.side || GONE.has(u.status)) return 'not-enemy';
  const live = liveFigures(s, u);
  if (!live.length) return 'not-enemy';
  if (u.status === 'in-melee') return 'melee';
  if (isHidden(s, u.id)) return 'hidden';
  for (let i = 0; i < r.targetsIn.length; i++) if (figuresIn(live, r.targetsIn[i]!)) return undefined;
  return 'not-in-lane';
}

/**
 * Fire from off the table (off-table-fire): once per turn, at an enemy unit in the lane; cover against
 * fire from that edge. With `ownerAsked` the target's owner allocates its wounds and gives his word in
 * their tests (K-5.5a, K-SKL-8, K-5.5h) as after a shot: `awaiting` says what he must answer.
 */
export function offTableFire(s: KReading, args: { special: string; targetId: string; ownerAsked?: boolean }, ctx: KCtx): KResult<{ awaiting?: WoundsAwaiting | MedicAwaiting }> {
  const why = offTableRefusal(s, args.special, args.targetId, ctx.table);
  if (why) return refuse(why.rule, why.reason);
  const r = s.special!.config.offTable.find((x) => x.id === args.special)!;
  const st = new Steps(s);
  const awaiting = specialAttack(st, r, args.targetId, r.attack, (f) => edgePoint(ctx.table, r.from, f), `Fire from the ${r.from} edge`, ctx, args.ownerAsked ? { shooterId: s.activation?.unitId ?? '' } : undefined);
  return { ok: true, events: st.events, ...(awaiting ? { awaiting } : {}) };
}

/** The enemy units an off-table fire may hit now (for the HUD and random play). */
export function offTableTargets(s: KState, specialId: string): string[] {
  const r = s.special?.config.offTable.find((x) => x.id === specialId);
  const a = s.activation;
  // Not this side's activation, or used up this turn: no target at all (checked once, not per unit).
  if (!r || !a || s.units[a.unitId]?.side !== r.side) return [];
  const used = s.special!.used[specialId];
  if (used && used.turn === s.turn && used.n >= r.perTurn) return [];
  // offTableRefusal(s, specialId, id) for each enemy unit, the checks that do not depend on the unit
  // (the fire, the activation, the turn's use) passed once above.
  const out: string[] = [];
  for (const id in s.units) if (s.units[id]!.side !== r.side && offTableTargetWhy(s, r, id) === undefined) out.push(id);
  return out;
}

/** Plan boxes of polygons (the off-table fire lanes), once per polygon. */
const POLY_BOXES = new WeakMap<readonly Vec2[], readonly [number, number, number, number]>();

/**
 * Does a soldier of the list stand in the polygon (pointInPolygon)? A point farther than 1e-9 cm
 * outside the polygon's plan box is outside it (the ray test then toggles an even number of times or
 * never), so only the others are tested.
 */
function figuresIn(figs: readonly KFigure[], poly: readonly Vec2[]): boolean {
  let box = POLY_BOXES.get(poly);
  if (!box) {
    const b = boundsOf(poly);
    box = [b.minX - 1e-9, b.maxX + 1e-9, b.minZ - 1e-9, b.maxZ + 1e-9];
    POLY_BOXES.set(poly, box);
  }
  for (const f of figs) {
    if (f.at[0] < box[0] || f.at[0] > box[1] || f.at[1] < box[2] || f.at[1] > box[3]) continue;
    if (pointInPolygon(f.at, poly)) return true;
  }
  return false;
}

/** Why this unit cannot try to fire the demolition charge now (undefined when it can). */
export function demolitionRefusal(s: KState, specialId: string, unitId: string, table?: Pick<TableQueries, 'scenario'>): { rule: string; reason: string } | undefined {
  const d = s.special?.config.demolition.find((x) => x.id === specialId);
  if (!d) return { rule: 'K-GAP-3', reason: `no demolition "${specialId}" in this scenario` };
  const sp = s.special!;
  const bridge = placeNames(table, d.bridge, 'the bridge');
  if (sp.destroyed.includes(d.id)) return { rule: d.rule, reason: `${bridge} is already destroyed` };
  if (sp.cleared.includes(d.id)) return { rule: d.rule, reason: `the charge on ${bridge} has been removed` };
  const u = s.units[unitId];
  const a = s.activation;
  if (!u || !a || !a.units.includes(unitId)) return { rule: 'K-2.0b', reason: `${u?.name ?? unitId} is not activating` };
  if (u.side !== d.fire.side) return { rule: d.rule, reason: `only ${sideName(s, d.fire.side)} can fire the charge` };
  if (u.status !== 'normal' && u.status !== 'pinned') return { rule: 'K-7.3d', reason: `${u.name} cannot act (${u.status})` };
  if (d.fire.notPinned && u.status === 'pinned') return { rule: 'K-7.1b', reason: `${u.name} is pinned: a pinned unit cannot fire the charge (${d.name})` };
  const made = sp.triesMade?.[d.id] ?? 0;
  if (d.fire.tries !== undefined && made >= d.fire.tries) return { rule: d.rule, reason: `the charge on ${bridge} has been tried ${made === 1 ? 'once' : `${made} times`} already: ${d.fire.tries === 1 ? 'one try' : `${d.fire.tries} tries`} in the game (${d.name})` };
  if (sp.tried[d.id] === `${s.turn}:${unitId}`) return { rule: d.rule, reason: `${u.name} has tried the charge in this activation already` };
  const near = liveFigures(s, u).some((f) => f.condition !== 'serious' && distanceToPolygon(f.at, d.fire.of) - f.baseRadius <= d.fire.within + 1e-9);
  if (!near) return { rule: d.rule, reason: `${u.name} has no soldier within ${d.fire.within} cm of ${placeNames(table, d.fire.ofId, 'the charge')}` };
  return undefined;
}

/**
 * Fire the demolition charge (demolition, K-3.3a): a die; on the listed results the span goes, every
 * figure on it is lost, and no one crosses it again (movement reads KState.special.destroyed).
 */
export function fireDemolition(s: KReading, args: { special: string; unitId: string }, ctx: KCtx): KResult {
  const why = demolitionRefusal(s, args.special, args.unitId, ctx.table);
  if (why) return refuse(why.rule, why.reason);
  const d = s.special!.config.demolition.find((x) => x.id === args.special)!;
  const st = new Steps(s);
  const u = s.units[args.unitId]!;
  const bridge = placeNames(ctx.table, d.bridge, 'the bridge');
  const value = ctx.dice.roll(6, `${u.name} fires the charge on ${bridge} (${d.fire.on.join(', ')})`, d.rule);
  const success = d.fire.on.includes(value);
  st.push(ev('SPECIAL_ROLL', d.rule, `${u.name} fires the charge on ${bridge}: ${value} — ${success ? 'the span goes up' : 'it fails'} (${d.name})`, { special: d.id, value, on: d.fire.on, success, unitId: u.id }));
  if (success) {
    st.push(ev('SPAN_DESTROYED', d.rule, `The span of ${bridge} is destroyed: impassable from now on (${d.name})`, { special: d.id, bridge: d.bridge }));
    loseFigures(st, figuresWhere(st.state, (p) => onSpan(d, p)).map((f) => f.id), d.rule, d, 'goes down with the span');
  }
  return { ok: true, events: st.events };
}

/**
 * At the end of an activation (demolition): a unit of the removing side with a soldier at the charge
 * who stayed there the whole activation (did not move in it) removes the charge.
 */
export function chargeRemoval(s: KState): KEvent[] {
  const sp = s.special;
  const a = s.activation;
  if (!sp?.config.demolition.length || !a) return [];
  const out: KEvent[] = [];
  for (const d of sp.config.demolition) {
    if (sp.destroyed.includes(d.id) || sp.cleared.includes(d.id)) continue;
    for (const uid of a.units) {
      const u = s.units[uid];
      if (!u || u.side !== d.remove.side || u.status !== 'normal') continue;
      // Only the listed units (the sappers) know how to remove it, or a covering-fire half of one.
      if (d.remove.units && !d.remove.units.includes(uid) && !d.remove.units.includes(u.splitFrom ?? '')) continue;
      const there = liveFigures(s, u).some((f) => f.condition !== 'serious' && !a.moved.includes(f.id) && Math.hypot(f.at[0] - d.charge[0], f.at[1] - d.charge[1]) - f.baseRadius <= d.remove.reach + 1e-9);
      if (there) {
        out.push(ev('CHARGE_REMOVED', d.rule, `${u.name} spent its activation at the demolition charge and removes it (${d.name})`, { special: d.id, unitId: uid }));
        break;
      }
    }
  }
  return out;
}

/** Whether an enemy soldier stands within `within` cm of any of the unit's soldiers (base edge to base edge, in plan). */
export function enemyNearPlain(s: KState, u: KUnit, within: number): boolean {
  const mine = liveFigures(s, u);
  if (!mine.length) return false;
  // A box around the hidden soldiers, as far out as any enemy base could reach.
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const g of mine) {
    minX = Math.min(minX, g.at[0]); maxX = Math.max(maxX, g.at[0]); minZ = Math.min(minZ, g.at[1]); maxZ = Math.max(maxZ, g.at[1]);
  }
  // The enemy soldiers on the table (standingFigures: not removed, not dead — the same ones a loop
  // over the figures record would test; `near` asks whether any is close, so their order is free).
  const pad = within + 6;
  const x0 = minX - pad, x1 = maxX + pad, z0 = minZ - pad, z1 = maxZ + pad;
  const reach = within + 1e-9;
  const standing = standingFigures(s);
  for (let k = 0; k < standing.length; k++) {
    const f = standing[k]!;
    if (f.side === u.side) continue;
    const fx = f.at[0], fz = f.at[1];
    if (fx < x0 || fx > x1 || fz < z0 || fz > z1) continue;
    for (let m = 0; m < mine.length; m++) {
      const g = mine[m]!;
      if (hypot(g.at[0] - fx, g.at[1] - fz) - g.baseRadius - f.baseRadius <= reach) return true;
    }
  }
  return false;
}

// revealChecks runs after every decision (≈ 600 a Tammerkoski game, a loop over every standing soldier
// each), but most decisions move or wound no one. The answer reads only the figures record, the unit's
// member list and side, and the distance: remembered per hidden unit for the last of those it was
// worked out from (records are never changed in place, so the same objects give the same answer).
const nearMemo = new Map<string, { figures: KState['figures']; members: readonly string[]; side: string; within: number; near: boolean }>();
export function enemyNear(s: KState, u: KUnit, within: number): boolean {
  const m = nearMemo.get(u.id);
  if (m && m.figures === s.figures && m.members === u.figures && m.side === u.side && m.within === within) return m.near;
  const near = enemyNearPlain(s, u, within);
  nearMemo.set(u.id, { figures: s.figures, members: u.figures, side: u.side, within, near });
  return near;
}

/**
 * Hidden units (hidden-units, K-5.2a): revealed when they fire (a SHOT_FIRED among `events`) or when an
 * enemy soldier comes within the distance (plan, base edge to base edge). Checked after every decision.
 */
export function revealChecks(s: KState, events: ReadonlyArray<{ type: string; shooterId?: unknown; unitId?: unknown }>): KEvent[] {
  const h = s.special?.config.hidden;
  if (!h || !s.special!.hidden.length) return [];
  const out: KEvent[] = [];
  for (const uid of s.special!.hidden) {
    const u = s.units[uid];
    if (!u) continue;
    let fired = false;
    if (h.onFire) {
      for (const e of events) {
        if (e.type === 'SHOT_FIRED' && (e.shooterId === uid || (typeof e.shooterId === 'string' && s.units[e.shooterId]?.splitFrom === uid))) { fired = true; break; }
      }
    }
    const near = !fired && enemyNear(s, u, h.within);
    if (fired || near) out.push(ev('UNIT_REVEALED', 'K-5.2a', `${u.name} is revealed: ${fired ? 'it opened fire' : `an enemy came within ${h.within} cm`} (${h.name})`, { special: h.id, unitId: uid, cause: fired ? 'fired' : 'enemy-near' }));
  }
  return out;
}

/** The special commands this side's activating unit could give now (for the HUD and random play). */
export function specialCommands(s: KState, unitId: string): Array<{ type: string; special: string; targetId?: string; unitId?: string }> {
  const sp = s.special;
  if (!sp) return [];
  const out: Array<{ type: string; special: string; targetId?: string; unitId?: string }> = [];
  for (const r of sp.config.offTable) for (const t of offTableTargets(s, r.id)) out.push({ type: 'OFF_TABLE_FIRE', special: r.id, targetId: t });
  for (const d of sp.config.demolition) if (!demolitionRefusal(s, d.id, unitId)) out.push({ type: 'DEMOLISH', special: d.id, unitId });
  return out;
}

/**
 * narrow-crossing: after a fast move, each soldier whose path touched the walkway rolls a die; on the
 * listed results he falls into the water and is lost (K-4.1 fast move, K-GAP-3 no rules for it). A
 * walkway with falls under fire only: only when the moving unit was fired on in this turn.
 */
export function crossingFalls(s: KReading, moveEvents: readonly KEvent[], steps: ReadonlyArray<{ figureId: string; to: Vec2; via?: Vec2[] }>, ctx: KCtx): KEvent[] {
  const underFire = (unitId: string | undefined) => unitId !== undefined && s.special?.lastFiredOn?.[unitId] === s.turn;
  const mover = steps.length ? s.figures[steps[0]!.figureId]?.unitId : undefined;
  const list = s.special?.config.crossings.filter((c) => c.fallOn && (!c.fallUnderFire || underFire(mover)));
  if (!list?.length) return [];
  // Most fast moves are nowhere near the walkway: no dice, no fold.
  const touched = steps.some((step) => {
    const f = s.figures[step.figureId];
    if (!f) return false;
    const points = [f.at, ...(step.via ?? []), step.to];
    return list.some((c) => pathOnBand(c.band, points));
  });
  if (!touched) return [];
  const st = new Steps(s).push(...moveEvents);
  const start = st.events.length;
  for (const step of steps) {
    const f = s.figures[step.figureId];
    if (!f || st.state.figures[f.id]?.removed) continue;
    const points = [f.at, ...(step.via ?? []), step.to];
    const c = list.find((x) => pathOnBand(x.band, points));
    if (!c) continue;
    const walkway = placeNames(ctx.table, c.feature, 'the walkway');
    const value = ctx.dice.roll(6, `${soldierName(s, f.id)} runs along ${walkway} (falls on ${c.fallOn!.join(', ')})`, 'K-4.1');
    const success = c.fallOn!.includes(value);
    st.push(ev('SPECIAL_ROLL', 'K-4.1', `${soldierName(s, f.id)} runs along ${walkway}: ${value}${success ? ' — falls into the water' : ''} (${c.name})`, { special: c.id, value, on: c.fallOn!, success, figureId: f.id }));
    if (success) loseFigures(st, [f.id], 'K-4.1', c, 'falls into the water and is lost');
  }
  return st.events.slice(start);
}
