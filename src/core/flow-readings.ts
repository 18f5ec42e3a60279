// What the flow machines (src/flow) read of a ruleset: where its game stands, the names of its steps
// and the commands each step takes. Plain types in core so that a ruleset (src/rules/<id>, which may
// not import the game or flow layers) types its readings where it writes them; the machines use the
// same definitions. The words in these types are the machines' own, never a ruleset's.
import type { GameEvent } from './play-view-types';

/** How the next unit to act is chosen: a card drawn, initiative and alternate picks, the phasing player. */
export type ActivationModel = 'cards' | 'alternating' | 'igougo';

/** Where the turn stands. `pick`: the model's way to choose who acts next (draw a card, …). */
export type TurnStage = 'over' | 'between-turns' | 'pick' | 'activation' | 'window' | 'turn-end';

/** Inside one activation. Step and chooser names are the ruleset's (see FlowSteps). */
export type ActivationStage =
  /** A forced step before the unit may choose (a test, a compulsory move …). */
  | { kind: 'forced'; step: string }
  /** Someone chooses how the activation is used: one of FlowSteps.choosers. */
  | { kind: 'choosing'; chooser: string }
  /** The chosen action: its parts in order (e.g. move then shoot) and how many are done. */
  | { kind: 'acting'; action: string; parts: readonly string[]; done: number }
  | { kind: 'none' };

/** The names of a ruleset's steps and the commands each takes: the machines build their states from these. */
export interface FlowSteps {
  /** Starts the next turn (between turns). */
  beginTurn: readonly string[];
  /** Answers to a choice asked as a turn begins, before it opens (e.g. where a barrage's wounds fall); the turn opens after them. */
  turnStartChoices?: readonly string[];
  /** The picking step: the commands that choose who acts next (draw a card, roll initiative …). */
  pick: readonly string[];
  /** Taken in a window between activations (e.g. units kept ready act now). */
  window: readonly string[];
  /** The window's machine state (the ruleset's word for it). */
  windowState: string;
  /** Ends the turn. */
  endTurn: readonly string[];
  /** Answers to a choice asked while the turn ends (e.g. an owner's end-of-turn move); the turn still ends after them. */
  turnEndChoices?: readonly string[];
  /** Resolves a forced step of an activation. */
  resolve: readonly string[];
  /** Chooses how the offered unit uses its activation (or passes it on). */
  choose: readonly string[];
  /** Who may be choosing (ActivationStage's chooser): a machine state each, the first is the default. */
  choosers: readonly string[];
  /** Forced steps with a machine state of their own: step → state name; any other waits in `forced`. */
  forced: Readonly<Record<string, string>>;
}

/** What the machines need from a ruleset: its models, its steps, and readings of where its game stands. */
export interface FlowAdapter<S> {
  readonly activationModel: ActivationModel;
  readonly steps: FlowSteps;
  turnStage(state: S): TurnStage;
  activationStage(state: S): ActivationStage;
  /** The side whose player must act now (undefined: either may). */
  sideToAct(state: S): string | undefined;
  /** Did these events (since an activation began) end it? */
  activationEnded(events: readonly GameEvent[]): boolean;
}
