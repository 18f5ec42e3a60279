// COBI's random player: core's random player over the rules' legal commands (hold, the squad's moves
// along the eight compass points at full and half distance, a vehicle's paths, attacks, hide, reload), attacking most
// often, then moving, hiding and holding seldom; the initiative's winner acts first or hands over at
// even odds; the defender's roll is given at once, a vehicle's owner picks the location hit at random;
// it never surrenders (weight 0).
import { randomPlayer, type Command, type PlayerFactory, type TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import type { CState } from '../state';

export const cobiPlayer: PlayerFactory<CState, Command, TableQueries, Scenario> = ({ seed }) =>
  randomPlayer<CState, Command, TableQueries, Scenario>({ seed, weights: { ATTACK: 3, HOLD: 0.25, HIDE: 0.4, SURRENDER: 0 }, keyOf: (c) => c.type });
