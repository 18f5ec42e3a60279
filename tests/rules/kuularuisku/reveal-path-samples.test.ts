// narrow-crossing and demolition paths (special-play.ts): pathOnBand and blownSpanOnPath make the
// half-centimetre samples one at a time and skip legs far from the band; they must answer exactly as
// pathTouches / blownSpanOn over the full pathSamples list (K-4.0, K-4.1, K-3.3a), edges included.
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core';
import { blownSpanOn, blownSpanOnPath, pathOnBand, pathSamples, pathTouches } from '../../../src/rules/kuularuisku/special-play';
import type { Band } from '../../../src/rules/kuularuisku/special';
import type { KState } from '../../../src/rules/kuularuisku/state';

/** A small deterministic generator (no dependency on Math.random). */
function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('path samples on a band without the sample list', () => {
  const r = rng(7);
  const pick = (lo: number, hi: number) => lo + (hi - lo) * r();
  const bands: Band[] = [];
  for (let i = 0; i < 40; i++) {
    const a: Vec2 = [pick(20, 80), pick(20, 80)];
    // Some axis-parallel bands and rounded coordinates (paths that run along or end on the edges).
    const b: Vec2 = i % 4 === 0 ? [a[0] + pick(-30, 30), a[1]] : i % 4 === 1 ? [Math.round(pick(20, 80)), Math.round(pick(20, 80))] : [pick(20, 80), pick(20, 80)];
    bands.push({ a, b, half: i % 3 === 0 ? 1 : pick(0.3, 4) });
  }
  const paths: Vec2[][] = [];
  for (let i = 0; i < 400; i++) {
    const n = 2 + (i % 3);
    const p: Vec2[] = [];
    for (let k = 0; k < n; k++) p.push(i % 5 === 0 ? [Math.round(pick(0, 100) * 2) / 2, Math.round(pick(0, 100) * 2) / 2] : [pick(0, 100), pick(0, 100)]);
    paths.push(p);
  }
  // Paths along a band's own edge lines and through its end points.
  for (const band of bands.slice(0, 10)) {
    paths.push([band.a, band.b], [[band.a[0] - band.half, band.a[1]], [band.b[0] - band.half, band.b[1]]], [[band.a[0], band.a[1] + band.half], [band.b[0], band.b[1] + band.half]]);
  }

  it('pathOnBand(band, points) is pathTouches(band, pathSamples(points))', () => {
    let hits = 0;
    for (const band of bands) for (const p of paths) {
      const want = pathTouches(band, pathSamples(p));
      expect(pathOnBand(band, p)).toBe(want);
      if (want) hits++;
    }
    expect(hits).toBeGreaterThan(500); // both answers are exercised
  });

  it('blownSpanOnPath(s, points) is blownSpanOn(s, pathSamples(points)), first destroyed span first', () => {
    const demolition = bands.slice(0, 6).map((span, k) => ({ id: `d${k}`, span, over: k % 2 ? [] : [[0, 0], [60, 0], [60, 100], [0, 100]] as Vec2[] }));
    const s = { special: { destroyed: ['d1', 'd2', 'd4', 'd5'], config: { demolition } } } as unknown as KState;
    let found = 0;
    for (const p of paths) {
      const want = blownSpanOn(s, pathSamples(p));
      expect(blownSpanOnPath(s, p)).toBe(want);
      if (want) found++;
    }
    expect(found).toBeGreaterThan(20);
  });
});
