// Plan-view crossings of a segment with linear obstacles, parapets and fortification crest lines:
// pure geometry over the same solids Rapier holds (cover behind a wall or a parapet, K-style rules).
import { type HeightGrid, type Solid, type Vec2, boundsOf, gridHeightAt, hypot } from '../core';
import type { ResolvedTags, Scenario } from '../scenario';
import type { ObstacleCrossing } from './types';

function segmentSegment(a: Vec2, b: Vec2, p: Vec2, q: Vec2): number | undefined {
  const dx = b[0] - a[0], dz = b[1] - a[1], ex = q[0] - p[0], ez = q[1] - p[1];
  const den = dx * ez - dz * ex;
  if (Math.abs(den) < 1e-12) return undefined;
  const t = ((p[0] - a[0]) * ez - (p[1] - a[1]) * ex) / den;
  const u = ((p[0] - a[0]) * dz - (p[1] - a[1]) * dx) / den;
  return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
}

const WORKS = new Set(['rampart', 'bastion', 'redoubt']);

/** The obstacle and parapet boxes of a battlefield with their plan bounds (built once per battlefield). */
export interface ObstacleBox {
  solid: Extract<Solid, { shape: 'box' }>;
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
  /** cos and sin of the turn into the box frame (rotation is counter-clockwise seen from above). */
  c: number;
  s: number;
}

export function obstacleBoxes(solids: readonly Solid[]): ObstacleBox[] {
  const out: ObstacleBox[] = [];
  for (const s of solids) {
    if (s.shape !== 'box' || (s.part !== 'obstacle' && s.part !== 'parapet')) continue;
    const r = hypot(s.halfExtents[0], s.halfExtents[2]);
    const a = (-s.rotationY * Math.PI) / 180;
    out.push({ solid: s, minX: s.center[0] - r, maxX: s.center[0] + r, minZ: s.center[2] - r, maxZ: s.center[2] + r, c: Math.cos(a), s: Math.sin(a) });
  }
  return out;
}

/** Entry parameter t ∈ [0, 1] of segment a→b into a box's footprint (a turned rectangle), or undefined; no allocation. */
function segmentBox(a: Vec2, b: Vec2, box: ObstacleBox): number | undefined {
  const sd = box.solid, c = box.c, s = box.s;
  const cx = sd.center[0], cz = sd.center[2];
  const ax = a[0] - cx, az = a[1] - cz, bx = b[0] - cx, bz = b[1] - cz;
  const p0 = ax * c - az * s, p1 = ax * s + az * c;
  const q0 = bx * c - bz * s, q1 = bx * s + bz * c;
  let t0 = 0, t1 = 1;
  for (let i = 0; i < 2; i++) {
    const o = i === 0 ? p0 : p1, d = (i === 0 ? q0 : q1) - o, h = i === 0 ? sd.halfExtents[0] : sd.halfExtents[2];
    if (Math.abs(d) < 1e-12) {
      if (o < -h || o > h) return undefined;
      continue;
    }
    let u = (-h - o) / d, v = (h - o) / d;
    if (u > v) { const w = u; u = v; v = w; }
    t0 = Math.max(t0, u);
    t1 = Math.min(t1, v);
    if (t0 > t1) return undefined;
  }
  return t0;
}

/** Fortification crest lines (rampart, bastion, redoubt) with their plan bounds (built once per battlefield). */
export interface CrestLine { id: string; kind: Scenario['features'][number]['kind']; path: Vec2[]; closed: boolean; minX: number; maxX: number; minZ: number; maxZ: number }

export function crestLines(scenario: Scenario): CrestLine[] {
  const out: CrestLine[] = [];
  for (const f of scenario.features) {
    if (!WORKS.has(f.kind) || !('path' in f) || !f.path) continue;
    // A ditch alone (no bank) has no crest line to shelter behind.
    if ('height' in f && f.height === 0) continue;
    const path = f.path as Vec2[];
    out.push({ id: f.id, kind: f.kind, path, closed: 'closed' in f && f.closed !== undefined ? !!f.closed : f.kind !== 'rampart', ...boundsOf(path) });
  }
  return out;
}

/**
 * The obstacles a segment crosses, nearest first. `candidates` (optional) gives the indices, ascending,
 * of the boxes whose plan bounds may meet the segment's (plan bins; undefined: look at all), `crests`
 * the crest lines found once per battlefield. `maxDistance`: only the crossings at most that far from
 * `from` (the same ones, at the same distances along the whole segment, as the full list gives).
 */
export function obstacleCrossings(
  scenario: Scenario, boxes: readonly ObstacleBox[], grid: HeightGrid, from: Vec2, to: Vec2,
  tagsOf: (featureId: string) => ResolvedTags | undefined,
  candidates?: (minX: number, minZ: number, maxX: number, maxZ: number) => readonly number[] | undefined,
  crests: readonly CrestLine[] = crestLines(scenario),
  maxDistance = Infinity,
): ObstacleCrossing[] {
  const len = hypot(to[0] - from[0], to[1] - from[1]);
  // The nearest crossing of each feature part, in the order the parts were first met (a list: a
  // segment crosses a few parts at most; the parts 'obstacle', 'parapet' and 'crest' tell the keys
  // "feature/part" apart exactly as a map by that string would). A crossing is only built when it
  // is nearer than the one kept for its part.
  // (Plain functions below, not closures over `best`: this runs for every path segment the rules look at.)
  let best: ObstacleCrossing[] | undefined;
  // The plan box of the part of the segment looked at: all of it, or its first maxDistance (padded
  // against rounding: a crossing that near enters its box within this one).
  let minX = Math.min(from[0], to[0]), maxX = Math.max(from[0], to[0]);
  let minZ = Math.min(from[1], to[1]), maxZ = Math.max(from[1], to[1]);
  if (maxDistance < len) {
    const k = maxDistance / len;
    const ex = from[0] + (to[0] - from[0]) * k, ez = from[1] + (to[1] - from[1]) * k;
    minX = Math.min(from[0], ex) - 1e-6; maxX = Math.max(from[0], ex) + 1e-6;
    minZ = Math.min(from[1], ez) - 1e-6; maxZ = Math.max(from[1], ez) + 1e-6;
  }
  const near = candidates?.(minX, minZ, maxX, maxZ);
  const n = near ? near.length : boxes.length;
  for (let i = 0; i < n; i++) {
    const b = boxes[near ? near[i]! : i]!;
    if (b.maxX < minX || b.minX > maxX || b.maxZ < minZ || b.minZ > maxZ) continue;
    const s = b.solid;
    const t = segmentBox(from, to, b);
    if (t === undefined) continue;
    const distance = t * len;
    if (distance > maxDistance) continue;
    const q = slotOf(best, s.featureId, s.part);
    if (q >= 0 && !(best![q]!.distance > distance)) continue;
    const tags = tagsOf(s.featureId);
    if (!tags) continue;
    const point: Vec2 = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
    const ground = gridHeightAt(grid, Math.min(Math.max(point[0], 0), scenario.table.width), Math.min(Math.max(point[1], 0), scenario.table.depth));
    best = keep(best, q, { featureId: s.featureId, kind: s.featureKind, part: s.part, tags, distance, point, height: Math.max(0, s.center[1] + s.halfExtents[1] - ground) });
  }
  for (const f of crests) {
    if (f.maxX < minX || f.minX > maxX || f.maxZ < minZ || f.minZ > maxZ) continue;
    const path = f.path;
    const n = f.closed ? path.length : path.length - 1;
    for (let i = 0; i < n; i++) {
      const t = segmentSegment(from, to, path[i]!, path[(i + 1) % path.length]!);
      if (t === undefined) continue;
      const distance = t * len;
      if (distance > maxDistance) continue;
      const q = slotOf(best, f.id, 'crest');
      if (q >= 0 && !(best![q]!.distance > distance)) continue;
      const tags = tagsOf(f.id);
      if (!tags) continue;
      best = keep(best, q, { featureId: f.id, kind: f.kind, part: 'crest', tags, distance, point: [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t], height: 0 });
    }
  }
  return best ? best.sort(byDistance) : [];
}

const byDistance = (a: ObstacleCrossing, b: ObstacleCrossing) => a.distance - b.distance;

/** The slot of the crossing kept for a feature part, or -1. */
function slotOf(best: readonly ObstacleCrossing[] | undefined, featureId: string, part: string): number {
  if (best) for (let q = 0; q < best.length; q++) if (best[q]!.featureId === featureId && best[q]!.part === part) return q;
  return -1;
}

/** Keep x in slot q (or as a new part when q < 0); the list, made on the first crossing. */
function keep(best: ObstacleCrossing[] | undefined, q: number, x: ObstacleCrossing): ObstacleCrossing[] {
  if (q >= 0) { best![q] = x; return best!; }
  (best ??= []).push(x);
  return best;
}
