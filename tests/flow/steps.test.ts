// F2 activation start with the real rules and scripted dice, in a session (Kuularuisku on the cards
// machine: a forced step is its `forced` step): in melee (K-6.3a, K-6.5a), routing (K-7.3d), pinned
// (K-7.1f pass / fail, K-7.1c), out of formation (K-1.0c).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { checkedCommands } from '../../src/rules/kuularuisku/player';
import { CARDS, DEFAULT_UNITS, ThenDice, arrange, flowScenario, flowTable, must, newPlayedGame as newGame, preparedSetup, type KPlayedSession as KSession, type UnitSpec } from './fixture';
import { hasActivated } from '../../src/rules/kuularuisku/acted';

let table: Battlefield;
const scenario = flowScenario();

beforeAll(async () => {
  table = await flowTable(scenario);
});

const w1First = arrange(CARDS, ['w1', 'w2', 'wl', 'r1', 'r2']);
/** The cards machine's step, and the forced step it awaits. */
const step = (g: KSession) => ({ step: g.state.seq.step, forced: (g.state.seq as { forced?: string | null }).forced ?? null });
const status = (unitId: string, to: string) => ({ type: 'UNIT_STATUS_CHANGED', unitId, status: to, from: 'normal' });

describe('F2 activation start: forced steps, then the choice', () => {
  it('K-7.1f a pinned unit passes its start-of-activation test and acts normally', () => {
    const g = newGame(scenario, table, new ThenDice([...w1First, 5], 6), preparedSetup(status('w1', 'pinned')));
    g.dispatch({ type: 'BEGIN_TURN', side: 'whites' });
    g.dispatch({ type: 'DRAW_CARD', side: 'whites' });
    expect(step(g)).toEqual({ step: 'forced', forced: 'pinned-test' });
    expect(phaseOf(g.state.table)).toMatchObject({ kind: 'pending', pending: { kind: 'pinned-test', side: 'whites', unitId: 'w1' } });
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'pinned-test' });
    expect(g.events.filter((e) => e.type === 'MORALE_TEST').at(-1)).toMatchObject({ rule: 'K-7.1-T4', value: 5, passed: true });
    expect(g.state.table.units.w1!.status).toBe('normal');
    expect(step(g)).toEqual({ step: 'offer', forced: null });
  });

  it('K-7.1c a pinned unit that fails stays pinned: it may shoot (hits on 6) but not move', () => {
    const g = newGame(scenario, table, new ThenDice([...w1First, 2], 6), preparedSetup(status('w1', 'pinned')));
    g.dispatch({ type: 'BEGIN_TURN', side: 'whites' });
    g.dispatch({ type: 'DRAW_CARD', side: 'whites' });
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'pinned-test' });
    expect(g.state.table.units.w1!.status).toBe('pinned');
    expect(step(g)).toEqual({ step: 'offer', forced: null });
    expect(phaseOf(g.state.table)).toMatchObject({ kind: 'offer', offer: { unitId: 'w1', pinnedFailed: true } });
    expect(g.dispatch({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'move-shoot' })).toMatchObject({ ok: false, rule: 'K-7.1c' });
    expect(g.dispatch({ type: 'READY', side: 'whites', unitId: 'w1' })).toMatchObject({ ok: false, rule: 'K-2.3a' });
    g.dispatch({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
    expect(step(g)).toEqual({ step: 'activation', forced: null });
    expect(g.dispatch({ type: 'MOVE', side: 'whites', unitId: 'w1', moves: [{ figureId: 'w1_1', to: [22, 30] }] })).toMatchObject({ ok: false, rule: 'K-2.4a' });
  });

  it('K-7.3d a routing unit\'s activation is its forced fast move toward its own edge', () => {
    // No leader nearby: the rout runs without a rally test (K-7.3h).
    const units: UnitSpec[] = DEFAULT_UNITS.map((u) => (u.id === 'wl' ? { ...u, at: [60, 70] } : u));
    const sc = flowScenario(units);
    const g = newGame(sc, table, new ThenDice(w1First, 6), preparedSetup(status('w1', 'routing')));
    g.dispatch({ type: 'BEGIN_TURN', side: 'whites' });
    g.dispatch({ type: 'DRAW_CARD', side: 'whites' });
    expect(step(g)).toEqual({ step: 'forced', forced: 'rout' });
    const before = g.state.table.figures.w1_1!.at[0];
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'rout' });
    const moved = g.events.find((e) => e.type === 'FIGURES_MOVED');
    expect(moved).toMatchObject({ mode: 'rout' });
    expect(g.state.table.figures.w1_1!.at[0]).toBeLessThan(before);
    expect(g.events.find((e) => e.type === 'ACTION_CHOSEN')).toMatchObject({ action: 'rout', rule: 'K-7.3d' });
    expect(hasActivated(g.state.table, 'w1')).toBe(true);
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-6.3a a unit locked in melee can only fight: its activation is one round (K-6.5a)', () => {
    // w1 and r1 locked in melee at the start (set up); w1's card: one round, then the activation ends.
    const sc = flowScenario(DEFAULT_UNITS.map((u) => (u.id === 'r1' ? { ...u, at: [21.3, 30] } : u)));
    // w1 rolls 3 dice (6s), r1 3 dice (1s); r1 takes 3 hits: 3 wound tests (6: scratches); its morale test 1 fails.
    const dice = new ThenDice([...w1First, 6, 6, 6, 1, 1, 1, 6, 6, 6, 1], 6);
    const g = newGame(sc, table, dice, preparedSetup({ type: 'MELEE_STARTED', meleeId: 'm1', units: ['w1', 'r1'], startedBy: 'w1' }));
    g.dispatch({ type: 'BEGIN_TURN', side: 'whites' });
    g.dispatch({ type: 'DRAW_CARD', side: 'whites' });
    expect(step(g)).toEqual({ step: 'forced', forced: 'melee-round' });
    expect(g.dispatch({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' })).toMatchObject({ ok: false });
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'melee-round' });
    const types = g.events.map((e) => e.type);
    expect(types).toContain('MELEE_ROUND');
    expect(g.events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ loser: 'reds' });
    expect(g.events.find((e) => e.type === 'FIGURES_MOVED')).toMatchObject({ unitId: 'r1', mode: 'fall-back' });
    expect(g.state.table.melees).toEqual({});
    expect(hasActivated(g.state.table, 'w1')).toBe(true);
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-1.0c a unit out of formation must use its activation to move back', () => {
    const units: UnitSpec[] = DEFAULT_UNITS.map((u) => (u.id === 'w1' ? { ...u, size: 2 } : u));
    const sc = flowScenario([...units, { id: 'w3', side: 'whites', at: [10, 10], size: 1 }]);
    const cards = ['w1', 'w2', 'wl', 'r1', 'r2', 'w3'];
    // Move w1's second soldier 8 cm away from the first, out of the 3 cm chain.
    const g = newGame(sc, table, new ThenDice(arrange(cards, cards), 6), preparedSetup({ type: 'FIGURES_MOVED', unitId: 'w1', mode: 'normal', allowance: 10, moves: [{ figureId: 'w1_2', from: [20, 31.5], fromFloor: 0, to: [28, 31.5], floor: 0, distance: 8 }] }));
    g.dispatch({ type: 'BEGIN_TURN', side: 'whites' });
    g.dispatch({ type: 'DRAW_CARD', side: 'whites' });
    expect(phaseOf(g.state.table)).toMatchObject({ kind: 'offer', offer: { unitId: 'w1', mustRegroup: true } });
    expect(step(g)).toEqual({ step: 'offer', forced: null });
    expect(g.dispatch({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' })).toMatchObject({ ok: false, rule: 'K-1.0c' });
    g.dispatch({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'regroup' });
    // The regroup the player proposes, as the rules accept it.
    const regroup = checkedCommands(g.state.table, { scenario: sc, table, legal: () => g.legalCommands() }).find((c) => c.type === 'MOVE');
    expect(regroup).toMatchObject({ mode: 'regroup' });
    g.dispatch(regroup!);
    expect(g.events.at(-1)).toMatchObject({ type: 'FIGURES_MOVED', mode: 'regroup' });
    expect(step(g)).toEqual({ step: 'activation', forced: null });
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
  });
});
