// A unit's move reach is drawn as one outline, the union of its figures' rings, not a ring per soldier.
import { describe, expect, it } from 'vitest';
import { pointInRing, type TablePoint } from '../../src/view/play/play-geometry';
import { drapeSegments, unionOutline, type Segment } from '../../src/view/play/reach-outline';

const square = (x: number, z: number, s: number): TablePoint[] => [[x, z], [x + s, z], [x + s, z + s], [x, z + s]];
const circle = (x: number, z: number, r: number, n = 48): TablePoint[] =>
  Array.from({ length: n }, (_, i) => [x + r * Math.cos((2 * Math.PI * i) / n), z + r * Math.sin((2 * Math.PI * i) / n)] as TablePoint);
const length = (segs: Segment[]) => segs.reduce((s, [a, b]) => s + Math.hypot(b[0] - a[0], b[1] - a[1]), 0);

describe('the reach outline of a unit', () => {
  it('two overlapping squares: the union\u2019s perimeter, nothing of the overlap inside', () => {
    const segs = unionOutline([square(0, 0, 10), square(5, 5, 10)]);
    // The L-shaped union of two 10 cm squares offset by 5: perimeter 60 cm.
    expect(length(segs)).toBeCloseTo(60, 6);
    for (const [a, b] of segs) {
      const mid: TablePoint = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      expect(pointInRing(mid, [[5.01, 5.01], [9.99, 5.01], [9.99, 9.99], [5.01, 9.99]])).toBe(false);
    }
  });

  it('a ring inside another adds nothing; apart rings keep their own outlines', () => {
    expect(length(unionOutline([square(0, 0, 10), square(2, 2, 3)]))).toBeCloseTo(40, 6);
    expect(length(unionOutline([square(0, 0, 10), square(20, 0, 10)]))).toBeCloseTo(80, 6);
  });

  it('nine soldiers\u2019 reach circles in a line make one outline about as long as their hull, not nine rings', () => {
    const rings = Array.from({ length: 9 }, (_, i) => circle(i * 3, 0, 12));
    const segs = unionOutline(rings);
    const nine = rings.reduce((s, r) => s + length(r.map((p, i) => [p, r[(i + 1) % r.length]!] as Segment)), 0);
    // The union of circles along a 24 cm line: close to 2·24 + 2π·12 ≈ 123 cm; nine whole rings ≈ 676 cm.
    expect(length(segs)).toBeGreaterThan(115);
    expect(length(segs)).toBeLessThan(130);
    expect(nine).toBeGreaterThan(600);
    // Every piece kept lies on no other soldier's inside.
    for (const [a, b] of segs) {
      const mid: TablePoint = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
      const inside = rings.filter((r) => pointInRing(mid, r)).length;
      expect(inside).toBeLessThanOrEqual(1);
    }
  });

  it('is laid on the ground in steps, as pairs of points', () => {
    const pts = drapeSegments([[[0, 0], [3, 0]]], (x) => x / 10, 0.2, 1);
    expect(pts).toHaveLength(6);
    expect(pts[0]).toEqual([0, 0.2, 0]);
    expect(pts[5]![1]).toBeCloseTo(0.5, 6);
  });
});
