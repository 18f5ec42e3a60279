// A ditch on its own (feature kind "ditch"): dug along its centre line, its inner face (scarp) and outer
// face (counterscarp) each with its own run; a sight line stopped by its earth names the ditch and the
// part; an open or closed ditch; bad ditches are refused naming the file, the JSON path and what was
// expected.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createBattlefield } from '../../src/battlefield';
import type { Vec3 } from '../../src/core';
import { parseScenarioOrThrow, validateScenario, type ScenarioIssue } from '../../src/scenario';
import { eye, trainingGroundScenario } from './fixture';

/** A steep line from high above down to just under the ground at (x, z): it stops on the surface there. */
function plunge(bf: Battlefield, x: number, z: number) {
  const below: Vec3 = [x, bf.groundHeight(x, z) - 0.5, z];
  return bf.lineOfSight([x - 0.3, 40, z + 0.2], below);
}

const base = trainingGroundScenario();
const DITCHES = [
  // Centre x = 60, running north (z up), outer side right (east): scarp 57–59, floor 59–62, counterscarp 62–63
  // (faces of whole grid cells: the relief is sampled every 1 cm here).
  { id: 'anti_tank_ditch', kind: 'ditch', name: 'Anti-tank ditch', path: [[60, 20], [60, 100]], outer: 'right', depth: 2, width: 6, scarp: 2, counterscarp: 1 },
  // Default faces (a quarter of the width, at most 1 cm), outer side left (west): counterscarp 99–100, floor 100–102, scarp 102–103.
  { id: 'drain', kind: 'ditch', name: 'Drain', path: [[101, 20], [101, 100]], depth: 1, width: 4 },
  // A ring round (140, 60), 4 cm wide: outside the ring is outer.
  { id: 'moat', kind: 'ditch', name: 'Moat', path: [[130, 50], [150, 50], [150, 70], [130, 70]], closed: true, depth: 1.5, width: 4 },
];
const doc = (features: unknown[]) => ({ ...base, features, units: [], objectives: [], beats: [] }) as Record<string, unknown>;

describe('a ditch alone: its shape and the parts it names', () => {
  let bf: Battlefield;
  beforeAll(async () => { bf = await createBattlefield(parseScenarioOrThrow(JSON.stringify(doc(DITCHES)), 'ditches.json')); });
  afterAll(() => bf.free());

  it('is dug across its centre line, each face with its own run, and raises nothing', () => {
    expect(bf.groundHeight(56, 60)).toBeCloseTo(0, 5);
    expect(bf.groundHeight(58, 60)).toBeCloseTo(-1, 3); // half-way down the 2 cm scarp
    expect(bf.groundHeight(60.5, 60)).toBeCloseTo(-2, 3);
    expect(bf.groundHeight(62.5, 60)).toBeCloseTo(-1, 3); // half-way up the 1 cm counterscarp
    expect(bf.groundHeight(64, 60)).toBeCloseTo(0, 5);
  });

  it.each([
    ['anti_tank_ditch', 57.8, 'scarp'],
    ['anti_tank_ditch', 60.5, 'ditch floor'],
    ['anti_tank_ditch', 62.8, 'counterscarp'],
    ['drain', 99.5, 'counterscarp'],
    ['drain', 101, 'ditch floor'],
    ['drain', 102.5, 'scarp'],
  ])('a line stopped in %s at x = %s names the ditch and its %s', (id, x, part) => {
    const r = plunge(bf, x, 60);
    expect(r.clear).toBe(false);
    expect(r.blocker).toMatchObject({ featureId: id, kind: 'ditch', part });
  });

  it('a closed ditch has its scarp inside the ring and its counterscarp outside', () => {
    // West side of the ring, x = 130: inside (east) is the scarp, outside (west) the counterscarp.
    expect(plunge(bf, 131.5, 60).blocker).toMatchObject({ featureId: 'moat', part: 'scarp' });
    expect(plunge(bf, 128.5, 60).blocker).toMatchObject({ featureId: 'moat', part: 'counterscarp' });
    expect(plunge(bf, 140, 60).blocker).toMatchObject({ featureId: 'terrain' });
  });

  it('a figure in the ditch whose view over the plain is cut by its counterscarp', () => {
    const inDitch: Vec3 = [60.5, bf.groundHeight(60.5, 60) + 0.3, 60];
    const r = bf.lineOfSight(inDitch, eye(bf, 75, 60));
    expect(r.clear).toBe(false);
    expect(r.blocker).toMatchObject({ featureId: 'anti_tank_ditch', kind: 'ditch', part: 'counterscarp' });
  });

  it('plain ground beside it still says terrain, and it has no crest line to shelter behind', () => {
    expect(plunge(bf, 80, 60).blocker).toMatchObject({ featureId: 'terrain' });
    expect(bf.obstaclesAlong([50, 60], [70, 60])).toEqual([]);
  });
});

describe('bad ditches are refused, naming the file, the JSON path and what was expected', () => {
  const issuesOf = (feature: Record<string, unknown>): ScenarioIssue[] => {
    const r = validateScenario(JSON.parse(JSON.stringify(doc([feature]))), 'bad-ditch.json');
    return r.ok ? [] : r.issues;
  };

  it.each([
    ['faces wider than the ditch', { ...DITCHES[0], scarp: 4, counterscarp: 3 }, '$.features[0]', /ditch faces wider than the ditch: expected scarp \+ counterscarp at most the width 6 cm, got 7 cm/],
    ['a closed ditch of two points', { ...DITCHES[1], closed: true }, '$.features[0].path', /closed ditch needs at least 3 points/],
    ['no depth', { ...DITCHES[1], depth: undefined }, '$.features[0].depth', /expected/],
    ['a negative width', { ...DITCHES[1], width: -2 }, '$.features[0].width', /expected/],
    ['a bank height (a ditch has none)', { ...DITCHES[1], height: 2 }, '$.features[0]', /height/],
    ['a self-crossing ring', { ...DITCHES[2], path: [[130, 50], [150, 70], [150, 50], [134, 75]] }, '$.features[0].path[2]', /crosses itself/],
  ])('%s', (_what, feature, path, message) => {
    const issues = issuesOf(feature as Record<string, unknown>);
    expect(issues).toContainEqual(expect.objectContaining({ file: 'bad-ditch.json', path, message: expect.stringMatching(message) }));
  });

  it('a good ditch validates', () => {
    expect(issuesOf(DITCHES[0]!)).toEqual([]);
  });
});
