// Conservative culling in front of Rapier: proves cheaply that a segment cannot touch any of a set
// of solids, so Rapier (the one geometry authority) is only asked when a hit is possible.
import type { Solid, Vec3 } from '../core';

export interface Aabb { min: Vec3; max: Vec3 }

export function solidAabb(s: Solid): Aabb {
  if (s.shape === 'hull') {
    const min: [number, number, number] = [Infinity, Infinity, Infinity];
    const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (const p of s.points) for (let i = 0; i < 3; i++) { min[i] = Math.min(min[i]!, p[i]!); max[i] = Math.max(max[i]!, p[i]!); }
    return { min, max };
  }
  const a = (s.rotationY * Math.PI) / 180;
  const c = Math.abs(Math.cos(a)), sn = Math.abs(Math.sin(a));
  const [hx, hy, hz] = s.halfExtents;
  const ex = hx * c + hz * sn, ez = hx * sn + hz * c;
  return { min: [s.center[0] - ex, s.center[1] - hy, s.center[2] - ez], max: [s.center[0] + ex, s.center[1] + hy, s.center[2] + ez] };
}

/** Parameter range [t0, t1] ⊂ [0, tMax] where segment from→to is inside the box, or undefined. */
export function segmentAabb(from: Vec3, to: Vec3, box: Aabb, tMax: number, pad = 1e-3): [number, number] | undefined {
  let t0 = 0, t1 = tMax;
  for (let i = 0; i < 3; i++) {
    const o = from[i]!, d = to[i]! - o;
    const lo = box.min[i]! - pad, hi = box.max[i]! + pad;
    if (Math.abs(d) < 1e-12) {
      if (o < lo || o > hi) return undefined;
    } else {
      let a = (lo - o) / d, b = (hi - o) / d;
      if (a > b) [a, b] = [b, a];
      if (a > t0) t0 = a;
      if (b < t1) t1 = b;
      if (t0 > t1) return undefined;
    }
  }
  return [t0, t1];
}

/** Sorted parameters where the plan segment crosses lines x = x0 + k·step or z = z0 + k·step. */
function crossings(from: Vec3, to: Vec3, stepX: number, stepZ: number, tMax: number): number[] {
  const ts = [0, tMax];
  for (const axis of [0, 2] as const) {
    const step = axis === 0 ? stepX : stepZ;
    const a = from[axis], d = to[axis] - a;
    if (Math.abs(d) < 1e-12) continue;
    const b = a + d * tMax;
    const lo = Math.ceil(Math.min(a, b) / step), hi = Math.floor(Math.max(a, b) / step);
    for (let k = lo; k <= hi; k++) {
      const t = (k * step - a) / d;
      if (t > 0 && t < tMax) ts.push(t);
    }
  }
  return ts.sort((x, y) => x - y);
}

/** 2D bins of solid AABBs for a quick "can this segment touch any solid?" answer. */
export class SolidCuller {
  private readonly bins = new Map<number, number[]>();
  private readonly boxes: Aabb[];
  private readonly stamp: Uint32Array;
  private epoch = 0;

  constructor(solids: readonly Solid[], private readonly binSize = 10) {
    this.boxes = solids.map(solidAabb);
    this.stamp = new Uint32Array(solids.length);
    this.boxes.forEach((b, i) => {
      for (let bz = Math.floor(b.min[2] / binSize); bz <= Math.floor(b.max[2] / binSize); bz++) {
        for (let bx = Math.floor(b.min[0] / binSize); bx <= Math.floor(b.max[0] / binSize); bx++) {
          const k = this.key(bx, bz);
          const list = this.bins.get(k);
          if (list) list.push(i);
          else this.bins.set(k, [i]);
        }
      }
    });
  }

  get count(): number {
    return this.boxes.length;
  }

  private key(bx: number, bz: number): number {
    return (bz + 1000) * 4096 + (bx + 1000);
  }

  /** Smallest entry parameter of any solid AABB along the segment within [0, tMax], or undefined. */
  firstEntry(from: Vec3, to: Vec3, tMax: number): number | undefined {
    if (this.boxes.length === 0) return undefined;
    this.epoch++;
    const ts = crossings(from, to, this.binSize, this.binSize, tMax);
    let best: number | undefined;
    for (let i = 0; i + 1 < ts.length; i++) {
      const a = ts[i]!, b = ts[i + 1]!;
      if (best !== undefined && a > best) break;
      const tm = (a + b) / 2;
      const x = from[0] + (to[0] - from[0]) * tm, z = from[2] + (to[2] - from[2]) * tm;
      const list = this.bins.get(this.key(Math.floor(x / this.binSize), Math.floor(z / this.binSize)));
      if (!list) continue;
      for (const idx of list) {
        if (this.stamp[idx] === this.epoch) continue;
        this.stamp[idx] = this.epoch;
        const r = segmentAabb(from, to, this.boxes[idx]!, tMax);
        if (r && (best === undefined || r[0] < best)) best = r[0];
      }
    }
    return best;
  }
}
