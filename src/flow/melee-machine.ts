// The melee machine (K F6, locked rounds): charge → target test (pinned/retreating, K-7.2) or defensive
// fire (K-6.2) → charger morale (K-6.2e) → grenades (K-6.6) → the round (K-6.4) → loser morale →
// fall back / destroyed / continues; or surrender, or a collapsed charge. Final with the outcome.
import { assign, setup } from 'xstate';
import type { Command } from '../game';
import { applyCommand, type FlowContext, type FlowInput, type FlowOutput } from './common';
import type { MeleeOutcome, MeleeStage } from './types';

export const meleeMachine = setup({
  types: {
    context: {} as FlowContext,
    events: {} as Command,
    input: {} as FlowInput,
    output: {} as FlowOutput,
  },
  guards: {
    stage: ({ context }, params: { stage: MeleeStage }) => context.driver.adapter.meleeStage(context.driver.state) === params.stage,
    refused: ({ context }) => context.refusal !== undefined,
    outcome: ({ context }, params: { outcome: MeleeOutcome }) => context.driver.adapter.meleeOutcome(context.driver.lastEvents) === params.outcome,
    loserTested: ({ context }) => context.driver.adapter.meleeRoundFought(context.driver.lastEvents).loserTested,
  },
  actions: {
    apply: assign(({ context, event }) => applyCommand(context, event)),
  },
}).createMachine({
  id: 'melee',
  context: ({ input }) => ({ driver: input.driver, refusal: undefined, since: input.driver.eventCount }),
  output: ({ context }) => ({ driver: context.driver }),
  initial: 'route',
  states: {
    route: {
      always: [
        { guard: { type: 'stage', params: { stage: 'target-test' } }, target: 'targetTest' },
        { guard: { type: 'stage', params: { stage: 'defensive-fire' } }, target: 'defensiveFire' },
        { guard: { type: 'stage', params: { stage: 'charger-morale' } }, target: 'chargerMorale' },
        { guard: { type: 'stage', params: { stage: 'grenades' } }, target: 'grenades' },
        { guard: { type: 'stage', params: { stage: 'round' } }, target: 'round' },
        { target: 'over' },
      ],
    },
    /** K-7.2a a pinned or retreating target tests morale: fail → it surrenders (K-7.2c). */
    targetTest: { on: { RESOLVE: { actions: 'apply', target: 'afterTargetTest' } } },
    afterTargetTest: {
      always: [
        { guard: 'refused', target: 'targetTest' },
        { guard: { type: 'outcome', params: { outcome: 'surrendered' } }, target: 'surrendered' },
        { target: 'route' },
      ],
    },
    /** K-6.2a the defender chooses to fire or not (K-6.2b–d). */
    defensiveFire: { on: { DEFENSIVE_FIRE: { actions: 'apply', target: 'route' } } },
    /** K-6.2e the charger took wound tests: a failed test collapses the charge. */
    chargerMorale: { on: { RESOLVE: { actions: 'apply', target: 'afterChargerMorale' } } },
    afterChargerMorale: {
      always: [
        { guard: 'refused', target: 'chargerMorale' },
        { guard: { type: 'outcome', params: { outcome: 'collapsed' } }, target: 'collapsed' },
        { target: 'route' },
      ],
    },
    /** K-6.6a each side with grenades chooses as the melee begins. */
    grenades: { on: { GRENADES: { actions: 'apply', target: 'route' } } },
    /** K-6.4a–d both sides roll at once, hits become wounds. */
    round: { on: { RESOLVE: { actions: 'apply', target: 'resolution' } } },
    /** K-6.4e/i the side that took more hits tests morale; equal hits: the melee continues. */
    resolution: {
      always: [
        { guard: 'refused', target: 'round' },
        { guard: 'loserTested', target: 'loserMorale' },
        { target: 'continues' },
      ],
    },
    loserMorale: {
      always: [
        { guard: { type: 'outcome', params: { outcome: 'loser-fell-back' } }, target: 'fallBack' },
        { guard: { type: 'outcome', params: { outcome: 'loser-destroyed' } }, target: 'destroyed' },
        { target: 'continues' },
      ],
    },
    /** K-6.4g the loser falls back 10 cm; the melee ends. */
    fallBack: { type: 'final' },
    /** K-6.4g a loser that cannot fall back is destroyed. */
    destroyed: { type: 'final' },
    /** K-6.4f/i the units stay locked (K-6.5a a round whenever one of them activates). */
    continues: { type: 'final' },
    /** K-7.2c the charged unit gave up. */
    surrendered: { type: 'final' },
    /** K-6.2e the charge collapsed: the charger is back where it started. */
    collapsed: { type: 'final' },
    /** The sequence ended otherwise (e.g. the game ended). */
    over: { type: 'final' },
  },
});
