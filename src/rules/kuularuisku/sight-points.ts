// K-5.2a the points of a target figure a Kuularuisku sight line aims at: its head, chest and base (a
// figure is seen when a line from the shooter's eye reaches any of them). The module's `sightPoints`;
// the rules' sight checks (visibility.ts) aim at these, on a figure FIGURE_HEIGHT tall.
import { sightPointHeight, type SightPoint } from '../../core';
import { FIGURE_HEIGHT } from './constants';

export const K_SIGHT_POINTS: readonly SightPoint[] = [
  { name: 'head', fraction: 0.94 },
  { name: 'chest', fraction: 0.7 },
  { name: 'base', cm: 0.15 },
];

/** Each point's height above where a standing figure stands, cm. */
export const K_SIGHT_HEIGHTS: readonly number[] = K_SIGHT_POINTS.map((p) => sightPointHeight(p, FIGURE_HEIGHT));
