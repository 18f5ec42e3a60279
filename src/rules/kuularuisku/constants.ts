// The rulebook's numbers (§14), each with the rule it comes from. Distances in cm.

/** K-1.0b coherency: each soldier within 3 cm of another of his unit, all in one chain. */
export const COHERENCY = 3;
/** K-1.2a / K-1.2d / K-5.6d joining distance. */
export const JOIN_DISTANCE = 3;
/** K-5.1b a targeted lone leader may join a unit within 3 cm. */
export const DIVE_DISTANCE = 3;
/** K-2.2a command range. */
export const COMMAND_RANGE = 15;
/** K-4.0 normal move, K-4.1 fast move, K-4.2 their difficult-terrain rates. */
export const NORMAL_MOVE = 10;
export const FAST_MOVE = 20;
export const NORMAL_MOVE_DIFFICULT = 5;
export const FAST_MOVE_DIFFICULT = 10;
/** K-5.2d see into / out of dense terrain. */
export const DENSE_SIGHT = 10;
/** K-5.7a close range. */
export const CLOSE_RANGE = 15;
/** K-5.4 cover values by class. */
export const COVER_VALUE = { open: 6, light: 5, hard: 4, house: 3, protected: 2 } as const;
export type CoverName = keyof typeof COVER_VALUE;
/** K-6.4g melee loser falls back 10 cm. */
export const FALL_BACK = 10;
/** K-6.6a grenades take two dice from the enemy; K-6.6c never below one. */
export const GRENADE_PENALTY = 2;
export const MIN_MELEE_DICE = 1;
/** K-7.1c a pinned unit hits only on a 6. */
export const PINNED_HIT = 6;
/** K-7.3h rally range. */
export const RALLY_RANGE = 15;
/** K-SKL-1 No retreat! range. */
export const NO_RETREAT_RANGE = 15;
/** K-SKL-8 medic compulsory-rescue range. */
export const MEDIC_RANGE = 15;
/** K-SKL-3 snow-suit open cover in winter. */
export const SNOW_SUIT_OPEN = 5;
/** K-5.1d "higher than the unit in between": standing at least a figure's height above it. */
export const HIGHER_BY = 1.7;
/** Default figure height (15 mm figure) and base radius, cm. */
export const FIGURE_HEIGHT = 1.7;
export const BASE_RADIUS = 0.6;
