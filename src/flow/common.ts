// What the three machines share: their context (the driver, the last refusal, where the current
// activation began in the event log) and the one action that applies a command to the game.
import type { Command } from '../game';
import type { FlowAdapter, FlowDriver, Refusal } from './types';

// The machines are typed over `any` game state: the adapter is the only reader of it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDriver = FlowDriver<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAdapter = FlowAdapter<any>;

export interface FlowContext {
  driver: AnyDriver;
  /** The last command the rules refused, with their reason (cleared by the next accepted one). */
  refusal: Refusal | undefined;
  /** Index in the event log where this machine's activation (or melee) began. */
  since: number;
}

export interface FlowInput {
  driver: AnyDriver;
}

/** What the activation and melee machines hand back when they finish. */
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
