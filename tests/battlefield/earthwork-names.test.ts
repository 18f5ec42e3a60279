// A sight line stopped by a rampart's or a ditch's earth names the work and the part it struck;
// plain relief still says terrain. Also the shapes a builder may give: own slopes, a ditch alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createBattlefield } from '../../src/battlefield';
import { parseScenarioOrThrow, validateScenario } from '../../src/scenario';
import type { Vec3 } from '../../src/core';
import { eye, loadTrainingGround, trainingGroundScenario } from './fixture';

/** A steep line from high above down to just under the ground at (x, z): it stops on the surface there. */
function plunge(bf: Battlefield, x: number, z: number) {
  const below: Vec3 = [x, bf.groundHeight(x, z) - 0.5, z];
  return bf.lineOfSight([x - 0.3, 40, z + 0.2], below);
}

describe('training ground: each part of a rampart and its ditch names itself', () => {
  let bf: Battlefield;
  beforeAll(async () => { bf = await loadTrainingGround(); });
  afterAll(() => bf.free());

  // East rampart: crest line x = 160 (z 45–80), outer side east; top 4 wide, faces 3, ditch 4 wide from x = 165.
  it.each([
    [156.5, 'rear slope'],
    [159.5, 'walkway'],
    [163.5, 'front slope'],
    [165.5, 'scarp'],
    [167, 'ditch floor'],
    [168.5, 'counterscarp'],
  ])('a line stopped at x = %s on the east rampart names its %s', (x, part) => {
    const r = plunge(bf, x, 50);
    expect(r.clear).toBe(false);
    expect(r.blocker).toMatchObject({ featureId: 'rampart_east', kind: 'rampart', part });
    expect(r.blocker!.point[0]).toBeCloseTo(x, 0);
  });

  it('the crest (outer band of the top) of the redoubt names itself', () => {
    // Redoubt square 162–170 × 18–26, top 2 wide astride it: x 170–171 is its outer band.
    const r = plunge(bf, 170.5, 22);
    expect(r.blocker).toMatchObject({ featureId: 'redoubt_se', kind: 'redoubt', part: 'crest' });
  });

  it('a figure outside the redoubt whose view of a crouched target inside is cut by its front slope', () => {
    const r = bf.lineOfSight(eye(bf, 178, 22), [166, bf.groundHeight(166, 22) + 0.3, 22]);
    expect(r.clear).toBe(false);
    expect(r.blocker).toMatchObject({ featureId: 'redoubt_se', kind: 'redoubt', part: 'front slope' });
  });

  it('a line stopped by a hill (plain relief) still says terrain', () => {
    const r = bf.lineOfSight(eye(bf, 15, 60), eye(bf, 65, 60));
    expect(r.blocker).toMatchObject({ featureId: 'terrain', kind: 'terrain', part: 'ground' });
  });

  it('the parapet on top is still the parapet', () => {
    const r = bf.lineOfSight([175, 4.8, 50], [150, 4.8, 50]);
    expect(r.blocker).toMatchObject({ featureId: 'rampart_east', part: 'parapet' });
  });
});

describe('own slopes and a ditch alone', () => {
  const base = trainingGroundScenario();
  const works = [
    {
      id: 'long_rampart', kind: 'rampart', name: 'Long rampart', path: [[40, 20], [40, 100]], outer: 'right', height: 3,
      crestWidth: 2, frontSlope: 6, rearSlope: 2, ditch: { depth: 2, width: 6, scarp: 2, counterscarp: 0.5 },
    },
    { id: 'bermed', kind: 'rampart', name: 'Bermed rampart', path: [[120, 20], [120, 100]], outer: 'right', height: 2, crestWidth: 2, slope: 2, ditch: { depth: 1, width: 4, berm: 3 } },
    { id: 'lone_ditch', kind: 'rampart', name: 'Lone ditch', path: [[80, 20], [80, 100]], outer: 'right', height: 0, ditch: { depth: 1.5, width: 4 } },
  ];
  const json = { ...base, features: works, units: [], objectives: [], beats: [] } as Record<string, unknown>;
  let bf: Battlefield;
  beforeAll(async () => { bf = await createBattlefield(parseScenarioOrThrow(JSON.stringify(json), 'works.json')); });
  afterAll(() => bf.free());

  it('the front and rear faces take their own runs; the ditch its own scarp and counterscarp', () => {
    // Top x 39–41 at 3; rear face 37–39; front face 41–47; scarp 47–49; floor 49–52.5; counterscarp 52.5–53.
    expect(bf.groundHeight(38, 60)).toBeCloseTo(1.5, 3);
    expect(bf.groundHeight(44, 60)).toBeCloseTo(1.5, 3);
    expect(bf.groundHeight(48, 60)).toBeCloseTo(-1, 3);
    expect(bf.groundHeight(51, 60)).toBeCloseTo(-2, 3);
    expect(bf.groundHeight(53.5, 60)).toBeCloseTo(0, 3);
    expect(plunge(bf, 38, 60).blocker?.part).toBe('rear slope');
    expect(plunge(bf, 44, 60).blocker?.part).toBe('front slope');
    expect(plunge(bf, 48, 60).blocker?.part).toBe('scarp');
    expect(plunge(bf, 51, 60).blocker?.part).toBe('ditch floor');
  });

  it('a berm leaves plain ground between the front foot and the scarp', () => {
    // Top 119–121; front face 121–123; berm 123–126 at ground level; scarp 126–127; floor 127–129.
    expect(bf.groundHeight(124.5, 60)).toBeCloseTo(0, 5);
    expect(bf.groundHeight(126.5, 60)).toBeCloseTo(-0.5, 3);
    expect(bf.groundHeight(128, 60)).toBeCloseTo(-1, 5);
    expect(plunge(bf, 124.5, 60).blocker).toMatchObject({ featureId: 'terrain' });
    expect(plunge(bf, 126.5, 60).blocker).toMatchObject({ featureId: 'bermed', part: 'scarp' });
  });

  it('a ditch alone digs from its path outward, raises nothing, and names its parts', () => {
    // Path x = 80 is the scarp's top; scarp 80–81, floor 81–83, counterscarp 83–84.
    expect(bf.groundHeight(79, 60)).toBeCloseTo(0, 5);
    expect(bf.groundHeight(82, 60)).toBeCloseTo(-1.5, 5);
    expect(plunge(bf, 80.5, 60).blocker).toMatchObject({ featureId: 'lone_ditch', part: 'scarp' });
    expect(plunge(bf, 82, 60).blocker).toMatchObject({ featureId: 'lone_ditch', part: 'ditch floor' });
    expect(plunge(bf, 83.5, 60).blocker).toMatchObject({ featureId: 'lone_ditch', part: 'counterscarp' });
    expect(plunge(bf, 78, 60).blocker).toMatchObject({ featureId: 'terrain' });
    // Nothing to shelter behind: no crest line to cross.
    expect(bf.obstaclesAlong([70, 60], [90, 60])).toEqual([]);
  });

  it('a rampart with neither bank nor ditch, a parapet without a bank, or ditch faces wider than the ditch, is refused naming the path', () => {
    const bare = { ...json, features: [{ ...works[2], ditch: undefined }] };
    const wide = { ...json, features: [{ ...works[0], ditch: { depth: 1, width: 2, scarp: 1.5, counterscarp: 1 } }] };
    const walled = { ...json, features: [{ ...works[2], parapet: { height: 1, thickness: 0.5 } }] };
    const c = validateScenario(JSON.parse(JSON.stringify(walled)), 'walled.json');
    expect(c.ok ? [] : c.issues).toContainEqual(expect.objectContaining({ path: '$.features[0].parapet', message: expect.stringMatching(/parapet but no bank/) }));
    const a = validateScenario(JSON.parse(JSON.stringify(bare)), 'bare.json');
    const b = validateScenario(JSON.parse(JSON.stringify(wide)), 'wide.json');
    expect(a.ok ? [] : a.issues).toContainEqual(expect.objectContaining({ file: 'bare.json', path: '$.features[0].height', message: expect.stringMatching(/no bank \(height 0\) and no ditch/) }));
    expect(b.ok ? [] : b.issues).toContainEqual(expect.objectContaining({ file: 'wide.json', path: '$.features[0].ditch', message: expect.stringMatching(/ditch faces wider than the ditch.*got 2.5 cm/) }));
  });
});
