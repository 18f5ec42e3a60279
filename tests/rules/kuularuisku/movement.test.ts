// K-3.x terrain and K-4.x movement on the training ground: allowances, difficult going for the whole
// unit, the edge stop, water, walls, coherency and the slow movers (wounded, machine guns).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { baseDistance } from '../../../src/core';
import { goingAt, movementAllowance, validateMove, coverAt, type KState } from '../../../src/rules/kuularuisku/engine';
import { apply, line, stateWith, table, wounded } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });
afterAll(() => undefined);

/** Move every soldier of a unit by the same vector. */
function shift(s: KState, unitId: string, dx: number, dz: number) {
  return s.units[unitId]!.figures.map((id) => ({ figureId: id, to: [s.figures[id]!.at[0] + dx, s.figures[id]!.at[1] + dz] as [number, number] }));
}

describe('K-4.0 normal move', () => {
  it('K-4.0 K-4.0a a unit moves up to 10 cm (a light run) in the open; 10.1 cm is refused with the reason', () => {
    const s = stateWith([{ id: 'a', at: line(5, 80, 3) }]);
    const ok = validateMove(s, { unitId: 'a', mode: 'normal', moves: shift(s, 'a', 10, 0) }, { table: t });
    expect(ok.ok).toBe(true);
    const far = validateMove(s, { unitId: 'a', mode: 'normal', moves: shift(s, 'a', 10.1, 0) }, { table: t });
    expect(far).toMatchObject({ ok: false, rule: 'K-4.0' });
    expect(!far.ok && far.reason).toContain('10 cm');
  });

  it('K-4.0b not every soldier has to move, and none need go the whole distance, while the unit stays in formation', () => {
    const s = stateWith([{ id: 'a', at: line(5, 80, 3) }]);
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_3', to: [11, 80] }] }, { table: t });
    expect(r.ok).toBe(true);
  });

  it('K-1.0b K-4.0b a move that leaves a soldier more than 3 cm from the rest is refused (coherency)', () => {
    const s = stateWith([{ id: 'a', at: line(5, 80, 3) }]);
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_3', to: [14, 80] }] }, { table: t });
    expect(r).toMatchObject({ ok: false, rule: 'K-1.0b' });
  });

  it('K-4.0 distances are a 3D tape: climbing the hill costs more than the plan distance', () => {
    const s = stateWith([{ id: 'a', at: [[26, 60]] }]);
    const plan = 9.8;
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [26 + plan, 60] }] }, { table: t });
    // The hill rises ~4 cm over those 9.8 cm: the tape is longer than 10 cm.
    expect(r).toMatchObject({ ok: false, rule: 'K-4.0' });
    const flat = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [26 - plan, 60] }] }, { table: t });
    expect(flat.ok).toBe(true);
  });

  it('K-4.0 a move may not end inside a wall nor run through a building wall; through the door is fine', () => {
    const s = stateWith([{ id: 'a', at: [[110, 38]] }, { id: 'b', at: [[100, 21]] }]);
    const inWall = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [110, 42] }] }, { table: t });
    expect(inWall).toMatchObject({ ok: false, rule: 'K-4.0' });
    expect(!inWall.ok && inWall.reason).toMatch(/would end inside Stone wall \(/); // its name, never its id
    const door = validateMove(s, { unitId: 'b', mode: 'normal', moves: [{ figureId: 'b_1', to: [100, 26] }] }, { table: t }); // K-AMB-4: inside, 5 cm
    expect(door.ok).toBe(true);
    const s2 = stateWith([{ id: 'c', at: [[90, 30]] }]);
    const through = validateMove(s2, { unitId: 'c', mode: 'normal', moves: [{ figureId: 'c_1', to: [97, 30] }] }, { table: t });
    expect(through).toMatchObject({ ok: false, rule: 'K-4.0' });
    expect(!through.ok && through.reason).toContain('the move runs into a wall of Farmhouse (go through a door)');
  });

  it('K-4.0 a figure cannot end on another figure, nor move twice in one activation', () => {
    const s = stateWith([{ id: 'a', at: [[5, 80], [7, 80]] }, { id: 'b', at: [[10, 80]] }]);
    const onTop = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_2', to: [10.2, 80] }] }, { table: t });
    expect(onTop).toMatchObject({ ok: false, rule: 'K-4.0' });
  });

  it('K-4.0 K-4.0c K-1.0c a unit out of formation must regroup: a straggler moving his full move toward the unit is accepted', () => {
    const s = stateWith([{ id: 'a', at: [[5, 80], [7, 80], [30, 80]] }]);
    const r = validateMove(s, { unitId: 'a', mode: 'regroup', moves: [{ figureId: 'a_3', to: [20, 80] }] }, { table: t });
    expect(r.ok).toBe(true);
    const lazy = validateMove(s, { unitId: 'a', mode: 'regroup', moves: [{ figureId: 'a_3', to: [25, 80] }] }, { table: t });
    expect(lazy).toMatchObject({ ok: false, rule: 'K-1.0b' });
  });
});

describe('K-4.1 fast move', () => {
  it('K-4.1 K-4.1a a fast move is 20 cm (flat out) in the open', () => {
    const s = stateWith([{ id: 'a', at: line(5, 80, 2) }]);
    expect(validateMove(s, { unitId: 'a', mode: 'fast', moves: shift(s, 'a', 20, 0) }, { table: t }).ok).toBe(true);
    expect(validateMove(s, { unitId: 'a', mode: 'fast', moves: shift(s, 'a', 20.5, 0) }, { table: t })).toMatchObject({ ok: false, rule: 'K-4.1' });
  });
});

describe('K-3 terrain and K-4.2 difficult going', () => {
  it('K-3.0 K-3.0a K-3.2 K-3.2a K-4.2b area terrain classes read from the table: marsh, dense woods, rubble and rocky ground are difficult', () => {
    const h = stateWith([]).house;
    expect(goingAt(t, [70, 10], h).going).toBe('difficult'); // marsh
    expect(goingAt(t, [130, 20], h).going).toBe('difficult'); // dense woods
    expect(goingAt(t, [112, 12], h).going).toBe('difficult'); // rubble (ruins)
    expect(goingAt(t, [66, 32], h).going).toBe('difficult'); // rocky ground
  });

  it('K-4.2a K-3.2b normal woods, fields and roads are open going for infantry', () => {
    const h = stateWith([]).house;
    expect(goingAt(t, [125, 90], h).going).toBe('open'); // normal woods
    expect(goingAt(t, [40, 15], h).going).toBe('open'); // crop field
    expect(goingAt(t, [60, 108], h).going).toBe('open'); // road
    expect(goingAt(t, [10, 60], h).going).toBe('open');
  });

  it('K-3.3 K-3.3a water is difficult going for everyone; K-3.3b frozen water is easy going', () => {
    const h = stateWith([]).house;
    expect(goingAt(t, [85, 60], h).going).toBe('difficult');
    expect(goingAt(t, [36, 90], h).going).toBe('open');
  });

  it('K-AMB-4 buildings are difficult going under the house value; the option "open" switches it off', () => {
    const s = stateWith([]);
    expect(goingAt(t, [100, 30], s.house).going).toBe('difficult');
    const o = stateWith([], { house: { buildingsDifficult: 'open' } });
    expect(goingAt(t, [100, 30], o.house).going).toBe('open');
  });

  it('K-AMB-4 strongly flowing water cannot be crossed (house: impassable)', () => {
    const s = stateWith([{ id: 'a', at: [[70, 60]] }]);
    const strong = { ...s, house: s.house };
    const tags = { cover: 'none' as const, difficult: true, impassable: true, blocksSight: false, heightClass: 'flat' as const };
    expect(goingAt({ ...t, areasAt: () => [{ featureId: 'torrent', kind: 'water', tags }], buildingAt: () => undefined } as never, [0, 0], strong.house).going).toBe('impassable');
    const alt = stateWith([], { house: { strongWaterImpassable: 'difficult' } });
    expect(goingAt({ ...t, areasAt: () => [{ featureId: 'torrent', kind: 'water', tags }], buildingAt: () => undefined } as never, [0, 0], alt.house).going).toBe('difficult');
  });

  it('K-4.2 K-4.2c a unit whose soldier ends in difficult terrain moves at the difficult rate (5 cm) as a whole', () => {
    // Two soldiers west of the marsh (x 62–76, z 5–18); one steps in.
    const s = stateWith([{ id: 'a', at: [[59, 20], [60.5, 20]] }]);
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_2', to: [63, 17] }, { figureId: 'a_1', to: [59 + 6, 20] }] }, { table: t });
    expect(r).toMatchObject({ ok: false, rule: 'K-4.2c' });
    const ok = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_2', to: [63, 17] }, { figureId: 'a_1', to: [61, 18] }] }, { table: t });
    expect(ok).toMatchObject({ ok: true, difficult: true, allowance: 5 });
  });

  it('K-4.2 a fast move in difficult terrain is 10 cm', () => {
    const s = stateWith([{ id: 'a', at: [[64, 10]] }]);
    expect(movementAllowance(s, 'a_1', 'fast', true, s.house).allowance).toBe(10);
    expect(validateMove(s, { unitId: 'a', mode: 'fast', moves: [{ figureId: 'a_1', to: [64, 0.5] }] }, { table: t }).ok).toBe(true);
    expect(validateMove(s, { unitId: 'a', mode: 'fast', moves: [{ figureId: 'a_1', to: [75.5, 10] }] }, { table: t })).toMatchObject({ ok: false, rule: 'K-4.2c' });
  });

  it('K-4.2d a unit that has already moved more than its difficult allowance stops at the edge of difficult terrain', () => {
    // From (54, 40) south-east toward the marsh: 7 cm of open ground before reaching it.
    const s = stateWith([{ id: 'a', at: [[62, 25]] }]);
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [62, 16] }] }, { table: t });
    expect(r).toMatchObject({ ok: false, rule: 'K-4.2d' });
    expect(!r.ok && r.reason).toContain('before reaching difficult terrain (Reed marsh)');
    expect(!r.ok && r.reason).toContain('stops at the edge');
    // Reaching the edge within 5 cm may go on in at the difficult rate.
    const s2 = stateWith([{ id: 'a', at: [[62, 21]] }]);
    expect(validateMove(s2, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [62, 17] }] }, { table: t }).ok).toBe(true);
  });

  it('K-3.1 K-3.1a individual terrain (fences, walls, hedges) gives cover but does not hinder movement', () => {
    const s = stateWith([{ id: 'a', at: [[40, 30]] }]);
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [40, 22] }] }, { table: t });
    expect(r.ok).toBe(true); // crosses the paddock fence at z 28
    expect(coverAt(t, [40, 26.5], 0.6, [40, 40], s.house).cover).toBe('light');
  });
});

describe('slow movers', () => {
  it('K-5.5f a lightly wounded soldier moves at half speed (5 cm)', () => {
    const s = stateWith([{ id: 'a', at: [[5, 80]], figureStart: wounded('light', 1) }]);
    expect(movementAllowance(s, 'a_1', 'normal', false, s.house).allowance).toBe(5);
    expect(validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [11, 80] }] }, { table: t })).toMatchObject({ ok: false });
  });

  it('K-AMB-5 half speed does not stack with difficult terrain by default; the "stacking" option gives a quarter', () => {
    const s = stateWith([{ id: 'a', at: [[5, 80]], figureStart: wounded('light', 1) }]);
    expect(movementAllowance(s, 'a_1', 'normal', true, s.house).allowance).toBe(5);
    const st = { ...s, house: { ...s.house, halfSpeedStacks: true } };
    expect(movementAllowance(st, 'a_1', 'normal', true, st.house).allowance).toBe(2.5);
    expect(movementAllowance(s, 'a_1', 'fast', false, s.house).allowance).toBe(10);
  });

  it('K-5.5e a seriously wounded soldier moves only if his unit has a fit soldier for each seriously wounded one', () => {
    const hurt = (...n: number[]) => stateWith([{ id: 'a', at: [[5, 80], [7, 80], [9, 80]], figureStart: wounded('serious', ...n) }]);
    // (a_1 is the squad leader: his serious wound would leave the unit leaderless, K-1.4a.)
    let s = hurt(3);
    expect(validateMove(s, { unitId: 'a', mode: 'normal', moves: shift(s, 'a', 4, 0) }, { table: t }).ok).toBe(true);
    s = hurt(2, 3);
    expect(validateMove(s, { unitId: 'a', mode: 'normal', moves: shift(s, 'a', 4, 0) }, { table: t })).toMatchObject({ ok: false, rule: 'K-5.5e' });
  });

  it('K-5.6g a seriously wounded soldier never moves fast', () => {
    const s = stateWith([{ id: 'a', at: [[5, 80], [7, 80]], figureStart: wounded('serious', 1) }]);
    expect(movementAllowance(s, 'a_1', 'fast', false, s.house)).toMatchObject({ allowance: 5 });
  });

  it('K-WPN-10 K-WPN-11 K-WPN-12 a heavy machine gun crew moves at half speed; K-WPN-13 the lighter 08/15 does not', () => {
    const s = stateWith([
      { id: 'm', type: 'weapon-team', at: [[5, 80], [7, 80]], data: { weapon: 'maxim-1910' } },
      { id: 'c', type: 'weapon-team', at: [[5, 70], [7, 70]], data: { weapon: 'K-WPN-11' } },
      { id: 'g', type: 'weapon-team', at: [[5, 60], [7, 60]], data: { weapon: 'K-WPN-12' } },
      { id: 'l', type: 'weapon-team', at: [[5, 50], [7, 50]], data: { weapon: 'K-WPN-13' } },
    ]);
    for (const u of ['m', 'c', 'g']) {
      expect(movementAllowance(s, `${u}_1`, 'normal', false, s.house).allowance).toBe(5);
      expect(movementAllowance(s, `${u}_2`, 'normal', false, s.house).allowance).toBe(5); // K-AMB-19 the loader carries with him
    }
    expect(movementAllowance(s, 'l_1', 'normal', false, s.house).allowance).toBe(10);
  });

  it('K-7.4 K-7.4a a unit that moves over a table edge leaves the game: withdrawn, not destroyed', () => {
    const s = stateWith([{ id: 'a', at: [[3, 80], [5, 80]] }]);
    const r = validateMove(s, { unitId: 'a', mode: 'normal', moves: shift(s, 'a', -8, 0) }, { table: t });
    expect(r.ok).toBe(true);
    const after = apply(s, r.ok ? r.events : []);
    expect(after.units.a!.status).toBe('withdrawn');
    expect(after.figures.a_1!.removed).toBe('withdrawn');
    const half = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [-2, 80] }] }, { table: t });
    expect(half).toMatchObject({ ok: false, rule: 'K-7.4a' });
  });

  it('K-4.0 moving into a house and up its stairs: inside the building the tape counts the climb', () => {
    const s = stateWith([{ id: 'a', at: [[100, 28]] }]);
    const up = validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [100, 31], floor: 1 }] }, { table: t });
    expect(up.ok).toBe(true);
    const d = baseDistance({ at: [100, 28], y: t.standHeight(100, 28), radius: 0 }, { at: [100, 31], y: t.standHeight(100, 31, 1), radius: 0 });
    expect(up.ok && up.events[0]!.type === 'FIGURES_MOVED' && up.events[0]!.moves[0]!.distance).toBeCloseTo(d, 3);
    expect(validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [100, 31], floor: 3 }] }, { table: t })).toMatchObject({ ok: false, rule: 'K-4.0' });
  });
});
