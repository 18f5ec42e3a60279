// What the machines need from a ruleset: its differences (activation and melee models) and a reading
// of where its game stands. The machines branch on these readings, never on a ruleset's id.
import type { ActivationModel, Command, GameEvent, MeleeModel } from '../game';

/** F1: where the turn stands. `pick`: the model's way to choose who acts next (draw a card, …). */
export type TurnStage = 'over' | 'between-turns' | 'pick' | 'activation' | 'window' | 'turn-end';

/** Inside one activation (K F2/F4, COBI F3, Shturm's per-unit orders). */
export type ActivationStage =
  /** A forced step before the unit may choose (pinned test, rout …); `melee` goes to the melee machine. */
  | { kind: 'forced'; step: string }
  /** The unit (or leader) chooses how to use its activation. */
  | { kind: 'choosing'; chooser: 'unit' | 'leader' | 'pinned' | 'regroup' }
  /** The chosen action: its parts in order (e.g. move then shoot) and how many are done. */
  | { kind: 'acting'; action: string; parts: readonly string[]; done: number }
  /** A charge or melee sequence is under way (the melee machine). */
  | { kind: 'melee' }
  | { kind: 'none' };

/** F6: the steps of a charge and melee that wait for a player. */
export type MeleeStage = 'target-test' | 'defensive-fire' | 'charger-morale' | 'grenades' | 'round' | 'none';

/** What a melee step led to, read from the events it produced. */
export type MeleeOutcome = 'surrendered' | 'collapsed' | 'loser-fell-back' | 'loser-destroyed' | 'loser-held' | 'even' | 'won' | 'none';

export interface FlowAdapter<S> {
  readonly activationModel: ActivationModel;
  readonly meleeModel: MeleeModel;
  turnStage(state: S): TurnStage;
  activationStage(state: S): ActivationStage;
  meleeStage(state: S): MeleeStage;
  /** The side whose player must act now (undefined: either may). */
  sideToAct(state: S): string | undefined;
  /** Did these events (since an activation began) end it? */
  activationEnded(events: readonly GameEvent[]): boolean;
  /** The outcome a melee step's events show. */
  meleeOutcome(events: readonly GameEvent[]): MeleeOutcome;
  /** Did a round of melee happen in these events, and did a loser test morale? */
  meleeRoundFought(events: readonly GameEvent[]): { fought: boolean; loserTested: boolean };
}

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
