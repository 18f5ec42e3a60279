// The random-game harnesses' check that the rules and the sequence machine agree (invariants.ts
// sequenceViolations, what the adapter's FlowMismatchError once caught): it passes on the toy armour
// rules as composed, and names the disagreement when the legal list lists a command of another step,
// or leaves out the one the machine's step waits for (TA-1, TA-2).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type Sequenced, type TableQueries } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { sequenceViolations } from './invariants';

type R = Ruleset<Sequenced<unknown>, Command, GameEvent, TableQueries>;
const FILE = path.resolve(__dirname, '../toys/scenarios/toyarmour.json');
let scenario: Scenario;
let bf: Battlefield;
beforeAll(async () => {
  scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
  bf = await createBattlefield(scenario);
});
afterAll(() => bf.free());

const composed = playableModule(toyarmourModule).ruleset as R;
/** A toy armour game on `ruleset`, its round begun (TA-1: Reds 6, Blues 1). */
function begun(ruleset: R) {
  const g = new GameSession<Sequenced<unknown>, Command, GameEvent, TableQueries>({ ruleset, scenario, table: cachedTable(bf), seed: 1, dice: new ScriptedDice([6, 1]) });
  expect(g.dispatch({ type: 'BEGIN_TURN', side: 'red' }).ok).toBe(true);
  return g;
}
const check = (g: ReturnType<typeof begun>) => sequenceViolations(toyarmourModule.sequence as never, g as never);

describe('the rules and the sequence machine agree (the harnesses\' invariant)', () => {
  it('TA-1 TA-2 the composed rules: no violation between turns, at a pick, in an activation, at the round\'s end', () => {
    const g = begun(composed);
    expect(check(g)).toEqual([]);
    const unitId = String(g.legalCommands()[0]!.unitId);
    g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId });
    expect(g.state.seq.step).toBe('activation');
    expect(check(g)).toEqual([]);
  });

  it('TA-2 a legal list with a command of another step: named, with the step and the roles it takes', () => {
    const loose: R = { ...composed, legalCommands: (s, ctx) => [...composed.legalCommands(s, ctx), { type: 'END_TURN', side: 'red' }] };
    expect(check(begun(loose))).toEqual(['END_TURN is listed legal at the pick step, which takes select']);
  });

  it('TA-2 a legal list without the pick the machine waits for: named', () => {
    const short: R = { ...composed, legalCommands: (s, ctx) => composed.legalCommands(s, ctx).filter((c) => c.type !== 'SELECT_UNIT') };
    expect(check(begun(short))).toEqual(['the pick step takes select but no such command is listed']);
  });

  it('TA-2 a listed command of the step that the session refuses: named with its reason', () => {
    const wrong: R = { ...composed, legalCommands: (s, ctx) => composed.legalCommands(s, ctx).map((c) => (c.type === 'SELECT_UNIT' ? { ...c, unitId: 'blue_a' } : c)) };
    expect(check(begun(wrong))).toEqual(expect.arrayContaining([expect.stringMatching(/^SELECT_UNIT is listed legal at the pick step but refused: /)]));
  });
});
