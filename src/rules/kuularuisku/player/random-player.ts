// The Kuularuisku random player: seeded random legal play, weighted by command kind so that units act
// more often than they pass, over this player's own candidates (candidates.ts); the rules judge each.
import type { KState } from '../state';
import { type Player, type Rng, type TableQueries, pickRandomCommand as pickWeighted, randomPlayer } from '../../../core';
import type { Scenario } from '../../../scenario';
import { ACTION_TYPES } from '../actions';
import type { KCommand } from '../activation';
import { type CandidateCtx, type CandidateGroup, candidateCommands, candidateGroups, checkedCommands } from './candidates';

/** Relative weights by command kind (kinds not listed weigh 1). */
export const DEFAULT_WEIGHTS: Readonly<Record<string, number>> = {
  ACTIVATE: 8, READY: 1, PASS: 0.5, COMMAND: 2,
  // A unit that may move usually does (and mostly charges when it can reach the enemy: K-6.1a, the way to
  // take ground an enemy stands on); ending an activation
  // with nothing done stays possible but rare.
  MOVE: 8, 'MOVE:charge': 16, SHOOT: 5, END_ACTIVATION: 0.5,
};

/** The kinds of pending decision answered with their default (the first option). */
const DEFAULT_ANSWERS: ReadonlySet<string> = new Set(['wound-allocation', 'medic-reroll', 'mg-take-over', 'leader-dive', 'evacuation-move', 'escort-return']);

/** The weighting key of a command: its type, with `:mode` for a charge (so a charge is not one move among forty). */
export const keyOf = (c: { type: string; mode?: unknown }) => (c.mode === 'charge' ? `${c.type}:charge` : c.type);

/** One command by weight: first its kind (a charge counts as its own), then one of that kind, uniformly. */
export function pickRandomCommand<C extends KCommand>(commands: readonly C[], rng: Rng, weights: Readonly<Record<string, number>> = DEFAULT_WEIGHTS): C {
  return pickWeighted(commands, rng, weights, keyOf);
}

export type KPlayer = Player<KState, KCommand, TableQueries, Scenario>;

export interface KPlayerOptions {
  /** Seed of the picking generator (the game's dice have their own seed). */
  seed: number;
  weights?: Readonly<Record<string, number>>;
  /**
   * Where the picks come from: the candidates as one list (default, `cli play`'s games), candidate
   * groups built on demand (the cheapest: the benchmark's; other picks, so other games), or only
   * commands the rules accept (checkedCommands: any refusal is a bug).
   */
  draw?: 'groups' | 'list' | 'checked';
  /** The groups to pick from instead of candidateGroups (a test's own look at them); `view` is the player's. */
  groups?: (state: KState, view: CandidateCtx) => CandidateGroup[];
  /** A refusal of a command the rules should have accepted is a bug: throw (default) or skip it. */
  strict?: boolean;
}

/** The random legal player for one game. */
export function kuularuiskuPlayer(opts: KPlayerOptions): KPlayer {
  // K-5.5a an owner's wound allocation and K-SKL-8 his medic's re-roll are answered with the book's
  // default (spread, key soldiers last; re-roll the worse results), drawing nothing: the rest of the
  // game is the one the defaults gave before the owner was asked.
  const base = { seed: opts.seed, weights: opts.weights ?? DEFAULT_WEIGHTS, keyOf, defaultAnswers: DEFAULT_ANSWERS, ...(opts.strict === undefined ? {} : { strict: opts.strict }) };
  const draw = opts.groups ? 'groups' : opts.draw ?? 'list';
  if (draw === 'checked') return randomPlayer<KState, KCommand, TableQueries, Scenario>({ ...base, candidates: (s, v) => checkedCommands(s, v) });
  // The soldier-level commands among the candidates are unchecked: the rules may refuse them.
  if (draw === 'list') return randomPlayer<KState, KCommand, TableQueries, Scenario>({ ...base, candidates: (s, v) => candidateCommands(s, v), unchecked: ACTION_TYPES });
  const groups = opts.groups ?? candidateGroups;
  return randomPlayer<KState, KCommand, TableQueries, Scenario>({ ...base, groups: (s, v) => groups(s, v), unchecked: ACTION_TYPES });
}
