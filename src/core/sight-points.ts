// The points of a figure that a sight line aims at. The battlefield's visibility query samples a
// figure at FIGURE_SIGHT_POINTS unless a ruleset names its own (a ruleset module's `sightPoints`:
// Kuularuisku aims at head, chest and base; a ruleset may aim at the head alone or at a hull).
import { facingOffset, type Vec2 } from './geometry';

/**
 * A point of a figure: at `fraction` of its height, or `cm` above where it stands; on its centre line,
 * or `forward` / `right` cm off it in the figure's facing frame (a hull's armour: `forward: 6` is a
 * point on the front plate of a 12 cm hull). Offsets turn with TableFigure.facing (0: north).
 */
export interface SightPoint {
  name: string;
  fraction?: number;
  cm?: number;
  forward?: number;
  right?: number;
}

/** The battlefield's default: head (the eye's height, 0.94 of the figure), chest (0.7) and base (0.15 cm up). */
export const FIGURE_SIGHT_POINTS: readonly SightPoint[] = [
  { name: 'head', fraction: 0.94 },
  { name: 'chest', fraction: 0.7 },
  { name: 'base', cm: 0.15 },
];

/** The point's height above where the figure stands, for a figure `height` cm tall. */
export function sightPointHeight(p: SightPoint, height: number): number {
  return p.fraction !== undefined ? height * p.fraction : p.cm ?? 0;
}

/** The point's plan position for a figure standing at `at` facing `facing` (its centre when it has no offset). */
export function sightPointAt(p: SightPoint, at: Vec2, facing: number | undefined): Vec2 {
  if (!p.forward && !p.right) return at;
  const [dx, dz] = facingOffset(facing ?? 0, p.forward ?? 0, p.right ?? 0);
  return [at[0] + dx, at[1] + dz];
}
