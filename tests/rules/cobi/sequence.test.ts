// COBI's round on the alternating machine: the initiative roll (team dice, ties re-rolled), alternate
// activations of one unit each, a side with none left letting the other act on, the game's end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { ScriptedDice } from '../../../src/core';
import { rollInitiative } from '../../../src/rules/cobi/sequence/initiative';
import type { Scenario } from '../../../src/scenario';
import { battlefieldOf, loadSkirmish, send, sessionOn, type CSession } from './fixture';

const SIDES = [{ id: 'germans', name: 'Germans', players: 1 }, { id: 'americans', name: 'Americans', players: 1 }];

describe('the initiative roll (pure)', () => {
  it('C-3.0a the higher die wins; C-3.0b a tie is rolled again until one is higher', () => {
    const dice = new ScriptedDice([4, 4, 2, 2, 3, 6]);
    expect(rollInitiative(dice, SIDES, 'C-3.0a')).toEqual({ winner: 'americans', tries: [[4, 4], [2, 2], [3, 6]] });
    expect(dice.rolls.map((r) => r.rule)).toEqual(Array(6).fill('C-3.0a'));
    expect(dice.rolls[0]!.purpose).toBe('initiative of Germans');
  });

  it('C-3.0d team play: every side rolls as many dice as the largest side has players and sums them (C-AMB-13)', () => {
    const dice = new ScriptedDice([6, 5, 3, 4, 1]);
    // Germans, 2 players, a die each (6 + 5 = 11), against 1 player rolling 2 dice too (3 + 4 = 7).
    expect(rollInitiative(dice, [{ ...SIDES[0]!, players: 2 }, { ...SIDES[1]!, players: 1 }], 'C-3.0a')).toEqual({ winner: 'germans', tries: [[11, 7]] });
    expect(dice.rolls).toHaveLength(4);
  });

  it('C-3.2f later rounds roll again, a tie re-rolled there too (C-AMB-2)', () => {
    const dice = new ScriptedDice([5, 5, 6, 1]);
    expect(rollInitiative(dice, SIDES, 'C-3.2f')).toEqual({ winner: 'germans', tries: [[5, 5], [6, 1]] });
    expect(dice.rolls.every((r) => r.rule === 'C-3.2f')).toBe(true);
  });
});

describe('the round on the skirmish', () => {
  let scenario: Scenario;
  let bf: Battlefield;
  beforeAll(async () => {
    scenario = loadSkirmish();
    bf = await battlefieldOf(scenario);
  });
  afterAll(() => bf.free());

  /** Activates the first unit offered and holds with it; returns its side. */
  const activateAndHold = (g: CSession) => {
    const side = g.state.seq.side!;
    const unitId = String(g.legalCommands().find((c) => c.type === 'SELECT_UNIT')!.unitId);
    send(g, { type: 'SELECT_UNIT', side, unitId });
    send(g, { type: 'HOLD', side, unitId });
    return { side, unitId };
  };

  it('C-3.0a round 1: the initiative winner acts first, the log giving both dice (a tie re-rolled, C-3.0b)', () => {
    const g = sessionOn(scenario, bf, [3, 3, 2, 5]);
    const events = send(g, { type: 'BEGIN_ROUND' });
    expect(g.state.seq).toMatchObject({ round: 1, first: 'americans', side: 'americans', step: 'pick' });
    expect(events.find((e) => e.type === 'ROUND_STARTED')!.text).toBe('Round 1: Americans win the initiative (3–3, re-rolled: 2–5) and act first');
  });

  it('C-3.2e, C-3.3a the sides alternate one unit each; C-3.3c a held unit has spent its activation for the round', () => {
    const g = sessionOn(scenario, bf, [6, 1]);
    send(g, { type: 'BEGIN_ROUND' });
    const first = activateAndHold(g);
    expect(first.side).toBe('germans');
    expect(g.state.seq).toMatchObject({ side: 'americans', step: 'pick', acted: [first.unitId] });
    // The German squad that held may not activate again this round.
    expect(g.dispatch({ type: 'SELECT_UNIT', side: 'germans', unitId: first.unitId }).ok).toBe(false);
    const sides = [first.side];
    while (g.state.seq.step === 'pick') sides.push(activateAndHold(g).side);
    expect(sides).toEqual(['germans', 'americans', 'germans', 'americans', 'germans', 'americans']);
    expect(g.state.seq.step).toBe('end');
  });

  it('C-GAP-1 a side with no unit left to activate passes: the other activates its remaining units one after another', () => {
    // The Germans field one squad against the Americans' three.
    const lopsided: Scenario = { ...scenario, units: scenario.units!.filter((u) => u.side === 'americans' || u.id === 'ger_1') };
    const g = sessionOn(lopsided, bf, [6, 1]);
    send(g, { type: 'BEGIN_ROUND' });
    const sides: string[] = [];
    while (g.state.seq.step === 'pick') sides.push(activateAndHold(g).side);
    expect(sides).toEqual(['germans', 'americans', 'americans', 'americans']);
    expect(g.state.seq.step).toBe('end');
  });

  it('C-3.2g the game ends after the scenario\'s last round, the side with more figures standing winning (here a draw)', () => {
    const g = sessionOn({ ...scenario, turnLimit: 2 }, bf, [6, 1, 1, 6]);
    for (let round = 1; round <= 2; round++) {
      send(g, { type: 'BEGIN_ROUND' });
      while (g.state.seq.step === 'pick') activateAndHold(g);
      expect(g.victory()).toBeUndefined();
      send(g, { type: 'END_ROUND' });
    }
    expect(g.state.seq.step).toBe('over');
    expect(g.victory()).toEqual({ winner: null, reason: 'round 2 was the last: 13–13 figures standing, a draw', rule: 'C-3.2g' });
  });

  it('C-3.2g a side that has no squad left loses at once', () => {
    const g = sessionOn({ ...scenario, units: scenario.units!.filter((u) => u.side === 'germans') }, bf, [6, 1]);
    expect(g.dispatch(g.withSideToAct({ type: 'BEGIN_ROUND' }))).toMatchObject({ ok: false, reason: expect.stringMatching(/over/) });
    expect(g.victory()).toEqual({ winner: 'germans', reason: 'Americans have lost their last squad: Germans win', rule: 'C-3.2g' });
  });
});
