// The move gizmo's reach outline on the training ground: shorter into the marsh and the thicket
// (K-4.2c/d), the difficult rate all round when starting in difficult ground, stopped by a building
// wall (K-4.0) — and each stop agrees with validateMove: the outline point is a legal move, a little
// further is refused with the rule that stopped it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { Vec2 } from '../../src/core';
import { kuularuiskuRuleset, type KGameState } from '../../src/rules/kuularuisku/engine';
import { validateMove, type KFigure } from '../../src/rules/kuularuisku/engine';
import { reachAlong, reachOutline } from '../../src/rules/kuularuisku/hud';
import { loadTrainingGround, trainingGroundScenario } from '../battlefield/fixture';
import { setupRead } from '../rules/kuularuisku/reading';

let bf: Battlefield;
let s0: KGameState;
const scenario = trainingGroundScenario();
const FIG = 'obs_ground_1';

beforeAll(async () => {
  bf = await loadTrainingGround();
  s0 = setupRead(scenario);
});

/** The state with the ground observer standing at `at` (nobody else moves). */
function standing(at: Vec2): { s: KGameState; f: KFigure } {
  const f = { ...s0.figures[FIG]!, at };
  return { s: { ...s0, figures: { ...s0.figures, [FIG]: f } }, f };
}

function along(at: Vec2, dir: Vec2, startDifficult = false): number {
  const { f } = standing(at);
  return reachAlong(bf, s0.house, { figure: f, open: 10, difficult: 5, startDifficult }, dir);
}

function tryMove(at: Vec2, to: Vec2) {
  const { s } = standing(at);
  return validateMove(s, { unitId: 'obs_ground', mode: 'normal', moves: [{ figureId: FIG, to }] }, { table: bf });
}

const EAST: Vec2 = [1, 0];
const WEST: Vec2 = [-1, 0];
const NORTH: Vec2 = [0, 1];

describe('reach outline (K-4.0, K-4.2)', () => {
  it('K-4.0 in open ground the outline is the 10 cm normal move all round', () => {
    const { f } = standing([10, 110]);
    const ring = reachOutline(bf, s0.house, { figure: f, open: 10, difficult: 5, startDifficult: false });
    expect(ring).toHaveLength(48);
    for (const [x, z] of ring) expect(Math.hypot(x - 10, z - 110)).toBeGreaterThan(9.9);
    for (const [x, z] of ring) expect(Math.hypot(x - 10, z - 110)).toBeLessThanOrEqual(10.01);
  });

  it('K-4.0 the tape is 3D: up the west hill the same 10 cm covers less ground in plan', () => {
    const up = along([30, 50], [0.6, 0.8]);
    expect(up).toBeLessThan(9.9);
    expect(up).toBeGreaterThan(8);
    expect(tryMove([30, 50], [30 + 0.6 * up, 50 + 0.8 * up]).ok).toBe(true);
    expect(tryMove([30, 50], [30 + 0.6 * (up + 0.5), 50 + 0.8 * (up + 0.5)])).toMatchObject({ ok: false, rule: 'K-4.0' });
  });

  it('K-4.2d running 7 cm of open ground to the marsh, past the 5 cm difficult move: the ray stops at its edge', () => {
    // Reed marsh spans x 62–76: from x = 55 its edge is 7 cm east.
    const east = along([55, 11], EAST);
    expect(east).toBeGreaterThan(6.5);
    expect(east).toBeLessThan(7);
    expect(along([55, 11], WEST)).toBeGreaterThan(9.9);
    expect(tryMove([55, 11], [55 + east, 11]).ok).toBe(true);
    expect(tryMove([55, 11], [55 + east + 1, 11])).toMatchObject({ ok: false, rule: 'K-4.2d' });
  });

  it('K-4.2c reaching the marsh within 5 cm, the whole move is at the difficult rate: 5 cm', () => {
    const east = along([59, 11], EAST);
    expect(east).toBeCloseTo(5, 1);
    expect(tryMove([59, 11], [59 + east - 0.05, 11]).ok).toBe(true);
    expect(tryMove([59, 11], [59 + east + 0.5, 11])).toMatchObject({ ok: false, rule: 'K-4.2c' });
  });

  it('K-4.2c starting in the dense thicket the outline is the 5 cm difficult move every way', () => {
    const { f } = standing([135, 20]);
    const ring = reachOutline(bf, s0.house, { figure: f, open: 10, difficult: 5, startDifficult: true });
    for (const [x, z] of ring) expect(Math.hypot(x - 135, z - 20)).toBeLessThanOrEqual(5.01);
    expect(Math.max(...ring.map(([x, z]) => Math.hypot(x - 135, z - 20)))).toBeGreaterThan(4.9);
  });

  it('K-4.0 a building wall stops the ray: the farmhouse west wall 3 cm east of the figure', () => {
    // Farmhouse x 94–106 (door on the south side only); from x = 91 its west wall is 3 cm away.
    const east = along([91, 32], EAST);
    expect(east).toBeGreaterThan(1);
    expect(east).toBeLessThan(3);
    expect(tryMove([91, 32], [91 + east, 32]).ok).toBe(true);
    expect(tryMove([91, 32], [97, 32])).toMatchObject({ ok: false, rule: 'K-4.0' });
    // West of him the river (K-3.3a difficult, 2 cm away) puts the ray on the 5 cm difficult rate
    // (a little less in plan: its bank slopes down, and the tape is 3D).
    const west = along([91, 32], WEST);
    expect(west).toBeLessThanOrEqual(5);
    expect(west).toBeGreaterThan(4.5);
    expect(tryMove([91, 32], [91 - west, 32]).ok).toBe(true);
    expect(tryMove([91, 32], [91 - west - 0.5, 32])).toMatchObject({ ok: false, rule: 'K-4.2c' });
  });

  it('K-3.1a the stone wall is a small obstacle: it gives cover but does not stop a move over it', () => {
    // Stone wall along z = 42 (x 96–130): from z = 38 the ray north crosses it and runs the full 10 cm.
    const north = along([112, 38], NORTH);
    expect(north).toBeGreaterThan(9.9);
    expect(tryMove([112, 38], [112, 38 + north]).ok).toBe(true);
    // Ending astride it is refused: a soldier cannot stand inside the wall.
    expect(tryMove([112, 38], [112, 42])).toMatchObject({ ok: false, rule: 'K-4.0' });
  });

  it('K-4.0 upstairs: the first-floor window soldier\'s outline stays inside the farmhouse walls, and each stop is a legal move', () => {
    // house_upper_1 stands on floor 1 of the farmhouse (x 94–106); a wall check at a point beyond
    // the building used to ask for floor 1 where none stands and threw (the HUD then offered no move).
    const f = s0.figures.house_upper_1!;
    const ring = reachOutline(bf, s0.house, { figure: f, open: 10, difficult: 5, startDifficult: false });
    expect(ring).toHaveLength(48);
    for (const [x] of ring) {
      expect(x).toBeGreaterThan(93);
      expect(x).toBeLessThan(107);
    }
    const east = reachAlong(bf, s0.house, { figure: f, open: 10, difficult: 5, startDifficult: false }, EAST);
    expect(east).toBeGreaterThan(1);
    const to: Vec2 = [f.at[0] + east, f.at[1]];
    expect(validateMove(s0, { unitId: 'house_upper', mode: 'normal', moves: [{ figureId: 'house_upper_1', to, floor: 1 }] }, { table: bf }).ok).toBe(true);
    expect(validateMove(s0, { unitId: 'house_upper', mode: 'normal', moves: [{ figureId: 'house_upper_1', to: [108, f.at[1]] }] }, { table: bf })).toMatchObject({ ok: false });
  });
});
