// The activation machine (K F2/F4, K-2.4; shared shape for COBI F3 and Shturm's orders): forced steps
// first (melee, rout, pinned test), then the choice (unit, leader, pinned, regroup), then the chosen
// action's parts in order, a charge handing over to the melee machine; final when the activation ends.
import { assign, forwardTo, setup } from 'xstate';
import type { Command } from '../game';
import { applyCommand, type FlowContext, type FlowInput, type FlowOutput } from './common';
import { meleeMachine } from './melee-machine';
import type { ActivationStage } from './types';

type Chooser = Extract<ActivationStage, { kind: 'choosing' }>['chooser'];

const toRoute = { actions: 'apply', target: '#activation.route' } as const;

export const activationMachine = setup({
  types: {
    context: {} as FlowContext,
    events: {} as Command,
    input: {} as FlowInput,
    output: {} as FlowOutput,
  },
  actors: { melee: meleeMachine },
  guards: {
    /** The activation that began when this machine started is over (ended, readiness, lapsed). */
    ended: ({ context }) => context.driver.adapter.activationEnded(context.driver.eventsSince(context.since)),
    forced: ({ context }, params: { step: string }) => {
      const st = context.driver.adapter.activationStage(context.driver.state);
      return st.kind === 'forced' && st.step === params.step;
    },
    anyForced: ({ context }) => context.driver.adapter.activationStage(context.driver.state).kind === 'forced',
    inMelee: ({ context }) => context.driver.adapter.activationStage(context.driver.state).kind === 'melee',
    choosing: ({ context }, params: { chooser: Chooser }) => {
      const st = context.driver.adapter.activationStage(context.driver.state);
      return st.kind === 'choosing' && st.chooser === params.chooser;
    },
    /** K-2.4b the part now due: 0 = the first, 1 = the second, 'finished' = every part is done. */
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
        // F2.1 K-6.3a in melee: fight a round (the melee machine), then end.
        { guard: { type: 'forced', params: { step: 'melee' } }, target: 'melee' },
        // F2.2 K-7.3d routing: forced fast move toward its own edge, rally check.
        { guard: { type: 'forced', params: { step: 'rout' } }, target: 'routing' },
        // F2.3 K-7.1f pinned: morale test at the start of its activation.
        { guard: { type: 'forced', params: { step: 'pinned-test' } }, target: 'pinnedTest' },
        { guard: 'anyForced', target: 'forced' },
        // F6 a charge (or its melee) is being resolved.
        { guard: 'inMelee', target: 'melee' },
        // F4 a leader's card: command, act with his group or alone, or wait.
        { guard: { type: 'choosing', params: { chooser: 'leader' } }, target: 'choosing.leader' },
        // F2.3 failed: still pinned, it may only shoot (K-7.1c).
        { guard: { type: 'choosing', params: { chooser: 'pinned' } }, target: 'choosing.pinned' },
        // F2.4 K-1.0c out of formation: it must move back.
        { guard: { type: 'choosing', params: { chooser: 'regroup' } }, target: 'choosing.regroup' },
        // F2.5 readiness or one K-2.4 action.
        { guard: { type: 'choosing', params: { chooser: 'unit' } }, target: 'choosing.unit' },
        { guard: { type: 'part', params: { part: 0 } }, target: 'acting.firstPart' },
        { guard: { type: 'part', params: { part: 1 } }, target: 'acting.secondPart' },
        { guard: { type: 'part', params: { part: 'finished' } }, target: 'acting.finished' },
        { target: 'done' },
      ],
    },
    routing: { on: { RESOLVE: toRoute } },
    pinnedTest: { on: { RESOLVE: toRoute } },
    forced: { on: { RESOLVE: toRoute } },
    choosing: {
      initial: 'unit',
      states: { unit: {}, leader: {}, pinned: {}, regroup: {} },
      on: { READY: toRoute, ACTIVATE: toRoute, COMMAND: toRoute, PASS: toRoute },
    },
    /** K-2.4b the chosen action, part by part (move and shoot in the chosen order). */
    acting: {
      initial: 'firstPart',
      states: { firstPart: {}, secondPart: {}, finished: {} },
      on: { END_ACTIVATION: toRoute, '*': toRoute },
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
    /** F2.6 ACTIVATION_DONE. */
    done: { type: 'final' },
  },
});
