// The move gizmo's reach on other storeys (PlayMoveOffer.floorReach): on the training ground's
// farmhouse (x 94–106, z 25–35; floors at 0 and 4 cm; one door, south, on the ground floor), every
// cell offered on a storey is a move validateMove accepts for a soldier alone, and every cell of the
// farmhouse left out is one it refuses (K-4.0 walls and doors, the climb as a 3D tape; K-4.2c/d).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { Vec2 } from '../../src/core';
import { kuularuiskuRuleset, type KGameState } from '../../src/rules/kuularuisku/engine';
import { movementAllowance, validateMove, type KFigure } from '../../src/rules/kuularuisku/engine';
import { FLOOR_CELL, floorReach, moveOffer } from '../../src/rules/kuularuisku/hud';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { beyondReach, inCells } from '../../src/view/play/play-geometry';
import { loadTrainingGround, trainingGroundScenario } from '../battlefield/fixture';
import { ThenDice, arrange } from '../flow/fixture';
import { setupRead } from '../rules/kuularuisku/reading';

let bf: Battlefield;
let s0: KGameState;
const scenario = trainingGroundScenario();
const CARDS = (scenario.units ?? []).map((u) => u.id);

beforeAll(async () => {
  bf = await loadTrainingGround();
  s0 = setupRead(scenario);
});

/** The state with one figure standing at `at` on `floor` (nobody else moves). */
function standing(id: string, at: Vec2, floor: number): { s: KGameState; f: KFigure } {
  const f = { ...s0.figures[id]!, at, floor };
  return { s: { ...s0, figures: { ...s0.figures, [id]: f } }, f };
}

/** Every FLOOR_CELL cell centre of the farmhouse, and whether the rules accept a lone move there on `floor`. */
function verdicts(id: string, at: Vec2, floor: number, to: number): Array<{ p: Vec2; ok: boolean; rule?: string }> {
  const { s, f } = standing(id, at, floor);
  const unitId = f.unitId;
  const out: Array<{ p: Vec2; ok: boolean; rule?: string }> = [];
  for (let x = 94 + FLOOR_CELL / 2; x < 106; x += FLOOR_CELL) {
    for (let z = 25 + FLOOR_CELL / 2; z < 35; z += FLOOR_CELL) {
      if (bf.buildingAt(x, z)?.id !== 'house_two_storey') continue;
      // Clear of the other figures (the outline leaves soldiers to the rules on release).
      if (Object.values(s.figures).some((g) => g.id !== id && !g.removed && Math.hypot(g.at[0] - x, g.at[1] - z) < 4)) continue;
      const r = validateMove(s, { unitId, mode: 'normal', moves: [{ figureId: id, to: [x, z], floor: to }] }, { table: bf });
      out.push({ p: [x, z], ok: r.ok, ...(r.ok ? {} : { rule: r.rule }) });
    }
  }
  return out;
}

function cellsOf(id: string, at: Vec2, floor: number, to: number): Set<string> {
  const { s, f } = standing(id, at, floor);
  const input = {
    figure: f,
    open: movementAllowance(s, id, 'normal', false, s.house).allowance,
    difficult: movementAllowance(s, id, 'normal', true, s.house).allowance,
    startDifficult: false,
  };
  const reach = floorReach(bf, s.house, input).filter((r) => r.buildingId === 'house_two_storey' && r.floor === to);
  expect(reach.length).toBeLessThanOrEqual(1);
  return new Set((reach[0]?.cells ?? []).map(([x, z]) => `${x},${z}`));
}

/** A game where `unitId`'s card is drawn first and it is activated to move and shoot. */
function activeFirst(unitId: string): PlayHandle {
  const order = [unitId, ...CARDS.filter((c) => c !== unitId)];
  const p = createPlay(scenario, bf, { dice: new ThenDice(arrange(CARDS, order), 4), storage: null });
  for (const id of ['begin-turn', 'draw', 'activate:move-shoot']) {
    const a = p.view.get().actions.find((x) => x.id === id)!;
    expect(p.control.send(a.command).ok).toBe(true);
  }
  return p;
}

describe('reach on other storeys (K-4.0, K-4.2)', () => {
  it('K-4.0 from the first-floor window, the ground-floor cells offered are exactly the ones the rules accept', () => {
    const v = verdicts('house_upper_1', [100, 33], 1, 0);
    const cells = cellsOf('house_upper_1', [100, 33], 1, 0);
    expect(cells.size).toBeGreaterThan(10);
    expect(v.some((x) => !x.ok)).toBe(true); // the 4 cm climb counts: the far corners are out of a 10 cm move
    for (const x of v) expect(cells.has(`${x.p[0]},${x.p[1]}`), `(${x.p}) rules say ${x.ok ? 'ok' : x.rule}`).toBe(x.ok);
  });

  it('K-4.0 from outside by the south door, the first-floor cells offered are exactly the ones the rules accept; none from the north side (no door)', () => {
    // Just south of the door (the door is on the south wall, z = 25; 3 cm high, so the climb to floor 1 must
    // pass it low: only from close by, and within the 5 cm difficult rate of the house, K-4.2c).
    const v = verdicts('obs_ground_1', [100, 24.2], 0, 1);
    const cells = cellsOf('obs_ground_1', [100, 24.2], 0, 1);
    expect(cells.size).toBeGreaterThan(0);
    expect(v.some((x) => !x.ok)).toBe(true);
    for (const x of v) expect(cells.has(`${x.p[0]},${x.p[1]}`), `(${x.p}) rules say ${x.ok ? 'ok' : x.rule}`).toBe(x.ok);
    // North of the house: the wall has no door there, so nothing inside is offered on either storey.
    expect(cellsOf('obs_ground_1', [100, 38], 0, 1).size).toBe(0);
    expect(verdicts('obs_ground_1', [100, 38], 0, 1).every((x) => !x.ok)).toBe(true);
  });

  it('the play view\'s move offer carries the other storeys for a soldier in the farmhouse, and none far from any building', () => {
    const p = activeFirst('house_upper');
    try {
      const move = p.view.get().move!;
      expect(move.unitId).toBe('house_upper');
      const down = move.floorReach?.['house_upper_1']?.find((r) => r.buildingId === 'house_two_storey' && r.floor === 0);
      expect(down?.cells.length).toBeGreaterThan(10);
      // His own floor is the outline's, not repeated here.
      expect(move.floorReach?.['house_upper_1']?.some((r) => r.floor === 1 && r.buildingId === 'house_two_storey')).toBe(false);
      // The same cells as floorReach from where he stands (the offer uses the rules' own allowance).
      expect(new Set(down!.cells.map(([x, z]) => `${x},${z}`))).toEqual(cellsOf('house_upper_1', [100, 33], 1, 0));
    } finally {
      p.dispose();
    }
    const q = activeFirst('obs_ground');
    try {
      const move = q.view.get().move!;
      expect(move.unitId).toBe('obs_ground');
      const f = q.view.get().units.find((u) => u.id === 'obs_ground')!.figures[0]!;
      const nearest = Math.min(...(bf.buildings ?? []).map((b) => Math.hypot(Math.max(94 - f.at[0], 0, f.at[0] - 106), Math.max(25 - f.at[1], 0, f.at[1] - 35))));
      expect(nearest).toBeGreaterThan(10);
      expect(move.floorReach).toBeUndefined();
    } finally {
      q.dispose();
    }
  });
});

describe('the move offer\'s notes name soldiers (K-4.2c)', () => {
  it('K-4.2c a soldier starting in the farmhouse (difficult ground, K-AMB-4) is named in the note, never by his id', () => {
    const p = activeFirst('house_upper');
    try {
      const note = p.view.get().move!.why.find((w) => w.startsWith('K-4.2c'));
      expect(note).toBe('K-4.2c the squad leader starts in difficult ground: the whole unit moves at the difficult rate');
      expect(note).not.toContain('house_upper_1');
    } finally {
      p.dispose();
    }
  });
});

describe('the gizmo\'s hint for a destination on another storey (view/play beyondReach)', () => {
  const ring: Array<[number, number]> = [[90, 20], [110, 20], [110, 40], [90, 40]];
  const floors = [{ floor: 0, cell: 1, cells: [[99.5, 30.5], [100.5, 30.5]] as Array<[number, number]> }];
  it('on another storey of a building: inside a reachable cell or beyond, whatever the outline says', () => {
    expect(beyondReach([99.2, 30.9], 0, 1, 2, ring, floors)).toBe(false);
    expect(beyondReach([100.9, 30.1], 0, 1, 2, ring, floors)).toBe(false);
    expect(beyondReach([102, 30.5], 0, 1, 2, ring, floors)).toBe(true);
    // A storey none of whose cells is offered.
    expect(beyondReach([99.5, 30.5], 2, 1, 3, ring, floors)).toBe(true);
    expect(beyondReach([99.5, 30.5], 1, 0, 2, ring, undefined)).toBe(true);
    expect(inCells([100, 30.5], floors[0]!.cells, 1)).toBe(true);
    expect(inCells([101.1, 30.5], floors[0]!.cells, 1)).toBe(false);
  });
  it('on his own floor, or down on open ground outside any building: the outline ring decides', () => {
    expect(beyondReach([105, 25], 1, 1, 2, ring, floors)).toBe(false);
    expect(beyondReach([115, 25], 1, 1, 2, ring, floors)).toBe(true);
    // Coming down and out of the house (one storey stands there: open ground).
    expect(beyondReach([95, 21], 0, 1, 1, ring, floors)).toBe(false);
    expect(beyondReach([85, 21], 0, 1, 1, ring, floors)).toBe(true);
  });
});
