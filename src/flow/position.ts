// Where the machine stands, read from outside: whether it takes a command now, and its position
// split as turn and activation (the HUD, tests and mismatch reports read these).
import type { Actor } from 'xstate';
import type { Command } from '../game';
import type { createTurnMachine } from './turn-machine';

export type TurnActor = Actor<ReturnType<typeof createTurnMachine>>;

/** Would the machine take this command now? */
export function flowCan(actor: TurnActor, command: Command): boolean {
  return actor.getSnapshot().can(command as never);
}

type Value = string | { [key: string]: Value };

/** A state value with the sub-state `key` cut to its name (`{activation: {...}}` → 'activation'), and what was under it. */
function cut(value: Value, key: string): { value: Value; under?: Value } {
  if (typeof value === 'string') return { value };
  let under: Value | undefined;
  const out: Record<string, Value> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === key) {
      under = v;
      return { value: key, under };
    }
    const inner = cut(v, key);
    out[k] = inner.value;
    if (inner.under !== undefined) under = inner.under;
  }
  return under === undefined ? { value: out } : { value: out, under };
}

export interface FlowPosition { turn: unknown; activation?: unknown }

/** The machine's position as turn and activation (while one runs). */
export function flowPosition(actor: TurnActor): FlowPosition {
  return positionOf(actor.getSnapshot().value);
}

/** A turn machine's state value split as turn and activation (also for inspected microsteps). */
export function positionOf(value: unknown): FlowPosition {
  const turn = cut(value as Value, 'activation');
  return turn.under === undefined ? { turn: turn.value } : { turn: turn.value, activation: turn.under };
}
