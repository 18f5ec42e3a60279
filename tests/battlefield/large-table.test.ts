// The fast sight path against Rapier on the benchmark table: 40 rotated buildings with roofs,
// 256×256 heights, walls and hedges — and the bulk queries against single ones.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { rapierReferenceHit } from '../../src/testing';
import type { Vec3 } from '../../src/core';
import { largeTable } from '../../bench/large-table';

let bf: Battlefield;
beforeAll(async () => { bf = await createBattlefield(largeTable()); });
afterAll(() => bf.free());

const noDepth = { seeInDepth: { woods: null, rubble: null } };
const point = fc.tuple(fc.double({ min: 1, max: 179, noNaN: true }), fc.double({ min: 1, max: 119, noNaN: true }), fc.double({ min: 0.2, max: 14, noNaN: true }));

describe('large table', () => {
  it('first physical blocker matches one Rapier cast over all colliders', () => {
    fc.assert(fc.property(point, point, ([x1, z1, h1], [x2, z2, h2]) => {
      fc.pre(Math.hypot(x2 - x1, z2 - z1) > 1);
      const a: Vec3 = [x1, bf.groundHeight(x1, z1) + h1, z1];
      const b: Vec3 = [x2, bf.groundHeight(x2, z2) + h2, z2];
      const ref = rapierReferenceHit(bf, a, b);
      const los = bf.lineOfSight(a, b, noDepth);
      expect(los.blocker?.featureId).toBe(ref?.featureId);
      if (ref) expect(los.blocker!.distance).toBeCloseTo(ref.t * los.distance, 3);
      expect(bf.isClear(a, b, noDepth)).toBe(los.clear);
    }), { seed: 5, numRuns: 1500 });
  });

  it('losMatrix equals pairwise isClear and lineOfSight verdicts', () => {
    const eyes = largeTable().units![0]!.figures.slice(0, 40).map((f) => bf.eyePoint({ id: f.id, at: f.at }));
    const m = bf.losMatrix(eyes);
    for (let i = 0; i < eyes.length; i++) for (let j = 0; j < eyes.length; j++) {
      if (i === j) continue;
      expect(m[i * eyes.length + j]).toBe(bf.lineOfSight(eyes[i]!, eyes[j]!).clear ? 1 : 0);
    }
  });
});
