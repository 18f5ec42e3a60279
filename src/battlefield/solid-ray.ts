// Exact segment tests against the plain-data solids (oriented boxes, convex hulls) — the same
// shapes Rapier holds as colliders; a property test keeps the two in agreement.
import type { Solid, Vec3 } from '../core';

export interface RayShape {
  /** Entry parameter of the segment from→to into the shape within [0, tMax], or −1. */
  cast(from: Vec3, to: Vec3, tMax: number): number;
}

class BoxShape implements RayShape {
  private readonly c: number;
  private readonly s: number;
  constructor(private readonly center: Vec3, private readonly half: Vec3, rotationY: number) {
    const a = (rotationY * Math.PI) / 180;
    this.c = Math.cos(a);
    this.s = Math.sin(a);
  }

  cast(from: Vec3, to: Vec3, tMax: number): number {
    // Into the box frame: undo the counter-clockwise plan rotation.
    const fx = from[0] - this.center[0], fz = from[2] - this.center[2];
    const tx = to[0] - this.center[0], tz = to[2] - this.center[2];
    const o0 = fx * this.c + fz * this.s, o2 = -fx * this.s + fz * this.c;
    const e0 = tx * this.c + tz * this.s, e2 = -tx * this.s + tz * this.c;
    const o1 = from[1] - this.center[1], e1 = to[1] - this.center[1];
    let t0 = 0, t1 = tMax;
    // Three slabs, unrolled (this runs for every candidate of every sight line).
    for (let axis = 0; axis < 3; axis++) {
      const o = axis === 0 ? o0 : axis === 1 ? o1 : o2;
      const d = (axis === 0 ? e0 : axis === 1 ? e1 : e2) - o;
      const h = this.half[axis]!;
      if (Math.abs(d) < 1e-12) {
        if (o < -h || o > h) return -1;
        continue;
      }
      let a = (-h - o) / d, b = (h - o) / d;
      if (a > b) { const x = a; a = b; b = x; }
      if (a > t0) t0 = a;
      if (b < t1) t1 = b;
      if (t0 > t1) return -1;
    }
    return t0;
  }
}

class HullShape implements RayShape {
  /** Planes n·p ≤ d bounding the hull: [nx, ny, nz, d] each. */
  private readonly planes: Array<[number, number, number, number]> = [];

  constructor(points: readonly Vec3[]) {
    const n = points.length;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) for (let k = j + 1; k < n; k++) {
      const p = points[i]!, q = points[j]!, r = points[k]!;
      const u = [q[0] - p[0], q[1] - p[1], q[2] - p[2]];
      const v = [r[0] - p[0], r[1] - p[1], r[2] - p[2]];
      let nx = u[1]! * v[2]! - u[2]! * v[1]!, ny = u[2]! * v[0]! - u[0]! * v[2]!, nz = u[0]! * v[1]! - u[1]! * v[0]!;
      const len = Math.hypot(nx, ny, nz);
      if (len < 1e-9) continue;
      nx /= len; ny /= len; nz /= len;
      let d = nx * p[0] + ny * p[1] + nz * p[2];
      let above = 0, below = 0;
      for (const w of points) {
        const s = nx * w[0] + ny * w[1] + nz * w[2] - d;
        if (s > 1e-7) above++;
        else if (s < -1e-7) below++;
      }
      if (above && below) continue; // not a face
      if (above) { nx = -nx; ny = -ny; nz = -nz; d = -d; }
      this.planes.push([nx, ny, nz, d]);
    }
  }

  cast(from: Vec3, to: Vec3, tMax: number): number {
    let t0 = 0, t1 = tMax;
    const dx = to[0] - from[0], dy = to[1] - from[1], dz = to[2] - from[2];
    for (const [nx, ny, nz, d] of this.planes) {
      const dist = nx * from[0] + ny * from[1] + nz * from[2] - d;
      const den = nx * dx + ny * dy + nz * dz;
      if (Math.abs(den) < 1e-12) {
        if (dist > 0) return -1;
        continue;
      }
      const t = -dist / den;
      if (den < 0) { if (t > t0) t0 = t; }
      else if (t < t1) t1 = t;
      if (t0 > t1) return -1;
    }
    return t0;
  }
}

export function rayShape(s: Solid): RayShape {
  return s.shape === 'box' ? new BoxShape(s.center, s.halfExtents, s.rotationY) : new HullShape(s.points);
}
