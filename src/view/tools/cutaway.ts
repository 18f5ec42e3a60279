// Floor cutaway (ART.md §7 "roof reveal"): with a level chosen, every building loses its roof and
// every wall and floor slab above that level, so interiors and the figures in them can be seen.
import type { Solid } from '../../core';

/** The solids still drawn with the cutaway at `level` (null = no cutaway: all of them). */
export function cutSolids(solids: readonly Solid[], level: number | null): readonly Solid[] {
  if (level === null) return solids;
  return solids.filter((s) => s.featureKind !== 'building' || (s.part !== 'roof' && (s.floor ?? 0) <= level));
}

/** Whether a figure on `floor` of a building is cut away (hidden) at `level`. */
export function floorCutAway(floor: number | undefined, level: number | null): boolean {
  return level !== null && (floor ?? 0) > level;
}

/** Most floors any building of the table has (the cutaway offers levels 0 … this − 1). */
export function maxLevels(buildings: ReadonlyArray<{ levels: readonly number[] }>): number {
  return buildings.reduce((m, b) => Math.max(m, b.levels.length), 0);
}
