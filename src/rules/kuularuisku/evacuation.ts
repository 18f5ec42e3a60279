// K-5.6 evacuation: the lightly wounded leave for the rear (K-5.6a), the seriously wounded need an
// escort (K-5.6b/c); all of them move at half speed at the end of the turn (K-5.6e/f/g), arrive at
// their edge or a dressing station (K-AMB-9: they leave the game), and escorts come back (K-5.6d).
import { type TableQueries, type Vec2, within, hypot, hypot3 } from '../../core';
import { autoMoves } from './auto-move';
import { JOIN_DISTANCE } from './constants';
import { type KCtx, type KQuery, type KResult, Steps, houseOf, refuse } from './context';
import { ev, type KEvent } from './events';
import { movementAllowance } from './movement';
import { baseOf, figureToUnit, liveFigures, onTable } from './table';
import { figureSees } from './visibility';
import { medicDuties } from './wounds';
import type { Evacuation, HouseSettings, KFigure, KState } from './state';

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
  if (!f || f.removed || f.condition === 'dead' || f.evacuation) return refuse('K-5.6a', `${args.figureId} cannot be evacuated`);
  const u = s.units[f.unitId]!;
  if (u.status === 'in-melee') return refuse('K-6.3a', `${u.name} is locked in melee`);
  if (house.evacuationDecisionAtActivation && !(s.activation?.units.includes(u.id))) return refuse('K-5.6a', `${f.id} may leave only at his unit's activation (K-AMB-9)`);
  const destination = destinationFor(s, ctx.table, f);
  if (f.condition === 'light' && !args.escortId) {
    return { ok: true, events: [ev('EVACUATION_STARTED', 'K-5.6a', `${f.id} is lightly wounded and leaves ${u.name} for the rear`, { figureId: f.id, evacuation: { role: 'wounded', destination } })] };
  }
  if (f.condition === 'healthy') return refuse('K-5.6a', `${f.id} is not wounded`);
  if (!args.escortId) return refuse('K-5.6b', `${f.id} is seriously wounded: he needs an escort`);
  const e = s.figures[args.escortId];
  if (!e || e.unitId !== f.unitId || e.removed || e.evacuation) return refuse('K-5.6b', `${args.escortId} is not a soldier of ${u.name}`);
  if (e.condition !== 'healthy' && e.condition !== 'light') return refuse('K-5.6b', 'the escort must be unwounded or lightly wounded');
  if (!within(hypot(e.at[0] - f.at[0], e.at[1] - f.at[1]) - e.baseRadius - f.baseRadius, JOIN_DISTANCE)) return refuse('K-5.6b', `${e.id} must be with ${f.id} (within ${JOIN_DISTANCE} cm) to escort him`);
  return {
    ok: true,
    events: [
      ev('EVACUATION_STARTED', 'K-5.6b', `${e.id} escorts ${f.id} to the rear`, { figureId: e.id, evacuation: { role: 'escort', partner: f.id, destination } }),
      ev('EVACUATION_STARTED', 'K-5.6b', `${f.id} is carried to the rear by ${e.id}`, { figureId: f.id, evacuation: { role: 'wounded', partner: e.id, destination } }),
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
 * K-5.6c–g, K-SKL-8 the end-of-turn moves of everyone heading to the rear (half speed, never fast),
 * arrivals, and escorts heading back to their unit or the nearest visible friendly unit (K-5.6d).
 */
export function evacuationMoves(s: KState, ctx: KCtx): KEvent[] {
  const house: HouseSettings = houseOf(s, ctx);
  const st = new Steps(s);
  st.push(...medicDuties(s, ctx.table, house));
  const done = new Set<string>();
  for (const f0 of Object.values(st.state.figures)) {
    const f = st.state.figures[f0.id]!;
    if (!f.evacuation || f.removed || done.has(f.id)) continue;
    done.add(f.id);
    const evac = f.evacuation;
    if (evac.role === 'escort' && evac.returning) { returnEscort(st, f.id, ctx); continue; }
    const wounded = evac.role === 'wounded' ? f : st.state.figures[evac.partner!]!;
    const escort = evac.role === 'escort' ? f : evac.partner ? st.state.figures[evac.partner] : undefined;
    if (escort) done.add(escort.id);
    done.add(wounded.id);
    if (wounded.removed || wounded.condition === 'dead') {
      if (escort) st.push(ev('EVACUATION_ARRIVED', 'K-5.6d', `${escort.id} has no one left to carry and heads back`, { figureId: wounded.id, escortId: escort.id }));
      continue;
    }
    // K-SKL-8 an escort not yet with the wounded man (a medic heading for him) goes to him first; one
    // beside him (within 3 cm, as K-5.6b asks) takes hold and they go together.
    if (escort && hypot(escort.at[0] - wounded.at[0], escort.at[1] - wounded.at[1]) - escort.baseRadius - wounded.baseRadius > JOIN_DISTANCE) {
      const a = movementAllowance(st.state, escort.id, 'evacuation', false, house).allowance;
      const d = movementAllowance(st.state, escort.id, 'evacuation', true, house).allowance;
      const spot = escortSpot(wounded, escort, wounded.at, escort.at);
      const plan = autoMoves(st.state, ctx.table, [{ figure: escort, toward: { point: spot }, allowance: a, difficultAllowance: d, mayLeave: false }], house);
      if (plan.moves.length) st.push(ev('FIGURES_MOVED', 'K-5.6e', `${escort.id} goes to ${wounded.id}`, { unitId: escort.unitId, mode: 'evacuation', moves: plan.moves, allowance: a }));
      continue;
    }
    const dest = wounded.evacuation!.destination;
    const target = targetPoint(st.state, ctx.table, wounded, dest);
    const a = movementAllowance(st.state, wounded.id, 'evacuation', false, house).allowance;
    const d = movementAllowance(st.state, wounded.id, 'evacuation', true, house).allowance;
    const plan = autoMoves(st.state, ctx.table, [{ figure: wounded, toward: { point: target.point }, allowance: a, difficultAllowance: d, mayLeave: target.leave }], house);
    const m = plan.moves[0];
    if (!m) continue;
    const moves = [m];
    if (escort && !m.offTable) {
      const spot = escortSpot(wounded, escort, m.to, wounded.at);
      if (onTable(ctx.table, spot) && !ctx.table.bodyClashes({ id: escort.id, at: spot, floor: 0, radius: escort.baseRadius }).length) {
        moves.push({ figureId: escort.id, from: escort.at, fromFloor: escort.floor, to: spot, floor: 0, distance: Math.round(hypot(spot[0] - escort.at[0], spot[1] - escort.at[1]) * 1000) / 1000 });
      }
    }
    st.push(ev('FIGURES_MOVED', 'K-5.6e', `${wounded.id}${escort ? ` and ${escort.id}` : ''} head for the ${dest.kind === 'station' ? 'dressing station' : `${dest.edge} edge`} at half speed`, { unitId: wounded.unitId, mode: 'evacuation', moves, allowance: a }));
    if (m.offTable || arrived(st.state, wounded, m.to, dest)) {
      st.push(ev('EVACUATION_ARRIVED', 'K-5.6d', `${wounded.id} reaches the ${dest.kind === 'station' ? 'dressing station' : 'table edge'} and leaves the game (K-AMB-9)`, { figureId: wounded.id, ...(escort ? { escortId: escort.id } : {}) }));
    }
  }
  return st.events;
}

/** K-5.6d an escort heads back to his unit (or the nearest visible friendly unit) and joins within 3 cm. */
export function returnEscort(st: Steps, figureId: string, ctx: KCtx): void {
  const house = houseOf(st.state, ctx);
  const e = st.state.figures[figureId]!;
  const candidates = Object.values(st.state.units).filter((u) => u.side === e.side && u.kind !== 'leader' && liveFigures(st.state, u).length && ['normal', 'pinned'].includes(u.status));
  const home = candidates.find((u) => u.id === e.homeUnitId);
  const visible = candidates.filter((u) => liveFigures(st.state, u).some((g) => figureSees(ctx.table, e, g, house))).sort((a, b) => figureToUnit(st.state, ctx.table, e, a) - figureToUnit(st.state, ctx.table, e, b));
  const unit = home ?? visible[0];
  if (!unit) return;
  if (within(figureToUnit(st.state, ctx.table, e, unit), JOIN_DISTANCE)) {
    st.push(ev('ESCORT_REJOINED', 'K-5.6d', `${e.id} rejoins ${unit.name}`, { figureId: e.id, unitId: unit.id }));
    return;
  }
  const nearest = [...liveFigures(st.state, unit)].sort((a, b) => baseDist(ctx.table, e, a) - baseDist(ctx.table, e, b))[0]!;
  const a = movementAllowance(st.state, e.id, 'return', false, house).allowance;
  const d = movementAllowance(st.state, e.id, 'return', true, house).allowance;
  const spot = escortSpot(nearest, e, nearest.at, e.at);
  const plan = autoMoves(st.state, ctx.table, [{ figure: e, toward: { point: spot }, allowance: a, difficultAllowance: d, mayLeave: false }], house);
  if (plan.moves.length) st.push(ev('FIGURES_MOVED', 'K-5.6d', `${e.id} heads back to ${unit.name}`, { unitId: e.unitId, mode: 'return', moves: plan.moves, allowance: a }));
  if (within(figureToUnit(st.state, ctx.table, st.state.figures[e.id]!, unit), JOIN_DISTANCE)) {
    st.push(ev('ESCORT_REJOINED', 'K-5.6d', `${e.id} rejoins ${unit.name}`, { figureId: e.id, unitId: unit.id }));
  }
}

function baseDist(table: TableQueries, a: KFigure, b: KFigure): number {
  const p = baseOf(table, a), q = baseOf(table, b);
  return hypot3(p.at[0] - q.at[0], p.at[1] - q.at[1], p.y - q.y);
}
