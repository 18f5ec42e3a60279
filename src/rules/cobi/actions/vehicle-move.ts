// C-3.3.1a–d a vehicle's move on the battlefield: a path of legs, each a drive to a point (the hull
// first turned to face it; reversing, straight back with no turn) and, if asked, a turn on the spot to a
// facing at its end. The cost is vehicle/movement.ts's under the house C-AMB-4 readings: CARD-3 per
// started 45° (C-EX-2), CARD-4 once for a move entering difficult ground, CARD-5 when the whole path
// runs on a paved road. The hull may not cross impassable ground, clash with a solid or another body on
// its way, or leave the table (C-3.1d); each refusal names what is in the way or the cm left.
import { angleBetween, bearing, facingOffset, hypot, type TableAreaSpan, type TableQueries, type Vec2 } from '../../../core';
import { featureName, type Scenario } from '../../../scenario';
import { DEFAULT_HOUSE } from '../house';
import { unitName } from '../scenario-data';
import type { CTable, CVehicle } from '../state';
import { pathCost, type Leg, type PathCost } from '../vehicle/movement';
import { relativeAngle } from '../vehicle/aspect';
import { cardOf, hullClash, hullCorners } from '../vehicle-table';

/** One leg as a command gives it: where the hull's centre ends, and the facing it then turns to (absent: as it drove). */
export interface LegRequest {
  readonly to: Vec2;
  readonly facing?: number;
}

export type Refusal = { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Refusal => ({ ok: false, reason, rule });

export interface VehiclePath {
  ok: true;
  at: Vec2;
  facing: number;
  cost: PathCost;
  /** The plan points the hull's centre passes, from where it stood. */
  points: Vec2[];
}

/**
 * How far apart the hull is checked along a leg for solids and bodies (cm): half its width, at least
 * 2 cm, so that consecutive boxes overlap by more than half and a thin wall or a soldier's base between
 * two checks still lies under one of them.
 */
const stepOf = (hull: CVehicle['hull']) => Math.max(2, Math.min(hull.length, hull.width) / 2);
/** A heading within this (degrees) counts as the same: no turn is charged. */
const SAME_HEADING = 0.5;
/** A leg shorter than this (cm) is a turn on the spot. */
const STANDING = 0.05;
const round1 = (x: number) => Math.round(x * 10) / 10;

/** The legs of a command's `legs` field, or undefined when it is not a list of { to: [x, z], facing? }. */
export function legsOf(legs: unknown): LegRequest[] | undefined {
  if (!Array.isArray(legs) || !legs.length) return undefined;
  const out: LegRequest[] = [];
  for (const l of legs) {
    const to = (l as { to?: unknown })?.to;
    const facing = (l as { facing?: unknown })?.facing;
    if (!Array.isArray(to) || to.length !== 2 || !to.every((x) => typeof x === 'number' && Number.isFinite(x))) return undefined;
    if (facing !== undefined && (typeof facing !== 'number' || !Number.isFinite(facing))) return undefined;
    out.push({ to: [to[0], to[1]], ...(facing !== undefined ? { facing: ((facing % 360) + 360) % 360 } : {}) });
  }
  return out;
}

/** C-3.1d the hull standing at `at`/`facing`: off the table, inside a solid, or on another body (named), else undefined. */
function hullProblem(scenario: Scenario, table: TableQueries, t: CTable, v: CVehicle, at: Vec2, facing: number): Refusal | undefined {
  const name = unitName(scenario, v.unit);
  const { width, depth } = table.scenario.table;
  if (hullCorners(at, facing, v.hull.length, v.hull.width).some(([x, z]) => x < 0 || x > width || z < 0 || z > depth)) return no(`${name} would leave the table`, 'C-3.3.1a');
  const solid = table.bodyClashes({ id: v.id, at, facing, box: v.hull })[0];
  if (solid) return no(`${name} would run into ${featureName(table.scenario, solid.featureId)}`, 'C-3.1d');
  const body = hullClash(scenario, t, v, at, facing);
  if (body) return no(`${name} would run into ${body}`, 'C-3.1d');
  return undefined;
}

/** The areas a plan segment passes through, with their spans (the table's areasAlong, or the two ends' areas). */
function areasOn(table: TableQueries, a: Vec2, b: Vec2): TableAreaSpan[] {
  if (table.areasAlong) return table.areasAlong(a, b);
  return [...table.areasAt(a[0], a[1]), ...table.areasAt(b[0], b[1])].map((x) => ({ ...x, spans: [] }));
}

/** A leg's swept lines: the hull's centre line and its two sides, from its back at the start to its front at the end (in the way it travels). */
function sweptLines(from: Vec2, to: Vec2, travel: number, hull: CVehicle['hull']): Array<[Vec2, Vec2]> {
  return [0, -hull.width / 2, hull.width / 2].map((right) => {
    const [bx, bz] = facingOffset(travel, -hull.length / 2, right);
    const [fx, fz] = facingOffset(travel, hull.length / 2, right);
    return [[from[0] + bx, from[1] + bz], [to[0] + fx, to[1] + fz]];
  });
}

/** Paved roads (C-3.3.1d): the scenario's road features with a paved surface. */
function pavedRoads(scenario: Scenario): Set<string> {
  return new Set(scenario.features.filter((f) => f.kind === 'road' && (f as { surface?: string }).surface === 'paved').map((f) => f.id));
}

/**
 * C-3.3.1a–d the path measured: where the hull ends and what the move costs, or the first refusal
 * (immobile, impassable ground, a clash, over the card's move with the cm it lacks).
 */
export function measureVehiclePath(scenario: Scenario, table: TableQueries, t: CTable, v: CVehicle, legs: readonly LegRequest[], reverse: boolean): VehiclePath | Refusal {
  const name = unitName(scenario, v.unit);
  const card = cardOf(v);
  if (v.marks.includes('disabled')) return no(`${name} is disabled: it cannot move`, 'C-3.3.3.1o');
  if (v.marks.includes('immobilised')) return no(`${name} is immobilised: it cannot move`, 'C-3.3.3.1o');
  if (card.move <= 0) return no(`${name} has no move of its own (C-CARD-1 is 0)`, 'C-3.3.1a');
  const roads = pavedRoads(scenario);
  let at = v.at;
  let heading = v.facing;
  const out: Leg[] = [];
  const points: Vec2[] = [at];
  for (const req of legs) {
    const length = hypot(req.to[0] - at[0], req.to[1] - at[1]);
    if (length > STANDING) {
      const travel = bearing(at, req.to);
      let turn = 0;
      if (reverse) {
        if (angleBetween(heading, (travel + 180) % 360) > SAME_HEADING) return no(`${name} reverses straight back, without turning (CARD-2)`, 'C-3.3.1a');
      } else {
        turn = relativeAngle(travel - heading);
        if (Math.abs(turn) <= SAME_HEADING) turn = 0;
        else heading = travel;
      }
      const areas = areasOn(table, at, req.to);
      // The ground the hull covers on the way: its centre line and both sides, from its back where it
      // stands to its front where it stops (a patch under the hull counts, not only under its centre).
      const swept = sweptLines(at, req.to, travel, v.hull).flatMap(([a, b]) => [...areasOn(table, a, b), ...table.obstaclesAlong(a, b)]);
      const barred = swept.find((x) => x.tags.impassable);
      if (barred) return no(`${name} cannot cross ${featureName(table.scenario, barred.featureId)} (impassable)`, 'C-3.1d');
      const difficult = [...new Set(swept.filter((x) => x.tags.difficult).map((x) => x.featureId))];
      // C-3.3.1d the road under the hull's centre the whole leg.
      const onRoad = areas.some((a) => roads.has(a.featureId) && a.spans.reduce((s, [t0, t1]) => s + (t1 - t0), 0) >= 1 - 1e-6);
      // The hull along the leg, heading the way it drives (reversing: still facing as it stood).
      const n = Math.max(1, Math.ceil(length / stepOf(v.hull)));
      for (let i = 1; i <= n; i++) {
        const p: Vec2 = [at[0] + ((req.to[0] - at[0]) * i) / n, at[1] + ((req.to[1] - at[1]) * i) / n];
        const bad = hullProblem(scenario, table, t, v, p, heading);
        if (bad) return bad;
      }
      out.push({ length, ...(turn ? { turn } : {}), ...(reverse ? { reverse: true } : {}), ...(difficult.length ? { difficult } : {}), ...(onRoad ? { road: true } : {}) });
      at = req.to;
      points.push(at);
    }
    if (req.facing !== undefined && angleBetween(req.facing, heading) > SAME_HEADING) {
      if (reverse) return no(`${name} reverses straight back, without turning (CARD-2)`, 'C-3.3.1a');
      const turn = relativeAngle(req.facing - heading);
      heading = req.facing;
      const bad = hullProblem(scenario, table, t, v, at, heading);
      if (bad) return bad;
      out.push({ length: 0, turn });
    }
  }
  if (!out.length) return no(`${name} would not move: give a point to drive to or a facing to turn to`, 'C-3.3.1a');
  const cost = pathCost(out, card, DEFAULT_HOUSE);
  if (cost.refusal) {
    const over = cost.refusal.rule === 'C-3.3.1a' && cost.left < 0 ? `: the path needs ${round1(cost.spent)} cm of ${round1(cost.allowance)} cm, ${round1(-cost.left)} cm over` : `: ${cost.refusal.reason}`;
    return no(`${name} cannot take this path${over}`, cost.refusal.rule);
  }
  return { ok: true, at, facing: heading, cost, points };
}
