// The shape of one registered ruleset: the module a folder src/rules/<id>/ exports and the registry
// (src/rules/index.ts) lists. It lives in the game layer because it names the game's contract (the
// Ruleset, the session's log) and the app's and CLI's needs; a ruleset may not import the game layer,
// so it meets this shape structurally and its parts that rulesets type themselves (the sequence
// program, play view, table queries) are core types. The composition roots (src/app, src/cli) read the
// registry as RulesetModule, which checks every module's signatures at compile time.
import type { Command, GameEvent, PendingDecision, PlayFigureMove, PlayLogLine, PlayRuleEntry, PlayerFactory, PlayView, Sequenced, SequenceProgram, SightPoint, TableQueries } from '../core';
import type { Scenario } from '../scenario';
import type { LogEntry } from './session';
import type { Ruleset } from './types';

/** The play HUD's describer: a ruleset's state read into the neutral play model, and the commands a drag makes. */
export interface PlayHud<S> {
  describe(state: S, ctx: { scenario: Scenario; table: TableQueries }): PlayView;
  log(state: S, log: ReadonlyArray<LogEntry<Command, GameEvent>>): PlayLogLine[];
  rules(state?: S): PlayRuleEntry[];
  /** The MOVE command for a drag (with `charge`: a charge at that enemy unit); undefined when nothing may move. */
  moveCommand(state: S, moves: readonly PlayFigureMove[], charge?: string): Command | undefined;
  /** The enemy unit a drag would touch (the move is then a charge), if any; `table` lets the ruleset measure on the terrain. */
  contactedEnemy(state: S, moves: readonly PlayFigureMove[], table?: TableQueries): string | undefined;
  /**
   * A drag the rules refused, as the command the ruleset would send instead (e.g. a move into contact
   * is a charge at the unit it touches), or undefined when the refusal stands.
   */
  dragAsCharge(state: S, moves: readonly PlayFigureMove[], refusal: { reason: string; rule?: string }, table?: TableQueries): Command | undefined;
}

/** Where a game stands, in words every ruleset can give: who acts, what is awaited, a label for the HUD. */
export interface PhaseInfo {
  /** The side whose player must act now; undefined when either may (or nobody: the game is over). */
  side: string | undefined;
  /** What the game waits for, as a short machine-readable word of the ruleset (e.g. 'pick', 'choice', 'over'). */
  awaiting: string;
  /** A readable label ("Turn 2 — whites draw a card"). */
  label: string;
  /** The choice the game waits for from one side (often not the side acting), as the ruleset's pendingDecision gives it. */
  decision?: PendingDecision;
}

export interface RulesetModule<S> {
  /** The rules: the game layer's contract. */
  readonly ruleset: Ruleset<S, Command, GameEvent, TableQueries>;
  /** The ruleset's display name ("Kuularuisku 1918"). */
  readonly name: string;
  /** A neutral description of the current phase. */
  phase(state: S): PhaseInfo;
  /** The number of the turn (or round) the game is in, for labelling log lines (`cli play`); optional. */
  turnOf?(state: S): number;
  /** The play HUD's describer. */
  readonly hud: PlayHud<S>;
  /** The unit lengths are shown in to its players. */
  readonly measure: 'cm' | 'inch';
  /** The dice it rolls, by number of sides. */
  readonly dice: { readonly sides: readonly number[] };
  /** The points of a figure its rules' sight lines aim at (passed to the battlefield's queries). */
  readonly sightPoints: readonly SightPoint[];
  /** Checks the ruleset's own data in a scenario (units' data, rules options, victory): clear messages or none. */
  validateScenarioData(scenario: Scenario): Array<{ path: string; message: string }>;
  /** Makes the ruleset's player for headless play (core's Player: random legal play, later an AI); optional. */
  readonly player?: PlayerFactory<S, Command, TableQueries, Scenario>;
}

// Typed over `any` state where a module is picked by id (each module reads its own state).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRulesetModule = RulesetModule<any>;

/** The HUD of a sequenced ruleset: `describe` is given the legal commands (the sequence's steps are the machine's). */
export interface SequencedHud<S> extends Omit<PlayHud<S>, 'describe'> {
  describe(state: S, ctx: { scenario: Scenario; table: TableQueries; legal: Command[] }): PlayView;
}

/**
 * A ruleset whose sequence the flow machines own (src/core/sequence.ts): its table rules and its
 * steps' guards and resolutions in `sequence`; flow's `playableModule` composes its `ruleset`.
 */
export interface SequencedRulesetModule<T> extends Omit<RulesetModule<Sequenced<T>>, 'ruleset' | 'hud'> {
  readonly sequence: SequenceProgram<T, Scenario, TableQueries>;
  readonly hud: SequencedHud<Sequenced<T>>;
}

/** A registered module: played as it is, or (sequenced) once composed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ModuleSource = AnyRulesetModule | SequencedRulesetModule<any>;
