// The Player interface: whoever chooses a side's commands (random legal play, a later AI), apart
// from the rules. The rules judge what a player proposes; a player never decides a rule.
import type { Command } from './play-view-types';

/** What a player sees of the game when it chooses: the scenario, the table, and the rules' legal commands (built only when asked). */
export interface PlayerView<C extends Command = Command, Q = unknown, Sc = unknown> {
  scenario: Sc;
  table: Q;
  legal(): C[];
}

/** Why the rules refused a proposed command. */
export interface Refusal {
  reason: string;
  rule?: string;
}

/**
 * A choice asked of a player who is not the side acting (an owner's choice the book gives, such as
 * allocating wounds): what is awaited and from which side.
 */
export interface PlayerDecision {
  kind: string;
  side?: string;
}

/**
 * One choice in progress: the commands the player would give, best first. The game loop dispatches
 * `next()`; when the rules refuse it, it tells `refused` and asks `next()` again, so a player may
 * propose cheap candidates and let the rules sort them. undefined: the player has nothing left.
 */
export interface PlayerChoice<C extends Command = Command> {
  next(): C | undefined;
  refused(command: C, why: Refusal): void;
}

/** A player: for a state, the commands it would give (one choice per command the game needs). */
export interface Player<S, C extends Command = Command, Q = unknown, Sc = unknown> {
  choose(state: S, view: PlayerView<C, Q, Sc>, decision?: PlayerDecision): PlayerChoice<C>;
}

/** Makes a ruleset's player for one game: seeded, so that the same seed gives the same game. */
export type PlayerFactory<S, C extends Command = Command, Q = unknown, Sc = unknown> = (opts: { seed: number }) => Player<S, C, Q, Sc>;
