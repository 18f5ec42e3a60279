// Plain-number 2D/3D geometry on the table plane (x east, z north, y up), all in centimetres.

export type Vec2 = readonly [number, number];
export type Vec3 = readonly [number, number, number];

export const EPS = 1e-9;

/**
 * Math.hypot(x, y), bit for bit: V8's own algorithm (scale by the larger magnitude, then the root of
 * the sum of squares; Infinity before NaN, 0 for two zeros). V8 runs Math.hypot as a C++ call that
 * boxes its answer, a few hundred thousand times per random game; this one the JIT inlines. Being
 * the same number to the last bit, it decides every threshold as before (tests/unit/hypot.test.ts).
 */
export function hypot(x: number, y: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax === Infinity || ay === Infinity) return Infinity;
  if (ax !== ax || ay !== ay) return NaN;
  const max = ax < ay ? ay : ax;
  if (max === 0) return 0;
  const nx = ax / max;
  const ny = ay / max;
  return Math.sqrt(nx * nx + ny * ny) * max;
}

/** Math.hypot(x, y, z), bit for bit (V8's algorithm: scaled, with its compensated sum). */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (ax === Infinity || ay === Infinity || az === Infinity) return Infinity;
  if (ax !== ax || ay !== ay || az !== az) return NaN;
  let max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === 0) return 0;
  // Kahan summation of the scaled squares, in argument order, as V8 does it.
  const nx = ax / max;
  const ny = ay / max;
  const nz = az / max;
  const s1 = nx * nx; // the first step's compensation is exactly 0
  const t2 = ny * ny;
  const s2 = s1 + t2;
  const c2 = s2 - s1 - t2;
  const t3 = nz * nz - c2;
  return Math.sqrt(s2 + t3) * max;
}

export function dist2(a: Vec2, b: Vec2): number {
  return hypot(b[0] - a[0], b[1] - a[1]);
}

export function dist3(a: Vec3, b: Vec3): number {
  return hypot3(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
}

export function lerp3(a: Vec3, b: Vec3, t: number): Vec3 {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

/** Rotate a 2D offset by `deg` degrees counter-clockwise seen from above (x east, z north). */
export function rotate2(p: Vec2, deg: number): Vec2 {
  const r = (deg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return [p[0] * c - p[1] * s, p[0] * s + p[1] * c];
}

/** Even-odd point-in-polygon test; points on an edge may go either way. */
export function pointInPolygon(p: Vec2, poly: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a[1] > p[1] !== b[1] > p[1]) {
      const x = ((b[0] - a[0]) * (p[1] - a[1])) / (b[1] - a[1]) + a[0];
      if (p[0] < x) inside = !inside;
    }
  }
  return inside;
}

/** Signed area (positive when counter-clockwise with x east, z north). */
export function polygonArea(poly: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    s += poly[j]![0] * poly[i]![1] - poly[i]![0] * poly[j]![1];
  }
  return s / 2;
}

export interface Bounds2 {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

export function boundsOf(points: readonly Vec2[]): Bounds2 {
  let minX = Infinity, minZ = Infinity, maxX = -Infinity, maxZ = -Infinity;
  for (const p of points) {
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minZ) minZ = p[1];
    if (p[1] > maxZ) maxZ = p[1];
  }
  return { minX, minZ, maxX, maxZ };
}

/**
 * Parameter intervals [t0, t1] ⊂ [0, 1] where segment a→b lies inside the polygon
 * (even-odd rule), found from all edge crossings. Used for "length travelled inside an area".
 */
export function segmentInsideIntervals(a: Vec2, b: Vec2, poly: readonly Vec2[]): Array<[number, number]> {
  const ts = polygonCuts(a, b, poly);
  const out: Array<[number, number]> = [];
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!;
    const t1 = ts[i + 1]!;
    if (t1 - t0 < EPS) continue;
    if (spanInside(a, b, poly, t0, t1)) {
      const last = out[out.length - 1];
      if (last && Math.abs(last[1] - t0) < EPS) last[1] = t1;
      else out.push([t0, t1]);
    }
  }
  return out;
}

/**
 * Where segment a→b first enters the polygon: the start of segmentInsideIntervals' first span (the
 * same cuts and midpoint test), without building the spans; undefined when it never does.
 */
export function segmentFirstInside(a: Vec2, b: Vec2, poly: readonly Vec2[]): number | undefined {
  const ts = polygonCuts(a, b, poly);
  for (let i = 0; i + 1 < ts.length; i++) {
    const t0 = ts[i]!;
    const t1 = ts[i + 1]!;
    if (t1 - t0 >= EPS && spanInside(a, b, poly, t0, t1)) return t0;
  }
  return undefined;
}

/** The parameters (sorted, with 0 and 1) where segment a→b crosses the polygon's edges. */
function polygonCuts(a: Vec2, b: Vec2, poly: readonly Vec2[]): number[] {
  const dx = b[0] - a[0];
  const dz = b[1] - a[1];
  const ts: number[] = [0, 1];
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!;
    const q = poly[i]!;
    const ex = q[0] - p[0];
    const ez = q[1] - p[1];
    const den = dx * ez - dz * ex;
    if (Math.abs(den) < EPS) continue;
    const t = ((p[0] - a[0]) * ez - (p[1] - a[1]) * ex) / den;
    const u = ((p[0] - a[0]) * dz - (p[1] - a[1]) * dx) / den;
    if (t > 0 && t < 1 && u >= 0 && u <= 1) ts.push(t);
  }
  if (ts.length > 2) ts.sort((x, y) => x - y);
  return ts;
}

/** Is the span t0…t1 of a→b (between two cuts) inside the polygon? Its midpoint decides. */
function spanInside(a: Vec2, b: Vec2, poly: readonly Vec2[], t0: number, t1: number): boolean {
  const tm = (t0 + t1) / 2;
  return pointInPolygon([a[0] + (b[0] - a[0]) * tm, a[1] + (b[1] - a[1]) * tm], poly);
}

/** Closest point on segment p→q to c, with its parameter and distance. */
export function closestOnSegment(c: Vec2, p: Vec2, q: Vec2): { t: number; point: Vec2; distance: number } {
  const ex = q[0] - p[0];
  const ez = q[1] - p[1];
  const len2 = ex * ex + ez * ez;
  let t = len2 < EPS ? 0 : ((c[0] - p[0]) * ex + (c[1] - p[1]) * ez) / len2;
  t = Math.max(0, Math.min(1, t));
  const point: Vec2 = [p[0] + ex * t, p[1] + ez * t];
  return { t, point, distance: dist2(c, point) };
}

/**
 * Distance from c to a polyline, the arc length at the nearest point, and on which side it
 * lies (+1 left of the direction of travel, −1 right, seen from above with x east, z north).
 */
export function polylineProjection(
  c: Vec2,
  path: readonly Vec2[],
  closed = false,
): { distance: number; along: number; side: number } {
  let best = { distance: Infinity, along: 0, side: 1 };
  let acc = 0;
  const n = closed ? path.length : path.length - 1;
  for (let i = 0; i < n; i++) {
    const p = path[i]!;
    const q = path[(i + 1) % path.length]!;
    const r = closestOnSegment(c, p, q);
    const segLen = dist2(p, q);
    if (r.distance < best.distance) {
      const cross = (q[0] - p[0]) * (c[1] - p[1]) - (q[1] - p[1]) * (c[0] - p[0]);
      best = { distance: r.distance, along: acc + r.t * segLen, side: cross >= 0 ? 1 : -1 };
    }
    acc += segLen;
  }
  return best;
}

export function polylineLength(path: readonly Vec2[], closed = false): number {
  let s = 0;
  const n = closed ? path.length : path.length - 1;
  for (let i = 0; i < n; i++) s += dist2(path[i]!, path[(i + 1) % path.length]!);
  return s;
}

/** A polygon outlining a ribbon of `width` along a polyline (for roads and rivers given as paths). */
export function ribbonPolygon(path: readonly Vec2[], width: number): Vec2[] {
  const h = width / 2;
  const left: Vec2[] = [];
  const right: Vec2[] = [];
  for (let i = 0; i < path.length; i++) {
    const prev = path[Math.max(0, i - 1)]!;
    const next = path[Math.min(path.length - 1, i + 1)]!;
    const dx = next[0] - prev[0];
    const dz = next[1] - prev[1];
    const len = hypot(dx, dz) || 1;
    const nx = -dz / len;
    const nz = dx / len;
    const p = path[i]!;
    left.push([p[0] + nx * h, p[1] + nz * h]);
    right.push([p[0] - nx * h, p[1] - nz * h]);
  }
  return [...left, ...right.reverse()];
}

// Facings and bearings. One convention for every ruleset and the view: degrees clockwise from north
// seen from above, 0 = north (+z), 90 = east (+x); PlayFigure.facing and toyarmour use it. (rotate2
// above turns the other way: it is the scenario's counter-clockwise rotation of features.)

/** The plan direction of a facing: a unit vector [x, z] (0 → [0, 1] north, 90 → [1, 0] east). */
export function facingVector(facing: number): Vec2 {
  const r = (facing * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

/** The bearing from a to b, degrees in [0, 360) clockwise from north (0 when a and b coincide). */
export function bearing(a: Vec2, b: Vec2): number {
  return ((Math.atan2(b[0] - a[0], b[1] - a[1]) * 180) / Math.PI + 360) % 360;
}

/** The smaller angle between two bearings or facings, 0..180 (which way round does not matter). */
export function angleBetween(a: number, b: number): number {
  const d = Math.abs(((a - b) % 360) + 360) % 360;
  return d > 180 ? 360 - d : d;
}

/**
 * A plan offset given in a facing's own frame, `forward` cm along the facing and `right` cm to its
 * right (seen from above), as a table offset [x, z].
 */
export function facingOffset(facing: number, forward: number, right: number): Vec2 {
  const [fx, fz] = facingVector(facing);
  // The right of a facing [fx, fz] is [fz, −fx]: east when facing north.
  return [fx * forward + fz * right, fz * forward - fx * right];
}

/** The offset of p from a facing frame at `origin`, as [forward, right] cm: facingOffset's inverse. */
export function inFacingFrame(p: Vec2, origin: Vec2, facing: number): Vec2 {
  const [fx, fz] = facingVector(facing);
  const dx = p[0] - origin[0];
  const dz = p[1] - origin[1];
  return [dx * fx + dz * fz, dx * fz - dz * fx];
}

/**
 * Is p inside (or on the edge of) the rectangle centred at `centre`, `length` cm along `facing` and
 * `width` cm across it? The edge counts, to a nanometre.
 */
export function pointInRotatedRect(p: Vec2, centre: Vec2, length: number, width: number, facing: number): boolean {
  const [f, r] = inFacingFrame(p, centre, facing);
  return Math.abs(f) <= length / 2 + EPS && Math.abs(r) <= width / 2 + EPS;
}

/** The plan distance from p to that rectangle (0 inside or on its edge). */
export function distanceToRotatedRect(p: Vec2, centre: Vec2, length: number, width: number, facing: number): number {
  const [f, r] = inFacingFrame(p, centre, facing);
  const df = Math.max(0, Math.abs(f) - length / 2);
  const dr = Math.max(0, Math.abs(r) - width / 2);
  return df === 0 ? dr : dr === 0 ? df : hypot(df, dr);
}
