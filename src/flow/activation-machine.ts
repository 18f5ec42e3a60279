// The activation: forced steps first (each named by the ruleset, or the generic `forced`), then the
// choice (a state per chooser the ruleset names), then the chosen action's parts in order; final when
// the activation ends (a sequenced ruleset's close-combat exchange is its cards machine's,
// sequence-machines.ts). The states' names and the commands they take come from the ruleset's FlowSteps.
// The states nest in the turn machine (activationState); a machine of their own serves tests.
import { flowSetup, onCommands, perAdapter, type AnyAdapter } from './common';
type StateConfig = Record<string, unknown>;

/** The activation's states for an adapter's ruleset (see the header); its node id is `activation`. */
export function activationStates(adapter: AnyAdapter): Record<string, StateConfig> {
  const { forced, choosers, resolve, choose } = adapter.steps;
  const toRoute = { actions: 'apply', target: '#activation.route' } as const;
  const forcedStates = [...new Set(Object.values(forced))].filter((s) => s !== 'forced');
  return {
    /** Follow the game into the step this activation has reached. */
    route: {
      always: [
        { guard: 'ended', target: 'done' },
        // Forced steps with a state of their own.
        ...Object.entries(forced).map(([step, target]) => ({ guard: { type: 'forced' as const, params: { step } }, target })),
        { guard: 'anyForced', target: 'forced' },
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
    /** The chosen action, part by part (e.g. move and shoot in the chosen order); any command may follow (a take-back goes to the turn). */
    acting: {
      initial: 'firstPart',
      states: { firstPart: {}, secondPart: {}, finished: {} },
      on: { '*': { guard: 'notUndo', ...toRoute } },
    },
    /** The activation is over. */
    done: { type: 'final' },
  };
}

/** The activation as a machine of its own (tests: traversal from a prepared position). */
export function createActivationMachine(adapter: AnyAdapter) {
  return flowSetup().createMachine({
    id: 'activation',
    context: ({ input }) => ({ driver: input.driver, refusal: undefined, since: input.driver.eventCount }),
    // The driver goes back to the caller (an immutable driver has moved on; a session's is the same).
    output: ({ context }) => ({ driver: context.driver }),
    initial: 'route',
    states: activationStates(adapter),
  });
}

/** The activation machine of an adapter's ruleset (built once per adapter). */
export const activationMachineFor = perAdapter(createActivationMachine);
