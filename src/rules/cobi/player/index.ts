// COBI's random player: core's random player over the rules' legal commands (hold, or the squad's
// moves along the eight compass points at full and half distance), moving more often than holding;
// the initiative's winner acts first or hands over at even odds; it never surrenders (weight 0). A vehicle
// fires when it can more often than not (ATTACK weighed 4), and its owner picks a hit location at random.
import { randomPlayer, type Command, type PlayerFactory, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { CState } from '../state';

export const cobiPlayer: PlayerFactory<CState, Command, TableQueries, Scenario> = ({ seed }) =>
  randomPlayer<CState, Command, TableQueries, Scenario>({ seed, weights: { HOLD: 0.25, SURRENDER: 0, ATTACK: 4 }, keyOf: (c) => c.type });
