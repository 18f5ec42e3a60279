// The toy armour player: core's random player over the rules' legal commands, acting a little more often than holding, never surrendering (TA-11, the variant).
import { randomPlayer, type Command, type PlayerFactory, type TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import type { ArmourState } from './rules';

export const armourPlayer: PlayerFactory<ArmourState, Command, TableQueries, Scenario> = ({ seed }) =>
  randomPlayer<ArmourState, Command, TableQueries, Scenario>({ seed, weights: { HOLD: 0.2, SHOOT: 2, TEMPLATE: 2, SURRENDER: 0 }, keyOf: (c) => c.type });
