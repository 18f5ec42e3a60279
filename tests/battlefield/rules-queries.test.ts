// The queries rulesets read through core's TableQueries: areas at a point, obstacles along a line,
// a figure's body inside a wall, walls in a walking path — on the training ground.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { TableQueries } from '../../src/core';
import { loadTrainingGround } from './fixture';

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

describe('queries for rules', () => {
  it('the real battlefield satisfies the core TableQueries interface structurally', () => {
    const q: TableQueries = bf;
    expect(typeof q.areasAt).toBe('function');
  });

  it('areasAt lists the areas under a point with their tags (dense woods, marsh, nothing in the open)', () => {
    expect(bf.areasAt(130, 20).map((a) => [a.featureId, a.tags.difficult, a.tags.cover])).toEqual([['woods_dense', true, 'light']]);
    expect(bf.areasAt(70, 10).map((a) => a.kind)).toEqual(['marsh']);
    expect(bf.areasAt(10, 60)).toEqual([]);
    expect(bf.areasAt(85, 60).map((a) => a.featureId)).toEqual(['river']);
  });

  it('obstaclesAlong finds the stone wall between two points, nearest first, with its height', () => {
    const r = bf.obstaclesAlong([100, 47], [100, 33]);
    expect(r[0]).toMatchObject({ featureId: 'stone_wall', kind: 'wall', part: 'obstacle' });
    expect(r[0]!.distance).toBeGreaterThan(4);
    expect(r[0]!.distance).toBeLessThan(5.1);
    expect(r[0]!.height).toBeGreaterThan(2.4);
    expect(bf.obstaclesAlong([10, 60], [20, 60])).toEqual([]);
  });

  it('obstaclesAlong reports the rampart parapet and crest', () => {
    const r = bf.obstaclesAlong([159, 62], [175, 62]);
    expect(r.map((x) => x.part)).toContain('parapet');
    expect(r.find((x) => x.part === 'parapet')!.tags.cover).toBe('fortification');
  });

  it('bodyClashes: a figure on the stone wall line or in the house wall clashes; one in the open or inside the house does not', () => {
    expect(bf.bodyClashes({ id: 'f', at: [110, 42] }).map((c) => c.featureId)).toEqual(['stone_wall']);
    expect(bf.bodyClashes({ id: 'f', at: [94, 30] }).map((c) => c.featureId)).toEqual(['house_two_storey']);
    expect(bf.bodyClashes({ id: 'f', at: [100, 30] })).toEqual([]);
    expect(bf.bodyClashes({ id: 'f', at: [100, 30], floor: 1 })).toEqual([]);
    expect(bf.bodyClashes({ id: 'f', at: [10, 60] })).toEqual([]);
  });

  it('wallBetween: walking into the house through a wall is stopped, through the door is not', () => {
    expect(bf.wallBetween({ id: 'f', at: [90, 30] }, { id: 'f', at: [100, 30] })?.featureId).toBe('house_two_storey');
    expect(bf.wallBetween({ id: 'f', at: [100, 20] }, { id: 'f', at: [100, 30] })).toBeUndefined();
    expect(bf.wallBetween({ id: 'f', at: [100, 30] }, { id: 'f', at: [100, 31], floor: 1 })).toBeUndefined();
    expect(bf.wallBetween({ id: 'f', at: [10, 60] }, { id: 'f', at: [20, 60] })).toBeUndefined();
  });
});
