// The machines' handle on a game (FlowDriver) and what a refused command leaves. What they read of a
// ruleset (FlowAdapter: its stages, step names and commands) is defined in core (src/core/flow-readings.ts)
// so that each ruleset types its readings where it writes them; re-exported here.
import type { Command, FlowAdapter, GameEvent } from '../core';

export type { ActivationModel, ActivationStage, FlowAdapter, FlowSteps, TurnStage } from '../core';

export type DispatchResult = { ok: true; events: GameEvent[] } | { ok: false; reason: string; rule?: string };

/** The machines' view of a game: the current state, a way to apply a command, and the event log. */
export interface FlowDriver<S = unknown> {
  readonly adapter: FlowAdapter<S>;
  readonly state: S;
  dispatch(command: Command): DispatchResult;
  /** Number of events in the log so far. */
  readonly eventCount: number;
  /** The events from index `from` on. */
  eventsSince(from: number): GameEvent[];
  /** The events of the last applied command. */
  readonly lastEvents: readonly GameEvent[];
  /** Take back the last command if the game allows it (nothing rolled); the machines re-sync after. */
  undo(): boolean;
}

/** A command sent to a machine: the same object the session records. */
export type FlowCommandEvent = Command;

export interface Refusal {
  reason: string;
  rule?: string;
  command: Command;
}
