// The cards machine on a real Kuularuisku session with scripted dice (its module as played: the rules
// composed with the machine, whose step the state holds in `seq`): each step of a turn, an offer and
// a command, readiness, refusals with the machine's or the rules' reason, and undo.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { Command } from '../../src/game';
import { CARDS, arrange, flowScenario, flowTable, keepOrder, newPlayedGame as newGame, scripted, type KPlayedSession as KSession } from './fixture';

let table: Battlefield;
const scenario = flowScenario();

beforeAll(async () => {
  table = await flowTable(scenario);
});

/** Send a command to the session (the rules and the machine judge it); the machine's step after it. */
function send(g: KSession, c: Command) {
  g.dispatch(c);
  return g.state.seq.step;
}

describe('the cards machine\'s steps in a session (F1, F2, F3, F4)', () => {
  it('F1 between turns → draw → the offer → the activation → next card → turn end → next turn', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    expect(g.state.seq.step).toBe('between');
    expect(send(g, { type: 'BEGIN_TURN', side: 'whites' })).toBe('draw');
    expect(send(g, { type: 'DRAW_CARD', side: 'whites' })).toBe('offer');
    expect(send(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'move-shoot' })).toBe('activation');
    expect(send(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe('draw');
    for (const [id, side] of [['w2', 'whites'], ['wl', 'whites'], ['r1', 'reds'], ['r2', 'reds']] as const) {
      send(g, { type: 'DRAW_CARD', side: 'whites' });
      send(g, { type: 'PASS', side, unitId: id });
    }
    expect(g.state.seq.step).toBe('end');
    expect(send(g, { type: 'END_TURN', side: 'whites' })).toBe('between');
    expect(g.state.seq.round).toBe(1);
  });

  it('F4 a leader\'s card → the leader is offered; COMMAND → the commanded unit is offered, in the same activation', () => {
    const g = newGame(scenario, table, scripted(...arrange(CARDS, ['wl', 'w1', 'w2', 'r1', 'r2'])));
    send(g, { type: 'BEGIN_TURN', side: 'whites' });
    expect(send(g, { type: 'DRAW_CARD', side: 'whites' })).toBe('offer');
    expect(g.state.seq).toMatchObject({ unit: 'wl', via: 'card' });
    expect(send(g, { type: 'COMMAND', side: 'whites', leaderId: 'wl', unitId: 'w1' })).toBe('offer');
    expect(g.state.seq).toMatchObject({ unit: 'w1', via: 'command' });
    expect(send(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' })).toBe('activation');
    expect(send(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe('draw');
  });

  it('F3 readiness: READY ends the offer; the window takes READINESS; a ready unit activates from the queue', () => {
    const g = newGame(scenario, table, scripted(...arrange(CARDS, ['w1', 'r1', 'w2', 'wl', 'r2'])));
    send(g, { type: 'BEGIN_TURN', side: 'whites' });
    send(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(send(g, { type: 'READY', side: 'whites', unitId: 'w1' })).toBe('draw');
    send(g, { type: 'DRAW_CARD', side: 'whites' });
    expect(send(g, { type: 'PASS', side: 'reds', unitId: 'r1' })).toBe('window');
    expect(send(g, { type: 'READINESS', side: 'whites', unitId: 'w1' })).toBe('offer');
    expect(send(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot-move' })).toBe('activation');
    expect(send(g, { type: 'END_ACTIVATION', side: 'whites' })).toBe('draw');
  });

  it('a refused command changes nothing; one of another step is refused with the machine\'s reason', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    send(g, { type: 'BEGIN_TURN', side: 'whites' });
    send(g, { type: 'DRAW_CARD', side: 'whites' });
    const before = g.stateHash();
    expect(g.dispatch({ type: 'PASS', side: 'reds', unitId: 'w1' })).toMatchObject({ ok: false, rule: 'K-2.1b' });
    expect(g.stateHash()).toBe(before);
    expect(g.state.seq.step).toBe('offer');
    // A command of another step: the machine's step does not take its role, and says what it awaits.
    expect(g.dispatch({ type: 'END_TURN', side: 'whites' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^not now: .* has to decide how to use its activation$/) });
    expect(g.dispatch({ type: 'BEGIN_TURN', side: 'whites' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^not now: /) });
    expect(g.stateHash()).toBe(before);
    expect(g.check({ type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' })).toEqual({ ok: true });
  });

  it('undo takes back a command that rolled no dice and the machine\'s step goes back with it', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    send(g, { type: 'BEGIN_TURN', side: 'whites' });
    send(g, { type: 'DRAW_CARD', side: 'whites' });
    send(g, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
    expect(g.state.seq.step).toBe('activation');
    expect(g.undo()).toBe(true);
    expect(g.state.seq.step).toBe('offer');
    expect(g.state.table.activation).toBeUndefined();
    expect(g.undo()).toBe(true);
    expect(g.state.seq.step).toBe('draw');
    // The shuffle rolled dice: no take-back.
    expect(g.undo()).toBe(false);
    expect(g.state.seq.step).toBe('draw');
    expect(g.state.seq.round).toBe(1);
  });
});
