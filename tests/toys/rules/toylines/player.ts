// The toy lines player: core's random player over the rules' legal commands, moving and firing more often than ending a phase at once.
import { randomPlayer, type Command, type PlayerFactory, type TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import type { LinesState } from './rules';

export const linesPlayer: PlayerFactory<LinesState, Command, TableQueries, Scenario> = ({ seed }) =>
  randomPlayer<LinesState, Command, TableQueries, Scenario>({ seed, weights: { END_PHASE: 0.5, MOVE_LINE: 2, FIRE: 3 }, keyOf: (c) => c.type });
