// anySolid's box rejects with the segment's reciprocal direction (boxHit, frameHit) against their
// plain forms (boxTouches, frameTouches), and isClear against lineOfSight (whose first-hit walk keeps
// the plain rejects) on random sight lines across Tammerkoski's town, upper floors included.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { boxHit, boxTouches, frameHit, frameTouches } from '../../src/battlefield/sight-caster';
import type { Vec3 } from '../../src/core';
import { parseScenarioOrThrow } from '../../src/scenario';

const coord = fc.double({ min: -50, max: 50, noNaN: true });
const vec = fc.tuple(coord, coord, coord);
/** Some segments flat on an axis (the flat case of the slab tests). */
const segment = fc.tuple(vec, vec, fc.integer({ min: 0, max: 3 })).map(([a, b, flat]): [Vec3, Vec3] => {
  const to: [number, number, number] = [b[0], b[1], b[2]];
  if (flat < 3) to[flat] = a[flat]!;
  return [a, to];
});
const recip = (d: number) => (Math.abs(d) < 1e-12 ? 0 : 1 / d);

/** A flat box array [lo, hi] × 3 from two corners, grown by g on every side (g < 0 shrinks it). */
const boxOf = (p: Vec3, q: Vec3, g: number) => new Float64Array([0, 1, 2].flatMap((a) => [Math.min(p[a]!, q[a]!) - g, Math.max(p[a]!, q[a]!) + g]));
/** The same as a frame turned by angle a (cos, sin, then the box). */
const frameOf = (a: number, p: Vec3, q: Vec3, g: number) => new Float64Array([Math.cos(a), Math.sin(a), ...boxOf(p, q, g)]);
const PAD = 1e-3; // sight-caster's pad of the part boxes and group frames
const EPS = 1e-9;

/**
 * The reciprocal forms give the plain verdict except on a hair's breadth of the box's boundary (there
 * the plain form itself changes its verdict when the box grows or shrinks by EPS), and they never
 * reject a segment that meets the box PAD inside the padded one: the only case the casts need.
 */
describe('reciprocal box rejects', () => {
  it('boxHit: boxTouches\' verdict off the boundary; never rejects a segment meeting the unpadded box', () => {
    fc.assert(fc.property(segment, vec, vec, fc.double({ min: 0, max: 1, noNaN: true }), ([from, to], p, q, tMax) => {
      const hit = (g: number) => boxHit(boxOf(p, q, g), 0, from[0], from[1], from[2], recip(to[0] - from[0]), recip(to[1] - from[1]), recip(to[2] - from[2]), tMax);
      const plain = (g: number) => boxTouches(boxOf(p, q, g), 0, from, to, tMax);
      if (hit(0) !== plain(0)) expect(plain(EPS)).not.toBe(plain(-EPS));
      if (plain(0)) expect(hit(PAD)).toBe(true);
    }), { numRuns: 20000, seed: 8 });
  });

  it('frameHit: frameTouches\' verdict off the boundary; never rejects a segment meeting the unpadded frame', () => {
    fc.assert(fc.property(segment, vec, vec, fc.integer({ min: -1, max: 359 }), fc.double({ min: 0, max: 1, noNaN: true }), ([from, to], p, q, deg, tMax) => {
      const a = deg < 0 ? 0 : (deg * Math.PI) / 180;
      const hit = (g: number) => frameHit(frameOf(a, p, q, g), 0, from[0], from[1], from[2], to[0] - from[0], recip(to[1] - from[1]), to[2] - from[2], tMax);
      const plain = (g: number) => frameTouches(frameOf(a, p, q, g), 0, from, to, tMax);
      if (hit(0) !== plain(0)) expect(plain(EPS)).not.toBe(plain(-EPS));
      if (plain(0)) expect(hit(PAD)).toBe(true);
    }), { numRuns: 20000, seed: 8 });
  });
});

describe('Tammerkoski sight lines', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    const file = 'scenarios/kuularuisku/tammerkoski.json';
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(file, 'utf8'), file));
  });
  afterAll(() => bf.free());

  it('isClear equals lineOfSight on random lines at figure and upper-floor heights', () => {
    const { width, depth } = bf.scenario.table;
    const point = fc.tuple(fc.double({ min: 0, max: width, noNaN: true }), fc.double({ min: 0.1, max: 12, noNaN: true }), fc.double({ min: 0, max: depth, noNaN: true }))
      .map(([x, up, z]): Vec3 => [x, bf.groundHeight(x, z) + up, z]);
    let clear = 0, n = 0;
    fc.assert(fc.property(point, point, (a, b) => {
      const v = bf.isClear(a, b);
      expect(v).toBe(bf.lineOfSight(a, b).clear);
      n++; if (v) clear++;
    }), { numRuns: 3000, seed: 8 });
    expect(clear).toBeGreaterThan(n / 20); // both verdicts met
    expect(clear).toBeLessThan(n - n / 20);
  });
});
