// F6 charge and melee in a session with the real rules and scripted dice: charge → defensive fire
// (K-6.2) → charger morale (K-6.2e) → grenades (K-6.6) → round (K-6.4) → loser morale → fall back /
// continue; a pinned target's test and surrender (K-7.2).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { ThenDice, flowScenario, flowTable, newPlayedGame, preparedSetup, type KPlayedSession as KSession, reading } from './fixture';
import { CHARGER_FIRST, CHARGE_UNITS, TO_CHARGE, meleeStepOf } from './situations';
import { hasActivated } from '../../src/rules/kuularuisku/acted';

let table: Battlefield;
beforeAll(async () => {
  table = await flowTable(flowScenario());
});

function toCharge(g: KSession) {
  for (const c of TO_CHARGE) g.dispatch(c);
  expect(g.events.find((e) => e.type === 'CHARGE_DECLARED')).toMatchObject({ rule: 'K-6.1a', unitId: 'c', targetId: 't' });
}

describe('F6 charge and melee', () => {
  it('K-6.1a → K-6.2a holds fire → K-6.1b melee → K-6.4 round → loser fails morale → K-6.4g falls back', () => {
    // Melee dice: whites 6 6, reds 1 1 → reds take 2 hits: wound tests 6 6 (scratches); reds' morale 1: fails.
    const g = newPlayedGame(flowScenario(CHARGE_UNITS), table, new ThenDice([...CHARGER_FIRST, 6, 6, 1, 1, 6, 6, 1], 6));
    toCharge(g);
    expect(meleeStepOf(reading(g))).toBe('defensiveFire');
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'defensive-fire', side: 'reds' } });
    // The charger's side cannot answer for the defender.
    expect(g.dispatch({ type: 'DEFENSIVE_FIRE', side: 'whites', fire: false })).toEqual({ ok: false, reason: 'Whites may not act now: the game waits for Reds (the defensive fire decision of their charged unit)', rule: 'K-6.2a' });
    g.dispatch({ type: 'DEFENSIVE_FIRE', side: 'reds', fire: false });
    expect(g.events.find((e) => e.type === 'MELEE_STARTED')).toMatchObject({ rule: 'K-6.1b', units: ['c', 't'] });
    expect(meleeStepOf(reading(g))).toBe('round');
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'melee-start' });
    expect(g.events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ loser: 'reds', rule: 'K-6.4e' });
    expect(g.events.find((e) => e.type === 'FIGURES_MOVED' && e.mode === 'fall-back')).toMatchObject({ unitId: 't', rule: 'K-6.4g' });
    // K-6.3b the charge was the whole activation: it is over.
    expect(hasActivated(reading(g), 'c')).toBe(true);
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-6.4d the round stops for the loser\'s owner to allocate its wound, then K-6.4e its morale fails → K-6.4g it falls back', () => {
    // Melee dice: whites 6 1, reds 1 1 → one hit on the Reds, whose owner chooses who takes it (K-6.4d);
    // wound test 6 (a scratch); the Reds took more hits: morale 1 fails → they fall back.
    const g = newPlayedGame(flowScenario(CHARGE_UNITS), table, new ThenDice([...CHARGER_FIRST, 6, 1, 1, 1, 6, 1], 6));
    toCharge(g);
    g.dispatch({ type: 'DEFENSIVE_FIRE', side: 'reds', fire: false });
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'melee-start' });
    expect(g.events.some((e) => e.type === 'MELEE_DECIDED')).toBe(false);
    expect(meleeStepOf(reading(g))).toBe('allocate');
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'wound-allocation', rule: 'K-6.4d' });
    // The default is the melee's own spread (what the round did before it asked); the label names soldiers, not ids.
    expect(d.options.map((o) => o.label)).toEqual(['Default: the squad leader', 'the rifleman']);
    g.dispatch(d.options[1]!.command);
    expect(g.events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 't_2', rule: 'K-5.5c' });
    expect(g.events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ loser: 'reds', rule: 'K-6.4e' });
    expect(g.events.find((e) => e.type === 'FIGURES_MOVED' && e.mode === 'fall-back')).toMatchObject({ unitId: 't', rule: 'K-6.4g' });
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-6.2b defensive fire wounds the charger → K-6.2e morale test fails → the charge collapses', () => {
    // Defensive fire: 2 dice 5 5 (2 hits; close range, nothing to re-roll); cover as in the open 1 1
    // (2 wounds); wound tests 6 6; the charger's morale 1: the charge collapses.
    const g = newPlayedGame(flowScenario(CHARGE_UNITS), table, new ThenDice([...CHARGER_FIRST, 5, 5, 1, 1, 6, 6, 1], 6));
    toCharge(g);
    g.dispatch({ type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
    expect(g.events.find((e) => e.type === 'SHOT_FIRED')).toMatchObject({ defensive: true, hits: 2, rule: 'K-6.2b' });
    expect(g.events.find((e) => e.type === 'COVER_TEST')).toMatchObject({ cover: 6, rule: 'K-6.2d', wounds: 2 });
    expect(meleeStepOf(reading(g))).toBe('chargerMorale');
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'charger-morale' });
    const collapsed = g.events.find((e) => e.type === 'CHARGE_COLLAPSED');
    expect(collapsed).toMatchObject({ rule: 'K-6.2e', unitId: 'c' });
    expect(g.state.table.figures.c_1!.at).toEqual([50, 40]);
    expect(g.state.table.melees).toEqual({});
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-6.2f the charger passes its test → K-6.6 each side with grenades chooses → the round; K-6.4d each owner allocates his side\'s wound; equal hits: the melee continues', () => {
    const units = CHARGE_UNITS.map((u) => (u.id === 'x' ? u : { ...u, data: { grenades: true } }));
    // Defensive fire 5 1 → re-roll the 1 (close range) → 1: 1 hit; cover 1 → 1 wound (K-6.2d: the Whites
    // allocate it); wound test 6; charger morale 6 passes. Melee (grenades both ways: 2 − 2 → 1 die each):
    // 6 and 6 → equal hits, one wound on each side (K-6.4d: each owner allocates it), wound tests 6 and 6.
    const g = newPlayedGame(flowScenario(units), table, new ThenDice([...CHARGER_FIRST, 5, 1, 1, 1, 6, 6, 6, 6, 6, 6], 6));
    toCharge(g);
    g.dispatch({ type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
    expect(meleeStepOf(reading(g))).toBe('allocate');
    g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_2: 1 } });
    expect(meleeStepOf(reading(g))).toBe('chargerMorale');
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'charger-morale' });
    expect(meleeStepOf(reading(g))).toBe('grenades');
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'grenades', side: 'whites' } });
    g.dispatch({ type: 'GRENADES', side: 'whites', use: true });
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'grenades', side: 'reds' } });
    g.dispatch({ type: 'GRENADES', side: 'reds', use: true });
    expect(g.events.filter((e) => e.type === 'GRENADES_THROWN')).toHaveLength(2);
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'melee-start' });
    const round = g.events.find((e) => e.type === 'MELEE_ROUND') as unknown as { sides: Array<{ dice: unknown[]; penalty: number }> };
    expect(round.sides.map((x) => [x.dice.length, x.penalty])).toEqual([[1, 2], [1, 2]]);
    // K-6.4d the Whites' wound must fall on c_1 (K-5.5b: c_2 already took the defensive fire's), so the
    // round stops for the Reds' owner alone: the machine waits in `allocate`.
    expect(meleeStepOf(reading(g))).toBe('allocate');
    expect(g.pendingDecision()).toMatchObject({ side: 'reds', rule: 'K-6.4d', label: '1 wound in the melee on Squad t: who takes it?' });
    // The Whites cannot answer for the Reds.
    expect(g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { t_2: 1 } })).toMatchObject({ ok: false, rule: 'K-6.4d' });
    g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { t_1: 1 } });
    expect(g.events.filter((e) => e.type === 'WOUND_TEST').map((e) => e.figureId)).toEqual(['c_2', 'c_1', 't_1']);
    expect(g.events.filter((e) => e.type === 'WOUNDS_ALLOCATED').at(-1)!.text).toMatch(/^Reds \(owner of Squad t\) put the wound on the squad leader of Squad t$/);
    expect(g.events.find((e) => e.type === 'MELEE_DECIDED')).toMatchObject({ loser: null, rule: 'K-6.4i' });
    expect(Object.values(g.state.table.melees)).toHaveLength(1);
    expect(g.state.table.units.t!.status).toBe('in-melee');
    // K-6.3b the charge was the whole activation.
    expect(g.state.seq.step).toBe('draw');
  });

  it('K-6.6a/c both sides choose grenades at the same moment: the side asked second may answer first', () => {
    const units = CHARGE_UNITS.map((u) => (u.id === 'x' ? u : { ...u, data: { grenades: true } }));
    const g = newPlayedGame(flowScenario(units), table, new ThenDice([...CHARGER_FIRST, 5, 1, 1, 1, 6, 6, 6, 6, 6, 6], 6));
    toCharge(g);
    g.dispatch({ type: 'DEFENSIVE_FIRE', side: 'reds', fire: true });
    g.dispatch({ type: 'ALLOCATE_WOUNDS', side: 'whites', allocation: { c_2: 1 } });
    g.dispatch({ type: 'RESOLVE', side: 'whites', step: 'charger-morale' });
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'grenades', side: 'whites', nextSides: ['reds'] } });
    g.dispatch({ type: 'GRENADES', side: 'reds', use: false });
    expect(g.events.at(-2)).toMatchObject({ type: 'CHOICE_MADE', kind: 'grenades', side: 'reds', yes: false });
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'choice', choice: { kind: 'grenades', side: 'whites', nextSides: [] } });
    // The Reds have chosen: only the Whites now.
    expect(g.dispatch({ type: 'GRENADES', side: 'reds', use: true })).toEqual({ ok: false, rule: 'K-6.6a', reason: 'Reds may not act now: the game waits for Whites (their choice whether to throw grenades as the melee begins)' });
    g.dispatch({ type: 'GRENADES', side: 'whites', use: true });
    expect(g.events.filter((e) => e.type === 'GRENADES_THROWN').map((e) => e.side)).toEqual(['whites']);
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'pending', pending: { kind: 'melee-start' } });
  });

  it('K-7.2a a pinned target cannot fire; it tests morale and K-7.2c surrenders on a failure', () => {
    const g = newPlayedGame(flowScenario(CHARGE_UNITS), table, new ThenDice([...CHARGER_FIRST, 1], 6), preparedSetup({ type: 'UNIT_STATUS_CHANGED', unitId: 't', status: 'pinned', from: 'normal' }));
    toCharge(g);
    expect(meleeStepOf(reading(g))).toBe('targetTest');
    expect(phaseOf(reading(g))).toMatchObject({ kind: 'pending', pending: { kind: 'charge-target-test', side: 'reds' } });
    g.dispatch({ type: 'RESOLVE', side: 'reds', step: 'charge-target-test' });
    expect(g.events.find((e) => e.type === 'MORALE_TEST')).toMatchObject({ rule: 'K-7.2a', passed: false });
    expect(g.events.find((e) => e.type === 'UNIT_SURRENDERED')).toMatchObject({ rule: 'K-7.2c', unitId: 't' });
    expect(g.state.seq.step).toBe('draw');
  });
});
