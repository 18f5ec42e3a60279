// K-5.5h a soldier who falls (killed or seriously wounded) with a special weapon: another soldier of
// his unit may take it over, or nobody does and a marker is left. The owner of the unit decides,
// asked in the middle of the shot that felled him; the random player and old logs take the book's
// default (the loader, else the fittest rifleman). Scripted dice by purpose: every shooting die hits.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { kuularuiskuPhase } from '../../src/rules/kuularuisku/phase-info';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { flowScenario, flowTable, must, newGame, type KSession, reading } from './fixture';
import { ShotDice } from './shot-dice';

let table: Battlefield;
// Whites w1 ≈ 25 cm from Reds r1 on open ground; r1 is a machine-gun squad: gunner, loader, two riflemen.
const scenario = (() => {
  const sc = flowScenario([{ id: 'w1', side: 'whites', at: [20, 30] }, { id: 'r1', side: 'reds', at: [45, 30], size: 4 }]);
  const figs = sc.units![1]!.figures;
  figs[0]!.data = { role: 'mg-gunner', weapon: 'maxim-1910' };
  figs[1]!.data = { role: 'mg-loader' };
  figs[2]!.data = { role: 'soldier' };
  figs[3]!.data = { role: 'soldier' };
  return sc;
})();

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Whites shoot r1 (one wound: cover 1); Reds put it on their machine gunner, whose wound test is `wound`. */
function gunnerHit(wound: number[]): KSession {
  const g = newGame(scenario, table, new ShotDice([1], wound));
  must(g, { type: 'BEGIN_TURN', side: 'whites' });
  must(g, { type: 'DRAW_CARD', side: 'whites' });
  must(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
  must(g, { type: 'SHOOT', side: 'whites', unitId: 'w1', targetId: 'r1' });
  must(g, { type: 'ALLOCATE_WOUNDS', side: 'reds', allocation: { r1_1: 1 } });
  return g;
}

const MAXIM = 'K-WPN-10';

describe('K-5.5h the owner says who takes over a fallen machine gun', () => {
  it('K-5.5h the gunner killed (wound test 1): the game waits for Reds, the loader first as the default, the riflemen, or nobody', () => {
    const g = gunnerHit([1]);
    expect(g.log.at(-1)!.events.find((e) => e.type === 'WOUND_TEST')).toMatchObject({ figureId: 'r1_1', result: 'dead' });
    expect(g.log.at(-1)!.events.some((e) => e.type === 'WEAPON_TAKEN_OVER' || e.type === 'WEAPON_DROPPED')).toBe(false);
    const p = phaseOf(reading(g));
    expect(p.kind === 'choice' && p.choice.kind).toBe('take-over');
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'mg-take-over', rule: 'K-5.5h' });
    expect(d.label).toMatch(/^the machine gunner of Squad r1 fell with the Maxim .*: who of Squad r1 takes it over\?$/);
    expect(d.options.map((o) => o.label)).toEqual(['Default: The loader takes it over', 'Rifleman 1 takes it over', 'Rifleman 2 takes it over', 'Nobody: leave it on the table']);
    expect(d.options.map((o) => o.command.figureId)).toEqual(['r1_2', 'r1_3', 'r1_4', null]);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    // The module's neutral phase description carries the same decision (what the flow, HUD and players read).
    expect(kuularuiskuPhase(reading(g))).toMatchObject({ side: 'reds', awaiting: 'choice', decision: d });
  });

  it('K-5.5h only the owner answers, and only with a soldier of the unit able to take it; nothing changes on a refusal', () => {
    const g = gunnerHit([1]);
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'whites' })).toMatchObject({ ok: false, rule: 'K-5.5h' });
    expect(g.dispatch({ type: 'TAKE_OVER', side: 'whites', figureId: 'r1_3' })).toMatchObject({ ok: false, rule: 'K-5.5h' });
    expect(g.dispatch({ type: 'TAKE_OVER', side: 'reds', figureId: 'w1_1' })).toMatchObject({ ok: false, rule: 'K-5.5h', reason: expect.stringContaining('"figureId"') });
    expect(g.dispatch({ type: 'TAKE_OVER', side: 'reds', figureId: 'r1_1' })).toMatchObject({ ok: false, rule: 'K-5.5h' });
    expect(g.stateHash()).toBe(hash);
  });

  it('K-5.5h a rifleman takes it over: he carries the gun, the log names who chose, and the shooter\'s activation goes on', () => {
    const g = gunnerHit([1]);
    const events = must(g, { type: 'TAKE_OVER', side: 'reds', figureId: 'r1_3' });
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Squad r1) had rifleman 1 of Squad r1 take over the Maxim M/1905 and M/1910 of the machine gunner of Squad r1');
    expect(events.find((e) => e.type === 'WEAPON_TAKEN_OVER')).toMatchObject({ rule: 'K-5.5h', fromFigureId: 'r1_1', toFigureId: 'r1_3', weapon: MAXIM, text: 'rifleman 1 of Squad r1 takes over the Maxim M/1905 and M/1910 from the machine gunner of Squad r1' });
    expect(g.state.table.figures.r1_3!.weapon).toBe(MAXIM);
    expect(g.state.table.figures.r1_2!.weapon).not.toBe(MAXIM);
    expect(g.pendingDecision()).toBeUndefined();
    expect(phaseOf(reading(g)).kind).toBe('activation');
  });

  it('K-5.5h nobody takes it: a marker is left where the gunner fell', () => {
    const g = gunnerHit([1]);
    const events = must(g, { type: 'TAKE_OVER', side: 'reds', figureId: null });
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toMatch(/^Reds \(owner of Squad r1\) left the Maxim .* of the machine gunner of Squad r1 on the table$/);
    expect(events.find((e) => e.type === 'WEAPON_DROPPED')).toMatchObject({ rule: 'K-5.5h', figureId: 'r1_1', weapon: MAXIM });
    expect(Object.values(g.state.table.figures).some((f) => f.weapon === MAXIM)).toBe(false);
  });

  it('K-5.5h a gunner only lightly wounded keeps his gun: nothing is asked', () => {
    const g = gunnerHit([5]);
    expect(g.pendingDecision()).toBeUndefined();
    expect(g.state.table.figures.r1_1!.weapon).toBe(MAXIM);
  });

  it('K-5.5h a log from before the owner was asked replays with the default (the loader) in its place', () => {
    const g = gunnerHit([1]);
    expect(answerMissingDecisions(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual({ type: 'TAKE_OVER', side: 'reds', figureId: 'r1_2' });
    expect(g.state.table.figures.r1_2!.weapon).toBe(MAXIM);
    must(g, { type: 'END_ACTIVATION', side: 'whites' });
  });
});
