// Area volumes (woods, rubble, fields …): plan polygon × height above ground. Sight lines are
// clipped against them to give the length travelled inside, which rules such as K-5.2d read.
import { type Bounds2, type HeightGrid, type Vec2, type Vec3, boundsOf, gridHeightAt, segmentInsideIntervals, hypot } from '../core';
import { type Scenario, type ResolvedTags, areaPolygon, defaultAreaHeight, isArea, resolveTags } from '../scenario';

export interface AreaVolume {
  featureId: string;
  kind: string;
  polygon: Vec2[];
  bounds: Bounds2;
  /** Height of the volume above the local ground, cm (0 = flat: never crossed by a sight line). */
  height: number;
  /** Lowest and highest ground inside the bounds: lets most lines skip per-step height checks. */
  groundMin: number;
  groundMax: number;
  tags: ResolvedTags;
}

function groundRange(grid: HeightGrid, b: Bounds2): [number, number] {
  let lo = Infinity, hi = -Infinity;
  const c0 = Math.max(0, Math.floor(b.minX / grid.spacingX)), c1 = Math.min(grid.columns - 1, Math.ceil(b.maxX / grid.spacingX));
  const r0 = Math.max(0, Math.floor(b.minZ / grid.spacingZ)), r1 = Math.min(grid.rows - 1, Math.ceil(b.maxZ / grid.spacingZ));
  for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) {
    const h = grid.heights[r * grid.columns + c]!;
    if (h < lo) lo = h;
    if (h > hi) hi = h;
  }
  return [lo, hi];
}

export function areaVolumes(s: Scenario, grid: HeightGrid): AreaVolume[] {
  return s.features.filter(isArea).map((f) => {
    const polygon = areaPolygon(f);
    const bounds = boundsOf(polygon);
    const [groundMin, groundMax] = groundRange(grid, bounds);
    return { featureId: f.id, kind: f.kind, polygon, bounds, groundMin, groundMax, height: f.height ?? defaultAreaHeight(f), tags: resolveTags(f) };
  });
}

/**
 * False when the segment surely has no part inside the volume: its plan line misses the outline's
 * bounds, or stays above the highest ground there plus the volume's height while over them. Cheaper than
 * volumeIntervals and allocation-free, for verdicts over many lines.
 */
export function mayCross(v: AreaVolume, from: Vec3, to: Vec3): boolean {
  if (v.height <= 0) return false;
  const b = v.bounds, pad = 1e-6;
  let t0 = 0, t1 = 1;
  for (let a = 0; a < 2; a++) {
    const o = a === 0 ? from[0] : from[2], d = (a === 0 ? to[0] : to[2]) - o;
    const lo = (a === 0 ? b.minX : b.minZ) - pad, hi = (a === 0 ? b.maxX : b.maxZ) + pad;
    if (d === 0) {
      if (o < lo || o > hi) return false;
      continue;
    }
    let p = (lo - o) / d, q = (hi - o) / d;
    if (p > q) { const x = p; p = q; q = x; }
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
    if (t0 > t1) return false;
  }
  // Above the volume's top all along the part of the line over its bounds.
  const ya = from[1] + (to[1] - from[1]) * t0, yb = from[1] + (to[1] - from[1]) * t1;
  return Math.min(ya, yb) <= v.groundMax + v.height;
}

const STEP = 0.5; // cm between checks of the line against the volume top over varying ground

/**
 * Parameter intervals along from→to (t in [0, tMax]) where the line is inside the area volume:
 * inside the plan polygon and below ground + height.
 */
export function volumeIntervals(v: AreaVolume, grid: HeightGrid, from: Vec3, to: Vec3, tMax: number): Array<[number, number]> {
  if (v.height <= 0) return [];
  const minX = Math.min(from[0], to[0]), maxX = Math.max(from[0], to[0]);
  const minZ = Math.min(from[2], to[2]), maxZ = Math.max(from[2], to[2]);
  const b = v.bounds;
  if (maxX < b.minX || minX > b.maxX || maxZ < b.minZ || minZ > b.maxZ) return [];
  const plan = segmentInsideIntervals([from[0], from[2]], [to[0], to[2]], v.polygon);
  const len = hypot(to[0] - from[0], to[2] - from[2]);
  const out: Array<[number, number]> = [];
  for (const [p0, p1] of plan) {
    const t0 = p0, t1 = Math.min(p1, tMax);
    if (t1 <= t0) continue;
    const ya = from[1] + (to[1] - from[1]) * t0, yb = from[1] + (to[1] - from[1]) * t1;
    if (Math.max(ya, yb) <= v.groundMin + v.height) { out.push([t0, t1]); continue; }
    if (Math.min(ya, yb) > v.groundMax + v.height) continue;
    const n = Math.max(1, Math.ceil(((t1 - t0) * len) / STEP));
    let start: number | undefined;
    for (let i = 0; i <= n; i++) {
      const t = t0 + ((t1 - t0) * i) / n;
      // lerp3(from, to, t) without the allocation (same arithmetic).
      const px = from[0] + (to[0] - from[0]) * t, py = from[1] + (to[1] - from[1]) * t, pz = from[2] + (to[2] - from[2]) * t;
      const below = py <= gridHeightAt(grid, px, pz) + v.height;
      if (below && start === undefined) start = t;
      if ((!below || i === n) && start !== undefined) {
        const end = below ? t : t - (t1 - t0) / n / 2;
        if (end > start) out.push([start, end]);
        start = undefined;
      }
    }
  }
  return out;
}
