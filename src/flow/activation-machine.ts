// The activation machine: forced steps first (each named by the ruleset, or the generic `forced`; one
// may hand over to the melee machine), then the choice (a state per chooser the ruleset names), then
// the chosen action's parts in order, a charge handing over to the melee machine; final when the
// activation ends. The states' names and the commands they take come from the ruleset's FlowSteps.
import { assign, forwardTo, setup } from 'xstate';
import type { Command } from '../game';
import { applyCommand, onCommands, perAdapter, type AnyAdapter, type FlowContext, type FlowInput, type FlowOutput } from './common';
import { meleeMachineFor } from './melee-machine';

/** The melee machine's state in the activation machine (a forced step mapped to it is fought there). */
const MELEE = 'melee';

/** The activation machine for an adapter's ruleset. */
export function createActivationMachine(adapter: AnyAdapter) {
  const { forced, choosers, resolve, choose } = adapter.steps;
  const toRoute = { actions: 'apply', target: '#activation.route' } as const;
  const forcedStates = [...new Set(Object.values(forced))].filter((s) => s !== MELEE && s !== 'forced');
  return setup({
    types: {
      context: {} as FlowContext,
      events: {} as Command,
      input: {} as FlowInput,
      output: {} as FlowOutput,
    },
    actors: { melee: meleeMachineFor(adapter) },
    guards: {
      /** The activation that began when this machine started is over (as the ruleset reads its events). */
      ended: ({ context }) => context.driver.adapter.activationEnded(context.driver.eventsSince(context.since)),
      forced: ({ context }, params: { step: string }) => {
        const st = context.driver.adapter.activationStage(context.driver.state);
        return st.kind === 'forced' && st.step === params.step;
      },
      anyForced: ({ context }) => context.driver.adapter.activationStage(context.driver.state).kind === 'forced',
      inMelee: ({ context }) => context.driver.adapter.activationStage(context.driver.state).kind === 'melee',
      choosing: ({ context }, params: { chooser: string }) => {
        const st = context.driver.adapter.activationStage(context.driver.state);
        return st.kind === 'choosing' && st.chooser === params.chooser;
      },
      /** The part now due: 0 = the first, 1 = the second, 'finished' = every part is done. */
      part: ({ context }, params: { part: 0 | 1 | 'finished' }) => {
        const st = context.driver.adapter.activationStage(context.driver.state);
        if (st.kind !== 'acting') return false;
        const due = st.done >= st.parts.length ? 'finished' : st.done;
        return due === params.part;
      },
    },
    actions: {
      apply: assign(({ context, event }) => applyCommand(context, event)),
    },
  }).createMachine({
    id: 'activation',
    context: ({ input }) => ({ driver: input.driver, refusal: undefined, since: input.driver.eventCount }),
    // The driver goes back to the turn machine (an immutable driver has moved on; a session's is the same).
    output: ({ context }) => ({ driver: context.driver }),
    initial: 'route',
    states: {
      /** Follow the game into the step this activation has reached. */
      route: {
        always: [
          { guard: 'ended', target: 'done' },
          // Forced steps with a state of their own (or fought by the melee machine).
          ...Object.entries(forced).map(([step, target]) => ({ guard: { type: 'forced' as const, params: { step } }, target })),
          { guard: 'anyForced', target: 'forced' },
          // A charge (or its melee) is being resolved.
          { guard: 'inMelee', target: MELEE },
          // Someone chooses how the activation is used.
          ...choosers.map((chooser) => ({ guard: { type: 'choosing' as const, params: { chooser } }, target: `choosing.${chooser}` })),
          { guard: { type: 'part', params: { part: 0 } }, target: 'acting.firstPart' },
          { guard: { type: 'part', params: { part: 1 } }, target: 'acting.secondPart' },
          { guard: { type: 'part', params: { part: 'finished' } }, target: 'acting.finished' },
          { target: 'done' },
        ],
      },
      ...Object.fromEntries(forcedStates.map((name) => [name, { on: onCommands(resolve, toRoute) }])),
      forced: { on: onCommands(resolve, toRoute) },
      choosing: {
        initial: choosers[0]!,
        states: Object.fromEntries(choosers.map((c) => [c, {}])),
        on: onCommands(choose, toRoute),
      },
      /** The chosen action, part by part (e.g. move and shoot in the chosen order); any command may follow. */
      acting: {
        initial: 'firstPart',
        states: { firstPart: {}, secondPart: {}, finished: {} },
        on: { '*': toRoute },
      },
      melee: {
        invoke: {
          id: 'melee',
          src: 'melee',
          input: ({ context }) => ({ driver: context.driver }),
          onDone: { target: 'route', actions: assign({ driver: ({ event }) => (event.output as FlowOutput).driver }) },
        },
        on: { '*': { actions: forwardTo('melee') } },
      },
      /** The activation is over. */
      done: { type: 'final' },
    },
  });
}

/** The activation machine of an adapter's ruleset (built once per adapter). */
export const activationMachineFor = perAdapter(createActivationMachine);
