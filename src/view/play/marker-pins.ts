// Where a status pin (pinned, routing, hidden) hovers over a figure, and how big it is: over a
// standing figure's head, full size; over a prone figure lower and smaller, so that at close range
// (and from a steep camera) the pin does not hide the soldier lying under it or the one beside him.
import type { FigurePose } from '../Figures';
import { shapeOf } from '../figure-pose';

export interface PinPlace {
  /** Height of the pin's tip above the figure's base, cm. */
  lift: number;
  /** Scale of the pin (1: the standing figure's pin). */
  scale: number;
  /** How solid it is drawn (it draws over everything: below 1, what it passes over shows through). */
  opacity: number;
}

/** Over a standing (kneeling, aiming) figure: the tip just above his head. */
export const STANDING_PIN: PinPlace = { lift: 2.6, scale: 1, opacity: 1 };
/**
 * Over a prone figure (K-7.1: a pinned unit lies down): a small pin above his back, clear of him
 * seen from 35° to 65° above the table; on screen it stands over a sliver of the soldier lying 2 cm
 * behind him, who shows through it.
 */
export const PRONE_PIN: PinPlace = { lift: 2.2, scale: 0.45, opacity: 0.65 };

export function pinPlace(pose: Pick<FigurePose, 'look'>): PinPlace {
  return shapeOf(pose.look).stance === 'prone' ? PRONE_PIN : STANDING_PIN;
}
