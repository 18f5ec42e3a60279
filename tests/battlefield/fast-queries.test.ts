// The point and segment queries the rules call most (stand heights, buildings, areas) answer from
// the shared height grid and plan bins; here each is held to its plain reference over random points
// of every real scenario: Rapier's own downward cast for heights (bridge decks, open ground,
// building floors), Rapier's own shape and ray tests for body clashes and walls (which the exact
// prism and plan-box rejects spare most calls), and the linear scans the bins replaced.
import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield, type BuildingInfo } from '../../src/battlefield';
import { rapierReferenceBody, rapierReferenceHeight, rapierReferenceWall } from '../../src/testing';
import { type Vec2, type Vec3, gridHeightAt } from '../../src/core';
import { areaVolumes, mayCross, volumeIntervals } from '../../src/battlefield/areas';
import { parseScenarioOrThrow, type BridgeFeature } from '../../src/scenario';
import { obstacleBoxes } from '../../src/battlefield/obstacles';
import { referenceAreas, referenceBuildingAt, referenceObstacles, referenceStand } from './reference-queries';

const FILES = ['scenarios/sandbox', 'scenarios/kuularuisku'].flatMap((dir) =>
  readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => `${dir}/${f}`));

function stand(bf: Battlefield, x: number, z: number, floor?: number): number | string {
  try {
    return bf.standHeight(x, z, floor);
  } catch (e) {
    return (e as Error).message;
  }
}

function expectSame(got: number | string, want: number | string): void {
  if (typeof want === 'number' && typeof got === 'number') expect(Math.abs(got - want)).toBeLessThanOrEqual(1e-4);
  else expect(got).toBe(want);
}


/** A point inside a quadrilateral outline (bilinear in its corners), u and v in [0, 1]. */
function inQuad(c: readonly Vec2[], u: number, v: number): [number, number] {
  const [a, b, cc, d] = c as [Vec2, Vec2, Vec2, Vec2];
  const p0 = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
  const p1 = [d[0] + (cc[0] - d[0]) * u, d[1] + (cc[1] - d[1]) * u];
  return [p0[0]! + (p1[0]! - p0[0]!) * v, p0[1]! + (p1[1]! - p0[1]!) * v];
}

for (const file of FILES) {
  describe(`fast battlefield queries agree with their references: ${file}`, () => {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const { width, depth } = scenario.table;
    const bridges = scenario.features.filter((f): f is BridgeFeature => f.kind === 'bridge');
    const areas = referenceAreas(scenario);
    let bf: Battlefield;
    beforeAll(async () => { bf = await createBattlefield(scenario); });
    afterAll(() => bf.free());

    const anywhere = fc.tuple(fc.double({ min: 0, max: width, noNaN: true }), fc.double({ min: 0, max: depth, noNaN: true }));
    const unit = fc.double({ min: 0, max: 1, noNaN: true });

    it('standHeight and groundHeight match Rapier\'s cast within 1e-4 cm anywhere on the table (grid lines too)', () => {
      const gridLine = fc.tuple(fc.integer({ min: 0, max: Math.floor(width) }), fc.double({ min: 0, max: depth, noNaN: true }));
      const edge = fc.oneof(
        fc.tuple(fc.constantFrom(0, width), fc.double({ min: 0, max: depth, noNaN: true })),
        fc.tuple(fc.double({ min: 0, max: width, noNaN: true }), fc.constantFrom(0, depth)),
      );
      let compared = 0;
      fc.assert(fc.property(fc.oneof(anywhere, gridLine, edge), ([x, z]) => {
        const want = referenceStand(bf, x, z);
        if (want === 'no surface') {
          // Rapier's vertical ray can slip past the mesh on the table's very border (the former
          // standHeight threw there); the grid answers with the border triangles' height.
          expect(Math.min(x, z, width - x, depth - z)).toBeLessThan(1e-3);
          expect(stand(bf, x, z)).toBe(gridHeightAt(bf.grid, x, z));
          return;
        }
        expectSame(stand(bf, x, z), want);
        expectSame(stand(bf, x, z, 1), referenceStand(bf, x, z, 1));
        expectSame(bf.groundHeight(x, z), rapierReferenceHeight(bf, x, z, 'ground') ?? 'no ground');
        compared++;
      }), { seed: 41, numRuns: 2000 });
      expect(compared).toBeGreaterThan(1000);
    });

    if (bridges.length) it('standHeight on and around bridge decks matches Rapier\'s cast', () => {
      fc.assert(fc.property(fc.constantFrom(...bridges), unit, fc.double({ min: -0.7, max: 0.7, noNaN: true }), (b, t, across) => {
        const [p, q] = b.path;
        const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
        const nx = -(q[1] - p[1]) / len, nz = (q[0] - p[0]) / len;
        const x = Math.min(width, Math.max(0, p[0] + (q[0] - p[0]) * t + nx * across * b.width));
        const z = Math.min(depth, Math.max(0, p[1] + (q[1] - p[1]) * t + nz * across * b.width));
        expectSame(stand(bf, x, z), referenceStand(bf, x, z));
      }), { seed: 42, numRuns: 800 });
    });

    if (scenario.features.some((f) => f.kind === 'building')) it('standHeight and buildingAt inside buildings, every floor and one too many', () => {
      const building = fc.constantFrom(...bf.buildings);
      fc.assert(fc.property(building, unit, unit, fc.nat(6), (b: BuildingInfo, u, v, k) => {
        const [x, z] = inQuad(b.corners, u, v);
        fc.pre(x >= 0 && z >= 0 && x <= width && z <= depth);
        const floor = k % (b.levels.length + 1);
        expectSame(stand(bf, x, z, floor), referenceStand(bf, x, z, floor));
        expect(bf.buildingAt(x, z)).toBe(referenceBuildingAt(bf, x, z));
      }), { seed: 43, numRuns: 1500 });
    });

    /** A point around a random wall, obstacle, parapet, railing or roof: up to 3 cm beyond its plan rectangle. */
    const BODY = new Set(['wall', 'obstacle', 'parapet', 'railing', 'roof', 'foundation']);
    const nearSolid = fc.tuple(fc.nat(), unit, unit).map(([k, u, v]) => {
      const solids = bf.solids.filter((x) => BODY.has(x.part));
      const sd = solids[k % solids.length]!;
      const [cx, cz, hx, hz, rot] = sd.shape === 'box'
        ? [sd.center[0], sd.center[2], sd.halfExtents[0], sd.halfExtents[2], sd.rotationY]
        : [sd.points[0]![0], sd.points[0]![2], 3, 3, 0];
      const lx = (u * 2 - 1) * (hx + 3), lz = (v * 2 - 1) * (hz + 3);
      const a = (-rot * Math.PI) / 180;
      const x = cx + lx * Math.cos(a) - lz * Math.sin(a), z = cz + lx * Math.sin(a) + lz * Math.cos(a);
      return [Math.min(width, Math.max(0, x)), Math.min(depth, Math.max(0, z))] as const;
    });
    /** A floor that exists at (x, z): 0 in the open, any level in a building. */
    const floorAt = (x: number, z: number, k: number): number => {
      const b = bf.buildingAt(x, z);
      return b ? k % b.levels.length : 0;
    };

    it('bodyClashes: the same clashes, in the same order, as Rapier\'s shape test alone (near every kind of body solid)', () => {
      let clashes = 0;
      fc.assert(fc.property(fc.oneof(nearSolid, nearSolid, anywhere), fc.nat(5), fc.constantFrom(0.3, 0.45, 0.6, 1.2, 4.9, 6), fc.constantFrom(undefined, 1.1, 1.7, 3), ([x, z], k, radius, height) => {
        const figure = { id: 'f', at: [x, z] as Vec2, floor: floorAt(x, z, k), radius, ...(height !== undefined ? { height } : {}) };
        const want = rapierReferenceBody(bf, figure);
        if (want.length) clashes++;
        expect(bf.bodyClashes(figure)).toEqual(want);
      }), { seed: 46, numRuns: 2500 });
      expect(clashes).toBeGreaterThan(100);
    });

    it('wallBetween: the same wall as Rapier\'s cast alone, for steps near and into buildings', () => {
      let walls = 0;
      const step = fc.double({ min: -8, max: 8, noNaN: true });
      fc.assert(fc.property(fc.oneof(nearSolid, anywhere), step, step, fc.nat(5), fc.nat(5), ([x, z], dx, dz, k1, k2) => {
        const to: Vec2 = [Math.min(width, Math.max(0, x + dx)), Math.min(depth, Math.max(0, z + dz))];
        const a = { id: 'a', at: [x, z] as Vec2, floor: floorAt(x, z, k1) }, b = { id: 'b', at: to, floor: floorAt(to[0], to[1], k2) };
        const want = rapierReferenceWall(bf, a, b);
        if (want) walls++;
        expect(bf.wallBetween(a, b)).toEqual(want);
      }), { seed: 47, numRuns: 2500 });
      if (bf.buildings.length) expect(walls).toBeGreaterThan(5);
    });

    it('obstaclesAlong: the same crossings as the former scan over every obstacle box and crest line, short and long steps', () => {
      const boxes = obstacleBoxes(bf.solids);
      const obstacles = referenceObstacles(scenario, bf);
      let crossed = 0;
      const reach = fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: -80, max: 80, noNaN: true }));
      const nearObstacle = fc.tuple(fc.nat(), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }))
        .map(([k, ox, oz]) => {
          const c = boxes.length ? boxes[k % boxes.length]!.solid.center : [width / 2, 0, depth / 2];
          return [Math.min(width, Math.max(0, c[0]! + ox)), Math.min(depth, Math.max(0, c[2]! + oz))] as const;
        });
      fc.assert(fc.property(fc.oneof(nearObstacle, nearObstacle, anywhere), reach, reach, ([x, z], dx, dz) => {
        const from: Vec2 = [x, z];
        const to: Vec2 = [Math.min(width, Math.max(0, x + dx)), Math.min(depth, Math.max(0, z + dz))];
        const want = obstacles(from, to);
        if (want.length) crossed++;
        expect(bf.obstaclesAlong(from, to)).toEqual(want);
      }), { seed: 48, numRuns: 2500 });
      expect(crossed).toBeGreaterThan(100);
    });

    it('lineOfSight skips the areas mayCross rules out: volumeIntervals finds nothing in any of them', () => {
      const vols = areaVolumes(scenario, bf.grid);
      let skipped = 0;
      const lift = fc.double({ min: 0, max: 12, noNaN: true });
      fc.assert(fc.property(anywhere, anywhere, lift, lift, ([x1, z1], [x2, z2], h1, h2) => {
        const a: Vec3 = [x1, gridHeightAt(bf.grid, x1, z1) + h1, z1], b: Vec3 = [x2, gridHeightAt(bf.grid, x2, z2) + h2, z2];
        for (const v of vols) {
          if (mayCross(v, a, b)) continue;
          skipped++;
          expect(volumeIntervals(v, bf.grid, a, b, 1)).toEqual([]);
        }
      }), { seed: 49, numRuns: 1500 });
      expect(skipped).toBeGreaterThan(100);
    });

    it('buildingAt and areasAt: the same answers as a scan over all buildings and areas', () => {
      fc.assert(fc.property(anywhere, ([x, z]) => {
        expect(bf.buildingAt(x, z)).toBe(referenceBuildingAt(bf, x, z));
        expect(bf.areasAt(x, z)).toEqual(areas.at(x, z));
      }), { seed: 44, numRuns: 3000 });
    });

    it('areasAlong: the same spans as a scan over all areas, for short and long segments', () => {
      const reach = fc.oneof(fc.double({ min: -3, max: 3, noNaN: true }), fc.double({ min: -60, max: 60, noNaN: true }));
      fc.assert(fc.property(anywhere, reach, reach, ([x, z], dx, dz) => {
        const from: Vec2 = [x, z];
        const to: Vec2 = [Math.min(width, Math.max(0, x + dx)), Math.min(depth, Math.max(0, z + dz))];
        expect(bf.areasAlong!(from, to)).toEqual(areas.along(from, to));
      }), { seed: 45, numRuns: 2000 });
    });
  });
}
