// Property tests (fast-check, fixed seeds so runs repeat): symmetry, viewshed agreement,
// continuity of the ground and agreement of Rapier's terrain with the shared height grid.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { rapierReferenceHeight, rapierReferenceHit } from '../../src/testing';
import { gridHeightAt, type Vec3 } from '../../src/core';
import { colliderId, loadTrainingGround } from './fixture';

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

const onTable = fc.tuple(fc.double({ min: 1, max: 179, noNaN: true }), fc.double({ min: 1, max: 119, noNaN: true }));

/** True when (x, z) lies within 0.5 cm of any solid's plan: an eye there could sit inside a wall. */
function nearSolid(x: number, z: number): boolean {
  return bf.solids.some((s) => {
    if (s.shape === 'hull') return false; // roofs are above any eye on the ground or a floor
    const a = (-s.rotationY * Math.PI) / 180;
    const dx = x - s.center[0], dz = z - s.center[2];
    const lx = dx * Math.cos(a) - dz * Math.sin(a), lz = dx * Math.sin(a) + dz * Math.cos(a);
    return Math.abs(lx) <= s.halfExtents[0] + 0.5 && Math.abs(lz) <= s.halfExtents[2] + 0.5;
  });
}

describe('line of sight properties', () => {
  it('eye-to-eye line of sight is symmetric', () => {
    fc.assert(fc.property(onTable, onTable, ([x1, z1], [x2, z2]) => {
      fc.pre(!nearSolid(x1, z1) && !nearSolid(x2, z2));
      const a = bf.eyePoint({ id: 'a', at: [x1, z1] });
      const b = bf.eyePoint({ id: 'b', at: [x2, z2] });
      expect(bf.lineOfSight(a, b).clear).toBe(bf.lineOfSight(b, a).clear);
    }), { seed: 20261129, numRuns: 400 });
  });

  it('viewshed cells agree with single lineOfSight calls', () => {
    fc.assert(fc.property(onTable, fc.constantFrom(0.3, 1.6, 3), ([x, z], th) => {
      fc.pre(!nearSolid(x, z));
      const e = bf.eyePoint({ id: 'o', at: [x, z] });
      const region = { minX: x - 20, minZ: z - 15, maxX: x + 20, maxZ: z + 15 };
      const vs = bf.viewshed(e, region, 2.5, th);
      for (let j = 0; j < vs.rows; j++) for (let i = 0; i < vs.columns; i++) {
        const cx = vs.region.minX + (i + 0.5) * vs.resolution, cz = vs.region.minZ + (j + 0.5) * vs.resolution;
        const target: Vec3 = [cx, bf.standHeight(cx, cz) + th, cz];
        expect(vs.cells[j * vs.columns + i]).toBe(bf.lineOfSight(e, target).clear ? 1 : 0);
      }
    }), { seed: 7, numRuns: 12 });
  });
});

describe('ground properties', () => {
  it('groundHeight is continuous (Lipschitz with the steepest slope of the grid)', () => {
    const g = bf.grid;
    let steep = 0;
    for (let r = 0; r + 1 < g.rows; r++) for (let c = 0; c + 1 < g.columns; c++) {
      const h = g.heights[r * g.columns + c]!;
      steep = Math.max(steep, Math.abs(g.heights[r * g.columns + c + 1]! - h) / g.spacingX, Math.abs(g.heights[(r + 1) * g.columns + c]! - h) / g.spacingZ);
    }
    // On a triangle the gradient is at most the two edge slopes combined.
    const lipschitz = steep * Math.SQRT2 * 2;
    fc.assert(fc.property(onTable, fc.double({ min: -0.05, max: 0.05, noNaN: true }), fc.double({ min: -0.05, max: 0.05, noNaN: true }), ([x, z], dx, dz) => {
      const d = Math.hypot(dx, dz);
      expect(Math.abs(bf.groundHeight(x + dx, z + dz) - bf.groundHeight(x, z))).toBeLessThanOrEqual(lipschitz * d + 1e-4);
    }), { seed: 3, numRuns: 2000 });
  });

  it('Rapier\'s terrain agrees with the shared height grid everywhere, on and off grid lines', () => {
    const gridLine = fc.tuple(fc.integer({ min: 1, max: 179 }), fc.double({ min: 1, max: 119, noNaN: true }));
    fc.assert(fc.property(fc.oneof(onTable, gridLine), ([x, z]) => {
      expect(rapierReferenceHeight(bf, x, z, 'ground')).toBeCloseTo(gridHeightAt(bf.grid, x, z), 4);
    }), { seed: 11, numRuns: 3000 });
  });
});

describe('the fast sight path agrees with Rapier', () => {
  it('first blocker of random segments: same feature and distance as one Rapier cast over all colliders', () => {
    const point = fc.tuple(fc.double({ min: 1, max: 179, noNaN: true }), fc.double({ min: 1, max: 119, noNaN: true }), fc.double({ min: 0.2, max: 25, noNaN: true }));
    fc.assert(fc.property(point, point, ([x1, z1, h1], [x2, z2, h2]) => {
      const a: Vec3 = [x1, bf.groundHeight(x1, z1) + h1, z1];
      const b: Vec3 = [x2, bf.groundHeight(x2, z2) + h2, z2];
      fc.pre(Math.hypot(x2 - x1, z2 - z1) > 1);
      const ref = rapierReferenceHit(bf, a, b);
      // Depth limits off, so only physical blockers remain to compare.
      const los = bf.lineOfSight(a, b, { seeInDepth: { woods: null, rubble: null } });
      const physical = los.blocker;
      if (!ref) {
        expect(physical).toBeUndefined();
      } else {
        expect(colliderId(physical)).toBe(ref.featureId);
        expect(physical!.distance).toBeCloseTo(ref.t * los.distance, 3);
      }
    }), { seed: 99, numRuns: 3000 });
  });
});
