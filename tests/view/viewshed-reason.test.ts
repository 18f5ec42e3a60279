// The viewshed says why it sees nothing: a tower floor without openings is walled in; a floor with
// openings, and the open ground, say what they can.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { openingsAt, viewshedReason } from '../../src/ui/viewshed-reason';
import { loadTrainingGround } from '../battlefield/fixture';

describe('viewshed reasons', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await loadTrainingGround();
  });
  afterAll(() => bf?.free());

  it('the church tower: floors 1–3 have no openings, the door floor one, the belfry four', () => {
    expect([0, 1, 2, 3, 4].map((f) => openingsAt(bf, 140, 90, f))).toEqual([1, 0, 0, 0, 4]);
    expect(openingsAt(bf, 20, 20, 0)).toBeNull();
  });

  it('a floor that sees nothing says why; one that sees something says nothing', () => {
    const o = (floor: number) => ({ label: 'probe', x: 140, z: 90, floor });
    expect(viewshedReason(bf, o(2), 0)).toBe('No openings on floor 2 of the Church tower: its walls hide everything.');
    expect(viewshedReason(bf, o(4), 0)).toMatch(/belfry of the Church tower: its 4 openings show no cell/);
    expect(viewshedReason(bf, o(4), 0.2)).toBeNull();
    expect(viewshedReason(bf, { label: 'probe', x: 20, z: 20 }, 0)).toMatch(/^Nothing seen/);
  });

  it('the battlefield\'s own viewshed from a floor without openings sees nothing, as the reason says', () => {
    const eye = bf.eyePoint({ id: 'probe', at: [140, 90], floor: 2 });
    const v = bf.viewshed(eye, { minX: 100, minZ: 60, maxX: 180, maxZ: 120 }, 4, 1.6);
    expect(v.visibleFraction).toBe(0);
  });
});
