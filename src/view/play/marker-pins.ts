// Where a status pin (pinned, routing, hidden) hovers over a figure, and how big it is: over a
// standing figure's head, full size; over a prone figure lower and smaller, so that at close range
// (and from a steep camera) the pin does not hide the soldier lying under it or the one beside him;
// seen from low down, higher, above the soldiers lying behind him too.
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

/**
 * The prone pin's lift seen from a low camera: the rows of soldiers behind him rise on screen as the
 * camera comes down, and at 2.2 cm the pin over the front soldier lands on the one 4 cm behind (from
 * about 22° to 36°); at 3.6 cm it stands above a column of three lying 2 cm apart.
 */
export const PRONE_PIN_LOW_LIFT = 3.6;
/** Camera elevations (degrees above the table) between which the prone pin goes from the low view's lift to its own. */
export const PRONE_PIN_LOW_BELOW = 36;
const PRONE_PIN_LOW_UNTIL = 37;

/** The prone pin's lift for a camera looking down at `elevationDeg` above the table. */
export function pronePinLift(elevationDeg: number): number {
  const t = Math.min(1, Math.max(0, (elevationDeg - PRONE_PIN_LOW_BELOW) / (PRONE_PIN_LOW_UNTIL - PRONE_PIN_LOW_BELOW)));
  return PRONE_PIN_LOW_LIFT + (PRONE_PIN.lift - PRONE_PIN_LOW_LIFT) * t;
}

/** The pin over a figure; `elevationDeg`, the camera's, lifts a prone figure's pin when it is low (unset: 45°). */
export function pinPlace(pose: Pick<FigurePose, 'look'>, elevationDeg = 45): PinPlace {
  if (shapeOf(pose.look).stance !== 'prone') return STANDING_PIN;
  return { ...PRONE_PIN, lift: pronePinLift(elevationDeg) };
}

/** How far the view looks down (degrees above the table) for a unit view direction's y component. */
export function elevationOf(viewDirY: number): number {
  return (Math.asin(Math.min(1, Math.max(-1, -viewDirY))) * 180) / Math.PI;
}
