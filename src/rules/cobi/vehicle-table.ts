// Vehicles as bodies on the battlefield: each hull a box turned to its facing (wrecks too: C-3.3.3.1o
// leaves the wreck on the table), each standing soldier an upright cylinder. The rules hand these to the
// table before a sight line that figures may block (C-3.3.3.1a "other units" block sight), and test a
// moving hull against them on the plan.
import { distanceToRotatedRect, facingOffset, inFacingFrame, type TableFigure, type TableQueries, type Vec2, type Vec3 } from '../../core';
import type { Scenario } from '../../scenario';
import { CARDS } from './data';
import { FIGURE, figureName, unitName } from './scenario-data';
import { liveFigures, type CTable, type CVehicle } from './state';
import type { VehicleCard } from './vehicle/card';

/** A vehicle's card (C-4.1). */
export function cardOf(v: Pick<CVehicle, 'card'>): VehicleCard {
  const card = CARDS.find((c) => c.id === v.card);
  if (!card) throw new Error(`no vehicle card "${v.card}"`);
  return card;
}

/** The hull as a battlefield body: a box turned to the hull's facing. */
export function hullBody(v: Pick<CVehicle, 'id' | 'at' | 'facing' | 'hull'>): TableFigure {
  return { id: v.id, at: v.at, facing: v.facing, box: { length: v.hull.length, width: v.hull.width, height: v.hull.height } };
}

/** Every body on the table: standing figures and every hull, wrecks included. */
export function tableBodies(t: CTable): TableFigure[] {
  const men: TableFigure[] = liveFigures(t).map((f) => ({ id: f.id, at: f.at, radius: FIGURE.radius, height: FIGURE.height }));
  return [...men, ...(t.vehicles ?? []).map(hullBody)];
}

/** Put the table's bodies on the battlefield (sight lines asked with `figures` meet them). */
export function placeBodies(table: TableQueries, t: CTable): void {
  table.setFigures(tableBodies(t));
}

/** The four plan corners of a hull at `at` facing `facing`. */
export function hullCorners(at: Vec2, facing: number, length: number, width: number): Vec2[] {
  return ([[1, 1], [1, -1], [-1, -1], [-1, 1]] as const).map(([f, r]) => {
    const [dx, dz] = facingOffset(facing, (f * length) / 2, (r * width) / 2);
    return [at[0] + dx, at[1] + dz] as Vec2;
  });
}

interface Rect { at: Vec2; facing: number; length: number; width: number }

/** Do two turned rectangles overlap on the plan (separating axes: each one's corners against the other's sides)? */
export function rectsOverlap(a: Rect, b: Rect): boolean {
  const apart = (p: Rect, q: Rect) => {
    const local = hullCorners(q.at, q.facing, q.length, q.width).map((c) => inFacingFrame(c, p.at, p.facing));
    const [hf, hr] = [p.length / 2, p.width / 2];
    return local.every((c) => c[0] > hf) || local.every((c) => c[0] < -hf) || local.every((c) => c[1] > hr) || local.every((c) => c[1] < -hr);
  };
  return !apart(a, b) && !apart(b, a);
}

/** The name a body goes by in a refusal: a vehicle's unit, or a soldier of his squad ("1st Squad 3"). */
export function bodyName(scenario: Scenario, t: CTable, id: string): string | undefined {
  const v = t.vehicles?.find((x) => x.id === id);
  if (v) return `${unitName(scenario, v.unit)}${v.wreck ? ' (wreck)' : ''}`;
  const f = t.figures.find((x) => x.id === id);
  return f ? figureName(scenario, f.unit, f.id) : undefined;
}

/** The first body (another hull, a standing soldier) a hull placed at `at`/`facing` would overlap, by its name. */
export function hullClash(scenario: Scenario, t: CTable, v: CVehicle, at: Vec2, facing: number): string | undefined {
  const me: Rect = { at, facing, length: v.hull.length, width: v.hull.width };
  const hull = (t.vehicles ?? []).find((o) => o.id !== v.id && rectsOverlap(me, { at: o.at, facing: o.facing, length: o.hull.length, width: o.hull.width }));
  if (hull) return bodyName(scenario, t, hull.id);
  const man = liveFigures(t).find((f) => distanceToRotatedRect(f.at, at, v.hull.length, v.hull.width, facing) < FIGURE.radius - 1e-9);
  return man ? bodyName(scenario, t, man.id) : undefined;
}

/** C-3.1d the first hull (a vehicle or a wreck) a soldier walking straight from → to would pass through or stand on, by its name. */
export function hullOnWay(scenario: Scenario, t: CTable, from: Vec2, to: Vec2): string | undefined {
  const hulls = t.vehicles ?? [];
  if (!hulls.length) return undefined;
  const n = Math.max(1, Math.ceil(Math.hypot(to[0] - from[0], to[1] - from[1]) / (FIGURE.radius / 2)));
  for (let i = 1; i <= n; i++) {
    const p: Vec2 = [from[0] + ((to[0] - from[0]) * i) / n, from[1] + ((to[1] - from[1]) * i) / n];
    const hull = hulls.find((v) => distanceToRotatedRect(p, v.at, v.hull.length, v.hull.width, v.facing) < FIGURE.radius - 1e-9);
    if (hull) return bodyName(scenario, t, hull.id);
  }
  return undefined;
}

/**
 * Where the sight line a → b (3D, y up) passes through the hull standing on ground at `ground` height:
 * the fraction along the line where it enters the box, or undefined when it passes beside or over it.
 * The plan segment is clipped to the hull's rectangle (slabs along and across its facing); the line is
 * straight, so it is lowest at one end of the clipped part.
 */
export function lineThroughHull(a: Vec3, b: Vec3, v: Pick<CVehicle, 'at' | 'facing' | 'hull'>, ground: number): number | undefined {
  const [fa, ra] = inFacingFrame([a[0], a[2]], v.at, v.facing);
  const [fb, rb] = inFacingFrame([b[0], b[2]], v.at, v.facing);
  let t0 = 0;
  let t1 = 1;
  for (const [p, q, half] of [[fa, fb, v.hull.length / 2], [ra, rb, v.hull.width / 2]] as const) {
    const d = q - p;
    if (Math.abs(d) < 1e-12) {
      if (Math.abs(p) > half) return undefined;
      continue;
    }
    const [u0, u1] = [(-half - p) / d, (half - p) / d];
    t0 = Math.max(t0, Math.min(u0, u1));
    t1 = Math.min(t1, Math.max(u0, u1));
    if (t0 > t1) return undefined;
  }
  const y = (t: number) => a[1] + t * (b[1] - a[1]);
  return Math.min(y(t0), y(t1)) < ground + v.hull.height ? t0 : undefined;
}
