// The toy cards player: core's random player over the rules' legal commands, acting and shooting more often than passing.
import { randomPlayer, type Command, type PlayerFactory, type TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import type { CardsState } from './rules';

export const cardsPlayer: PlayerFactory<CardsState, Command, TableQueries, Scenario> = ({ seed }) =>
  randomPlayer<CardsState, Command, TableQueries, Scenario>({ seed, weights: { ACTIVATE: 3, PASS: 0.3, READY: 0.7, COMMAND: 1, HOLD: 0.3, SHOOT: 3, RETURN_FIRE: 2, HOLD_FIRE: 0.5 }, keyOf: (c) => c.type });
