// COBI's random player: core's random player over the rules' legal commands (hold, or the squad's
// moves along the eight compass points at full and half distance), moving more often than holding.
import { randomPlayer, type Command, type PlayerFactory, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { CState } from '../state';

export const cobiPlayer: PlayerFactory<CState, Command, TableQueries, Scenario> = ({ seed }) =>
  randomPlayer<CState, Command, TableQueries, Scenario>({ seed, weights: { HOLD: 0.25 }, keyOf: (c) => c.type });
