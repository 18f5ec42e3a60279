// K-5.6e those heading to the rear move at the end of the turn: the owner of each group chooses where
// it heads (K-5.6a: his edge, or a dressing station of his side), how far (its whole half-speed
// move, half of it, or none) and which way (K-5.6a says only "toward": straight, or bearing off); the default is the whole move toward where it was heading (what the rules
// did before they asked), taken by the random player and old logs. In a session.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { answerMissingDecisions } from '../../src/game';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import { flowScenario, flowTable, must, newPlayedGame, played, type KPlayedSession as KSession, reading } from './fixture';

let table: Battlefield;
// The game opens in turn 1 with every card drawn (both units have activated): only the end of the turn is left. Squad r1's second
// rifleman, lightly wounded, heads for the Reds' (east) edge; a Red dressing station lies to the north-east.
const scenario = flowScenario(
  [
    { id: 'w1', side: 'whites', at: [20, 30], data: { start: { activated: true } } },
    { id: 'r1', side: 'reds', at: [90, 40], data: { start: { activated: true } }, figureStart: { 2: { condition: 'light', evacuation: { to: 'edge' } } } },
  ],
  { rules: { start: { turn: 1, deck: [] }, dressingStations: [{ side: 'reds', at: [90, 70], radius: 2 }] } },
);

beforeAll(async () => {
  table = await flowTable(scenario);
});

function startTurnEnd(): { g: KSession } {
  const g = newPlayedGame(scenario, table);
  expect(g.state.seq.step).toBe('end');
  g.dispatch({ type: 'END_TURN', side: 'whites' });
  return { g };
}

const at = (g: KSession) => g.state.table.figures.r1_2!.at;

describe('K-5.6e the owner chooses the end-of-turn move of a wounded man heading to the rear', () => {
  it('K-5.6e the turn waits for Reds before he moves: the whole move to his edge (default), half of it, the dressing station instead, or staying', () => {
    const { g } = startTurnEnd();
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(false);
    expect(at(g)).toEqual([90, 41.5]);
    const p = phaseOf(reading(g));
    expect(p.kind === 'choice' && p.choice).toMatchObject({ kind: 'evacuation', side: 'reds', wounded: 'r1_2', destination: { kind: 'edge', edge: 'east' }, other: { kind: 'station', index: 0 } });
    // The cards machine waits in its turn's closing step.
    expect(g.state.seq.step).toBe('closing');
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'reds', kind: 'evacuation-move', rule: 'K-5.6e' });
    expect(d.label).toBe('End of turn: the rifleman of Squad r1 heads for the rear at half speed. Where to, how far, and which way (toward it: straight, or bearing off)?');
    expect(d.options.map((o) => o.label)).toEqual([
      'Default: Make his whole move (5 cm) toward the east table edge',
      'Move half of it (2.5 cm) toward the east table edge',
      'Make his whole move (5 cm) toward the dressing station',
      'Make his whole move (5 cm) toward the east table edge, bearing 45° to his left',
      'Make his whole move (5 cm) toward the east table edge, bearing 45° to his right',
      'Stay where he is this turn',
    ]);
    expect(g.legalCommands()).toEqual(d.options.map((o) => o.command));
    expect(played.phase(g.state)).toMatchObject({ side: 'reds', awaiting: 'choice', decision: d });
  });

  it('K-5.6e only the owner answers, with a place open to him; nothing changes on a refusal', () => {
    const { g } = startTurnEnd();
    const hash = g.stateHash();
    expect(g.dispatch({ type: 'EVACUATION_MOVE', side: 'whites', toward: 'edge', distance: 'full' })).toMatchObject({ ok: false, rule: 'K-5.6e' });
    expect(g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'home', distance: 'full' })).toMatchObject({ ok: false, rule: 'K-5.6a', reason: expect.stringContaining('"toward"') });
    expect(g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'far' })).toMatchObject({ ok: false, rule: 'K-5.6e', reason: expect.stringContaining('"distance"') });
    // K-5.6a a path at a right angle (or more) off the line no longer heads toward the place.
    expect(g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'full', bearing: 90 })).toMatchObject({ ok: false, rule: 'K-5.6a', reason: expect.stringContaining('"bearing"') });
    expect(g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'full', bearing: 'north' })).toMatchObject({ ok: false, rule: 'K-5.6a', reason: expect.stringContaining('"bearing"') });
    expect(g.stateHash()).toBe(hash);
  });

  it('K-5.6e half the move toward his edge: 2.5 cm east, the log names who chose, and the turn ends', () => {
    const { g } = startTurnEnd();
    g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'half' });
    const events = g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Squad r1) had the rifleman of Squad r1 move half of it (2.5 cm) toward the east table edge');
    expect(events.find((e) => e.type === 'FIGURES_MOVED')).toMatchObject({ rule: 'K-5.6e', mode: 'evacuation', allowance: 2.5 });
    expect(at(g)[0]).toBeCloseTo(92.5, 3);
    expect(at(g)[1]).toBeCloseTo(41.5, 3);
    expect(events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
    expect(g.state.seq.step).toBe('between');
  });

  it('K-5.6a he turns for the dressing station instead: the whole move goes north toward it', () => {
    const { g } = startTurnEnd();
    g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'station', distance: 'full' });
    expect(g.log.at(-1)!.events.find((e) => e.type === 'FIGURES_MOVED')!.text).toMatch(/head for the dressing station/);
    expect(at(g)[0]).toBeCloseTo(90, 3);
    expect(at(g)[1]).toBeCloseTo(46.5, 3);
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
  });

  it('K-5.6a the path is his owner\'s: bearing 45° to his left, the whole 5 cm goes north-east, still toward his edge', () => {
    const { g } = startTurnEnd();
    g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'full', bearing: 45 });
    const events = g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe('Reds (owner of Squad r1) had the rifleman of Squad r1 make his whole move (5 cm) toward the east table edge, bearing 45° to his left');
    expect(at(g)[0]).toBeCloseTo(90 + 5 * Math.SQRT1_2, 3);
    expect(at(g)[1]).toBeCloseTo(41.5 + 5 * Math.SQRT1_2, 3);
    // A bearing of 30° to his right (not among the offered ones) is as good: south-east.
    const right = startTurnEnd();
    right.g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'half', bearing: -30 });
    expect(at(right.g)[0]).toBeCloseTo(90 + 2.5 * Math.cos(Math.PI / 6), 3);
    expect(at(right.g)[1]).toBeCloseTo(41.5 - 2.5 * Math.sin(Math.PI / 6), 3);
    expect(right.g.events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
  });

  it('K-5.6e he stays where he is this turn, still heading to the rear', () => {
    const { g } = startTurnEnd();
    g.dispatch({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'none' });
    expect(at(g)).toEqual([90, 41.5]);
    expect(g.state.table.figures.r1_2!.evacuation).toMatchObject({ role: 'wounded', destination: { kind: 'edge', edge: 'east' } });
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
  });

  it('K-5.6e a log from before the owner was asked replays with the default (the whole move to his edge) in its place', () => {
    const g = newPlayedGame(scenario, table);
    must(g as never, { type: 'END_TURN', side: 'whites' });
    expect(answerMissingDecisions(g, { type: 'BEGIN_TURN', side: 'whites' })).toBe(1);
    expect(g.log.at(-1)!.command).toEqual({ type: 'EVACUATION_MOVE', side: 'reds', toward: 'edge', distance: 'full' });
    expect(at(g)[0]).toBeCloseTo(95, 3);
    expect(g.events.some((e) => e.type === 'TURN_ENDED')).toBe(true);
  });
});
