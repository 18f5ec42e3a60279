// Eye view beside a wall: the building's wall pieces right beside the eye are ghosted; from the
// middle of a room, or away from buildings, nothing is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { GHOST_REACH, wallsBesideEye } from '../../src/view/tools/eye-ghosts';
import { eye, loadTrainingGround } from '../battlefield/fixture';

describe('walls beside the eye', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await loadTrainingGround();
  });
  afterAll(() => bf?.free());

  it('the belfry centre keeps its walls; at the arch nothing is beside the eye; by a blind wall it is ghosted', () => {
    expect(wallsBesideEye(bf.solids, eye(bf, 140, 90, 4))).toEqual([]);
    // At the west arch the eye looks through the opening: the pieces above, below and beside it are out of reach.
    const west = bf.standingSpots('church_tower', 4).find((s) => s.id === 'tower_bell_w')!;
    expect(wallsBesideEye(bf.solids, eye(bf, west.at[0], west.at[1], 4))).toEqual([]);
    // Floor 3 has no openings: 0.3 cm from the south wall's inner face (z = 87.6) the wall is ghosted.
    const from = eye(bf, 140, 87.9, 3);
    const near = wallsBesideEye(bf.solids, from);
    expect(near.length).toBeGreaterThan(0);
    for (const s of near) {
      expect(s.featureId).toBe('church_tower');
      expect(s.part).toBe('wall');
      if (s.shape !== 'box') throw new Error('walls are boxes');
      expect(s.center[1] - s.halfExtents[1]).toBeLessThanOrEqual(from[1] + 1);
      expect(s.center[1] + s.halfExtents[1]).toBeGreaterThanOrEqual(from[1] - 1);
    }
    expect(near.some((s) => s.shape === 'box' && s.center[2] < 87.6)).toBe(true);
    expect(near.every((s) => s.shape === 'box' && Math.hypot(s.center[0] - 140, s.center[2] - 87.9) < 3 + GHOST_REACH + 3)).toBe(true);
  });

  it('in the open nothing is ghosted', () => {
    expect(wallsBesideEye(bf.solids, eye(bf, 20, 20))).toEqual([]);
  });
});
