// The turn machine: between turns → pick who acts (cards: draw; alternating: initiative and a unit;
// IGO-UGO: the phasing player) → the activation (its states nested here) → windows between
// activations → end of turn → next turn, until the game is over. One machine, no child actors: a
// command is one macrostep. It applies commands and follows the game's stage;
// the commands each step takes are the ruleset's (FlowSteps).
import { activationStates } from './activation-machine';
import { flowSetup, onCommands, perAdapter, type AnyAdapter } from './common';

const toSync = { actions: 'apply', target: '#turn.sync' } as const;

/** The turn machine for an adapter's ruleset. */
export function createTurnMachine(adapter: AnyAdapter) {
  const steps = adapter.steps;
  return flowSetup().createMachine({
    id: 'turn',
    context: ({ input }) => ({ driver: input.driver, refusal: undefined, since: input.driver.eventCount }),
    initial: 'sync',
    on: { UNDO: { actions: 'undo', target: '#turn.sync' } },
    states: {
      /** Follow the game to its stage (after every command, and when starting from a loaded save). */
      sync: {
        always: [
          { guard: { type: 'stageIs', params: { stage: 'over' } }, target: 'over' },
          { guard: { type: 'stageIs', params: { stage: 'between-turns' } }, target: 'betweenTurns' },
          { guard: { type: 'stageIs', params: { stage: 'activation' } }, target: 'turn.activation' },
          { guard: { type: 'stageIs', params: { stage: 'window' } }, target: `turn.${steps.windowState}` },
          { guard: { type: 'stageIs', params: { stage: 'turn-end' } }, target: 'turn.turnEnd' },
          { target: 'turn.pick' },
        ],
      },
      /** Between turns: the next turn begins. */
      betweenTurns: { on: onCommands([...steps.beginTurn, ...(steps.turnStartChoices ?? [])], toSync) },
      turn: {
        initial: 'pick',
        states: {
          /** The model's way to choose who acts (cards: draw a card). */
          pick: { on: onCommands(steps.pick, toSync) },
          /** One unit's activation, until it is over. */
          activation: {
            id: 'activation',
            entry: 'activationBegins',
            initial: 'route',
            states: activationStates(adapter),
            onDone: '#turn.sync',
          },
          /** A window between activations (e.g. units kept ready may act), named by the ruleset. */
          [steps.windowState]: { on: onCommands(steps.window, toSync) },
          /** Nobody is left to act: the turn ends (with the ruleset's end-of-turn steps). */
          turnEnd: { on: onCommands([...steps.endTurn, ...(steps.turnEndChoices ?? [])], toSync) },
        },
      },
      /** The game has ended. */
      over: { type: 'final' },
    },
  });
}

/** The turn machine of an adapter's ruleset (built once per adapter). */
export const turnMachineFor = perAdapter(createTurnMachine);
