// Geometry cases on the training ground (scenarios/sandbox/training-ground.json), each with its why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { gridHeightAt, gridPoint, type Vec2 } from '../../src/core';
import { eye, loadTrainingGround } from './fixture';

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

describe('hills', () => {
  it('a hill between two ground figures blocks (the sight line runs exactly along a grid row, z = 60)', () => {
    const r = bf.lineOfSight(eye(bf, 15, 60), eye(bf, 65, 60));
    expect(r.clear).toBe(false);
    expect(r.blocker?.featureId).toBe('terrain');
    // The first hit is on the western slope, before the crest at x = 40.
    expect(r.blocker!.point[0]).toBeGreaterThan(22);
    expect(r.blocker!.point[0]).toBeLessThan(40);
  });

  it('the same target is visible from the hill top', () => {
    const v = bf.visibility({ id: 'hill_top_1', at: [40, 60] }, { id: 'tgt_east_1', at: [65, 60] });
    expect(v.eye[1]).toBeCloseTo(6 + 1.7 * 0.94, 3);
    expect(v.fraction).toBe(1);
  });

  it('a ray that starts exactly on a cell boundary still finds the hill', () => {
    const r = bf.lineOfSight([22, 0.5, 60], [58, 0.5, 60]);
    expect(r.blocker?.featureId).toBe('terrain');
  });
});

describe('buildings and walls', () => {
  it('an observer at a first-floor window sees a figure behind the stone wall; a ground observer cannot', () => {
    const upper = bf.visibility({ id: 'house_upper_1', at: [100, 33], floor: 1 }, { id: 'behind_wall_1', at: [100, 47] });
    expect(upper.samples.find((s) => s.name === 'head')!.result.clear).toBe(true);
    expect(upper.fraction).toBeGreaterThan(0);
    const ground = bf.visibility({ id: 'wall_south_1', at: [104, 38] }, { id: 'behind_wall_1', at: [100, 47] });
    expect(ground.fraction).toBe(0);
    expect(ground.samples.every((s) => s.result.blocker?.featureId === 'stone_wall')).toBe(true);
  });

  it('walls block except through openings: a line through the door and the opposite window is clear', () => {
    // Door on the south wall (offset 0) and a window on the north wall (offset 0), both at eye height.
    expect(bf.lineOfSight(eye(bf, 100, 20), eye(bf, 100, 40)).clear).toBe(true);
    const solid = bf.lineOfSight(eye(bf, 97, 20), eye(bf, 97, 40));
    expect(solid.blocker).toMatchObject({ featureId: 'house_two_storey', kind: 'building', part: 'wall' });
  });

  it('a hedge does not block a standing figure\'s sight, but hides a figure lying behind it; a house blocks', () => {
    expect(bf.lineOfSight(eye(bf, 40, 95), eye(bf, 40, 105)).clear).toBe(true);
    expect(bf.lineOfSight(eye(bf, 40, 95), [40, 0.15, 101]).blocker?.featureId).toBe('hedge_lane');
    expect(bf.lineOfSight(eye(bf, 97, 20), eye(bf, 97, 40)).clear).toBe(false);
  });

  it('visibility samples the sight points asked for: a figure behind the hedge shows its head, not its base', () => {
    // A ruleset names the points it aims at (its module's sightPoints); the default is head, chest, base.
    const observer = { id: 'probe_south', at: [40, 95] as Vec2 }, target = { id: 'probe_north', at: [40, 101] as Vec2 };
    const byDefault = bf.visibility(observer, target);
    expect(byDefault.samples.map((s) => [s.name, s.result.clear])).toEqual([['head', true], ['chest', true], ['base', false]]);
    expect(byDefault.fraction).toBeCloseTo(2 / 3, 9);
    const headOnly = bf.visibility(observer, target, undefined, [{ name: 'head', fraction: 0.94 }]);
    expect(headOnly.fraction).toBe(1);
    const low = bf.visibility(observer, target, undefined, [{ name: 'low', cm: 0.2 }]);
    expect(low.samples.map((s) => s.name)).toEqual(['low']);
    expect(low.samples[0]!.point[1]).toBeCloseTo(bf.standHeight(40, 101) + 0.2, 9);
    expect(low.fraction).toBe(0);
    expect(low.samples[0]!.result.blocker?.featureId).toBe('hedge_lane');
  });

  it('a fence is seen through and reported as crossed', () => {
    const r = bf.lineOfSight(eye(bf, 40, 32), [40, 0.3, 20]);
    expect(r.clear).toBe(true);
    expect(r.crossed.map((c) => c.featureId)).toEqual(['fence_paddock']);
  });

  it('ignoring the building one stands in lets sight through its walls', () => {
    const r = bf.lineOfSight(eye(bf, 97, 20), eye(bf, 97, 40), { ignore: ['house_two_storey'] });
    expect(r.clear).toBe(true);
  });
});

describe('woods', () => {
  it('dense woods: a target 8 cm inside the edge is visible, 12 cm inside is not (K-5.2d)', () => {
    const near = bf.lineOfSight(eye(bf, 112, 20), eye(bf, 128, 20));
    expect(near.clear).toBe(true);
    expect(near.areas.find((a) => a.featureId === 'woods_dense')!.length).toBeCloseTo(8, 1);
    const far = bf.lineOfSight(eye(bf, 112, 20), eye(bf, 132, 20));
    expect(far.clear).toBe(false);
    expect(far.blocker).toMatchObject({ featureId: 'woods_dense', part: 'depth' });
    expect(far.blocker!.point[0]).toBeCloseTo(130, 1);
  });

  it('the church tower sees over the woods that hide a ground observer when woods are opaque', () => {
    const opaque = { seeInDepth: { woods: 0 } };
    const ground = bf.lineOfSight(eye(bf, 140, 84), eye(bf, 62, 90));
    expect(ground.areas.find((a) => a.featureId === 'woods_normal')!.length).toBeGreaterThan(15);
    expect(bf.lineOfSight(eye(bf, 140, 84), eye(bf, 62, 90), opaque).clear).toBe(false);
    const tower = bf.lineOfSight(eye(bf, 140, 90, 4), eye(bf, 62, 90), opaque);
    expect(tower.clear).toBe(true);
    expect(tower.areas.find((a) => a.featureId === 'woods_normal')).toBeUndefined();
  });
});

describe('standing heights', () => {
  it('on each floor of the house and the tower', () => {
    expect(bf.standHeight(100, 30)).toBeCloseTo(0, 5);
    expect(bf.standHeight(100, 30, 1)).toBeCloseTo(4, 5);
    [0, 4, 8, 12, 16].forEach((y, floor) => expect(bf.standHeight(140, 90, floor)).toBeCloseTo(y, 5));
  });

  it('on the rampart walk, in the ditch, on the bridge deck and in the river bed', () => {
    expect(bf.standHeight(159, 62)).toBeCloseTo(4, 4);
    expect(bf.standHeight(167, 62)).toBeCloseTo(-2, 4);
    expect(bf.groundHeight(85, 108)).toBeCloseTo(-1.5, 4);
    expect(bf.standHeight(85, 108)).toBeCloseTo(0.5, 4);
  });

  it('refuses floors a place does not have, and points off the table, with a clear message', () => {
    expect(() => bf.standHeight(100, 30, 2)).toThrow(/house_two_storey.*floors 0–1/);
    expect(() => bf.standHeight(15, 60, 1)).toThrow(/no building at \(15, 60\)/);
    expect(() => bf.groundHeight(-1, 60)).toThrow(/off the table/);
  });

  it('vertical rays through grid vertices hit the hill (Rapier heightfield misses some; the trimesh does not)', () => {
    const g = bf.grid;
    for (let c = 22; c <= 58; c += 2) {
      const row = Math.round(60 / g.spacingZ);
      const [x, y, z] = gridPoint(g, c, row);
      expect(bf.groundHeight(x, z)).toBeCloseTo(y, 4);
    }
    expect(bf.groundHeight(40, 60)).toBeCloseTo(6, 4);
    expect(gridHeightAt(g, 40.3, 60.7)).toBeCloseTo(bf.groundHeight(40.3, 60.7), 4);
  });

  it('a vertical ray a hair from a grid vertex still finds the ground (found by the continuity property)', () => {
    expect(bf.groundHeight(1, 0.9999999701976775)).toBeCloseTo(0, 5);
  });
});

describe('figures as blockers', () => {
  it('a figure between two others blocks only when figures are included', () => {
    bf.setFigures([{ id: 'screen', at: [30, 10] }]);
    const a = eye(bf, 20, 10), b = eye(bf, 40, 10);
    expect(bf.lineOfSight(a, b).clear).toBe(true);
    expect(bf.lineOfSight(a, b, { figures: {} }).blocker).toMatchObject({ featureId: 'screen', kind: 'figure' });
    expect(bf.lineOfSight(a, b, { figures: { ignore: ['screen'] } }).clear).toBe(true);
    bf.setFigures([]);
    expect(bf.lineOfSight(a, b, { figures: {} }).clear).toBe(true);
  });

  it('an observer on a hill sees over a figure that blocks a ground observer', () => {
    bf.setFigures([{ id: 'screen', at: [66, 60] }]);
    expect(bf.lineOfSight(eye(bf, 62, 60), eye(bf, 70, 60), { figures: {} }).clear).toBe(false);
    expect(bf.lineOfSight(eye(bf, 40, 60), eye(bf, 70, 60), { figures: {} }).clear).toBe(true);
    bf.setFigures([]);
  });
});
