// COBI's round on the alternating machine: the initiative roll (team dice, ties re-rolled), alternate
// activations of one unit each, a side with none left letting the other act on, the game's end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { ScriptedDice } from '../../../src/core';
import { rollInitiative } from '../../../src/rules/cobi/sequence/initiative';
import type { Scenario } from '../../../src/scenario';
import { beginRound, send, sessionOn, skirmishTable, type CSession } from './fixture';

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
  beforeAll(async () => ({ scenario, bf } = await skirmishTable()));
  afterAll(() => bf.free());

  /** Activates the first unit offered and holds with it; returns its side. */
  const activateAndHold = (g: CSession) => {
    const side = g.state.seq.side!;
    const unitId = String(g.legalCommands().find((c) => c.type === 'SELECT_UNIT')!.unitId);
    send(g, { type: 'SELECT_UNIT', side, unitId });
    send(g, { type: 'HOLD', side, unitId });
    return { side, unitId };
  };

  it('C-3.0a round 1: the initiative winner (a tie re-rolled, C-3.0b) chooses; C-3.2d acting first, the log naming the choice', () => {
    const g = sessionOn(scenario, bf, [3, 3, 2, 5]);
    const rolled = send(g, { type: 'BEGIN_ROUND' });
    expect(rolled.find((e) => e.type === 'ROUND_STARTED')).toMatchObject({ round: 1, winner: 'americans', choose: true, text: 'Round 1: Americans win the initiative (3–3, re-rolled: 2–5)' });
    expect(g.state.seq).toMatchObject({ round: 1, step: 'first', side: 'americans' });
    const chosen = send(g, { type: 'CHOOSE_FIRST', choice: 'act' });
    expect(chosen).toEqual([{ type: 'FIRST_CHOSEN', rule: 'C-3.2d', winner: 'americans', choice: 'act', first: 'americans', text: 'Americans choose to act first' }]);
    expect(g.state.seq).toMatchObject({ first: 'americans', side: 'americans', step: 'pick' });
  });

  it('C-3.2d, C-AMB-13 the winner may hand the first activation over; only the winner chooses, and nothing else is taken meanwhile', () => {
    const g = sessionOn(scenario, bf, [6, 1]);
    send(g, { type: 'BEGIN_ROUND' });
    // The Germans won: the Americans may not choose, nor may a squad activate before the choice.
    expect(g.legalCommands().filter((c) => c.type !== 'SURRENDER')).toEqual([{ type: 'CHOOSE_FIRST', side: 'germans', choice: 'act' }, { type: 'CHOOSE_FIRST', side: 'germans', choice: 'pass' }]);
    expect(g.dispatch({ type: 'CHOOSE_FIRST', side: 'americans', choice: 'act' })).toMatchObject({ ok: false });
    expect(g.dispatch({ type: 'SELECT_UNIT', side: 'germans', unitId: 'ger_1' })).toMatchObject({ ok: false, rule: 'C-3.2d', reason: expect.stringMatching(/Germans won the initiative/) });
    expect(send(g, { type: 'CHOOSE_FIRST', choice: 'pass' })[0]).toMatchObject({ winner: 'germans', first: 'americans', text: 'Germans hand the first activation to Americans' });
    expect(g.state.seq).toMatchObject({ first: 'americans', side: 'americans', step: 'pick' });
    expect(activateAndHold(g).side).toBe('americans');
    expect(g.state.seq.side).toBe('germans');
  });

  it('C-3.2f round 2: a new roll, and its winner chooses again (here handing over to the side that lost it)', () => {
    const g = sessionOn(scenario, bf, [6, 1, 2, 4]);
    beginRound(g);
    while (g.state.seq.step === 'pick') activateAndHold(g);
    send(g, { type: 'END_ROUND' });
    const rolled = send(g, { type: 'BEGIN_ROUND' });
    expect(rolled.filter((e) => e.type === 'DICE_ROLLED').map((e) => (e as unknown as { roll: { rule: string } }).roll.rule)).toEqual(['C-3.2f', 'C-3.2f']);
    expect(g.state.seq).toMatchObject({ round: 2, step: 'first', side: 'americans', acted: [] });
    send(g, { type: 'CHOOSE_FIRST', choice: 'pass' });
    expect(g.state.seq).toMatchObject({ first: 'germans', side: 'germans', step: 'pick' });
  });

  it('C-3.2g a side surrenders at any moment, even in the other side\'s activation: the game ends, the other side wins', () => {
    const g = sessionOn(scenario, bf, [6, 1]);
    beginRound(g);
    send(g, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    expect(g.legalCommands().filter((c) => c.type === 'SURRENDER')).toEqual([{ type: 'SURRENDER', side: 'germans' }, { type: 'SURRENDER', side: 'americans' }]);
    const r = g.dispatch({ type: 'SURRENDER', side: 'americans' });
    expect(r.ok && r.events).toEqual([{ type: 'SIDE_SURRENDERED', rule: 'C-3.2g', side: 'americans', text: 'Americans surrender' }]);
    expect(g.victory()).toEqual({ winner: 'germans', reason: 'Americans surrendered: Germans win', rule: 'C-3.2g' });
    expect(g.legalCommands()).toEqual([]);
    expect(g.dispatch({ type: 'HOLD', side: 'germans', unitId: 'ger_1' })).toMatchObject({ ok: false, reason: 'the game is over' });
  });

  it('C-3.2g a surrender is taken between rounds and while the initiative winner chooses', () => {
    const g = sessionOn(scenario, bf, [6, 1]);
    expect(g.dispatch({ type: 'SURRENDER', side: 'germans' }).ok).toBe(true);
    expect(g.victory()).toMatchObject({ winner: 'americans', rule: 'C-3.2g' });
    const h = sessionOn(scenario, bf, [6, 1]);
    send(h, { type: 'BEGIN_ROUND' });
    expect(h.dispatch({ type: 'SURRENDER', side: 'americans' }).ok).toBe(true);
    expect(h.victory()).toMatchObject({ winner: 'germans' });
  });

  it('C-3.2e, C-3.3a the sides alternate one unit each; C-3.3c a held unit has spent its activation for the round', () => {
    const g = sessionOn(scenario, bf, [6, 1]);
    beginRound(g);
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
    beginRound(g);
    const sides: string[] = [];
    while (g.state.seq.step === 'pick') sides.push(activateAndHold(g).side);
    expect(sides).toEqual(['germans', 'americans', 'americans', 'americans']);
    expect(g.state.seq.step).toBe('end');
  });

  it('C-3.2g the game ends after the scenario\'s last round, the side with more figures standing winning (here a draw)', () => {
    const g = sessionOn({ ...scenario, turnLimit: 2 }, bf, [6, 1, 1, 6]);
    for (let round = 1; round <= 2; round++) {
      beginRound(g);
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
