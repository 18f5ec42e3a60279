// A ruleset whose sequence the flow machines own (src/flow/sequence-machines.ts): the ruleset gives
// its table rules and, per step of a neutral turn model, pure guards and resolutions; the machine
// holds round, initiative, who acts, which units acted and the phase, and hands the rules and the HUD
// a read-only snapshot of it. Plain types here so that a ruleset types its parts where it writes them.
import type { Dice } from './dice';
import type { Command, GameEvent, VictoryResult } from './play-view-types';

/** The machine's step: between rounds, a side picks a unit, a unit (or a side's phase) acts, the round's end, the game's end. */
export type SequenceStep = 'between' | 'pick' | 'activation' | 'phase' | 'end' | 'over';

/** Where the sequence stands, as the machine gives it: read-only to the rules, the HUD and the player. */
export interface SequenceView {
  readonly step: SequenceStep;
  /** The round (or game turn) on, or the last one between rounds; 0 before the first. */
  readonly round: number;
  /** The round after which the game ends. */
  readonly lastRound: number;
  /** The sides, in the scenario's order. */
  readonly sides: readonly string[];
  /** The side to act (picking, acting, in its phase); null between rounds and at a round's end. */
  readonly side: string | null;
  /** Alternating: the side that won this round's initiative. */
  readonly first: string | null;
  /** Alternating: the unit acting now. */
  readonly unit: string | null;
  /** Units that have acted: this round (alternating) or this phase (phases). */
  readonly acted: readonly string[];
  /** Phases: the phase on (one of the program's phases). */
  readonly phase: string | null;
  /** Phases: the sides that have played their turn this game turn. */
  readonly played: readonly string[];
}

/** A game state of a sequenced ruleset: the rules' table data and the machine's sequence. */
export interface Sequenced<T> {
  readonly table: T;
  readonly seq: SequenceView;
}

/** A step's resolution: the events it leads to, or the rules' refusal. */
export type Resolution = { ok: true; events: GameEvent[] } | { ok: false; reason: string; rule?: string };

/** What the rules read besides the state (`Sc`: the scenario, `Q`: the table's queries). */
export interface SequenceCtx<Sc, Q> {
  scenario: Sc;
  table: Q;
}

/** The rules of the table, without any sequence: units, positions, damage, and the actions a unit or a phasing side takes. */
export interface TableRules<T, Sc, Q> {
  readonly id: string;
  readonly version: string;
  validateScenario(scenario: Sc): Array<{ path: string; message: string }>;
  setup(scenario: Sc, ctx: { table: Q }): T;
  /** The action commands the acting unit (or the phasing side, in its phase) may give now, each with its side. */
  actions(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q>): Command[];
  /** The command types of the actions (the machines' acting step takes these). */
  readonly actionTypes: readonly string[];
  /** An action resolved: its events (dice rolled through `dice`), or the refusal. */
  act(s: Sequenced<T>, command: Command, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): Resolution;
  /** One of the rules' own events folded into the table (the sequence's events are the machine's). */
  evolve(table: T, event: GameEvent): T;
  victory(s: Sequenced<T>, ctx: { scenario: Sc }): VictoryResult | undefined;
}

/** What every model asks of the ruleset: its table rules, its words for the sequence's commands, the rule ids the steps cite. */
interface ProgramBase<T, Sc, Q> {
  readonly rules: TableRules<T, Sc, Q>;
  /** Guard: the units of a side that could act at all (on the table, able): the machine leaves out those that acted. */
  units(table: T, side: string): string[];
  /** The round after which the game ends (read once, at setup). */
  lastRound(scenario: Sc): number;
  /** Guard: is the game decided on the table (a side has nothing left)? The machine then ends it at once. */
  won(table: T, sides: readonly string[]): boolean;
  /** The word for a round in the log ("Round", "Turn"). */
  readonly roundWord: string;
}

/** Initiative each round, then the sides alternate, one unit's activation each; a side with no unit left lets the other act on. */
export interface AlternatingProgram<T, Sc = unknown, Q = unknown> extends ProgramBase<T, Sc, Q> {
  readonly model: 'alternating';
  /** The commands of the sequence's steps, in the ruleset's words. */
  readonly commands: { readonly begin: string; readonly select: string; readonly end: string };
  /** The rules each step cites: initiative, the alternate picks, the round's end. */
  readonly rule: { readonly begin: string; readonly select: string; readonly end: string };
  /** Resolution of a round's start: the dice rolled for initiative, the side that acts first, the log's line. */
  initiative(s: Sequenced<T>, ctx: SequenceCtx<Sc, Q> & { dice: Dice }): { first: string; text: string };
}

/** You go, I go: each side in turn plays the phases in order; after every side, the game turn ends. */
export interface PhasesProgram<T, Sc = unknown, Q = unknown> extends ProgramBase<T, Sc, Q> {
  readonly model: 'phases';
  /** The phases of a side's turn, in order (the machine's states). */
  readonly phases: readonly string[];
  readonly commands: { readonly begin: string; readonly endPhase: string; readonly end: string };
  /** The rules each step cites: the sides' order and phases, the turn's end. */
  readonly rule: { readonly begin: string; readonly endPhase: string; readonly end: string };
}

export type SequenceProgram<T, Sc = unknown, Q = unknown> = AlternatingProgram<T, Sc, Q> | PhasesProgram<T, Sc, Q>;
