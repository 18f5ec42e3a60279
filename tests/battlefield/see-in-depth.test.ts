// A see-in depth (dense woods, rubble) measured along the sight line or as each end's depth from the
// edge the line crosses (the battlefield's depthMeasure option; K-5.2d read two ways, K-AMB-23).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { edgeDepth } from '../../src/battlefield/see-in-depth';
import type { Vec2, Vec3 } from '../../src/core';
import { eye, loadTrainingGround } from './fixture';

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

const SQUARE: Vec2[] = [[120, 5], [150, 5], [150, 35], [120, 35]]; // the training ground's thicket

describe('edgeDepth', () => {
  it('measures square to the side the plan line leaves through, however slanting the line', () => {
    expect(edgeDepth(SQUARE, [127, 20], [110, 40])).toBeCloseTo(7, 9);
    expect(edgeDepth(SQUARE, [127, 20], [100, 20])).toBeCloseTo(7, 9);
    // Leaving through the north side (z = 35) from 3 cm south of it.
    expect(edgeDepth(SQUARE, [140, 32], [140, 60])).toBeCloseTo(3, 9);
  });

  it('with no side crossed (both ends inside), the nearest side', () => {
    expect(edgeDepth(SQUARE, [127, 20], [140, 20])).toBeCloseTo(7, 9);
  });
});

describe('lineOfSight with depthMeasure', () => {
  const ground = (x: number, z: number): Vec3 => [x, bf.standHeight(x, z) + 0.5, z];

  it('a slanting line 10.8 cm inside the thicket to a figure 7 cm deep: stopped along the line, clear from the edge', () => {
    const from = eye(bf, 110, 40), to = eye(bf, 127, 20);
    const along = bf.lineOfSight(from, to);
    expect(along.clear).toBe(false);
    expect(along.blocker).toMatchObject({ featureId: 'woods_dense', part: 'depth' });
    const edge = bf.lineOfSight(from, to, { depthMeasure: 'from-edge' });
    expect(edge.clear).toBe(true);
    expect(edge.areas.find((a) => a.featureId === 'woods_dense')!.length).toBeGreaterThan(10);
    expect(bf.isClear(from, to)).toBe(false);
    expect(bf.isClear(from, to, { depthMeasure: 'from-edge' })).toBe(true);
    // Seeing out is the same measure: from the figure 7 cm deep, and not from one 12 cm deep.
    expect(bf.isClear(to, from, { depthMeasure: 'from-edge' })).toBe(true);
    expect(bf.isClear(eye(bf, 132, 20), eye(bf, 100, 20), { depthMeasure: 'from-edge' })).toBe(false);
  });

  it('8 cm of rubble between two points outside it: clear along the line, stopped where it begins from the edge', () => {
    const from = ground(104, 12), to = ground(119, 12);
    expect(bf.lineOfSight(from, to).areas.find((a) => a.featureId === 'rubble_heap')!.length).toBeCloseTo(8, 1);
    expect(bf.lineOfSight(from, to).clear).toBe(true);
    const edge = bf.lineOfSight(from, to, { depthMeasure: 'from-edge' });
    expect(edge.clear).toBe(false);
    expect(edge.blocker).toMatchObject({ featureId: 'rubble_heap', part: 'depth' });
    expect(edge.blocker!.point[0]).toBeCloseTo(108, 6);
    expect(bf.isClear(from, to, { depthMeasure: 'from-edge' })).toBe(false);
  });
});
