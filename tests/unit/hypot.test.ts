// core hypot / hypot3 stand in for Math.hypot in the rules' hot paths: they must give the very same
// number, bit for bit, or a distance on a threshold (range, contact, coherency) could decide otherwise.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dist2, dist3, hypot, hypot3 } from '../../src/core';

const special = [0, -0, 1, -1, 3, 4, 0.1, -2.5, Infinity, -Infinity, NaN, 5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 1e154, 1e-160];
// Any double (NaN, infinities, subnormals included) and table-like centimetres.
const anyDouble = fc.oneof(fc.double(), fc.double({ min: -500, max: 500, noNaN: true }), fc.integer({ min: -2000, max: 2000 }).map((n) => n / 10));

describe('hypot is Math.hypot to the last bit', () => {
  it('on every pair and triple of awkward values (zeros of both signs, NaN, infinities, subnormals, the largest doubles)', () => {
    for (const a of special) {
      for (const b of special) {
        expect(Object.is(hypot(a, b), Math.hypot(a, b)), `hypot(${a}, ${b})`).toBe(true);
        for (const c of special) expect(Object.is(hypot3(a, b, c), Math.hypot(a, b, c)), `hypot3(${a}, ${b}, ${c})`).toBe(true);
      }
    }
  });

  it('on random doubles', () => {
    fc.assert(fc.property(anyDouble, anyDouble, (a, b) => Object.is(hypot(a, b), Math.hypot(a, b))), { numRuns: 20000 });
    fc.assert(fc.property(anyDouble, anyDouble, anyDouble, (a, b, c) => Object.is(hypot3(a, b, c), Math.hypot(a, b, c))), { numRuns: 20000 });
  });

  it('dist2 and dist3 measure with it', () => {
    expect(dist2([1, 2], [4, 6])).toBe(5);
    expect(dist3([0, 0, 0], [2, 3, 6])).toBe(7);
    expect(Object.is(dist2([0.1, 0.2], [0.7, -1.3]), Math.hypot(0.7 - 0.1, -1.3 - 0.2))).toBe(true);
  });
});
