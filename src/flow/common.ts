// What the machines share: their context (the driver, the last refusal, where the current activation
// began in the event log), the one action that applies a command to the game, and one setup with
// every guard the turn and activation states use (they nest in one machine: no child actors).
import { assign, enqueueActions, setup } from 'xstate';
import type { Command } from '../game';
import type { FlowAdapter, FlowDriver, Refusal, TurnStage } from './types';

// The machines are typed over `any` game state: the adapter is the only reader of it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDriver = FlowDriver<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAdapter = FlowAdapter<any>;

export interface FlowContext {
  driver: AnyDriver;
  /** The last command the rules refused, with their reason (cleared by the next accepted one). */
  refusal: Refusal | undefined;
  /** Index in the event log where the current activation began. */
  since: number;
}

export interface FlowInput {
  driver: AnyDriver;
}

/** What a machine of its own (the tests' activation machine) hands back when it finishes. */
export interface FlowOutput {
  driver: AnyDriver;
}

/**
 * Apply a command through the driver (the session records it); keep the refusal for the HUD. The
 * machines name this their `apply` action, so a test may provide another (an immutable game's).
 */
export function applyCommand(context: FlowContext, command: Command): Partial<Pick<FlowContext, 'refusal' | 'driver'>> {
  const r = context.driver.dispatch(command);
  return { refusal: r.ok ? undefined : { reason: r.reason, ...(r.rule ? { rule: r.rule } : {}), command } };
}

/** Transitions for each of a step's commands (the ruleset names them in its FlowSteps). */
export function onCommands<T>(commands: readonly string[], transition: T): Record<string, T> {
  return Object.fromEntries(commands.map((type) => [type, transition]));
}

/** A machine built once per adapter (machines are pure definitions; an adapter is a module-level object). */
export function perAdapter<M>(build: (adapter: AnyAdapter) => M): (adapter: AnyAdapter) => M {
  const built = new WeakMap<AnyAdapter, M>();
  return (adapter) => {
    let m = built.get(adapter);
    if (!m) built.set(adapter, (m = build(adapter)));
    return m;
  };
}

type Args = { context: FlowContext };
const stage = (context: FlowContext) => context.driver.adapter.activationStage(context.driver.state);

/** Every guard of the turn and activation states: readings of the game through the ruleset's adapter. */
export const flowGuards = {
  /** The game's turn stage, as the ruleset's adapter reads it. */
  stageIs: ({ context }: Args, params: { stage: TurnStage }) => context.driver.adapter.turnStage(context.driver.state) === params.stage,
  /** The activation that began when the machines entered it is over (as the ruleset reads its events). */
  ended: ({ context }: Args) => context.driver.adapter.activationEnded(context.driver.eventsSince(context.since)),
  forced: ({ context }: Args, params: { step: string }) => {
    const st = stage(context);
    return st.kind === 'forced' && st.step === params.step;
  },
  anyForced: ({ context }: Args) => stage(context).kind === 'forced',
  choosing: ({ context }: Args, params: { chooser: string }) => {
    const st = stage(context);
    return st.kind === 'choosing' && st.chooser === params.chooser;
  },
  /** The part now due: 0 = the first, 1 = the second, 'finished' = every part is done. */
  part: ({ context }: Args, params: { part: 0 | 1 | 'finished' }) => {
    const st = stage(context);
    if (st.kind !== 'acting') return false;
    const due = st.done >= st.parts.length ? 'finished' : st.done;
    return due === params.part;
  },
  refused: ({ context }: Args) => context.refusal !== undefined,
  /** Any command but a take-back (UNDO is the turn's, wherever the machines stand). */
  notUndo: ({ event }: { event: Command }) => event.type !== 'UNDO',
};

/** The one setup of the flow machines (types, guards, actions). */
export function flowSetup() {
  return setup({
    types: {
      context: {} as FlowContext,
      events: {} as Command,
      input: {} as FlowInput,
      output: {} as FlowOutput,
    },
    guards: flowGuards,
    // The machines' actions: apply a command, take one back, mark where an activation begins.
    actions: {
      // The context changes only when the refusal does (a refused command, or the one after it): an
      // assign on every command made the machines copy their whole snapshot once more per command.
      apply: enqueueActions(({ context, event, enqueue }) => {
        const next = applyCommand(context, event);
        if (next.refusal !== context.refusal || next.driver !== undefined) enqueue.assign(next);
      }),
      undo: assign(({ context }) => {
        context.driver.undo();
        return { refusal: undefined, since: context.driver.eventCount };
      }),
      activationBegins: assign(({ context }) => ({ since: context.driver.eventCount })),
    },
  });
}
