// C-3.3.1e infantry moves on the skirmish's battlefield: 15 cm on open ground, 8 cm through difficult
// ground, walls and coherency (C-3.3b), each refusal naming its reason and rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import type { Command, Vec2 } from '../../../src/core';
import type { Scenario } from '../../../src/scenario';
import { cobiModule } from '../../../src/rules/cobi';
import { battlefieldOf, beginRound, loadSkirmish, send, sessionOn, type CSession } from './fixture';

let scenario: Scenario;
let bf: Battlefield;
beforeAll(async () => {
  const base = loadSkirmish();
  // The MG team (3 figures) stands 1 cm south of the wood's edge, in a row 3.5 cm apart.
  scenario = { ...base, units: base.units!.map((u) => (u.id === 'ger_mg' ? { ...u, figures: u.figures.map((f, i) => ({ ...f, at: [84 + i * 3.5, 46] as [number, number] })) } : u)) };
  bf = await battlefieldOf(scenario);
});
afterAll(() => bf.free());

/** A session with the German unit activated (the Germans win the initiative). */
function activated(unitId: string): CSession {
  const g = sessionOn(scenario, bf, [6, 1]);
  beginRound(g);
  send(g, { type: 'SELECT_UNIT', unitId });
  return g;
}
const figures = (g: CSession, unitId: string) => g.state.table.figures.filter((f) => f.unit === unitId);
/** The unit's figures each moved by (dx, dz). */
const shift = (g: CSession, unitId: string, dx: number, dz: number): Command => ({
  type: 'MOVE', side: 'germans', unitId, moves: figures(g, unitId).map((f) => ({ figureId: f.id, to: [f.at[0] + dx, f.at[1] + dz] })),
});

describe('infantry movement', () => {
  it('C-3.3.1e a squad moves up to 15 cm on open ground; its activation is then over', () => {
    const g = activated('ger_1');
    send(g, shift(g, 'ger_1', 0, 15));
    expect(figures(g, 'ger_1').map((f) => f.at)).toEqual([[20, 29], [23.5, 29], [27, 29], [30.5, 29], [34, 29]]);
    expect(g.state.seq).toMatchObject({ side: 'americans', acted: ['ger_1'] });
  });

  it('C-3.3.1e a move over 15 cm is refused, naming the figure, the length and the limit', () => {
    const g = activated('ger_1');
    expect(g.dispatch(shift(g, 'ger_1', 9, 12.5))).toEqual({ ok: false, reason: '1st Grenadier Squad 1 would move 15.4 cm, beyond the infantry\'s 15 cm', rule: 'C-3.3.1e' });
    // Refused: the squad has not moved and is still the one acting.
    expect(figures(g, 'ger_1')[0]!.at).toEqual([20, 14]);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'ger_1' });
  });

  it('C-3.3.1e 8 cm through difficult terrain (the wood, C-3.1d classed difficult): 8 cm in, more refused', () => {
    const g = activated('ger_mg');
    expect(g.dispatch(shift(g, 'ger_mg', 0, 9))).toEqual({ ok: false, reason: 'MG 42 Team 1 would move 9.0 cm, beyond the 8 cm through difficult ground (Beech wood)', rule: 'C-3.3.1e' });
    // Along the wood's edge, staying out of it, the full move.
    expect(g.dispatch(shift(g, 'ger_mg', -15, 0)).ok).toBe(true);
    const h = activated('ger_mg');
    expect(h.dispatch(shift(h, 'ger_mg', 0, 8)).ok).toBe(true);
  });

  it('C-3.1d a building\'s wall in the way is refused, naming it', () => {
    // The farmhouse's south wall runs along z = 55 from x = 29 to 47 (its door at x 36.5–39.5): the squad stands 7 cm south of it.
    const h = sessionOn({ ...scenario, units: scenario.units!.map((u) => (u.id === 'ger_1' ? { ...u, figures: u.figures.map((f, i) => ({ ...f, at: [30 + i * 3, 48] as [number, number] })) } : u)) }, bf, [6, 1]);
    beginRound(h);
    send(h, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    expect(h.dispatch(shift(h, 'ger_1', 0, 10))).toMatchObject({ ok: false, reason: expect.stringMatching(/^1st Grenadier Squad 1: the .* of Farmhouse is in the way$/), rule: 'C-3.1d' });
  });

  it('C-3.3b a move that leaves a figure more than 5 cm from the rest of its squad is refused', () => {
    const g = activated('ger_1');
    const r = g.dispatch({ type: 'MOVE', side: 'germans', unitId: 'ger_1', moves: [{ figureId: 'ger_1_5', to: [34, 27] }] });
    expect(r).toEqual({ ok: false, reason: 'the squad would break up: every figure must end within 5 cm of another of its squad', rule: 'C-3.3b' });
  });

  it('C-3.3a only the activated squad\'s figures move', () => {
    const g = activated('ger_1');
    expect(g.dispatch({ type: 'MOVE', side: 'germans', unitId: 'ger_1', moves: [{ figureId: 'ger_2_1', to: [52, 20] }] })).toEqual({ ok: false, reason: 'ger_2_1 is no figure of 1st Grenadier Squad on the table', rule: 'C-3.3a' });
  });

  it('C-3.3.1e the legal moves: hold, and the squad\'s moves along the compass points at 15 and 7.5 cm that the rules take', () => {
    const g = activated('ger_mg');
    const legal = g.legalCommands();
    expect(legal.filter((c) => c.type === 'HOLD')).toHaveLength(1);
    const moves = legal.filter((c) => c.type === 'MOVE');
    // Northward the full move runs into the wood (refused), the half move (7.5 cm ≤ 8) is taken.
    const north = moves.filter((c) => (c.moves as Array<{ to: Vec2 }>)[0]!.to[0] === 84);
    expect(north.map((c) => (c.moves as Array<{ to: Vec2 }>)[0]!.to[1]).filter((z) => z > 46)).toEqual([53.5]);
    for (const c of moves) expect(g.check(c).ok, JSON.stringify(c)).toBe(true);
  });

  it('C-3.3.1e the drag offer: each figure 15 cm / 8 cm, its outline as far as the move’s own measure takes it (8 cm into the wood, 15 cm away from it)', () => {
    const g = activated('ger_mg');
    const view = cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() });
    const move = view.move!;
    expect(move).toMatchObject({ unitId: 'ger_mg', commandType: 'MOVE', rules: ['C-3.3.1e', 'C-3.3b'] });
    const mg = figures(g, 'ger_mg');
    expect(Object.values(move.allowance)).toEqual(mg.map(() => ({ open: 15, difficult: 8 })));
    for (const f of mg) {
      const ring = move.reach[f.id]!;
      expect(ring.length).toBe(24);
      const dist = (p: readonly number[]) => Math.hypot(p[0]! - f.at[0], p[1]! - f.at[1]);
      // North (the ring's first point) runs into the wood: 8 cm; west (the 19th) on open ground: 15 cm;
      // south (the 13th) ends short of the hedgerow, where a figure would stand inside it.
      expect(dist(ring[0]!)).toBeGreaterThan(7.5);
      expect(dist(ring[0]!)).toBeLessThanOrEqual(8.05);
      expect(dist(ring[18]!)).toBeGreaterThan(14.5);
      expect(dist(ring[18]!)).toBeLessThanOrEqual(15.05);
      expect(dist(ring[12]!)).toBeLessThan(14.5);
    }
    // The outline is the rules' answer: the squad sent to its figures' ring points is taken, 1 cm beyond refused.
    const toRing = (i: number, by: number): Command => ({
      type: 'MOVE', side: 'germans', unitId: 'ger_mg',
      moves: mg.map((f) => {
        const p = move.reach[f.id]![i]!;
        const d = Math.hypot(p[0] - f.at[0], p[1] - f.at[1]);
        const k = (d + by) / d;
        return { figureId: f.id, to: [f.at[0] + (p[0] - f.at[0]) * k, f.at[1] + (p[1] - f.at[1]) * k] as Vec2 };
      }),
    });
    expect(g.check(g.withSideToAct(toRing(0, -0.05)))).toMatchObject({ ok: true });
    expect(g.check(g.withSideToAct(toRing(0, 1)))).toMatchObject({ ok: false, rule: 'C-3.3.1e' });
    expect(g.check(g.withSideToAct(toRing(12, -0.05)))).toMatchObject({ ok: true });
    expect(g.check(g.withSideToAct(toRing(12, 1)))).toMatchObject({ ok: false, reason: expect.stringContaining('inside Hedgerow') });
    // No offer once the squad has acted, nor for a decision pending.
    send(g, shift(g, 'ger_mg', 0, -5));
    expect(cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() }).move?.unitId).not.toBe('ger_mg');
  });
});
