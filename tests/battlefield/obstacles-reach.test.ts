// obstaclesAlong with a reach (maxDistance): the K-5.4 cover search asks only for the crossings near
// the target's base. Held to the whole list cut at the same distance — the same crossings, at the same
// distances along the whole segment, nearest first — on random segments near the obstacles of every
// real scenario, with the reach also set exactly at a crossing's distance; and coverAt given the
// battlefield against coverAt given a table that ignores the reach.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { TableQueries, Vec2 } from '../../src/core';
import { parseScenarioOrThrow } from '../../src/scenario';
import { obstacleBoxes } from '../../src/battlefield/obstacles';
import { coverAt } from '../../src/rules/kuularuisku/terrain';
import { DEFAULT_HOUSE } from '../../src/rules/kuularuisku/house';

const FILES = ['scenarios/sandbox', 'scenarios/kuularuisku'].flatMap((dir) =>
  readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => `${dir}/${f}`));

for (const file of FILES) {
  describe(`obstaclesAlong within a reach: ${file}`, () => {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const { width, depth } = scenario.table;
    let bf: Battlefield;
    beforeAll(async () => { bf = await createBattlefield(scenario); });
    afterAll(() => bf.free());

    const segments = () => {
      const boxes = obstacleBoxes(bf.solids);
      const anywhere = fc.tuple(fc.double({ min: 0, max: width, noNaN: true }), fc.double({ min: 0, max: depth, noNaN: true }));
      const nearObstacle = fc.tuple(fc.nat(), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }))
        .map(([k, ox, oz]) => {
          const c = boxes.length ? boxes[k % boxes.length]!.solid.center : [width / 2, 0, depth / 2];
          return [Math.min(width, Math.max(0, c[0]! + ox)), Math.min(depth, Math.max(0, c[2]! + oz))] as const;
        });
      const reach = fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }));
      return fc.tuple(fc.oneof(nearObstacle, nearObstacle, anywhere), reach, reach).map(([[x, z], dx, dz]) => {
        const from: Vec2 = [x, z];
        const to: Vec2 = [Math.min(width, Math.max(0, x + dx)), Math.min(depth, Math.max(0, z + dz))];
        return [from, to] as const;
      });
    };

    it('gives the whole list\'s crossings up to the reach, in its order', () => {
      let cut = 0;
      fc.assert(fc.property(segments(), fc.double({ min: 0, max: 30, noNaN: true }), ([from, to], m) => {
        const all = bf.obstaclesAlong(from, to);
        // The reach as drawn, and exactly at each crossing's distance (it counts: at most that far).
        for (const reach of [m, ...all.map((o) => o.distance)]) {
          const want = all.filter((o) => o.distance <= reach);
          if (want.length < all.length) cut++;
          expect(bf.obstaclesAlong(from, to, reach)).toEqual(want);
        }
      }), { seed: 54, numRuns: 1500 });
      if (obstacleBoxes(bf.solids).length) expect(cut).toBeGreaterThan(0); // some lists were cut
    });

    it('K-5.4 coverAt: the same cover with the reach as without it', () => {
      // A table that ignores a third argument: the whole list, which coverAt cuts itself.
      const plain = { ...bf, scenario: bf.scenario, buildingAt: (x: number, z: number) => bf.buildingAt(x, z), areasAt: (x: number, z: number) => bf.areasAt(x, z), obstaclesAlong: (a: Vec2, b: Vec2) => bf.obstaclesAlong(a, b) } as unknown as TableQueries;
      const radius = fc.constantFrom(0.5, 0.75, 1, 1.25);
      fc.assert(fc.property(segments(), radius, ([at, from], r) => {
        expect(coverAt(bf as unknown as TableQueries, at, r, from, DEFAULT_HOUSE)).toEqual(coverAt(plain, at, r, from, DEFAULT_HOUSE));
      }), { seed: 55, numRuns: 1500 });
    });
  });
}
