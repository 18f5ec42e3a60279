// Flow layer: XState v5 machines that sequence a game for interactive play — turn (F1), activation
// (F2/F4, K-2.4 parts) and melee (F6) — shared by every ruleset through a FlowAdapter.
//
// How the machines and the GameSession relate (decided here):
// * The GameSession is the record and the truth. Commands go in, events come out, state =
//   fold(evolve, events); a save is the scenario, the seed and the command log.
// * The rules hold the whole position, the turn structure included (Kuularuisku: the deck, the unit
//   offered its activation, the step awaiting a roll, the readiness window — KFlow in the state). So
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
// * The per-ruleset differences are the adapter's: activationModel picks the turn machine's
//   picking step (cards: draw; alternating: initiative and a unit; IGO-UGO: the phasing player),
//   meleeModel the melee sequence; stage readings say where the game is. No branch on a ruleset id.
import { createActor, type Actor } from 'xstate';
import type { Command, GameEvent, GameSession } from '../game';
import { SessionDriver } from './driver';
import { kuularuiskuAdapter } from './kuularuisku/adapter';
import { createTurnMachine } from './turn-machine';
import type { FlowAdapter } from './types';

export * from './types';
export { SessionDriver } from './driver';
export { PICK_COMMANDS, applyCommand, type FlowContext, type FlowInput, type FlowOutput, type AnyDriver } from './common';
export { createTurnMachine, cardsTurnMachine } from './turn-machine';
export { activationMachine } from './activation-machine';
export { meleeMachine } from './melee-machine';
export { kuularuiskuAdapter } from './kuularuisku/adapter';
export { playGame, type PlayGameOptions, type PlayedGame } from './play-game';
export { cachedTable } from './table-cache';

export type TurnActor = Actor<ReturnType<typeof createTurnMachine>>;

/** Each registered ruleset's adapter, for the composition roots (app, CLI) that pick one by a scenario's ruleset. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const FLOW_ADAPTERS: Readonly<Record<string, FlowAdapter<any>>> = {
  kuularuisku: kuularuiskuAdapter,
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function flowAdapterFor(rulesetId: string): FlowAdapter<any> | undefined {
  return FLOW_ADAPTERS[rulesetId];
}

/** Start the machines on a session (a new game or a loaded save): they sync to the game's step. */
export function startFlow<S>(session: GameSession<S, Command, GameEvent, unknown>, adapter: FlowAdapter<S>): { driver: SessionDriver<S>; actor: TurnActor } {
  const driver = new SessionDriver(session, adapter);
  const actor = createActor(createTurnMachine(adapter.activationModel), { input: { driver } });
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
