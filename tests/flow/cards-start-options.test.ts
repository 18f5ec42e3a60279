// What every sequenced ruleset's composed Ruleset keeps, proven on toy cards variants: its game options
// (the table rules' optionChoices and applyOptions, applied by the session as the game starts), and a
// game that opens inside a turn (CardsProgram.opensAt: a scenario's starting states), saved and replayed.
import { beforeAll, describe, expect, it } from 'vitest';
import { ScriptedDice, type CardsProgram, type TableQueries } from '../../src/core';
import { playableModule } from '../../src/flow';
import { GameSession, loadSave, makeSave, type Command, type GameEvent } from '../../src/game';
import type { Scenario } from '../../src/scenario';
import { toycardsModule } from '../toys/rules/toycards';
import type { CardsTable } from '../toys/rules/toycards/rules';
import { toycardsTable } from './toycards-harness';

type Program = CardsProgram<CardsTable, Scenario, TableQueries>;
const base = toycardsModule.sequence as Program;

/** TC-7 with a house option: the game lasts one turn ("short") instead of the scenario's. */
const withOptions: Program = {
  ...base,
  rules: {
    ...base.rules,
    optionChoices: () => [{ kind: 'house', id: 'length', title: 'Length of the game', text: 'One turn, or the scenario\'s', default: 'scenario', options: [{ name: 'scenario' }, { name: 'short' }], house: true }],
    applyOptions: (scenario, o) => {
      const v = o.house?.length;
      if (v !== undefined && v !== 'short' && v !== 'scenario') return { scenario, issues: [{ path: 'house.length', message: `expected "short" or "scenario", got ${JSON.stringify(v)}` }] };
      return { scenario: v === 'short' ? { ...scenario, turnLimit: 1 } : scenario, issues: [] };
    },
  },
};

/** TC-1 a game opening inside turn 2: red_a's card and the lieutenant's drawn (red_a acted), blue_b's and red_b's left, blue_a ready. */
const opensInside: Program = { ...base, opensAt: () => ({ round: 2, deck: ['blue_b', 'red_b'], drawn: ['red_lt', 'red_a', 'blue_a'], acted: ['red_a'], ready: ['blue_a'] }) };

const toy = toycardsTable();
let scenario: Scenario;
let table: TableQueries;
beforeAll(() => ({ scenario, table } = toy));

const playable = (sequence: Program) => playableModule({ ...toycardsModule, sequence } as never);

describe('the composed Ruleset of a sequenced ruleset keeps the game options of its table rules', () => {
  it('TC-7 optionChoices and applyOptions are the program\'s; the session plays the scenario as chosen, and a bad choice names its path', () => {
    const m = playable(withOptions);
    expect(m.ruleset.optionChoices!(scenario).map((c) => c.id)).toEqual(['length']);
    const g = new GameSession<unknown, Command, GameEvent, TableQueries>({ ruleset: m.ruleset, scenario, table, seed: 1, options: { house: { length: 'short' } } });
    expect(g.scenario.turnLimit).toBe(1);
    expect((g.state as { seq: { lastRound: number } }).seq.lastRound).toBe(1);
    expect(() => new GameSession({ ruleset: m.ruleset, scenario, table, seed: 1, options: { house: { length: 'long' } } })).toThrow(/house\.length: expected "short" or "scenario", got "long"/);
    // Without them (the toy itself) a choice is refused as options the ruleset has none of.
    expect(playableModule(toycardsModule).ruleset.applyOptions).toBeUndefined();
  });
});

describe('a game that opens inside a turn (CardsProgram.opensAt)', () => {
  it('TC-1 starts at the next card of that turn with its drawn, acted and ready units; the deck then runs out and the turn ends', () => {
    const m = playable(opensInside);
    const g = new GameSession<unknown, Command, GameEvent, TableQueries>({ ruleset: m.ruleset, scenario, table, seed: 1, dice: new ScriptedDice([1, 1, 1, 1, 1, 1]) });
    const seq = () => (g.state as { seq: { step: string; round: number; deck: string[]; acted: string[]; ready: string[] } }).seq;
    expect(seq()).toMatchObject({ step: 'draw', round: 2, deck: ['blue_b', 'red_b'], acted: ['red_a'], ready: ['blue_a'] });
    expect(g.legalCommands().map((c) => c.type)).toEqual(['DRAW_CARD']);
    const drawn = g.dispatch(g.withSideToAct({ type: 'DRAW_CARD' }));
    expect(drawn.ok && drawn.events.find((e) => e.type === 'CARD_DRAWN')?.unit).toBe('blue_b');
    expect(g.dispatch(g.withSideToAct({ type: 'PASS', unitId: 'blue_b' }))).toMatchObject({ ok: true });
    expect(seq().acted).toEqual(['red_a', 'blue_b']);
    // Its save replays from the same opening.
    const again = loadSave(makeSave(g), 'save.json', g.scenario, m.ruleset, table);
    expect(again.state).toEqual(g.state);
  });
});
