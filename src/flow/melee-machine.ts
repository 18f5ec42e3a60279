// The close-combat exchange: its states are the ruleset's melee steps (FlowSteps.melee), routed by
// their neutral kind — a choice goes on to the next step; a test may end the exchange by its outcome
// (a refused roll waits again); a round is resolved, and when a loser tested, its outcome may end the
// exchange, else the units stay locked (`continues`). A round may stop half-way for a side's choice
// (e.g. where its wounds fall): the choice is taken, and the round's outcome is read from its answer.
// Final with the outcome's state, or `over`.
// The states nest in the activation (meleeState); a machine of their own serves tests (createMeleeMachine).
import { flowSetup, onCommands, perAdapter } from './common';
import type { MeleeStep } from './types';

/** The check after a test step (e.g. a step `moraleTest` is checked in `afterMoraleTest`). */
const checkOf = (step: string) => `after${step[0]!.toUpperCase()}${step.slice(1)}`;

type StateConfig = Record<string, unknown>;

/** The states for a ruleset's melee steps (see the header). */
export function meleeStates(steps: readonly MeleeStep[]): Record<string, StateConfig> {
  const states: Record<string, StateConfig> = {
    /** Follow the game into the step it awaits. */
    route: {
      always: [...steps.map((st) => ({ guard: { type: 'meleeStage', params: { stage: st.name } }, target: st.name })), { target: 'over' }],
    },
  };
  const finals = new Set<string>();
  const hasRound = steps.some((st) => st.kind === 'round');
  for (const st of steps) {
    const ends = Object.entries(st.ends ?? {}).map(([outcome, target]) => {
      finals.add(target);
      return { guard: { type: 'meleeOutcome', params: { outcome } }, target };
    });
    if (st.kind === 'choice') {
      const check = checkOf(st.name);
      states[st.name] = { on: onCommands(st.commands, { actions: 'apply', target: check }) };
      // The answer that finished a round goes on to the round's outcome; a refused one waits again.
      states[check] = { always: [{ guard: 'refused', target: st.name }, ...(hasRound ? [{ guard: 'roundFought', target: 'resolution' }] : []), { target: 'route' }] };
    } else if (st.kind === 'test') {
      const check = checkOf(st.name);
      states[st.name] = { on: onCommands(st.commands, { actions: 'apply', target: check }) };
      states[check] = { always: [{ guard: 'refused', target: st.name }, ...ends, { target: 'route' }] };
    } else {
      states[st.name] = { on: onCommands(st.commands, { actions: 'apply', target: 'resolution' }) };
      // The round stopped for a side's choice: it is taken first. Equal hits (no loser tested): the units stay locked.
      states.resolution = { always: [{ guard: 'refused', target: st.name }, { guard: 'meleeChoiceAwaited', target: 'route' }, { guard: 'loserTested', target: 'loserMorale' }, { target: 'continues' }] };
      states.loserMorale = { always: [...ends, { target: 'continues' }] };
    }
  }
  /** The units stay locked (a round whenever one of them activates). */
  states.continues = { type: 'final' };
  for (const f of finals) states[f] = { type: 'final' };
  /** The sequence ended otherwise (e.g. the game ended). */
  states.over = { type: 'final' };
  return states;
}

/** The melee exchange as a nested state (its final states end it: the parent's onDone follows). */
export function meleeState(steps: readonly MeleeStep[], onDone: string): StateConfig {
  return { id: 'melee', initial: 'route', states: meleeStates(steps), onDone };
}

/** The melee exchange as a machine of its own (tests: traversal from a prepared position). */
export function createMeleeMachine(steps: readonly MeleeStep[]) {
  return flowSetup().createMachine({
    id: 'melee',
    context: ({ input }) => ({ driver: input.driver, refusal: undefined, since: input.driver.eventCount }),
    output: ({ context }) => ({ driver: context.driver }),
    initial: 'route',
    states: meleeStates(steps),
  });
}

/** The melee machine of an adapter's ruleset (built once per adapter). */
export const meleeMachineFor = perAdapter((adapter) => createMeleeMachine(adapter.steps.melee));
