// What the three machines share: their context (the driver, the last refusal, where the current
// activation began in the event log) and the one action that applies a command to the game.
import type { Command } from '../game';
import type { FlowDriver, Refusal } from './types';

// The machines are typed over `any` game state: the adapter is the only reader of it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDriver = FlowDriver<any>;

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

/** Commands the picking step of each activation model accepts (the machines' only per-model difference). */
export const PICK_COMMANDS = {
  cards: ['DRAW_CARD'],
  alternating: ['ROLL_INITIATIVE', 'PASS_INITIATIVE', 'SELECT_UNIT'],
  igougo: ['SELECT_UNIT', 'END_PHASE'],
} as const;
