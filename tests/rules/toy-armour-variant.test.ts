// The armour toy's variant sequence with scripted dice (tests/toys/rules/toyarmour: variantSequence):
// the initiative's winner chooses (TA-9), a vehicle and the squad beside it activate together (TA-10),
// a side surrenders at any moment (TA-11). The flow's alternating machine does the sequencing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type TableQueries } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, type Command, type GameEvent } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourVariantModule } from '../toys/rules/toyarmour';
import type { ArmourState } from '../toys/rules/toyarmour/rules';

const file = path.resolve(__dirname, '../toys/scenarios/toyarmour.json');
const load = (): Scenario => parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
/** The toy's scenario with the red squad moved up beside the tank (at 12, 22): its nearest figure 3 cm off the hull's base. */
const beside = (): Scenario => {
  const s = load();
  return { ...s, units: s.units!.map((u) => (u.id === 'red_squad' ? { ...u, figures: u.figures.map((f, i) => ({ ...f, at: [9 + 2.5 * i, 16] as [number, number] })) } : u)) };
};

let field: Battlefield;
beforeAll(async () => {
  field = await createBattlefield(load());
});
afterAll(() => field.free());

const variant = playableModule(toyarmourVariantModule);
function game(dice: number[], scenario = load()) {
  return new GameSession<ArmourState, Command, GameEvent, TableQueries>({ ruleset: variant.ruleset, scenario, table: cachedTable(field), seed: 1, dice: new ScriptedDice(dice) });
}

describe('toy armour, the variant sequence', () => {
  it('TA-9 the initiative winner is asked to act first or hand over; only that side may answer', () => {
    const g = game([2, 5]);
    expect(g.dispatch({ type: 'BEGIN_TURN', side: 'red' }).ok).toBe(true);
    expect(g.state.seq).toMatchObject({ step: 'first', side: 'blue', first: 'blue' });
    const legal = g.legalCommands().filter((c) => c.type !== 'SURRENDER');
    expect(legal).toEqual([{ type: 'CHOOSE_FIRST', side: 'blue', choice: 'act' }, { type: 'CHOOSE_FIRST', side: 'blue', choice: 'pass' }]);
    // Red lost the roll: its choice and its units are refused, with the rule.
    expect(g.dispatch({ type: 'CHOOSE_FIRST', side: 'red', choice: 'act' })).toMatchObject({ ok: false, rule: 'TA-9' });
    const early = g.dispatch({ type: 'SELECT_UNIT', side: 'blue', unitId: 'blue_a' });
    expect(early).toMatchObject({ ok: false, rule: 'TA-9' });
    expect(!early.ok && early.reason).toMatch(/choose to act first or hand/);
    expect(g.dispatch({ type: 'CHOOSE_FIRST', side: 'blue', choice: 'later' })).toMatchObject({ ok: false, rule: 'TA-9' });
  });

  it('TA-9 a winner who hands over: the other side picks first, and the log names who chose what', () => {
    const g = game([2, 5]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    const r = g.dispatch({ type: 'CHOOSE_FIRST', side: 'blue', choice: 'pass' });
    expect(r.ok && r.events.find((e) => e.type === 'FIRST_CHOSEN')).toMatchObject({ rule: 'TA-9', winner: 'blue', choice: 'pass', first: 'red', text: 'Blues hand the first activation to Reds' });
    expect(g.state.seq).toMatchObject({ step: 'pick', side: 'red', first: 'red' });
    expect(g.legalCommands().filter((c) => c.type === 'SELECT_UNIT').map((c) => c.unitId).sort()).toEqual(['red_squad', 'tank']);
  });

  it('TA-9 a winner who acts first picks first', () => {
    const g = game([6, 1]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'blue' });
    const r = g.dispatch({ type: 'CHOOSE_FIRST', side: 'red', choice: 'act' });
    expect(r.ok && r.events.find((e) => e.type === 'FIRST_CHOSEN')?.text).toBe('Reds choose to act first');
    expect(g.state.seq).toMatchObject({ step: 'pick', side: 'red', first: 'red' });
  });

  it('TA-10 the tank activated takes the squad beside it: either may act, and both count as activated', () => {
    const g = game([6, 1], beside());
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'CHOOSE_FIRST', side: 'red', choice: 'act' });
    const sel = g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' });
    expect(sel.ok && sel.events[0]).toMatchObject({ type: 'UNIT_SELECTED', rule: 'TA-2', unit: 'tank', units: ['tank', 'red_squad'] });
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'tank', together: ['red_squad'] });
    // The squad's moves are offered beside the tank's pivots; the squad takes the one action.
    const legal = g.legalCommands();
    expect(legal.some((c) => c.type === 'MOVE' && c.unitId === 'red_squad')).toBe(true);
    expect(legal.some((c) => c.type === 'PIVOT' && c.unitId === 'tank')).toBe(true);
    expect(g.dispatch({ type: 'HOLD', side: 'red', unitId: 'red_squad' }).ok).toBe(true);
    expect(g.state.seq.acted).toEqual(['tank', 'red_squad']);
    expect(g.state.seq.together).toBeUndefined();
    // Blue acts, then red has no unit left: blue acts on.
    g.dispatch({ type: 'SELECT_UNIT', side: 'blue', unitId: 'blue_a' });
    g.dispatch({ type: 'HOLD', side: 'blue', unitId: 'blue_a' });
    expect(g.state.seq).toMatchObject({ step: 'pick', side: 'blue' });
  });

  it('TA-10 the squad far from the tank (the toy\'s own deployment) leaves it to act alone', () => {
    const g = game([6, 1]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'CHOOSE_FIRST', side: 'red', choice: 'act' });
    const sel = g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' });
    expect(sel.ok && sel.events[0]).not.toHaveProperty('units');
    expect(g.dispatch({ type: 'HOLD', side: 'red', unitId: 'red_squad' })).toMatchObject({ ok: false, rule: 'TA-2' });
  });

  it('TA-11 a side surrenders inside the other side\'s activation: the game ends, the other side wins', () => {
    const g = game([6, 1]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'CHOOSE_FIRST', side: 'red', choice: 'act' });
    g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'red_squad' });
    // Both sides may surrender now, red acting or not.
    expect(g.legalCommands().filter((c) => c.type === 'SURRENDER')).toEqual([{ type: 'SURRENDER', side: 'red' }, { type: 'SURRENDER', side: 'blue' }]);
    expect(g.actingSides({ type: 'SURRENDER', side: 'blue' })).toMatchObject({ sides: ['blue'], rule: 'TA-11' });
    const r = g.dispatch({ type: 'SURRENDER', side: 'blue' });
    expect(r.ok && r.events).toEqual([{ type: 'SIDE_SURRENDERED', rule: 'TA-11', side: 'blue', text: 'Blues surrender' }]);
    expect(g.victory()).toMatchObject({ winner: 'red', rule: 'TA-11' });
    expect(g.legalCommands()).toEqual([]);
    expect(g.dispatch({ type: 'HOLD', side: 'red', unitId: 'red_squad' })).toMatchObject({ ok: false });
  });

  it('TA-11 a surrender is taken while a TA-7 choice is open, from either side; the question goes with the game', () => {
    const g = game([1, 6]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'CHOOSE_FIRST', side: 'blue', choice: 'act' });
    g.dispatch({ type: 'SELECT_UNIT', side: 'blue', unitId: 'blue_a' });
    // The state as a blue volley leaves it: an angled hit on the red tank, red to pick the face.
    const s = g.state;
    const asked: ArmourState = { ...s, table: { ...s.table, angled: [{ figure: 'tank_1', faces: ['front', 'side'] }] } };
    const ctx = { scenario: load(), table: cachedTable(field) };
    expect(variant.ruleset.pendingDecision!(asked, ctx)).toMatchObject({ side: 'red', rule: 'TA-7' });
    const legal = variant.ruleset.legalCommands(asked, ctx);
    expect(legal.map((c) => `${c.type}:${String(c.side)}`)).toEqual(['CHOOSE_FACE:red', 'CHOOSE_FACE:red', 'SURRENDER:red', 'SURRENDER:blue']);
    // Blue's own activation command is refused while red is asked; blue's surrender is taken.
    expect(variant.ruleset.decide(asked, { type: 'HOLD', side: 'blue', unitId: 'blue_a' }, { ...ctx, dice: new ScriptedDice([]) })).toMatchObject({ ok: false, rule: 'TA-7' });
    const r = variant.ruleset.decide(asked, { type: 'SURRENDER', side: 'blue' }, { ...ctx, dice: new ScriptedDice([]) });
    expect(r.ok && r.events.map((e) => e.type)).toEqual(['SIDE_SURRENDERED']);
    const after = variant.ruleset.evolve(asked, r.ok ? r.events[0]! : ({} as GameEvent));
    expect(variant.ruleset.victory(after, ctx)).toMatchObject({ winner: 'red', rule: 'TA-11' });
    expect(variant.ruleset.legalCommands(after, ctx)).toEqual([]);
  });

  it('TA-11 a surrender is taken while the initiative winner chooses, from the side that lost the roll', () => {
    const g = game([2, 5]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(g.dispatch({ type: 'SURRENDER', side: 'red' }).ok).toBe(true);
    expect(g.victory()).toMatchObject({ winner: 'blue', rule: 'TA-11' });
  });
});
