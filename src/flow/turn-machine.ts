// The turn machine: between turns → pick who acts (cards: draw; alternating: initiative and a unit;
// IGO-UGO: the phasing player) → the activation machine → windows between activations → end of turn
// → next turn, until the game is over. It applies commands and follows the game's stage; the commands
// each step takes are the ruleset's (FlowSteps).
import { assign, forwardTo, setup } from 'xstate';
import type { Command } from '../game';
import { activationMachineFor } from './activation-machine';
import { applyCommand, onCommands, perAdapter, type AnyAdapter, type FlowContext, type FlowInput, type FlowOutput } from './common';
import type { TurnStage } from './types';

const toSync = { actions: 'apply', target: '#turn.sync' } as const;

/** The turn machine for an adapter's ruleset. */
export function createTurnMachine(adapter: AnyAdapter) {
  const steps = adapter.steps;
  return setup({
    types: {
      context: {} as FlowContext,
      events: {} as Command,
      input: {} as FlowInput,
    },
    actors: { activation: activationMachineFor(adapter) },
    guards: {
      /** The game's turn stage, as the ruleset's adapter reads it. */
      stageIs: ({ context }, params: { stage: TurnStage }) => context.driver.adapter.turnStage(context.driver.state) === params.stage,
    },
    actions: {
      apply: assign(({ context, event }) => applyCommand(context, event)),
      undo: assign(({ context }) => {
        context.driver.undo();
        return { refusal: undefined, since: context.driver.eventCount };
      }),
    },
  }).createMachine({
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
      betweenTurns: { on: onCommands(steps.beginTurn, toSync) },
      turn: {
        initial: 'pick',
        states: {
          /** The model's way to choose who acts (cards: draw a card). */
          pick: { on: onCommands(steps.pick, toSync) },
          /** The activation machine runs until the unit's activation is over. */
          activation: {
            invoke: {
              id: 'activation',
              src: 'activation',
              input: ({ context }) => ({ driver: context.driver }),
              onDone: { target: '#turn.sync', actions: assign({ driver: ({ event }) => (event.output as FlowOutput).driver }) },
            },
            on: {
              UNDO: { actions: 'undo', target: '#turn.sync' },
              '*': { actions: forwardTo('activation') },
            },
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
