// The sequence machines take any ruleset through its module: a toy ruleset with alternating activation
// (toy armour: initiative each round, sides take turns picking a unit, one action each), added to a
// copy of the registry, plays on the flow's alternating machine built from its own program's commands
// and rule ids — no branch on a ruleset id — as the app looks it up (playModuleFor).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playModuleFor } from '../../src/app/play';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type Sequenced } from '../../src/core';
import { cachedTable } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type ModuleSource } from '../../src/game';
import { RULESET_MODULES } from '../../src/rules';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourModule } from '../toys/rules/toyarmour';

const modules: Readonly<Record<string, ModuleSource>> = { ...RULESET_MODULES, toy: toyarmourModule };
const FILE = path.resolve(__dirname, '../toys/scenarios/toyarmour.json');
let scenario: Scenario;
let bf: Battlefield;
beforeAll(async () => {
  scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
  bf = await createBattlefield(scenario);
});
afterAll(() => bf.free());

describe('another activation model on the same machines', () => {
  it('alternating activation (TA-1, TA-2, TA-8): initiative, alternate picks, one action each, rounds to the end', () => {
    const toy = playModuleFor('toy', modules)!;
    // TA-1 Reds 2, Blues 5: Blues act first in round 1; every later roll-off goes to whoever rolls 6.
    const g = new GameSession<Sequenced<unknown>, Command, GameEvent, unknown>({ ruleset: toy.ruleset, scenario: { ...scenario, turnLimit: 2 }, table: cachedTable(bf), seed: 1, dice: new ScriptedDice([2, 5, 6, 1]) });
    const go = (c: Command) => {
      const r = g.dispatch(g.withSideToAct(c));
      expect(r.ok, `${c.type}: ${r.ok ? '' : r.reason}`).toBe(true);
      return g.state.seq.step;
    };
    expect(g.state.seq.step).toBe('between');
    expect(go({ type: 'BEGIN_TURN' })).toBe('pick');
    expect(g.state.seq.side).toBe('blue');
    // The cards model's DRAW_CARD is not this model's way to pick: unknown to its program.
    expect(g.dispatch({ type: 'DRAW_CARD', side: 'blue' })).toMatchObject({ ok: false, reason: 'unknown command DRAW_CARD', rule: 'TA-1' });
    // A step out of turn: the machine's reason and the program's rule id.
    expect(g.dispatch({ type: 'END_TURN', side: 'blue' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^not now: Blues pick a unit/), rule: 'TA-2' });
    // Each side in turn picks a unit and holds with it until nobody is left to act; then the round ends.
    const act = () => {
      const side = g.state.seq.side!;
      const unitId = String(g.legalCommands()[0]!.unitId);
      expect(go({ type: 'SELECT_UNIT', side, unitId })).toBe('activation');
      go({ type: 'HOLD', side, unitId });
      return side;
    };
    const picking = () => (g.state.seq.step as string) === 'pick';
    const order: string[] = [];
    while (picking()) order.push(act());
    expect(order.slice(0, 2)).toEqual(['blue', 'red']);
    expect(g.state.seq.step).toBe('end');
    expect(go({ type: 'END_TURN' })).toBe('between');
    go({ type: 'BEGIN_TURN' });
    expect(g.state.seq).toMatchObject({ round: 2, first: 'red' });
    while (picking()) act();
    expect(go({ type: 'END_TURN' })).toBe('over');
    expect(g.victory()).toMatchObject({ rule: 'TA-8' });
  });
});
