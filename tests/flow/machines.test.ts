// The XState machines on a real Kuularuisku session with scripted dice (its module as played: the cards
// machine's steps read by the turn machine, an offered or acting unit its `choosing` state): each
// transition of the turn and activation machines, refusals in the context, undo, and an error observer
// on every actor.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { createActor } from 'xstate';
import { SessionDriver, createTurnMachine, flowCan, flowPosition, positionOf, startFlow, type TurnActor } from '../../src/flow';
import type { Command } from '../../src/game';
import { CARDS, arrange, flowScenario, flowTable, keepOrder, newPlayedGame as newGame, played, scripted, type KPlayedSession as KSession } from './fixture';

const kuularuiskuFlow = played.flow;

let table: Battlefield;
const scenario = flowScenario();
const errors: unknown[] = [];

beforeAll(async () => {
  table = await flowTable(scenario);
});

afterEach(() => {
  expect(errors).toEqual([]);
});

function start(g: KSession): TurnActor {
  const { actor } = startFlow(g, kuularuiskuFlow);
  // An exception inside an action does not come out of send(): watch for it.
  actor.subscribe({ error: (e) => errors.push(e) });
  return actor;
}

function send(actor: TurnActor, c: Command) {
  actor.send(c);
  return flowPosition(actor);
}

describe('turn and activation machines (F1, F2, F4)', () => {
  it('F1 between turns → pick (draw) → activation → next card → turn end → next turn', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    const actor = start(g);
    expect(flowPosition(actor)).toEqual({ turn: 'betweenTurns' });
    expect(send(actor, { type: 'BEGIN_TURN', side: 'whites' })).toEqual({ turn: { turn: 'pick' } });
    expect(send(actor, { type: 'DRAW_CARD', side: 'whites' })).toEqual({ turn: { turn: 'activation' }, activation: { choosing: 'unit' } });
    expect(send(actor, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'move-shoot' })).toEqual({ turn: { turn: 'activation' }, activation: { choosing: 'unit' } });
    expect(send(actor, { type: 'END_ACTIVATION', side: 'whites' })).toEqual({ turn: { turn: 'pick' } });
    for (const [id, side] of [['w2', 'whites'], ['wl', 'whites'], ['r1', 'reds'], ['r2', 'reds']] as const) {
      send(actor, { type: 'DRAW_CARD', side: 'whites' });
      send(actor, { type: 'PASS', side, unitId: id });
    }
    expect(flowPosition(actor)).toEqual({ turn: { turn: 'turnEnd' } });
    expect(send(actor, { type: 'END_TURN', side: 'whites' })).toEqual({ turn: 'betweenTurns' });
    expect(g.state.seq.round).toBe(1);
  });

  it('F4 a leader\'s card → the leader chooses; COMMAND → the commanded unit chooses (same activation machine)', () => {
    const g = newGame(scenario, table, scripted(...arrange(CARDS, ['wl', 'w1', 'w2', 'r1', 'r2'])));
    const actor = start(g);
    send(actor, { type: 'BEGIN_TURN', side: 'whites' });
    expect(send(actor, { type: 'DRAW_CARD', side: 'whites' })).toMatchObject({ activation: { choosing: 'unit' } });
    // The same activation: the machine did not leave it (where it began in the log stays).
    const since = actor.getSnapshot().context.since;
    expect(send(actor, { type: 'COMMAND', side: 'whites', leaderId: 'wl', unitId: 'w1' })).toMatchObject({ activation: { choosing: 'unit' } });
    expect(actor.getSnapshot().context.since).toBe(since);
    expect(send(actor, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' })).toMatchObject({ activation: { choosing: 'unit' } });
    expect(send(actor, { type: 'END_ACTIVATION', side: 'whites' })).toEqual({ turn: { turn: 'pick' } });
  });

  it('F3 readiness: READY ends the offer; the window state takes READINESS; a ready unit activates from the queue', () => {
    const g = newGame(scenario, table, scripted(...arrange(CARDS, ['w1', 'r1', 'w2', 'wl', 'r2'])));
    const actor = start(g);
    send(actor, { type: 'BEGIN_TURN', side: 'whites' });
    send(actor, { type: 'DRAW_CARD', side: 'whites' });
    expect(send(actor, { type: 'READY', side: 'whites', unitId: 'w1' })).toEqual({ turn: { turn: 'pick' } });
    send(actor, { type: 'DRAW_CARD', side: 'whites' });
    expect(send(actor, { type: 'PASS', side: 'reds', unitId: 'r1' })).toEqual({ turn: { turn: 'window' } });
    expect(send(actor, { type: 'READINESS', side: 'whites', unitId: 'w1' })).toMatchObject({ turn: { turn: 'activation' }, activation: { choosing: 'unit' } });
    expect(send(actor, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot-move' })).toMatchObject({ activation: { choosing: 'unit' } });
    expect(send(actor, { type: 'END_ACTIVATION', side: 'whites' })).toEqual({ turn: { turn: 'pick' } });
  });

  it('a refused command changes nothing and leaves its reason and rule id in the context', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    const actor = start(g);
    send(actor, { type: 'BEGIN_TURN', side: 'whites' });
    send(actor, { type: 'DRAW_CARD', side: 'whites' });
    const before = g.stateHash();
    actor.send({ type: 'PASS', side: 'reds', unitId: 'w1' });
    expect(actor.getSnapshot().context.refusal).toMatchObject({ rule: 'K-2.1b' });
    expect(g.stateHash()).toBe(before);
    expect(flowPosition(actor)).toMatchObject({ activation: { choosing: 'unit' } });
    // A command of another step is not even taken by the machines.
    expect(flowCan(actor, { type: 'END_TURN', side: 'whites' })).toBe(false);
    expect(flowCan(actor, { type: 'BEGIN_TURN', side: 'whites' })).toBe(false);
    expect(flowCan(actor, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' })).toBe(true);
  });

  it('UNDO takes back a command that rolled no dice and the machines follow', () => {
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    const actor = start(g);
    send(actor, { type: 'BEGIN_TURN', side: 'whites' });
    send(actor, { type: 'DRAW_CARD', side: 'whites' });
    send(actor, { type: 'ACTIVATE', side: 'whites', unitId: 'w1', action: 'shoot' });
    expect(send(actor, { type: 'UNDO' })).toMatchObject({ activation: { choosing: 'unit' } });
    expect(g.state.table.activation).toBeUndefined();
    expect(send(actor, { type: 'UNDO' })).toEqual({ turn: { turn: 'pick' } });
    // The shuffle rolled dice: no take-back.
    expect(send(actor, { type: 'UNDO' })).toEqual({ turn: { turn: 'pick' } });
    expect(g.state.seq.round).toBe(1);
  });

  it('F2 transient steps are walked through in order (inspection of microsteps)', () => {
    const seen: string[] = [];
    const g = newGame(scenario, table, scripted(...keepOrder(5)));
    const { actor } = startFlowInspected(g, (id, value) => seen.push(`${id}:${JSON.stringify(value)}`));
    actor.send({ type: 'BEGIN_TURN', side: 'whites' });
    actor.send({ type: 'DRAW_CARD', side: 'whites' });
    // After DRAW_CARD: the turn machine re-syncs, enters the activation, which routes (F2 checks)
    // into its choosing state.
    const i = seen.lastIndexOf('turn:"sync"');
    expect(seen.slice(i)).toEqual(['turn:"sync"', 'activation:"route"', 'activation:{"choosing":"unit"}']);
  });
});

function startFlowInspected(g: KSession, onStep: (machine: string, value: unknown) => void) {
  const driver = new SessionDriver(g, kuularuiskuFlow);
  const actor = createActor(createTurnMachine(kuularuiskuFlow), {
    input: { driver },
    inspect: (ev) => {
      if (ev.type === '@xstate.microstep') {
        const snap = (ev as { snapshot: { value?: unknown; machine?: { id: string } } }).snapshot;
        if (!snap.machine) return;
        // The activation nests in the turn machine: each microstep's position, split as the machines were.
        const p = positionOf(snap.value);
        onStep(p.activation === undefined ? 'turn' : 'activation', p.activation ?? snap.value);
      }
    },
  });
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  return { actor, driver };
}
