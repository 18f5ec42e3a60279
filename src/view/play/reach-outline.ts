// A unit's move reach drawn as one outline: the boundary of the union of its figures' reach rings
// (each edge cut where it crosses another ring, the pieces inside another ring dropped), instead of
// one ring per soldier stacked over each other. Plain geometry on the rings the rules computed.
import { pointInRing, type TablePoint } from './play-geometry';

export type Segment = [TablePoint, TablePoint];

/** Where segment a–b crosses c–d, as the share along a–b (0…1), or null. */
function crossing(a: TablePoint, b: TablePoint, c: TablePoint, d: TablePoint): number | null {
  const rx = b[0] - a[0], rz = b[1] - a[1];
  const sx = d[0] - c[0], sz = d[1] - c[1];
  const den = rx * sz - rz * sx;
  if (Math.abs(den) < 1e-12) return null;
  const qx = c[0] - a[0], qz = c[1] - a[1];
  const t = (qx * sz - qz * sx) / den;
  const u = (qx * rz - qz * rx) / den;
  return t > 1e-9 && t < 1 - 1e-9 && u >= 0 && u <= 1 ? t : null;
}

interface Box { minX: number; minZ: number; maxX: number; maxZ: number }

function boxOf(ring: readonly TablePoint[]): Box {
  const b = { minX: Infinity, minZ: Infinity, maxX: -Infinity, maxZ: -Infinity };
  for (const [x, z] of ring) {
    b.minX = Math.min(b.minX, x); b.maxX = Math.max(b.maxX, x);
    b.minZ = Math.min(b.minZ, z); b.maxZ = Math.max(b.maxZ, z);
  }
  return b;
}

const inBox = (p: TablePoint, b: Box) => p[0] >= b.minX && p[0] <= b.maxX && p[1] >= b.minZ && p[1] <= b.maxZ;
const boxesMeet = (a: Box, b: Box) => a.minX <= b.maxX && b.minX <= a.maxX && a.minZ <= b.maxZ && b.minZ <= a.maxZ;

/** The outline of the union of closed rings, as segments (a ring inside another adds nothing). */
export function unionOutline(rings: ReadonlyArray<readonly TablePoint[]>): Segment[] {
  const shapes = rings.filter((r) => r.length > 2).map((ring) => ({ ring, box: boxOf(ring) }));
  const out: Segment[] = [];
  shapes.forEach((own, i) => {
    const others = shapes.filter((o, j) => j !== i && boxesMeet(o.box, own.box));
    const n = own.ring.length;
    for (let k = 0; k < n; k++) {
      const a = own.ring[k]!;
      const b = own.ring[(k + 1) % n]!;
      const cuts = [0, 1];
      for (const o of others) {
        const m = o.ring.length;
        for (let q = 0; q < m; q++) {
          const t = crossing(a, b, o.ring[q]!, o.ring[(q + 1) % m]!);
          if (t !== null) cuts.push(t);
        }
      }
      cuts.sort((x, y) => x - y);
      for (let c = 0; c + 1 < cuts.length; c++) {
        const t0 = cuts[c]!, t1 = cuts[c + 1]!;
        if (t1 - t0 < 1e-9) continue;
        const at = (t: number): TablePoint => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
        const mid = at((t0 + t1) / 2);
        if (others.some((o) => inBox(mid, o.box) && pointInRing(mid, o.ring))) continue;
        out.push([at(t0), at(t1)]);
      }
    }
  });
  return out;
}

/** Segments laid on the ground for drawing as line pieces: each split into steps of about `step` cm. */
export function drapeSegments(segments: readonly Segment[], groundHeight: (x: number, z: number) => number, lift = 0.2, step = 1): Array<[number, number, number]> {
  const out: Array<[number, number, number]> = [];
  for (const [a, b] of segments) {
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    let prev: [number, number, number] = [a[0], groundHeight(a[0], a[1]) + lift, a[1]];
    for (let k = 1; k <= n; k++) {
      const x = a[0] + ((b[0] - a[0]) * k) / n;
      const z = a[1] + ((b[1] - a[1]) * k) / n;
      const next: [number, number, number] = [x, groundHeight(x, z) + lift, z];
      out.push(prev, next);
      prev = next;
    }
  }
  return out;
}
