// The points of a figure that a sight line aims at. The battlefield's visibility query samples a
// figure at FIGURE_SIGHT_POINTS unless a ruleset names its own (a ruleset module's `sightPoints`:
// Kuularuisku aims at head, chest and base; a ruleset may aim at the head alone or at a hull).

/** A point on a figure's centre line: at `fraction` of its height, or `cm` above where it stands. */
export interface SightPoint {
  name: string;
  fraction?: number;
  cm?: number;
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
