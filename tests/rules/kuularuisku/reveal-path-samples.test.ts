// narrow-crossing and demolition paths (special-play.ts): pathOnBand and blownSpanOnPath make the
// half-centimetre samples one at a time and skip legs far from the band; they must answer exactly as
// the plain forms below over the full list of samples (K-4.0, K-4.1, K-3.3a), edges included.
import { describe, expect, it } from 'vitest';
import { type Vec2, pointInPolygon } from '../../../src/core';
import { blownSpanOnPath, pathOnBand } from '../../../src/rules/kuularuisku/special-queries';
import { type Band, onBand } from '../../../src/rules/kuularuisku/special';
import type { KState } from '../../../src/rules/kuularuisku/state';

/** Plain form: points every half centimetre along a path (its ends included). */
function pathSamples(points: readonly Vec2[]): Vec2[] {
  const out: Vec2[] = [points[0]!];
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!, b = points[i + 1]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / 0.5));
    for (let k = 1; k <= n; k++) out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  return out;
}

/** Plain form: does any sample lie on the band? */
const pathTouches = (band: Band, samples: readonly Vec2[]) => samples.some((p) => onBand(band, p));

type Demolition = { id: string; span: Band; over: Vec2[] };
/** Plain form: the first destroyed span any sample lies on (on its band and, where given, over its outline). */
function blownSpanOn(s: KState, samples: readonly Vec2[]): Demolition | undefined {
  const sp = s.special as unknown as { destroyed: string[]; config: { demolition: Demolition[] } };
  return sp.config.demolition.find((d) => sp.destroyed.includes(d.id) && samples.some((p) => onBand(d.span, p) && (!d.over.length || pointInPolygon(p, d.over))));
}

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
      expect(blownSpanOnPath(s, p) as unknown).toBe(want);
      if (want) found++;
    }
    expect(found).toBeGreaterThan(20);
  });
});
