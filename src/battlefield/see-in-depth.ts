// Where a sight line through a depth-limited area (dense woods, rubble: K-5.2d "10 cm in from the
// edge") stops: measured along the line inside the area, or as each end's depth from the edge it crosses.
import { type Vec2, type Vec3, closestOnSegment, hypot, segmentInsideIntervals } from '../core';
import type { DepthMeasure } from './types';

/** An end of the line counts as inside the area when its span starts or ends this close to it. */
const END = 1e-9;
/** A plan crossing lies on an outline side when this close to it, cm. */
const ON_SIDE = 1e-6;

/**
 * The parameter t where sight stops in one area, or undefined when the area lets it through.
 * `spans` are the [t0, t1] stretches of from→to inside the area (up to tEnd), `distance` the line's length.
 */
export function depthStop(
  measure: DepthMeasure | undefined, polygon: readonly Vec2[], spans: ReadonlyArray<readonly [number, number]>,
  from: Vec3, to: Vec3, distance: number, limit: number, tEnd: number,
): number | undefined {
  return measure === 'from-edge' ? stopFromEdge(polygon, spans, from, to, distance, limit, tEnd) : stopAlongLine(spans, distance, limit);
}

/** The length of the line inside the area (all its stretches) may not exceed the limit. */
function stopAlongLine(spans: ReadonlyArray<readonly [number, number]>, distance: number, limit: number): number | undefined {
  let acc = 0;
  for (const [a, b] of spans) {
    const len = (b - a) * distance;
    if (acc + len > limit + 1e-9) return a + (limit - acc) / distance;
    acc += len;
  }
  return undefined;
}

/**
 * Each end inside the area must be within the limit of the edge the line crosses (its depth, measured
 * square to that edge in plan); a stretch with neither end inside stops sight where it begins. A stretch
 * holding both ends crosses no edge: its length along the line is what is measured.
 */
function stopFromEdge(
  polygon: readonly Vec2[], spans: ReadonlyArray<readonly [number, number]>, from: Vec3, to: Vec3, distance: number, limit: number, tEnd: number,
): number | undefined {
  const p: Vec2 = [from[0], from[2]], q: Vec2 = [to[0], to[2]];
  let stop: number | undefined;
  const at = (t: number) => { if (stop === undefined || t < stop) stop = t; };
  for (const [a, b] of spans) {
    const atFrom = a <= END, atTo = tEnd >= 1 && b >= 1 - END;
    if (atFrom && atTo) { if ((b - a) * distance > limit + 1e-9) at(a + limit / distance); }
    else if (atFrom) { if (edgeDepth(polygon, p, q) > limit + 1e-9) at(a); }
    else if (atTo) { if (edgeDepth(polygon, q, p) > limit + 1e-9) at(a); }
    else at(a);
  }
  return stop;
}

/**
 * How deep plan point p stands inside the outline, measured square to the side that the plan line
 * p → q leaves it through; with no side crossed (q inside too), the distance to the nearest side.
 */
export function edgeDepth(polygon: readonly Vec2[], p: Vec2, q: Vec2): number {
  const first = segmentInsideIntervals(p, q, polygon)[0];
  const n = polygon.length;
  if (first && first[0] <= END && first[1] < 1 - END) {
    const c: Vec2 = [p[0] + (q[0] - p[0]) * first[1], p[1] + (q[1] - p[1]) * first[1]];
    let depth = Infinity;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const s0 = polygon[j]!, s1 = polygon[i]!;
      if (closestOnSegment(c, s0, s1).distance > ON_SIDE) continue;
      const ex = s1[0] - s0[0], ez = s1[1] - s0[1];
      const len = hypot(ex, ez);
      if (len > 0) depth = Math.min(depth, Math.abs((p[0] - s0[0]) * ez - (p[1] - s0[1]) * ex) / len);
    }
    return depth === Infinity ? hypot(c[0] - p[0], c[1] - p[1]) : depth;
  }
  let nearest = Infinity;
  for (let i = 0, j = n - 1; i < n; j = i++) nearest = Math.min(nearest, closestOnSegment(p, polygon[j]!, polygon[i]!).distance);
  return nearest;
}
