// The turn machine (F1): between turns → pick who acts (cards: draw; alternating: initiative and a
// unit; IGO-UGO: the phasing player) → the activation machine → readiness windows → end of turn (with
// evacuation) → next turn, until the game is over. It applies commands and follows the game's stage.
import { assign, forwardTo, setup } from 'xstate';
import type { ActivationModel, Command } from '../game';
import { activationMachine } from './activation-machine';
import { PICK_COMMANDS, applyCommand, type FlowContext, type FlowInput, type FlowOutput } from './common';
import type { TurnStage } from './types';

const toSync = { actions: 'apply', target: '#turn.sync' } as const;

export function createTurnMachine(model: ActivationModel) {
  const pickOn = Object.fromEntries(PICK_COMMANDS[model].map((type) => [type, toSync]));
  return setup({
    types: {
      context: {} as FlowContext,
      events: {} as Command,
      input: {} as FlowInput,
    },
    actors: { activation: activationMachine },
    guards: {
      /** The game's F1 stage, as the ruleset's adapter reads it. */
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
          { guard: { type: 'stageIs', params: { stage: 'window' } }, target: 'turn.readiness' },
          { guard: { type: 'stageIs', params: { stage: 'turn-end' } }, target: 'turn.turnEnd' },
          { target: 'turn.pick' },
        ],
      },
      /** F1 TURN_START (K-2.1b): the next turn's deck is shuffled. */
      betweenTurns: { on: { BEGIN_TURN: toSync } },
      turn: {
        initial: 'pick',
        states: {
          /** F1 DRAW_CARD (cards) or the model's own way to choose who acts. */
          pick: { on: pickOn },
          /** F2: the activation machine runs until the unit's activation is over. */
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
          /** F3 BETWEEN_ACTIVATIONS (K-2.3b): ready units may be used. */
          readiness: { on: { READINESS: toSync } },
          /** F1 DECK_EMPTY → END_OF_TURN_EVACUATION (K-5.6e) → TURN_END. */
          turnEnd: { on: { END_TURN: toSync } },
        },
      },
      /** K-GAP-1 the game has ended. */
      over: { type: 'final' },
    },
  });
}

export const cardsTurnMachine = createTurnMachine('cards');
