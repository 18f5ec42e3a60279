// K-5.2a sight lines over hills: TerrainSight.crosses() may answer from the previous crossing's cell
// when a line is under the surface there and started above it (a unit's lines to the chest and base
// of a soldier whose head is hidden, or to his neighbours, pass under the crest that hid the head).
// Its answer must equal the full first-crossing walk's whatever came before.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleRelief } from '../../../src/battlefield';
import { TerrainSight } from '../../../src/battlefield/terrain-sight';
import { gridHeightAt } from '../../../src/core';
import { largeTable } from '../../../bench/large-table';

const grid = sampleRelief(largeTable());
const sight = new TerrainSight(grid);

describe('TerrainSight.crosses on the head, chest and base lines of neighbouring soldiers (K-5.2a)', () => {
  it('equals firstCrossing() >= 0, also from eyes a little under the surface', () => {
    const p = fc.tuple(fc.double({ min: 1, max: 179, noNaN: true }), fc.double({ min: 1, max: 119, noNaN: true }), fc.double({ min: -1.5, max: 4, noNaN: true }));
    let blocked = 0, clear = 0;
    fc.assert(fc.property(p, p, fc.integer({ min: 1, max: 6 }), fc.double({ min: -1, max: 1, noNaN: true }), ([x0, z0, h0], [x1, z1], n, step) => {
      const y0 = gridHeightAt(grid, x0, z0) + h0 + 0.5;
      for (let k = 0; k < n; k++) {
        const tx = Math.min(179, Math.max(1, x1 + k * step)), tz = Math.min(119, Math.max(1, z1 + k * step * 0.7));
        const ground = gridHeightAt(grid, tx, tz);
        // Head, chest, base: each line lower than the one before, along the same plan path.
        for (const h of [2.35, 1.75, 0.15]) {
          const first = sight.firstCrossing(x0, y0, z0, tx, ground + h, tz, 0.999);
          expect(sight.crosses(x0, y0, z0, tx, ground + h, tz, 0.999)).toBe(first >= 0);
          if (first >= 0) blocked++; else clear++;
        }
      }
    }), { seed: 23, numRuns: 1500 });
    expect(blocked).toBeGreaterThan(1000);
    expect(clear).toBeGreaterThan(1000);
  });
});
