// The flow's machines over an immutable game (PureDriver): their `apply` action keeps the driver each
// command gives, so every snapshot carries its own game, as model-based traversal needs.
import { assign } from 'xstate';
import type { Command } from '../game';
import { activationMachineFor, turnMachineFor, type AnyAdapter, type FlowContext } from '../flow';
import { PureDriver } from './pure-driver';

/** The `apply` of the pure machines: the next driver and the refusal, if any (the old driver is unchanged). */
function applyPure(context: FlowContext, command: Command): Partial<Pick<FlowContext, 'refusal' | 'driver'>> {
  if (!(context.driver instanceof PureDriver)) throw new TypeError('the pure machines run on a PureDriver (PureDriver.start), not a session');
  const { driver, result } = context.driver.step(command);
  return { driver, refusal: result.ok ? undefined : { reason: result.reason, ...(result.rule ? { rule: result.rule } : {}), command } };
}

/** The activation machine of an adapter's ruleset over an immutable game. */
export function pureActivationMachine(adapter: AnyAdapter) {
  return activationMachineFor(adapter).provide({
    actions: { apply: assign(({ context, event }) => applyPure(context, event)) },
  });
}

/** The whole turn machine of an adapter's ruleset (the activation nested) over an immutable game. */
export function pureTurnMachine(adapter: AnyAdapter) {
  return turnMachineFor(adapter).provide({
    actions: { apply: assign(({ context, event }) => applyPure(context, event)) },
  });
}
