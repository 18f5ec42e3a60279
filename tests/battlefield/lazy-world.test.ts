// The table's Rapier world is built on first need: sight lines over open ground and past walls, ground
// and floor heights are answered before Rapier is even loaded; a deck's height and a line past a
// see-through obstacle need it; a world built ahead of need (prepareWorld) answers as one built on
// first need, and so does one built in slices (buildWorldSlice), finished by its slices or by a query
// arriving half-way; and a table whose world came late answers exactly as one whose world was built
// first, over many random lines on the shipped tables.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  askLoadingRapier, createBattlefield, createBattlefieldNow, DEFAULT_FIGURE_HEIGHT, EYE_FRACTION, RapierNotLoadedError, warmRapier, warmRapierEmpty,
  type Battlefield, type LosOptions,
} from '../../src/battlefield';
import type { Vec3 } from '../../src/core';
import { parseScenarioOrThrow } from '../../src/scenario';
import { randomStream } from '../../src/view/noise';
import { TRAINING_GROUND, trainingGroundScenario } from './fixture';

const TABLES = [TRAINING_GROUND, 'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];
const LINES_PER_TABLE = 400;
const EYE = DEFAULT_FIGURE_HEIGHT * EYE_FRACTION;

const built: Battlefield[] = [];
afterAll(() => { for (const bf of built) bf.free(); });

// Runs first, in this file's fresh module state: Rapier is not loaded yet.
describe('before Rapier is loaded', () => {
  const bf = createBattlefieldNow(trainingGroundScenario());
  built.push(bf);

  it('a deck height needs Rapier: asked directly it says so, through askLoadingRapier it is answered', async () => {
    expect(() => bf.standHeight(85, 108)).toThrow(RapierNotLoadedError);
    expect(() => bf.standHeight(85, 108)).toThrow(/needs Rapier, which is not loaded yet/);
    // A line past the paddock fence lists it as crossed: Rapier's answer too.
    expect(() => bf.lineOfSight([45, 1, 20], [45, 1, 35])).toThrow(RapierNotLoadedError);
    // Building the world ahead of need needs Rapier too (the app's tables are built with it loaded), and so does the warm-up.
    expect(() => bf.prepareWorld()).toThrow(RapierNotLoadedError);
    expect(() => warmRapier()).toThrow(RapierNotLoadedError);
    expect(() => warmRapierEmpty()).toThrow(/warm-up: this query needs Rapier/);
    // Still not loaded here: the open-ground answers below are asked without Rapier.
    expect(() => bf.standHeight(85, 108)).toThrow(RapierNotLoadedError);
    const open = bf.lineOfSight([15, bf.standHeight(15, 60) + EYE, 60], [65, bf.standHeight(65, 60) + EYE, 60]);
    expect(open.clear).toBe(false);
    expect(open.blocker?.featureId).toBe('terrain');
    // Past the stone wall (a blocking solid), from a building's upper floor, and the heights.
    const wall = bf.lineOfSight([113, 1.6, 35], [113, 1.6, 50]);
    expect(wall.blocker?.featureId).toBe('stone_wall');
    expect(bf.isClear([113, 1.6, 35], [113, 1.6, 50])).toBe(false);
    expect(bf.groundHeight(20, 20)).toBeGreaterThanOrEqual(0);
    expect(() => bf.standHeight(85, 108)).toThrow(RapierNotLoadedError);

    const deck = await askLoadingRapier(() => bf.standHeight(85, 108));
    expect(deck).toBeGreaterThan(bf.groundHeight(85, 108));
    const fence = await askLoadingRapier(() => bf.lineOfSight([45, 1, 20], [45, 1, 35]));
    expect(fence.crossed.map((c) => c.featureId)).toEqual(['fence_paddock']);
    expect(bf.standHeight(85, 108)).toBe(deck); // Rapier loaded now: asked directly too
  });
});

describe('the warm-up (warmRapier, the app runs it while the first table loads)', () => {
  it('asks each query of its own tiny world and meets every target, and leaves a table answering as before', async () => {
    const scenario = trainingGroundScenario();
    const before = await createBattlefield(scenario);
    built.push(before);
    before.prepareWorld();
    const answers = warmRapier();
    // The ground under (0.5, 0.5) on its grid (heights 0.1 a column, 0.05 a row), the fence (part 2)
    // crossed, the wall (part 1) met first, the four solids in the cylinder, the figure on the line.
    expect(answers.ground).toBeCloseTo(0.075, 5);
    expect(answers.seeThrough).toEqual([2]);
    expect(answers.wall).toBe(1);
    expect([...answers.inCylinder].sort()).toEqual([1, 2, 3, 4]);
    expect(answers.figure).toBe('a');
    // Once per page: a later call (the next table's load) builds no world and gives the first answers.
    expect(warmRapier()).toBe(answers);
    const after = await createBattlefield(scenario);
    built.push(after);
    expect(askAll(after, 13)).toEqual(askAll(before, 13));
  });
});

describe('the world built ahead of need (prepareWorld, the app does it when idle)', () => {
  it('builds once, not on a freed table, and the answers are those of a world built on first need', async () => {
    const scenario = trainingGroundScenario();
    const ahead = await createBattlefield(scenario);
    const lazy = await createBattlefield(scenario);
    built.push(ahead, lazy);
    expect(ahead.prepareWorld()).toBe(true);
    expect(ahead.prepareWorld()).toBe(false); // built already
    const fence = ahead.lineOfSight([45, 1, 20], [45, 1, 35]);
    expect(fence.crossed.map((c) => c.featureId)).toEqual(['fence_paddock']);
    expect(fence).toEqual(lazy.lineOfSight([45, 1, 20], [45, 1, 35]));
    expect(ahead.standHeight(85, 108)).toBe(lazy.standHeight(85, 108));
    const freed = createBattlefieldNow(scenario);
    freed.free();
    expect(freed.prepareWorld()).toBe(false);
  });
});

describe('the world built in slices (buildWorldSlice, the app does it at idle moments)', () => {
  it('reports its state, takes many slices, and answers as a world built in one go', async () => {
    const scenario = trainingGroundScenario();
    const sliced = await createBattlefield(scenario);
    const oneGo = await createBattlefield(scenario);
    built.push(sliced, oneGo);
    expect(sliced.worldState).toBe('none');
    // The smallest budget adds one collider a slice: terrain tiles and solids, then the world's first step.
    let slices = 0;
    while (!sliced.buildWorldSlice(0)) {
      slices++;
      expect(sliced.worldState).toBe('building');
    }
    expect(slices).toBeGreaterThan(sliced.solids.length);
    expect(sliced.worldState).toBe('built');
    expect(sliced.buildWorldSlice(0)).toBe(true); // nothing left
    expect(sliced.prepareWorld()).toBe(false);
    oneGo.prepareWorld();
    expect(askAll(sliced, 11)).toEqual(askAll(oneGo, 11));
  });

  it('a query arriving half-way finishes the build at once and answers as a world built in one go', async () => {
    const scenario = trainingGroundScenario();
    const half = await createBattlefield(scenario);
    const oneGo = await createBattlefield(scenario);
    built.push(half, oneGo);
    for (let i = 0; i < 40; i++) expect(half.buildWorldSlice(0)).toBe(false);
    expect(half.worldState).toBe('building');
    // A line past the paddock fence needs the world: it is finished for it.
    const fence = half.lineOfSight([45, 1, 20], [45, 1, 35]);
    expect(half.worldState).toBe('built');
    expect(fence.crossed.map((c) => c.featureId)).toEqual(['fence_paddock']);
    expect(fence).toEqual(oneGo.lineOfSight([45, 1, 20], [45, 1, 35]));
    expect(half.buildWorldSlice(8)).toBe(true);
    expect(askAll(half, 12)).toEqual(askAll(oneGo, 12));
  });

  it('a table freed half-way stops building and says so', async () => {
    const freed = await createBattlefield(trainingGroundScenario());
    expect(freed.buildWorldSlice(0)).toBe(false);
    freed.free();
    expect(freed.worldState).toBe('freed');
    expect(freed.buildWorldSlice(8)).toBe(true);
  });
});

describe('shipped tables: a world built in slices answers as one built in one go', () => {
  for (const file of TABLES.slice(1)) {
    it(`${LINES_PER_TABLE} random lines on ${file}`, async () => {
      const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      const sliced = await createBattlefield(scenario);
      const oneGo = await createBattlefield(scenario);
      built.push(sliced, oneGo);
      let slices = 0;
      while (!sliced.buildWorldSlice(2)) slices++;
      expect(slices).toBeGreaterThan(1);
      oneGo.prepareWorld();
      const answers = askAll(sliced, 5);
      expect(answers).toEqual(askAll(oneGo, 5));
      expect(answers.some((x) => (x as { los: { crossed: unknown[] } }).los.crossed.length > 0)).toBe(true);
    });
  }
});

/** A random point in the forms the CLI takes: a floor (and height) in a building, a figure's eye, a height above the surface, an absolute height. */
function randomPoint(bf: Battlefield, r: () => number): Vec3 {
  const { width, depth } = bf.scenario.table;
  const x = r() * width, z = r() * depth;
  const b = bf.buildingAt(x, z);
  if (b) {
    const floor = Math.floor(r() * b.levels.length);
    return [x, bf.standHeight(x, z, floor) + (r() < 0.5 ? EYE : 0.3 + r() * 2), z];
  }
  const k = r();
  if (k < 0.5) return [x, bf.standHeight(x, z) + EYE, z];
  if (k < 0.8) return [x, bf.standHeight(x, z) + 0.2 + r() * 3, z];
  return [x, bf.groundHeight(x, z) + 0.5 + r() * 10, z];
}

/** Random lines, some ending on a deck or crossing a see-through obstacle, asked with a few option sets. */
function askAll(bf: Battlefield, seed: number) {
  const r = randomStream(seed);
  const options: Array<LosOptions | undefined> = [undefined, { depthMeasure: 'from-edge' }, { seeInDepth: { woods: null } }];
  const out: unknown[] = [];
  for (let i = 0; i < LINES_PER_TABLE; i++) {
    const a = randomPoint(bf, r), b = randomPoint(bf, r);
    const o = options[i % options.length];
    const los = bf.lineOfSight(a, b, o);
    const ignored = los.blocker ? bf.lineOfSight(a, b, { ...o, ignore: [los.blocker.featureId] }) : undefined;
    out.push({ a, b, los, ignored, clear: bf.isClear(a, b, o), stand: bf.standHeight(b[0], b[2]) });
  }
  return out;
}

describe('a world built late answers as one built first', () => {
  for (const file of TABLES) {
    it(`${LINES_PER_TABLE} random lines on ${file}: the same blockers, crossings, areas and heights`, async () => {
      const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      const late = createBattlefieldNow(scenario);
      const first = await createBattlefield(scenario);
      built.push(late, first);
      // Figures set and taken off: the first table's world is built before any line is asked.
      first.setFigures([{ id: 'probe', at: [1, 1] }]);
      first.setFigures([]);
      const lateAnswers = await askLoadingRapier(() => askAll(late, 7));
      expect(lateAnswers).toEqual(askAll(first, 7));
      // The lines reached what needs the world: see-through obstacles crossed on every table.
      expect(lateAnswers.some((x) => (x as { los: { crossed: unknown[] } }).los.crossed.length > 0)).toBe(true);
    });
  }
});
