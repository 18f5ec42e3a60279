// Flow layer: XState v5 machines that sequence a game for interactive play — turn, activation and
// melee — shared by every ruleset through its FlowAdapter (a ruleset module's `flow`).
//
// How the machines and the GameSession relate (decided here):
// * The GameSession is the record and the truth. Commands go in, events come out, state =
//   fold(evolve, events); a save is the scenario, the seed and the command log.
// * The rules hold the whole position, the turn structure included (e.g. a card deck, the unit
//   offered its activation, the step awaiting a roll, a window between activations). So
//   legalCommands and decide need no machine, and a save replays with the session alone (loadSave,
//   `cli play --load`), dice and all.
// * The machines are the sequencer for a player at the table: the HUD sends every command to the
//   turn actor; each machine state accepts only the commands of its step (`snapshot.can`); the
//   `apply` action dispatches through a FlowDriver (the session), and after each command the machines
//   follow the game to its next step with guards that read the ruleset's adapter. They never decide
//   a rule; a refused command changes nothing and leaves its reason and rule id in the context.
// * Each machine state is a function of the previous one, the command and the game state it led
//   to: re-sending a save's commands to a fresh actor rebuilds the same snapshot, and an actor
//   started on a loaded session syncs to that same snapshot (tests/flow check both).
// * The per-ruleset differences are the adapter's: its steps name the machines' states (choosers,
//   forced steps, melee steps) and the commands each step takes (the picking step: draw a card,
//   initiative and a unit, the phasing player); stage readings say where the game is. No branch on a
//   ruleset id, no ruleset's words here.
import { createActor, type Actor } from 'xstate';
import type { Command, GameEvent, GameSession } from '../game';
import { SessionDriver } from './driver';
import { createTurnMachine, turnMachineFor } from './turn-machine';
import type { FlowAdapter } from './types';

export * from './types';
export { SessionDriver } from './driver';
export { applyCommand, type FlowContext, type FlowInput, type FlowOutput, type AnyDriver, type AnyAdapter } from './common';
export { createTurnMachine, turnMachineFor } from './turn-machine';
export { createActivationMachine, activationMachineFor } from './activation-machine';
export { createMeleeMachine, meleeMachineFor } from './melee-machine';
export { playGame, type PlayGameOptions, type PlayedGame } from './play-game';
export { cachedTable } from './table-cache';

export type TurnActor = Actor<ReturnType<typeof createTurnMachine>>;

/** Start the machines on a session (a new game or a loaded save): they sync to the game's step. */
export function startFlow<S>(session: GameSession<S, Command, GameEvent, unknown>, adapter: FlowAdapter<S>): { driver: SessionDriver<S>; actor: TurnActor } {
  const driver = new SessionDriver(session, adapter);
  const actor = createActor(turnMachineFor(adapter), { input: { driver } });
  actor.start();
  return { driver, actor };
}

type Can = { getSnapshot(): { can(e: Command): boolean; children: Record<string, Can | undefined> } };

/** Would the machines take this command now? Asks the innermost running machine (activation, melee). */
export function flowCan(actor: TurnActor, command: Command): boolean {
  let m: Can = actor as unknown as Can;
  for (;;) {
    const snap = m.getSnapshot();
    const child = snap.children.activation ?? snap.children.melee;
    if (!child) return snap.can(command);
    m = child;
  }
}

/** The machines' positions, outermost first (turn, then activation and melee while they run). */
export function flowPosition(actor: TurnActor): { turn: unknown; activation?: unknown; melee?: unknown } {
  const snap = actor.getSnapshot();
  const act = snap.children.activation as { getSnapshot(): { value: unknown; children: Record<string, { getSnapshot(): { value: unknown } } | undefined> } } | undefined;
  const a = act?.getSnapshot();
  const m = a?.children.melee?.getSnapshot();
  return { turn: snap.value, ...(a ? { activation: a.value } : {}), ...(m ? { melee: m.value } : {}) };
}
