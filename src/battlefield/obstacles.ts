// Plan-view crossings of a segment with linear obstacles, parapets and fortification crest lines:
// pure geometry over the same solids Rapier holds (cover behind a wall or a parapet, K-style rules).
import { type HeightGrid, type Solid, type Vec2, boundsOf, gridHeightAt } from '../core';
import type { ResolvedTags, Scenario } from '../scenario';
import type { ObstacleCrossing } from './types';

/** Entry parameter t ∈ [0, 1] of segment a→b into a box footprint (rotated rectangle), or undefined. */
function segmentRect(a: Vec2, b: Vec2, center: Vec2, half: Vec2, rotDeg: number): number | undefined {
  // Into the box frame: rotation is counter-clockwise seen from above.
  const r = (-rotDeg * Math.PI) / 180;
  const c = Math.cos(r), s = Math.sin(r);
  const local = (p: Vec2): Vec2 => {
    const x = p[0] - center[0], z = p[1] - center[1];
    return [x * c - z * s, x * s + z * c];
  };
  const p = local(a), q = local(b);
  let t0 = 0, t1 = 1;
  for (let i = 0; i < 2; i++) {
    const o = p[i]!, d = q[i]! - o, h = half[i]!;
    if (Math.abs(d) < 1e-12) {
      if (o < -h || o > h) return undefined;
      continue;
    }
    let u = (-h - o) / d, v = (h - o) / d;
    if (u > v) [u, v] = [v, u];
    t0 = Math.max(t0, u);
    t1 = Math.min(t1, v);
    if (t0 > t1) return undefined;
  }
  return t0;
}

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
}

export function obstacleBoxes(solids: readonly Solid[]): ObstacleBox[] {
  const out: ObstacleBox[] = [];
  for (const s of solids) {
    if (s.shape !== 'box' || (s.part !== 'obstacle' && s.part !== 'parapet')) continue;
    const r = Math.hypot(s.halfExtents[0], s.halfExtents[2]);
    out.push({ solid: s, minX: s.center[0] - r, maxX: s.center[0] + r, minZ: s.center[2] - r, maxZ: s.center[2] + r });
  }
  return out;
}

/** Fortification crest lines (rampart, bastion, redoubt) with their plan bounds (built once per battlefield). */
export interface CrestLine { id: string; kind: Scenario['features'][number]['kind']; path: Vec2[]; closed: boolean; minX: number; maxX: number; minZ: number; maxZ: number }

export function crestLines(scenario: Scenario): CrestLine[] {
  const out: CrestLine[] = [];
  for (const f of scenario.features) {
    if (!WORKS.has(f.kind) || !('path' in f) || !f.path) continue;
    const path = f.path as Vec2[];
    out.push({ id: f.id, kind: f.kind, path, closed: 'closed' in f && f.closed !== undefined ? !!f.closed : f.kind !== 'rampart', ...boundsOf(path) });
  }
  return out;
}

/**
 * The obstacles a segment crosses, nearest first. `candidates` (optional) gives the indices, ascending,
 * of the boxes whose plan bounds may meet the segment's (plan bins; undefined: look at all), `crests`
 * the crest lines found once per battlefield.
 */
export function obstacleCrossings(
  scenario: Scenario, boxes: readonly ObstacleBox[], grid: HeightGrid, from: Vec2, to: Vec2,
  tagsOf: (featureId: string) => ResolvedTags | undefined,
  candidates?: (minX: number, minZ: number, maxX: number, maxZ: number) => readonly number[] | undefined,
  crests: readonly CrestLine[] = crestLines(scenario),
): ObstacleCrossing[] {
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const best = new Map<string, ObstacleCrossing>();
  const keep = (x: ObstacleCrossing) => {
    const k = `${x.featureId}/${x.part}`;
    const prev = best.get(k);
    if (!prev || prev.distance > x.distance) best.set(k, x);
  };
  const minX = Math.min(from[0], to[0]), maxX = Math.max(from[0], to[0]);
  const minZ = Math.min(from[1], to[1]), maxZ = Math.max(from[1], to[1]);
  for (const k of candidates?.(minX, minZ, maxX, maxZ) ?? boxes.keys()) {
    const b = boxes[k]!;
    if (b.maxX < minX || b.minX > maxX || b.maxZ < minZ || b.minZ > maxZ) continue;
    const s = b.solid;
    const t = segmentRect(from, to, [s.center[0], s.center[2]], [s.halfExtents[0], s.halfExtents[2]], s.rotationY);
    if (t === undefined) continue;
    const point: Vec2 = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
    const tags = tagsOf(s.featureId);
    if (!tags) continue;
    const ground = gridHeightAt(grid, Math.min(Math.max(point[0], 0), scenario.table.width), Math.min(Math.max(point[1], 0), scenario.table.depth));
    keep({ featureId: s.featureId, kind: s.featureKind, part: s.part, tags, distance: t * len, point, height: Math.max(0, s.center[1] + s.halfExtents[1] - ground) });
  }
  for (const f of crests) {
    if (f.maxX < minX || f.minX > maxX || f.maxZ < minZ || f.minZ > maxZ) continue;
    const path = f.path;
    const n = f.closed ? path.length : path.length - 1;
    for (let i = 0; i < n; i++) {
      const t = segmentSegment(from, to, path[i]!, path[(i + 1) % path.length]!);
      if (t === undefined) continue;
      const tags = tagsOf(f.id);
      if (!tags) continue;
      keep({ featureId: f.id, kind: f.kind, part: 'crest', tags, distance: t * len, point: [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t], height: 0 });
    }
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance);
}
