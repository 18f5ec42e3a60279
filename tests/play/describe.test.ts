// describePlay on the positions that wait for one player: a forced roll (K-7.1f), a charge's roll
// (K-6.2e) and decision (K-6.6a grenades), a readiness window (K-2.3b), the end of the turn (K-5.6e) and the result
// (K-GAP-1) — reached in games of the composed module with scripted dice and described as the played
// game describes them (its HUD is given the composed legal commands): the prompt names the side that
// must act and the buttons are exactly the legal commands, the sequence's step (K-7.1f, K-2.3b,
// K-5.6e) or the rules' own (K-6.2e, K-6.6a).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { PlayView } from '../../src/core';
import { setupK } from '../../src/rules/kuularuisku/engine';
import type { KState } from '../../src/rules/kuularuisku/state';
import type { Scenario } from '../../src/scenario';
import { CARDS, DEFAULT_UNITS, ThenDice, arrange, flowScenario, flowTable, must, newPlayedGame, playedFrom, preparedSetup, type KPlayedSession } from '../flow/fixture';
import { CHARGER_FIRST, CHARGE_UNITS, TO_CHARGE } from '../flow/situations';

const scenario = flowScenario();
let table: Battlefield;

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** The game's HUD as the played game shows it: the composed module's describe (given its legal commands). */
const view = (g: KPlayedSession, setup?: (sc: Scenario) => KState): PlayView => playedFrom(setup).hud.describe(g.state, { scenario: g.scenario, table });

describe('describePlay: who must act, and the buttons', () => {
  it('K-7.1f a pending pinned test: the pinned unit\'s side rolls it', () => {
    const setup = preparedSetup({ type: 'UNIT_STATUS_CHANGED', unitId: 'w1', status: 'pinned', from: 'normal' });
    const g = newPlayedGame(scenario, table, new ThenDice(arrange(CARDS, CARDS), 6), setup);
    must(g, { type: 'BEGIN_TURN', side: 'whites' });
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    const v = view(g, setup);
    expect(v.prompt).toMatchObject({ side: 'whites', turn: 1, card: { unitId: 'w1', via: 'card' }, tallies: [expect.objectContaining({ id: 'deck', count: 4, text: 'Deck 4 left · 1 drawn' })] });
    expect(v.prompt.detail).toBe('Whites rolls the pinned test (K-7.1f)');
    expect(v.activeUnitId).toBe('w1');
    expect(v.actions).toEqual([expect.objectContaining({ id: 'resolve:pinned-test', rule: 'K-7.1f' })]);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'RESOLVE', side: 'whites', unitId: 'w1', step: 'pinned-test' }]);
    expect(v.actions.map((a) => a.command)).toEqual(g.legalCommands());
  });

  it('K-6.2e a charge\'s step awaiting its roll inside the activation: the charger\'s side rolls its morale test', () => {
    // Defensive fire 5 1 → re-roll the 1 → 1: 1 hit; cover 1 → 1 wound (the Whites allocate it); wound test 6.
    const g = newPlayedGame(flowScenario(CHARGE_UNITS), table, new ThenDice([...CHARGER_FIRST, 5, 1, 1, 1, 6], 6));
    for (const c of TO_CHARGE) must(g, c);
    must(g, { type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
    must(g, { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_2: 1 } });
    expect(g.state.seq.step).toBe('activation');
    const v = view(g);
    expect(v.prompt.side).toBe('whites');
    expect(v.actions.map((a) => a.id)).toEqual(['resolve:charger-morale']);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'RESOLVE', side: 'whites', step: 'charger-morale' }]);
    expect(v.actions.map((a) => a.command)).toEqual(g.legalCommands());
  });

  it('K-6.6a grenades as a melee begins: the side asked decides, yes or no', () => {
    // Defensive fire 5 1 → re-roll the 1 → 1: 1 hit; cover 1 → 1 wound (the Whites allocate it); wound test 6; charger morale 6 passes.
    const units = CHARGE_UNITS.map((u) => (u.id === 'x' ? u : { ...u, data: { grenades: true } }));
    const g = newPlayedGame(flowScenario(units), table, new ThenDice([...CHARGER_FIRST, 5, 1, 1, 1, 6, 6], 6));
    for (const c of TO_CHARGE) must(g, c);
    must(g, { type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
    must(g, { type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_2: 1 } });
    must(g, { type: 'RESOLVE', side: 'whites', step: 'charger-morale' });
    const v = view(g);
    expect(v.prompt.side).toBe('whites');
    expect(v.actions.map((a) => a.id)).toEqual(['grenades:yes', 'grenades:no']);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'GRENADES', side: 'whites', use: true }, { type: 'GRENADES', side: 'whites', use: false }]);
    expect(v.actions.map((a) => a.command)).toEqual(g.legalCommands());
  });

  // Turn 2 as the scenario opens it: w2 waits in readiness, the others have acted but r2, whose card is the last.
  const readiness = flowScenario(DEFAULT_UNITS.map((u) => (u.id === 'r2' ? u : { ...u, data: { start: u.id === 'w2' ? { ready: true } : { activated: true } } })), { rules: { start: { turn: 2, deck: ['r2'] } } });

  it('K-2.3b a readiness window: the side with a ready unit may use it or pass', () => {
    const g = newPlayedGame(readiness, table);
    expect(g.state.seq.ready).toEqual(['w2']);
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'PASS', side: 'reds', unitId: 'r2' });
    const v = view(g);
    expect(v.prompt).toMatchObject({ side: 'whites', headline: 'Turn 2 · between activations' });
    expect(v.actions.map((a) => a.id)).toEqual(['readiness:pass', 'readiness:w2']);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'READINESS', side: 'whites', unitId: null }, { type: 'READINESS', side: 'whites', unitId: 'w2' }]);
    expect(v.actions.map((a) => a.command)).toEqual(g.legalCommands());
    expect(v.units.find((u) => u.id === 'w2')!.status).toEqual(['ready']);
  });

  it('K-5.6e an empty deck: anyone ends the turn (the wounded move first)', () => {
    const g = newPlayedGame(readiness, table);
    must(g, { type: 'DRAW_CARD', side: 'whites' });
    must(g, { type: 'PASS', side: 'reds', unitId: 'r2' });
    must(g, { type: 'READINESS', side: 'whites', unitId: null });
    const v = view(g);
    expect(v.prompt.side).toBeNull();
    expect(v.actions.map((a) => [a.id, a.rule])).toEqual([['end-turn', 'K-5.6e']]);
    expect(v.actions.map((a) => a.command)).toEqual([{ type: 'END_TURN', side: 'whites' }]);
    expect(v.actions.map((a) => a.command)).toEqual(g.legalCommands());
  });

  it('K-GAP-1 a finished game shows the result and offers nothing', () => {
    const over = (sc: Scenario): KState => {
      const s = setupK(sc);
      return { ...s, tableFlow: { ...s.tableFlow, result: { winner: 'whites', reason: 'eliminated', rule: 'K-GAP-1', text: 'The Reds have no soldier left on the table' } } };
    };
    const g = newPlayedGame(scenario, table, undefined, over);
    expect(g.legalCommands()).toEqual([]);
    const v = view(g, over);
    expect(v.victory).toEqual({ winner: 'whites', reason: 'The Reds have no soldier left on the table', rule: 'K-GAP-1' });
    expect(v.prompt).toMatchObject({ side: null, headline: 'Game over — Whites win' });
    expect(v.actions).toEqual([]);
    expect(v.move).toBeUndefined();
  });
});
