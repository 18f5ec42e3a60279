// The shape every ruleset fills in. A game is commands in, events out; state = fold(evolve, events).
// Rules are pure: `decide` reads the state, the table and dice and returns events (or a refusal);
// `evolve` folds one event into the state. Machines (src/flow) ask the ruleset, never its id.
import type { ActivationModel, Command, Dice, GameEvent, PendingDecision, Roll, VictoryResult } from '../core';
import type { Scenario } from '../scenario';
import type { GameOptionChoice, GameOptions } from './options';

/** A player's request, an event and a game's result: defined in core (src/core/play-view-types.ts), shared with the rulesets' HUDs. */
export type { Command, GameEvent, PendingDecision, VictoryResult } from '../core';

/** The event every die roll becomes (the engine adds it; rulesets only call dice.roll). */
export interface DiceRolledEvent extends GameEvent {
  type: 'DICE_ROLLED';
  roll: Roll;
}

export type Decision<E extends GameEvent> = { ok: true; events: E[] } | { ok: false; reason: string; rule?: string };

/** The model of who acts next (defined in core, src/core/sequence.ts, shared with the rulesets). */
export type { ActivationModel } from '../core';
/**
 * Who may send a command now, as the ruleset reads its state: the session refuses a command from any
 * other side (and one that names no side) before `decide`, changing nothing.
 */
export interface ActingSides {
  /** Side ids, in the scenario's order; every side when any player may send it (a card draw, the end of a turn). */
  sides: readonly string[];
  /** What the game waits for, without side names (the refusal names them): "the activation of the unit whose card was drawn". */
  awaiting?: string;
  /** The book's rule that says who acts then (K-2.1b …). */
  rule?: string;
  /** A step any player may take, no side's own (shuffling, drawing a card): the player at the screen sends it as theirs. */
  anySide?: boolean;
}

/** What rules may read of the world besides the state: the table (through a query interface). */
export interface RulesContext<Q = unknown> {
  scenario: Scenario;
  table: Q;
  dice: Dice;
}

export interface Ruleset<S, C extends Command = Command, E extends GameEvent = GameEvent, Q = unknown> {
  readonly id: string;
  readonly version: string;
  readonly activationModel: ActivationModel;
  /** Check the ruleset-specific data of a scenario (units' `data`, `rules` options): clear messages or none. */
  validateScenario(scenario: Scenario): Array<{ path: string; message: string }>;
  /** The state before any event (no dice). */
  setup(scenario: Scenario, ctx: { table: Q }): S;
  /**
   * Commands the side to act may issue now (the HUD offers only these; random play picks from them),
   * each carrying the side that sends it (one any player may send: the first side that may).
   */
  legalCommands(state: S, ctx: { scenario: Scenario; table: Q }): C[];
  /**
   * The sides that may send this command now; the session asks before `decide` and refuses any other.
   * Asked per command, not per moment: a decision asked of the side not acting (an owner's choice
   * after the acting side's shot) lists the deciding side for its answer, the acting side for the rest.
   */
  actingSides(state: S, command: C, ctx: { scenario: Scenario }): ActingSides;
  /**
   * The choice the game waits for now from one side, when it waits for one (an owner's choice asked
   * of the side not acting: where the wounds fall …): its side, label, rule and legal answers, the
   * book's default first. Absent: the ruleset asks no such choices.
   */
  pendingDecision?(state: S, ctx: { scenario: Scenario; table: Q }): PendingDecision<C> | undefined;
  decide(state: S, command: C, ctx: RulesContext<Q>): Decision<E>;
  evolve(state: S, event: E | DiceRolledEvent): S;
  victory(state: S, ctx: { scenario: Scenario }): VictoryResult | undefined;
  /**
   * Earlier forms of this state a save may have hashed (a ruleset whose sequence moved into the flow
   * machine saved its table alone): a save whose stateHash matches one of them loads. None when absent.
   */
  savedStateForms?(state: S): readonly unknown[];
  /**
   * The scenario as the table now stands in this state (terrain placed during play): the session
   * rebuilds its table from it when it changes; the scenario itself (the same object) while nothing
   * did. Absent: the table is fixed for the game.
   */
  tableScenario?(state: S, scenario: Scenario): Scenario;
  /** What the players may choose for this scenario when a game starts (options.ts); none when absent. */
  optionChoices?(scenario: Scenario): GameOptionChoice[];
  /** The scenario as played with these options, or their problems (paths under the options); identity for none. */
  applyOptions?(scenario: Scenario, options: GameOptions): { scenario: Scenario; issues: Array<{ path: string; message: string }> };
}
