// Flow layer: XState v5 machines that sequence a game for interactive play — turn and activation,
// and each sequence model's (a close-combat exchange in the cards one) — shared by every ruleset
// through its FlowAdapter (a ruleset module's `flow`).
//
// How the machines and the GameSession relate (decided here):
// * The GameSession is the record and the truth. Commands go in, events come out, state =
//   fold(evolve, events); a save is the scenario, the seed and the command log.
// * A sequenced ruleset (alternating, phases: src/core/sequence.ts) leaves its turn structure to a
//   sequence machine (sequence-machines.ts), run in the session's fold (sequenced.ts): the state is
//   its table and the machine's snapshot. A reading ruleset (card-driven, for now) holds the whole
//   position, the turn structure included (a card deck, the unit offered, a step awaiting a roll,
//   a window between activations); the machines below follow it through its adapter.
// * Every play path sends its commands through the machines: the HUD (startFlow), headless play
//   (playGame with the ruleset's flow), `cli play --commands` and save replays (machineSender,
//   throughMachines). Each machine state takes only the commands of its step; the `apply` action
//   dispatches through a FlowDriver (the session), and after each command the machines follow the
//   game to its next step with guards that read the ruleset's adapter. A command the step does not
//   take is refused with the rules' reason; one the rules would take is a FlowMismatchError (the
//   machines and the rules disagree on the sequence). They never decide a rule.
// * One machine: the activation's states nest in the turn machine (no child actors, a command is one
//   macrostep, and xstate/graph can walk a whole turn: tests/flow/turn-models.test.ts). The activation
//   is also built as a machine of its own for tests that start from a prepared position. A close-combat
//   exchange is the cards sequence machine's nested states (sequence-machines.ts); the program names
//   its steps.
// * Each machine state is a function of the previous one, the command and the game state it led
//   to: re-sending a save's commands to a fresh actor rebuilds the same snapshot, and an actor
//   started on a loaded session syncs to that same snapshot (tests/flow check both).
// * The per-ruleset differences are the adapter's: its steps name the machines' states (choosers,
//   forced steps) and the commands each step takes (the picking step: draw a card,
//   initiative and a unit, the phasing player); stage readings say where the game is. No branch on a
//   ruleset id, no ruleset's words here.
import { createActor } from 'xstate';
import type { Command, GameEvent, GameSession } from '../game';
import { SessionDriver } from './driver';
import { turnMachineFor } from './turn-machine';
import type { TurnActor } from './position';
import type { FlowAdapter } from './types';

export * from './types';
export { SessionDriver } from './driver';
export { applyCommand, type FlowContext, type FlowInput, type FlowOutput, type AnyDriver, type AnyAdapter } from './common';
export { createTurnMachine, turnMachineFor } from './turn-machine';
export { createActivationMachine, activationMachineFor, activationStates } from './activation-machine';
export { flowCan, flowPosition, positionOf, type FlowPosition, type TurnActor } from './position';
export { machineSender, throughMachines, FlowMismatchError, type MachineSender } from './machine-sender';
export { playGame, type PlayGameOptions, type PlayedGame } from './play-game';
export { cachedTable } from './table-cache';
export { playableModule, sequencedRuleset, sequenceAdapter } from './sequenced';
export { SEQUENCE_EVENTS, EXCHANGE_FIELD, sequenceMachineFor, alternatingMachine, phasesMachine, cardsMachine } from './sequence-machines';

/** Start the machines on a session (a new game or a loaded save): they sync to the game's step. */
export function startFlow<S>(session: GameSession<S, Command, GameEvent, unknown>, adapter: FlowAdapter<S>): { driver: SessionDriver<S>; actor: TurnActor } {
  const driver = new SessionDriver(session, adapter);
  const actor = createActor(turnMachineFor(adapter), { input: { driver } });
  actor.start();
  return { driver, actor };
}
