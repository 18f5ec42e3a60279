// The JS sight paths (terrain walk over the grid triangles, grouped solids, any-hit verdicts) against
// Rapier and against single lineOfSight calls, with fixed seeds: grid-aligned segments (along rows,
// columns and cell diagonals, from grid vertices), viewsheds from hill tops and upper floors, matrices.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield, type LosOptions, type Viewshed } from '../../src/battlefield';
import { rapierReferenceHit } from '../../src/testing';
import type { Vec3 } from '../../src/core';
import { largeTable } from '../../bench/large-table';
import type { Scenario } from '../../src/scenario';
import { colliderId, loadTrainingGround, trainingGroundScenario } from './fixture';

/** The same relief (hills, water, earthworks) without any solid: Rapier's reference is then the terrain alone. */
function reliefOnly(s: Scenario): Scenario {
  const features = s.features
    .filter((f) => ['hill', 'water', 'rampart', 'bastion', 'redoubt'].includes(f.kind))
    .map((f) => ('parapet' in f ? { ...f, parapet: undefined } : f));
  return { ...s, features };
}

let large: Battlefield;
let training: Battlefield;
let largeRelief: Battlefield;
let trainingRelief: Battlefield;
beforeAll(async () => {
  [large, training, largeRelief, trainingRelief] = await Promise.all([
    createBattlefield(largeTable()), loadTrainingGround(), createBattlefield(reliefOnly(largeTable())), createBattlefield(reliefOnly(trainingGroundScenario())),
  ]);
});
afterAll(() => { for (const bf of [large, training, largeRelief, trainingRelief]) bf.free(); });

const noDepth: LosOptions = { seeInDepth: { woods: null, rubble: null } };

/** Compares the fast first blocker with one Rapier cast; returns the blocker's feature id. */
function agreesWithRapier(bf: Battlefield, a: Vec3, b: Vec3): string | undefined {
  const ref = rapierReferenceHit(bf, a, b);
  const los = bf.lineOfSight(a, b, noDepth);
  expect(colliderId(los.blocker)).toBe(ref?.featureId);
  if (ref) expect(los.blocker!.distance).toBeCloseTo(ref.t * los.distance, 3);
  expect(bf.isClear(a, b, noDepth)).toBe(los.clear);
  return ref?.featureId;
}

const GRAZE = 1e-4; // cm: Rapier holds the terrain in float32; the walk computes in doubles

/** First blocker distance of the fast path for the segment shifted up by dy (Infinity when clear). */
function fastDistance(bf: Battlefield, a: Vec3, b: Vec3, dy: number): number {
  const los = bf.lineOfSight([a[0], a[1] + dy, a[2]], [b[0], b[1] + dy, b[2]], noDepth);
  return los.blocker?.distance ?? Infinity;
}

/**
 * Relief only: the fast path equals Rapier's cast, except where the line grazes the surface within
 * GRAZE — there Rapier's answer must lie between the fast answers for the line lowered and raised by it.
 */
function terrainAgrees(bf: Battlefield, a: Vec3, b: Vec3): boolean {
  const ref = rapierReferenceHit(bf, a, b);
  const refD = ref ? ref.t * Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]) : Infinity;
  expect(bf.solids.filter((x) => x.blocksSight)).toEqual([]);
  const fast = fastDistance(bf, a, b, 0);
  expect(bf.isClear(a, b, noDepth)).toBe(fast === Infinity);
  if (fast === refD || Math.abs(fast - refD) < 5e-4) return ref !== undefined;
  expect(fastDistance(bf, a, b, -GRAZE)).toBeLessThanOrEqual(refD + 1e-3);
  expect(fastDistance(bf, a, b, GRAZE)).toBeGreaterThanOrEqual(refD - 1e-3);
  return ref !== undefined;
}

// Grid-aligned lines on these round-coordinate tables also graze wall corners exactly, where the JS
// box test and Rapier's own tolerances differ; the relief alone is compared here.
describe('terrain walk agrees with Rapier on grid-aligned segments', () => {
  for (const [name, get] of [['large table', () => largeRelief], ['training ground', () => trainingRelief]] as const) {
    it(`${name}: along grid rows, columns and cell diagonals, from grid vertices`, () => {
      const bf = get();
      const g = bf.grid;
      const lastC = g.columns - 1, lastR = g.rows - 1;
      let terrainHits = 0;
      const vertex = fc.tuple(fc.integer({ min: 1, max: lastC - 1 }), fc.integer({ min: 1, max: lastR - 1 }));
      const kind = fc.constantFrom('row', 'column', 'diagonal', 'antidiagonal', 'free');
      fc.assert(fc.property(vertex, vertex, kind, fc.double({ min: 0.05, max: 4, noNaN: true }), fc.double({ min: 0.05, max: 4, noNaN: true }),
        ([c1, r1], [c2, r2], k, h1, h2) => {
          // Snap the second end so the plan segment runs along the chosen grid direction.
          if (k === 'row') r2 = r1;
          else if (k === 'column') c2 = c1;
          else if (k !== 'free') r2 = r1 + (k === 'diagonal' ? 1 : -1) * (c2 - c1);
          const x1 = c1 * g.spacingX, z1 = r1 * g.spacingZ, x2 = c2 * g.spacingX, z2 = r2 * g.spacingZ;
          fc.pre(Math.hypot(x2 - x1, z2 - z1) > 1 && x2 > 0 && z2 > 0 && x2 < bf.scenario.table.width && z2 < bf.scenario.table.depth);
          const a: Vec3 = [x1, bf.groundHeight(x1, z1) + h1, z1];
          const b: Vec3 = [x2, bf.groundHeight(x2, z2) + h2, z2];
          if (terrainAgrees(bf, a, b)) terrainHits++;
        }), { seed: 42, numRuns: 1500 });
      // The relief must actually have been in the way of some of them.
      expect(terrainHits).toBeGreaterThan(50);
    });
  }

  it('low lines skimming the hills of the large table', () => {
    let terrainHits = 0;
    const p = fc.tuple(fc.double({ min: 20, max: 160, noNaN: true }), fc.double({ min: 15, max: 105, noNaN: true }), fc.double({ min: 0.01, max: 1.5, noNaN: true }));
    fc.assert(fc.property(p, p, ([x1, z1, h1], [x2, z2, h2]) => {
      fc.pre(Math.hypot(x2 - x1, z2 - z1) > 1);
      const a: Vec3 = [x1, large.groundHeight(x1, z1) + h1, z1];
      const b: Vec3 = [x2, large.groundHeight(x2, z2) + h2, z2];
      if (agreesWithRapier(large, a, b) === 'terrain') terrainHits++;
    }), { seed: 8, numRuns: 2000 });
    expect(terrainHits).toBeGreaterThan(200);
  });
});

/** Every cell of a viewshed against a lineOfSight call to its target point. */
function expectViewshedMatchesLos(bf: Battlefield, eye: Vec3, vs: Viewshed, targetHeight: number, options?: LosOptions): void {
  let visible = 0;
  for (let j = 0; j < vs.rows; j++) for (let i = 0; i < vs.columns; i++) {
    const x = vs.region.minX + (i + 0.5) * vs.resolution, z = vs.region.minZ + (j + 0.5) * vs.resolution;
    const target: Vec3 = [x, bf.standHeight(x, z) + targetHeight, z];
    const clear = bf.lineOfSight(eye, target, options).clear;
    expect(vs.cells[j * vs.columns + i], `cell ${i},${j} at (${x}, ${z})`).toBe(clear ? 1 : 0);
    if (clear) visible++;
  }
  expect(vs.visibleFraction).toBeCloseTo(visible / vs.cells.length, 12);
}

describe('viewsheds equal single lineOfSight verdicts', () => {
  const whole = (bf: Battlefield) => ({ minX: 0, minZ: 0, maxX: bf.scenario.table.width, maxZ: bf.scenario.table.depth });

  it('large table: from the plateau of hill_b, a hill flank, open ground and a first floor', () => {
    const two = large.buildings.find((b) => b.levels.length >= 2)!;
    const [cx, cz] = two.corners.reduce(([x, z], c) => [x + c[0] / 4, z + c[1] / 4], [0, 0]);
    const observers: Array<[Vec3, number]> = [
      [large.eyePoint({ id: 'o', at: [130, 85] }), 1.6],
      [large.eyePoint({ id: 'o', at: [38, 30] }), 0.4],
      [large.eyePoint({ id: 'o', at: [100, 5] }), 3],
      [large.eyePoint({ id: 'o', at: [cx, cz], floor: 1 }), 1.6],
    ];
    for (const [eye, th] of observers) {
      const vs = large.viewshed(eye, whole(large), 2.1, th);
      expect(vs.columns * vs.rows).toBeGreaterThan(4000);
      expectViewshedMatchesLos(large, eye, vs, th);
    }
  });

  it('training ground: from the belfry (floor 4), the house\'s first floor and behind the hill', () => {
    const observers: Array<[Vec3, number, LosOptions | undefined]> = [
      [training.eyePoint({ id: 'o', at: [140, 90], floor: 4 }), 1.6, undefined],
      [training.eyePoint({ id: 'o', at: [100, 33], floor: 1 }), 0.4, undefined],
      [training.eyePoint({ id: 'o', at: [15, 60] }), 1.6, { seeInDepth: { woods: 4 } }],
      [training.eyePoint({ id: 'o', at: [140, 90], floor: 2 }), 3, { ignore: ['church_tower'] }],
    ];
    for (const [eye, th, options] of observers) {
      const vs = training.viewshed(eye, whole(training), 2.3, th, options);
      expectViewshedMatchesLos(training, eye, vs, th, options);
    }
  });
});

describe('LOS matrix', () => {
  it('all 200 bench figures: equals pairwise lineOfSight verdicts', () => {
    const eyes = largeTable().units![0]!.figures.map((f) => large.eyePoint({ id: f.id, at: f.at }));
    const m = large.losMatrix(eyes);
    const n = eyes.length;
    let seen = 0;
    for (let i = 0; i < n; i++) {
      expect(m[i * n + i]).toBe(1);
      for (let j = i + 1; j < n; j++) {
        const v = large.lineOfSight(eyes[i]!, eyes[j]!).clear ? 1 : 0;
        expect(m[i * n + j], `pair ${i}, ${j}`).toBe(v);
        expect(m[j * n + i]).toBe(v);
        seen += v;
      }
    }
    expect(seen).toBeGreaterThan(1000);
  });
});
