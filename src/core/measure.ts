// The one way distances between figures are measured (DESIGN.md): like a tape in 3D between the
// nearest points of the two bases, so height counts; "within X" includes exactly X.
import { hypot, type Vec2 } from './geometry';

/** A figure's base: a horizontal disc of `radius` centred at `at`, its underside at height `y`. */
export interface Base3 {
  at: Vec2;
  y: number;
  radius: number;
}

/** Tolerance for "within": a measured 15.0000000001 cm is still within 15 cm. */
export const WITHIN_EPS = 1e-6;

/** What a player's tape reads to: the millimetre, cm. */
export const TAPE_STEP = 0.1;

/**
 * A length as a player's tape reads it, to the millimetre. Rules judge distances as read: a move over
 * relief a few millimetres lower measures a hair over its allowance in 3D, yet the tape (and the HUD,
 * which shows tenths) reads the allowance exactly.
 */
export function tapeReading(distance: number): number {
  return Math.round(distance / TAPE_STEP) * TAPE_STEP;
}

/**
 * Distance between the nearest points of two bases (parallel horizontal discs): the horizontal gap
 * between their rims (0 when they overlap in plan) combined with the height difference.
 */
export function baseDistance(a: Base3, b: Base3): number {
  const centres = hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]);
  const gap = Math.max(0, centres - a.radius - b.radius);
  return hypot(gap, b.y - a.y);
}

/**
 * "Within X" (DESIGN.md: includes exactly X): the distance as the tape reads it (tapeReading, to the
 * millimetre) is at most X. Every distance limit of the rules (moves, ranges, command, joining) asks this.
 */
export function within(distance: number, limit: number): boolean {
  return tapeReading(distance) <= limit + WITHIN_EPS;
}

/** Nearest base-to-base distance between two groups of bases (unit to unit); Infinity if either is empty. */
export function groupDistance(a: readonly Base3[], b: readonly Base3[]): number {
  let best = Infinity;
  for (const p of a) for (const q of b) best = Math.min(best, baseDistance(p, q));
  return best;
}

/** Distance from a base to a point on the table surface at height y (a marker, an edge point). */
export function basePointDistance(a: Base3, p: Vec2, y: number): number {
  const gap = Math.max(0, hypot(p[0] - a.at[0], p[1] - a.at[1]) - a.radius);
  return hypot(gap, y - a.y);
}
