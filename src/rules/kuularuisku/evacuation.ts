// K-5.6 evacuation: the lightly wounded leave for the rear (K-5.6a), the seriously wounded need an
// escort (K-5.6b/c); all of them move at half speed at the end of the turn (K-5.6e/f/g), arrive at
// their edge or a dressing station (K-AMB-9: they leave the game), and escorts come back (K-5.6d).
import { type TableQueries, type Vec2, within, hypot, hypot3, rotate2 } from '../../core';
import { autoMoves, type AutoMoveRequest } from './auto-move';
import { JOIN_DISTANCE } from './constants';
import { type KCtx, type KQuery, type KResult, Steps, houseOf, refuse } from './context';
import { ev, type KEvent } from './events';
import { movementAllowance } from './movement';
import { baseOf, figureToUnit, liveFigures, onTable } from './table';
import { soldierName } from './soldier-names';
import { figureSees } from './visibility';
import { medicDuties } from './wounds';
import type { Evacuation, HouseSettings, KFigure, KReading, KState, KUnit } from './state';

/** K-5.6a the nearest dressing station of his side, else his side's table edge. */
export function destinationFor(s: KState, table: TableQueries, f: KFigure): Evacuation['destination'] {
  let best: { i: number; d: number } | undefined;
  s.dressingStations.forEach((d, i) => {
    if (d.side !== f.side) return;
    const dist = hypot(d.at[0] - f.at[0], d.at[1] - f.at[1]);
    if (!best || dist < best.d) best = { i, d: dist };
  });
  if (best) return { kind: 'station', index: best.i };
  const edge = s.units[f.homeUnitId]?.startEdge ?? 'none';
  return { kind: 'edge', edge: edge === 'none' ? nearestEdgeOf(table, f.at) : edge };
}

function nearestEdgeOf(table: TableQueries, p: Vec2): 'north' | 'east' | 'south' | 'west' {
  const { width, depth } = table.scenario.table;
  const d = { west: p[0], east: width - p[0], south: p[1], north: depth - p[1] };
  return (Object.entries(d).sort((a, b) => a[1] - b[1])[0]![0]) as 'north' | 'east' | 'south' | 'west';
}

/**
 * K-5.6a/b a wounded soldier leaves his unit for the rear: a lightly wounded man alone (at his unit's
 * activation, K-AMB-9), a seriously wounded one only with an escort — a healthy or lightly wounded
 * soldier of his unit in formation with him.
 */
export function startEvacuation(s: KState, args: { figureId: string; escortId?: string }, ctx: KQuery): KResult {
  const house = houseOf(s, ctx);
  const f = s.figures[args.figureId];
  if (!f || f.removed || f.condition === 'dead' || f.evacuation) return refuse('K-5.6a', `${f ? soldierName(s, f.id) : `"${args.figureId}"`} cannot be evacuated`);
  const u = s.units[f.unitId]!;
  if (u.status === 'in-melee') return refuse('K-6.3a', `${u.name} is locked in melee`);
  if (house.evacuationDecisionAtActivation && !(s.activation?.units.includes(u.id))) return refuse('K-5.6a', `${soldierName(s, f.id)} may leave only at his unit's activation (K-AMB-9)`);
  const destination = destinationFor(s, ctx.table, f);
  if (f.condition === 'light' && !args.escortId) {
    return { ok: true, events: [ev('EVACUATION_STARTED', 'K-5.6a', `${soldierName(s, f.id)} is lightly wounded and leaves ${u.name} for the rear`, { figureId: f.id, evacuation: { role: 'wounded', destination } })] };
  }
  if (f.condition === 'healthy') return refuse('K-5.6a', `${soldierName(s, f.id)} is not wounded`);
  if (!args.escortId) return refuse('K-5.6b', `${soldierName(s, f.id)} is seriously wounded: he needs an escort`);
  const e = s.figures[args.escortId];
  if (!e || e.unitId !== f.unitId || e.removed || e.evacuation) return refuse('K-5.6b', `${e ? soldierName(s, e.id) : `"${args.escortId}"`} is not a soldier of ${u.name}`);
  if (e.condition !== 'healthy' && e.condition !== 'light') return refuse('K-5.6b', 'the escort must be unwounded or lightly wounded');
  if (!within(hypot(e.at[0] - f.at[0], e.at[1] - f.at[1]) - e.baseRadius - f.baseRadius, JOIN_DISTANCE)) return refuse('K-5.6b', `${soldierName(s, e.id)} must be with ${soldierName(s, f.id)} (within ${JOIN_DISTANCE} cm) to escort him`);
  return {
    ok: true,
    events: [
      ev('EVACUATION_STARTED', 'K-5.6b', `${soldierName(s, e.id)} escorts ${soldierName(s, f.id)} to the rear`, { figureId: e.id, evacuation: { role: 'escort', partner: f.id, destination } }),
      ev('EVACUATION_STARTED', 'K-5.6b', `${soldierName(s, f.id)} is carried to the rear by ${soldierName(s, e.id)}`, { figureId: f.id, evacuation: { role: 'wounded', partner: e.id, destination } }),
    ],
  };
}

function targetPoint(s: KState, table: TableQueries, f: KFigure, d: Evacuation['destination']): { point: Vec2; leave: boolean } {
  if (d.kind === 'station') return { point: s.dressingStations[d.index]!.at, leave: false };
  const { width, depth } = table.scenario.table;
  const out = 5;
  switch (d.edge) {
    case 'north': return { point: [f.at[0], depth + out], leave: true };
    case 'south': return { point: [f.at[0], -out], leave: true };
    case 'east': return { point: [width + out, f.at[1]], leave: true };
    case 'west': return { point: [-out, f.at[1]], leave: true };
    default: return { point: f.at, leave: true };
  }
}

function arrived(s: KState, f: KFigure, at: Vec2, d: Evacuation['destination']): boolean {
  if (d.kind === 'station') {
    const st = s.dressingStations[d.index]!;
    return hypot(st.at[0] - at[0], st.at[1] - at[1]) <= st.radius + f.baseRadius + 1e-6;
  }
  return false;
}

/** Place the escort touching the wounded man, behind him as he goes. */
function escortSpot(w: KFigure, e: KFigure, to: Vec2, from: Vec2): Vec2 {
  const dx = to[0] - from[0], dz = to[1] - from[1];
  const d = hypot(dx, dz) || 1;
  const gap = w.baseRadius + e.baseRadius + 0.05;
  return [to[0] - (dx / d) * gap, to[1] - (dz / d) * gap];
}

/**
 * K-5.6a/e the owner's word on a group's end-of-turn move: where it heads (the dressing station or the
 * table edge, when both are open to it), how far (its whole half-speed move, half of it, or none) and
 * by which path: K-5.6a says only "toward" the place (a rout, K-7.3d, goes "by the most direct route"),
 * so he may bear off the straight line, `bearing` degrees to his left (negative: his right), less than
 * a right angle so that every step still brings him nearer.
 */
export interface EvacuationPlan {
  toward: 'station' | 'edge';
  distance: 'full' | 'half' | 'none';
  bearing?: number;
}

/** K-5.6a the largest bearing off the straight line that still heads toward the place (exclusive). */
export const MAX_EVACUATION_BEARING = 90;

/** The bearings (degrees to his left, K-5.6a) the owner is offered besides the straight line. */
const OFFERED_BEARINGS = [45, -45] as const;

/** Which way a group heads: straight at the place's point, or `bearing` degrees off that line. */
function headingOf(from: Vec2, point: Vec2, bearing: number | undefined): AutoMoveRequest['toward'] {
  if (!bearing) return { point };
  const dx = point[0] - from[0], dz = point[1] - from[1];
  const d = hypot(dx, dz) || 1;
  return { dir: rotate2([dx / d, dz / d], bearing) };
}

/** K-5.6c–g the end-of-turn move's opening: K-SKL-8 the medics' duties. */
export function evacuationStart(s: KReading, ctx: KCtx): KEvent[] {
  return medicDuties(s, ctx.table, houseOf(s, ctx));
}

/**
 * The evacuating groups in the order they move (a wounded man with his escort is one group, named by
 * whichever of them comes first; an escort heading back is a group of his own).
 */
export function evacuationGroups(s: KState): string[] {
  const done = new Set<string>();
  const keys: string[] = [];
  for (const f of Object.values(s.figures)) {
    if (!f.evacuation || f.removed || done.has(f.id)) continue;
    done.add(f.id);
    keys.push(f.id);
    const evac = f.evacuation;
    if (evac.role === 'escort' && evac.returning) continue;
    if (evac.partner) done.add(evac.partner);
  }
  return keys;
}

/** The group's wounded man and escort, when it heads to the rear together now (not an escort heading back or still going to his man). */
function headingGroup(s: KState, key: string): { wounded: KFigure; escort?: KFigure } | undefined {
  const f = s.figures[key];
  if (!f?.evacuation || f.removed) return undefined;
  const evac = f.evacuation;
  if (evac.role === 'escort' && evac.returning) return undefined;
  const wounded = evac.role === 'wounded' ? f : s.figures[evac.partner!]!;
  const escort = evac.role === 'escort' ? f : evac.partner ? s.figures[evac.partner] : undefined;
  if (wounded.removed || wounded.condition === 'dead') return undefined;
  if (escort && hypot(escort.at[0] - wounded.at[0], escort.at[1] - wounded.at[1]) - escort.baseRadius - wounded.baseRadius > JOIN_DISTANCE) return undefined;
  return { wounded, ...(escort ? { escort } : {}) };
}

/** K-5.6a the other place a wounded man may head for: the edge when he heads for a station, the nearest station of his side when he heads for the edge. */
function otherDestination(s: KState, table: TableQueries, f: KFigure, d: Evacuation['destination']): Evacuation['destination'] | undefined {
  if (d.kind === 'station') {
    const edge = s.units[f.homeUnitId]?.startEdge ?? 'none';
    return { kind: 'edge', edge: edge === 'none' ? nearestEdgeOf(table, f.at) : edge };
  }
  const station = destinationFor(s, table, f);
  return station.kind === 'station' ? station : undefined;
}

/** What the owner of a group heading to the rear may choose for its move now (undefined: nothing to choose). */
export interface EvacuationOptions {
  wounded: string;
  escort?: string;
  /** Where he heads by default, and the other place open to him. */
  destination: Evacuation['destination'];
  other?: Evacuation['destination'];
  /** K-5.6f his whole half-speed move, cm. */
  allowance: number;
  /** K-5.6a the bearings off the straight line (degrees to his left) along which his whole move goes somewhere. */
  bearings: number[];
}

/** K-5.6e the group's choices: asked only when its default move goes somewhere. */
export function evacuationOptions(s: KState, key: string, ctx: KCtx): EvacuationOptions | undefined {
  const g = headingGroup(s, key);
  if (!g) return undefined;
  const house = houseOf(s, ctx);
  const dest = g.wounded.evacuation!.destination;
  const target = targetPoint(s, ctx.table, g.wounded, dest);
  const a = movementAllowance(s, g.wounded.id, 'evacuation', false, house).allowance;
  const d = movementAllowance(s, g.wounded.id, 'evacuation', true, house).allowance;
  const goes = (bearing: number) => autoMoves(s, ctx.table, [{ figure: g.wounded, toward: headingOf(g.wounded.at, target.point, bearing), allowance: a, difficultAllowance: d, mayLeave: target.leave }], house).moves.length > 0;
  if (!goes(0)) return undefined;
  const other = otherDestination(s, ctx.table, g.wounded, dest);
  return { wounded: g.wounded.id, ...(g.escort ? { escort: g.escort.id } : {}), destination: dest, ...(other ? { other } : {}), allowance: a, bearings: OFFERED_BEARINGS.filter(goes) };
}

/**
 * K-5.6c–g, K-SKL-8 one group's end-of-turn move (half speed, never fast), its arrival, or an escort
 * heading back to his unit or the nearest visible friendly unit (K-5.6d). `plan`: the owner's word
 * (default: the whole move toward where he heads).
 */
export function moveEvacuationGroup(st: Steps, key: string, ctx: KCtx, plan?: EvacuationPlan): void {
  const house: HouseSettings = houseOf(st.state, ctx);
  const f = st.state.figures[key]!;
  if (!f.evacuation || f.removed) return;
  const evac = f.evacuation;
  if (evac.role === 'escort' && evac.returning) { returnEscort(st, f.id, ctx); return; }
  const wounded = evac.role === 'wounded' ? f : st.state.figures[evac.partner!]!;
  const escort = evac.role === 'escort' ? f : evac.partner ? st.state.figures[evac.partner] : undefined;
  if (wounded.removed || wounded.condition === 'dead') {
    if (escort) st.push(ev('EVACUATION_ARRIVED', 'K-5.6d', `${soldierName(st.state, escort.id)} has no one left to carry and heads back`, { figureId: wounded.id, escortId: escort.id }));
    return;
  }
  // K-SKL-8 an escort not yet with the wounded man (a medic heading for him) goes to him first; one
  // beside him (within 3 cm, as K-5.6b asks) takes hold and they go together.
  if (escort && hypot(escort.at[0] - wounded.at[0], escort.at[1] - wounded.at[1]) - escort.baseRadius - wounded.baseRadius > JOIN_DISTANCE) {
    const a = movementAllowance(st.state, escort.id, 'evacuation', false, house).allowance;
    const d = movementAllowance(st.state, escort.id, 'evacuation', true, house).allowance;
    const spot = escortSpot(wounded, escort, wounded.at, escort.at);
    const plan = autoMoves(st.state, ctx.table, [{ figure: escort, toward: { point: spot }, allowance: a, difficultAllowance: d, mayLeave: false }], house);
    if (plan.moves.length) st.push(ev('FIGURES_MOVED', 'K-5.6e', `${soldierName(st.state, escort.id)} goes to ${soldierName(st.state, wounded.id)}`, { unitId: escort.unitId, mode: 'evacuation', moves: plan.moves, allowance: a }));
    return;
  }
  if (plan?.distance === 'none') return;
  const stored = wounded.evacuation!.destination;
  const dest = plan && plan.toward !== stored.kind ? otherDestination(st.state, ctx.table, wounded, stored) ?? stored : stored;
  const target = targetPoint(st.state, ctx.table, wounded, dest);
  const share = plan?.distance === 'half' ? 0.5 : 1;
  const a = movementAllowance(st.state, wounded.id, 'evacuation', false, house).allowance * share;
  const d = movementAllowance(st.state, wounded.id, 'evacuation', true, house).allowance * share;
  const planned = autoMoves(st.state, ctx.table, [{ figure: wounded, toward: headingOf(wounded.at, target.point, plan?.bearing), allowance: a, difficultAllowance: d, mayLeave: target.leave }], house);
  const m = planned.moves[0];
  if (!m) return;
  const moves = [m];
  if (escort && !m.offTable) {
    const spot = escortSpot(wounded, escort, m.to, wounded.at);
    if (onTable(ctx.table, spot) && !ctx.table.bodyClashes({ id: escort.id, at: spot, floor: 0, radius: escort.baseRadius }).length) {
      moves.push({ figureId: escort.id, from: escort.at, fromFloor: escort.floor, to: spot, floor: 0, distance: Math.round(hypot(spot[0] - escort.at[0], spot[1] - escort.at[1]) * 1000) / 1000 });
    }
  }
  st.push(ev('FIGURES_MOVED', 'K-5.6e', `${soldierName(st.state, wounded.id)}${escort ? ` and ${soldierName(st.state, escort.id)}` : ''} head for the ${dest.kind === 'station' ? 'dressing station' : `${dest.edge} edge`} at half speed${plan?.bearing ? `, bearing ${Math.abs(plan.bearing)}° to the ${plan.bearing > 0 ? 'left' : 'right'}` : ''}`, { unitId: wounded.unitId, mode: 'evacuation', moves, allowance: a }));
  if (m.offTable || arrived(st.state, wounded, m.to, dest)) {
    st.push(ev('EVACUATION_ARRIVED', 'K-5.6d', `${soldierName(st.state, wounded.id)} reaches the ${dest.kind === 'station' ? 'dressing station' : 'table edge'} and leaves the game (K-AMB-9)`, { figureId: wounded.id, ...(escort ? { escortId: escort.id } : {}) }));
  }
}

/** K-5.6c–g, K-SKL-8 the end-of-turn moves of everyone heading to the rear, each group its default move. */
export function evacuationMoves(s: KReading, ctx: KCtx): KEvent[] {
  const st = new Steps(s);
  st.push(...evacuationStart(s, ctx));
  for (const key of evacuationGroups(st.state)) moveEvacuationGroup(st, key, ctx);
  return st.events;
}

/** K-5.6d the units an escort who delivered his man may head back to: his own unit, the nearest visible friendly unit. */
function escortUnits(s: KState, e: KFigure, ctx: KCtx): { home?: KUnit; nearest?: KUnit } {
  const house = houseOf(s, ctx);
  const candidates = Object.values(s.units).filter((u) => u.side === e.side && u.kind !== 'leader' && liveFigures(s, u).length && ['normal', 'pinned'].includes(u.status));
  const home = candidates.find((u) => u.id === e.homeUnitId);
  const visible = candidates.filter((u) => liveFigures(s, u).some((g) => figureSees(ctx.table, e, g, house))).sort((a, b) => figureToUnit(s, ctx.table, e, a) - figureToUnit(s, ctx.table, e, b));
  return { ...(home ? { home } : {}), ...(visible[0] ? { nearest: visible[0] } : {}) };
}

/** K-5.6d what the owner of an escort heading back may choose (undefined: nothing to choose). */
export interface EscortReturnOptions {
  escort: string;
  /** Where he heads by default (his own unit, else the nearest visible friendly unit), and the other unit open to him. */
  unitId: string;
  other?: string;
}

/**
 * K-5.6d an escort who delivered his man "may head back toward his own unit, or toward the nearest
 * visible friendly unit": his owner chooses (or keeps him where he is). Not asked when he has no unit to
 * go to, or is already within 3 cm of the one he would head for (he joins it at once).
 */
export function escortReturnOptions(s: KState, figureId: string, ctx: KCtx): EscortReturnOptions | undefined {
  const e = s.figures[figureId];
  if (!e || e.removed || e.evacuation?.role !== 'escort' || !e.evacuation.returning) return undefined;
  const { home, nearest } = escortUnits(s, e, ctx);
  const unit = home ?? nearest;
  if (!unit || within(figureToUnit(s, ctx.table, e, unit), JOIN_DISTANCE)) return undefined;
  return { escort: e.id, unitId: unit.id, ...(nearest && nearest.id !== unit.id ? { other: nearest.id } : {}) };
}

/**
 * K-5.6d an escort heads back to his unit (or the nearest visible friendly unit) and joins within 3 cm.
 * `toward`: the owner's word — one of those units, or null (he stays where he is); by default his own unit.
 */
export function returnEscort(st: Steps, figureId: string, ctx: KCtx, toward?: string | null): void {
  const house = houseOf(st.state, ctx);
  const e = st.state.figures[figureId]!;
  if (toward === null) return;
  const open = escortUnits(st.state, e, ctx);
  const unit = toward !== undefined && open.nearest?.id === toward ? open.nearest : open.home ?? open.nearest;
  if (!unit) return;
  if (within(figureToUnit(st.state, ctx.table, e, unit), JOIN_DISTANCE)) {
    st.push(ev('ESCORT_REJOINED', 'K-5.6d', `${soldierName(st.state, e.id)} rejoins ${unit.name}`, { figureId: e.id, unitId: unit.id }));
    return;
  }
  const nearest = [...liveFigures(st.state, unit)].sort((a, b) => baseDist(ctx.table, e, a) - baseDist(ctx.table, e, b))[0]!;
  const a = movementAllowance(st.state, e.id, 'return', false, house).allowance;
  const d = movementAllowance(st.state, e.id, 'return', true, house).allowance;
  const spot = escortSpot(nearest, e, nearest.at, e.at);
  const plan = autoMoves(st.state, ctx.table, [{ figure: e, toward: { point: spot }, allowance: a, difficultAllowance: d, mayLeave: false }], house);
  if (plan.moves.length) st.push(ev('FIGURES_MOVED', 'K-5.6d', `${soldierName(st.state, e.id)} heads back to ${unit.name}`, { unitId: e.unitId, mode: 'return', moves: plan.moves, allowance: a }));
  if (within(figureToUnit(st.state, ctx.table, st.state.figures[e.id]!, unit), JOIN_DISTANCE)) {
    st.push(ev('ESCORT_REJOINED', 'K-5.6d', `${soldierName(st.state, e.id)} rejoins ${unit.name}`, { figureId: e.id, unitId: unit.id }));
  }
}

function baseDist(table: TableQueries, a: KFigure, b: KFigure): number {
  const p = baseOf(table, a), q = baseOf(table, b);
  return hypot3(p.at[0] - q.at[0], p.at[1] - q.at[1], p.y - q.y);
}
