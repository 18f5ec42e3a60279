// TerrainSight, the JS terrain test under every sight line: its any-hit answer (which tries the
// previous crossing's cell first) equals its first-crossing answer whatever came before, and a
// reported crossing lies on the grid's surface.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleRelief } from '../../src/battlefield';
import { TerrainSight } from '../../src/battlefield/terrain-sight';
import { gridHeightAt } from '../../src/core';
import { largeTable } from '../../bench/large-table';

const grid = sampleRelief(largeTable());
const sight = new TerrainSight(grid);

describe('TerrainSight', () => {
  it('crosses() equals firstCrossing() >= 0 along runs of neighbouring and random lines', () => {
    const p = fc.tuple(fc.double({ min: 1, max: 179, noNaN: true }), fc.double({ min: 1, max: 119, noNaN: true }), fc.double({ min: -0.5, max: 6, noNaN: true }));
    let hits = 0;
    fc.assert(fc.property(p, p, fc.integer({ min: 1, max: 8 }), ([x0, z0, h0], [x1, z1, h1], n) => {
      const y0 = gridHeightAt(grid, x0, z0) + h0 + 1;
      // A fan of lines to neighbouring targets, as a viewshed row asks them.
      for (let k = 0; k < n; k++) {
        const tx = Math.min(179, x1 + k * 0.6), ty = gridHeightAt(grid, tx, z1) + h1;
        const first = sight.firstCrossing(x0, y0, z0, tx, ty, z1, 0.999);
        expect(sight.crosses(x0, y0, z0, tx, ty, z1, 0.999)).toBe(first >= 0);
        if (first >= 0) {
          hits++;
          const x = x0 + (tx - x0) * first, z = z0 + (z1 - z0) * first, y = y0 + (ty - y0) * first;
          expect(y).toBeCloseTo(gridHeightAt(grid, x, z), 6);
        }
      }
    }), { seed: 17, numRuns: 1500 });
    expect(hits).toBeGreaterThan(1000);
  });
});
