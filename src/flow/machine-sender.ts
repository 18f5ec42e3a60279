// Commands sent through the machines (turn and activation) rather than straight to the session:
// how headless play, `cli play` and save replays reach the game, as the browser does. A command the
// machines' step does not take is refused with the rules' own reason when the rules refuse it too; if
// the rules would take it, the machines and the rules disagree about the sequence: that is a bug, and
// it throws (FlowMismatchError) rather than let a game go on down a path the machines do not model.
import { createActor } from 'xstate';
import type { Command, GameEvent, GameSession } from '../game';
import { SessionDriver } from './driver';
import { flowPosition, type TurnActor } from './position';
import { turnMachineFor } from './turn-machine';
import type { DispatchResult, FlowAdapter } from './types';

export class FlowMismatchError extends Error {
  override name = 'FlowMismatchError';
}

/** A session's commands, sent through the machines. */
export interface MachineSender<C extends Command = Command> {
  /** Send a command through the machines; the session records it when the rules take it. */
  send(command: C): DispatchResult;
  readonly actor: TurnActor;
  /** Stop the machines (the session stays as it is). */
  stop(): void;
}

/** Start the machines on a session (new or part-played: they sync to its step) and send commands through them. */
export function machineSender<S, C extends Command, E extends GameEvent, Q>(session: GameSession<S, C, E, Q>, adapter: FlowAdapter<S>): MachineSender<C> {
  // The machines send plain commands; the session checks their shape as its ruleset's commands.
  const driver = new SessionDriver(session as unknown as GameSession<S, Command, GameEvent, unknown>, adapter);
  const actor: TurnActor = createActor(turnMachineFor(adapter), { input: { driver } });
  let failure: unknown;
  actor.subscribe({ error: (err) => { failure = err; } });
  actor.start();
  const fail = () => {
    if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  };
  fail();
  return {
    actor,
    send(command) {
      const before = driver.dispatches;
      actor.send(command);
      fail();
      const r = driver.lastResult;
      if (driver.dispatches !== before && r) return r;
      // The machines' step does not take it: refused as the rules would refuse it, or a disagreement.
      const checked = session.check(command);
      if (!checked.ok) return checked;
      throw new FlowMismatchError(`the rules take ${command.type} (from ${command.side ?? 'no side'}) but the machines do not, at ${JSON.stringify(flowPosition(actor))}`);
    },
    stop: () => actor.stop(),
  };
}

/** A save's log replayed through the machines (loadSave's `through`). */
export function throughMachines<S>(adapter: FlowAdapter<S>) {
  return <C extends Command, E extends GameEvent, Q>(session: GameSession<S, C, E, Q>) => machineSender(session, adapter);
}
