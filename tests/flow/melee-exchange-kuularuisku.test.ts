// Kuularuisku's melee round as the cards machine's exchange (sequence/exchange.ts): a unit locked in melee
// offered its activation fights a round whose steps the program names — the melee begins (K-6.3a), the
// round's dice and wounds (K-6.4a–d), its outcome (K-6.4e–i), the activation's end (K-6.3b) — the machine
// entering each as its first event is folded; an owner's wound choice holds it at the round (K-6.4d), and
// the steps after it follow his last answer. A charge's first round (K-6.1b) is the same exchange, opened
// in the charger's activation. Scripted dice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { GameEvent } from '../../src/core';
import { EXCHANGE_FIELD } from '../../src/flow';
import { GameSession, loadSave, makeSave } from '../../src/game';
import { hasActivated } from '../../src/rules/kuularuisku/acted';
import { cardsAwaited } from '../../src/flow/sequenced-cards';
import { kuularuiskuSequence } from '../../src/rules/kuularuisku/sequence';
import { ThenDice, flowScenario, flowTable, must, newPlayedGame, played, playedFrom, preparedSetup, type KPlayedSession, reading } from './fixture';
import { CHARGER_FIRST, CHARGE_UNITS, TO_CHARGE, chargeScenario } from './situations';
import { sendLog } from './send-log';

let table: Battlefield;
beforeAll(async () => {
  table = await flowTable(flowScenario());
});

/** Squads c (Whites) and t (Reds) locked in melee before the game starts; c's card is drawn first. */
const locked = preparedSetup({ type: 'MELEE_STARTED', meleeId: 'm1', units: ['c', 't'], startedBy: 'c' });
const game = (dice: number[]) => newPlayedGame(flowScenario(CHARGE_UNITS), table, new ThenDice([...CHARGER_FIRST, ...dice], 6), locked);
const lockedModule = playedFrom(locked);

/** The game's command log sent again to a fresh game from the same position and dice (as a save replays). */
function replayedLog(g: KPlayedSession, dice: number[]): KPlayedSession {
  const again: KPlayedSession = new GameSession({ ruleset: lockedModule.ruleset, scenario: g.scenario, table, seed: g.seed, dice: new ThenDice([...CHARGER_FIRST, ...dice], 6) });
  sendLog(again as never, g.log);
  return again;
}
const marks = (events: readonly GameEvent[]) => events.filter((e) => e[EXCHANGE_FIELD]).map((e) => [String(e[EXCHANGE_FIELD]), e.type, e.rule]);

describe('K-6.3a K-6.4 a melee round as the cards machine\'s exchange', () => {
  it('K-6.3a K-6.4a–g K-6.3b the steps in order: the melee begins, the round, its outcome (the Reds fall back), the activation ends; replayed', () => {
    // Melee dice: Whites 6 6, Reds 1 1 → the Reds take 2 hits (no choice: one each), wound tests 6 6; their morale 1 fails.
    const dice = [6, 6, 1, 1, 6, 6, 1];
    const g = game(dice);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(g.state.seq).toMatchObject({ step: 'forced', forced: 'melee-round', unit: 'c' });
    const events = must(g, { type: 'RESOLVE', side: 'whites', unitId: 'c', step: 'melee-round' });
    expect(marks(events)).toEqual([
      ['melee begins', 'ACTIVATION_STARTED', 'K-6.3a'],
      ['round', 'MELEE_ROUND', 'K-6.4a'],
      ['outcome', 'MELEE_DECIDED', 'K-6.4e'],
      ['activation ends', 'ACTIVATION_ENDED', 'K-2.0b'],
    ]);
    expect(events.find((e) => e.type === 'FIGURES_MOVED' && e.mode === 'fall-back')).toMatchObject({ unitId: 't', rule: 'K-6.4g' });
    // The exchange ended the activation itself: no forced step's end is logged after it.
    expect(events.some((e) => e.type === 'STEP_DONE' && e.rule === 'K-7.1f')).toBe(false);
    expect(g.state.seq.step).toBe('draw');
    expect(g.state.seq.exchange).toBeUndefined();
    expect(hasActivated(reading(g), 'c')).toBe(true);
    expect(g.state.table.melees).toEqual({});

    // The command log sent again gives the same game.
    const again = replayedLog(g, dice);
    expect(again.events).toEqual(g.events);
    expect(again.state).toEqual(g.state);
  });

  it('K-6.3a K-6.4 a seeded melee round, its owners\' choices answered, saved and loaded (replayed by the session) to the same game', () => {
    const g = newPlayedGame(flowScenario(CHARGE_UNITS), table, undefined, locked);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    // Cards until a unit locked in the melee is offered its round; every choice takes its first option.
    for (let n = 0; n < 40 && !g.events.some((e) => e[EXCHANGE_FIELD] === 'round'); n++) {
      const legal = g.legalCommands();
      const forced = legal.find((c) => c.type === 'RESOLVE' && c.step === 'melee-round');
      must(g, forced ?? g.pendingDecision()?.options[0]!.command ?? legal.find((c) => c.type === 'DRAW_CARD' || c.type === 'PASS') ?? legal[0]!);
    }
    for (let n = 0; n < 10 && g.pendingDecision(); n++) must(g, g.pendingDecision()!.options[0]!.command);
    expect(g.events.filter((e) => e[EXCHANGE_FIELD]).map((e) => e[EXCHANGE_FIELD]).slice(0, 2)).toEqual(['melee begins', 'round']);
    expect(g.pendingDecision()).toBeUndefined();
    const loaded = loadSave(makeSave(g), 'save.json', g.scenario, lockedModule.ruleset as never, table);
    expect(loaded.events).toEqual(g.events);
    expect(loaded.state).toEqual(g.state);
  });

  it('K-6.4i equal hits: the outcome step says the melee goes on; the units stay locked (K-6.5a: a round at the next activation)', () => {
    // Whites 6 1, Reds 6 1: one hit on each side of two soldiers, so each owner chooses who takes it (K-6.4d);
    // wound tests 6 6 once chosen; nobody tests morale.
    const g = game([6, 1, 6, 1, 6, 6]);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    g.dispatch({ type: 'RESOLVE', side: 'whites', unitId: 'c', step: 'melee-round' });
    // K-6.4d the first side hit chooses where its wound falls: the machine waits in the exchange's round step.
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'round', forced: 'melee-round', unit: 'c' });
    const first = g.pendingDecision()!;
    expect(first).toMatchObject({ rule: 'K-6.4d' });
    expect(g.legalCommands()).toEqual(first.options.map((o) => o.command));
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'whites', unitId: 'c' }).ok).toBe(false);
    g.dispatch(first.options[0]!.command);
    const second = g.pendingDecision()!;
    expect(second.side).not.toBe(first.side);
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'round' });
    g.dispatch(second.options[0]!.command);
    // After the last answer the exchange's own steps go on: the outcome (K-6.4i), then the activation's end (K-6.3b).
    expect(marks(g.log.at(-1)!.events)).toEqual([
      ['outcome', 'MELEE_DECIDED', 'K-6.4i'],
      ['activation ends', 'ACTIVATION_ENDED', 'K-2.0b'],
    ]);
    expect(g.events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ loser: null, rule: 'K-6.4i' });
    expect(g.state.seq.step).toBe('draw');
    expect(hasActivated(reading(g), 'c')).toBe(true);
    expect(Object.values(g.state.table.melees)).toHaveLength(1);
    expect(Object.values(g.state.table.melees)[0]!.outcomeDue).toBeUndefined();
  });

  it('K-6.4d K-6.4e–g after the owner\'s allocation the exchange\'s outcome step tests the loser (it falls back) and its last step ends the activation; replayed', () => {
    // Whites 6 6 (2 hits on the Reds: one each, no choice), Reds 6 1 (1 hit: the Whites choose who takes it);
    // wound tests 6 (c's), 6 6 (t's); the Reds took more hits: their morale 1 fails.
    const dice = [6, 6, 6, 1, 6, 6, 6, 1];
    const g = game(dice);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const asked = must(g, { type: 'RESOLVE', side: 'whites', unitId: 'c', step: 'melee-round' });
    expect(marks(asked)).toEqual([['melee begins', 'ACTIVATION_STARTED', 'K-6.3a'], ['round', 'MELEE_ROUND', 'K-6.4a']]);
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'round' });
    expect(g.pendingDecision()).toMatchObject({ side: 'whites', rule: 'K-6.4d' });
    const answered = must(g, g.pendingDecision()!.options[0]!.command);
    // The round's wounds first (the Whites' choice, then the Reds' own), then the outcome as the exchange's step.
    const types = answered.map((e) => e.type);
    expect(types.lastIndexOf('WOUND_TEST')).toBeLessThan(types.indexOf('MELEE_DECIDED'));
    expect(marks(answered)).toEqual([
      ['outcome', 'MELEE_DECIDED', 'K-6.4e'],
      ['activation ends', 'ACTIVATION_ENDED', 'K-2.0b'],
    ]);
    expect(answered.find((e) => e.type === 'MORALE_TEST')).toMatchObject({ unitId: 't' });
    expect(answered.find((e) => e.type === 'FIGURES_MOVED' && e.mode === 'fall-back')).toMatchObject({ unitId: 't', rule: 'K-6.4g' });
    expect(g.state.seq.step).toBe('draw');
    expect(g.state.table.melees).toEqual({});
    // Only the exchange ended the activation: one ACTIVATION_ENDED.
    expect(g.events.filter((e) => e.type === 'ACTIVATION_ENDED')).toHaveLength(1);

    const again = replayedLog(g, dice);
    expect(again.events).toEqual(g.events);
    expect(again.state).toEqual(g.state);
  });

  it('a refusal at an exchange step says what is awaited in the program\'s words: the melee round between its units, and its step', () => {
    const g = game([6, 1, 6, 1, 6, 6]);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'RESOLVE', side: 'whites', unitId: 'c', step: 'melee-round' });
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'round' });
    expect(cardsAwaited(kuularuiskuSequence as never, g.state, g.scenario)).toEqual({
      reason: 'the melee round between Squad c and Squad t is being fought: both sides\' hits are taken as wounds (K-6.4a–d)',
      rule: 'K-6.4a',
    });
  });
});

describe('K-6.1b a charge\'s first round is the exchange, in the charger\'s activation', () => {
  /** Whites charge Reds across open ground; the Reds hold their fire (K-6.2a): the first round awaits its roll. */
  function charged(dice: number[]): KPlayedSession {
    const g = newPlayedGame(chargeScenario(), table, new ThenDice([...CHARGER_FIRST, ...dice], 6));
    for (const c of TO_CHARGE) must(g, c);
    must(g, { type: 'DEFENSIVE_FIRE', side: 'reds', fire: false });
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'c', forced: null });
    return g;
  }

  it('K-6.1b K-6.4a–g K-6.3b the round\'s roll opens the exchange: the melee begins at once, the round, its outcome, the charger\'s activation ends; replayed', () => {
    // Whites 6 6 (2 hits, one each), Reds 1 1; wound tests 6 6; the Reds' morale 1 fails: they fall back.
    const dice = [6, 6, 1, 1, 6, 6, 1];
    const g = charged(dice);
    const events = must(g, { type: 'RESOLVE', side: 'whites', step: 'melee-start' });
    expect(marks(events)).toEqual([
      ['melee begins', 'STEP_DONE', 'K-6.1b'],
      ['round', 'MELEE_ROUND', 'K-6.4a'],
      ['outcome', 'MELEE_DECIDED', 'K-6.4e'],
      ['activation ends', 'ACTIVATION_ENDED', 'K-2.0b'],
    ]);
    // The charger's activation was already on: the exchange starts none.
    expect(events.some((e) => e.type === 'ACTIVATION_STARTED')).toBe(false);
    expect(events.find((e) => e.type === 'FIGURES_MOVED' && e.mode === 'fall-back')).toMatchObject({ unitId: 't', rule: 'K-6.4g' });
    expect(g.state.seq).toMatchObject({ step: 'draw', unit: null, forced: null });
    expect(g.state.seq.exchange).toBeUndefined();
    expect(hasActivated(reading(g), 'c')).toBe(true);
    expect(g.state.table.activation).toBeUndefined();

    const again = newPlayedGame(chargeScenario(), table, new ThenDice([...CHARGER_FIRST, ...dice], 6));
    sendLog(again as never, g.log);
    expect(again.events).toEqual(g.events);
    expect(again.state).toEqual(g.state);
  });

  it('K-6.1b K-6.4d the exchange waits at its round for the Reds\' allocation, then its outcome (K-6.4e, passed: K-6.4f) and the activation\'s end; replayed', () => {
    // Whites 6 1 (1 hit on the Reds: theirs to place), Reds 1 1; t_1's wound test 1 (killed); the Reds' morale 6 holds.
    const dice = [6, 1, 1, 1, 1, 6];
    const g = charged(dice);
    const asked = must(g, { type: 'RESOLVE', side: 'whites', step: 'melee-start' });
    expect(marks(asked)).toEqual([['melee begins', 'STEP_DONE', 'K-6.1b'], ['round', 'MELEE_ROUND', 'K-6.4a']]);
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'round', forced: 'melee-round', unit: 'c' });
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', rule: 'K-6.4d' });
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'whites', unitId: 'c' }).ok).toBe(false);
    const answered = must(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { t_1: 1 } });
    expect(answered.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 't_1', result: 'dead' });
    expect(marks(answered)).toEqual([
      ['outcome', 'MELEE_DECIDED', 'K-6.4e'],
      ['activation ends', 'ACTIVATION_ENDED', 'K-2.0b'],
    ]);
    expect(answered.find((e) => e.type === 'MORALE_TEST')).toMatchObject({ unitId: 't', passed: true });
    // K-6.4f the melee goes on: the units stay locked; the charger has activated.
    expect(Object.values(g.state.table.melees)).toHaveLength(1);
    expect(g.state.seq).toMatchObject({ step: 'draw', forced: null });
    expect(hasActivated(reading(g), 'c')).toBe(true);
    expect(g.events.filter((e) => e.type === 'ACTIVATION_ENDED')).toHaveLength(1);

    const again = newPlayedGame(chargeScenario(), table, new ThenDice([...CHARGER_FIRST, ...dice], 6));
    sendLog(again as never, g.log);
    expect(again.events).toEqual(g.events);
    expect(again.state).toEqual(g.state);
  });
});
