// K-1.0b/c coherency: every soldier within 3 cm of another of his unit, all in one chain; a unit out
// of formation must move back into it at its next activation (K-1.0c, K-4.0c).
import { type Base3, type TableQueries, baseDistance, within } from '../../core';
import { COHERENCY } from './constants';
import { baseOf, liveFigures } from './table';
import type { KFigure, KState } from './state';

/** K-1.0b groups of bases linked by ≤ 3 cm chains (one group = in coherency). */
export function chainGroups(bases: readonly Base3[], link = COHERENCY): number[][] {
  const parent = bases.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  for (let i = 0; i < bases.length; i++) {
    const a = bases[i]!;
    for (let j = i + 1; j < bases.length; j++) {
      const b = bases[j]!;
      // Farther apart in plan than both radii and the link plus 1 cm: the bases' gap, and so their
      // distance, exceeds the link by far more than any rounding (baseDistance ≥ |dx| − radii), so
      // they are not linked and the distance need not be worked out.
      const reach = a.radius + b.radius + link + 1;
      if (Math.abs(b.at[0] - a.at[0]) > reach || Math.abs(b.at[1] - a.at[1]) > reach) continue;
      if (within(baseDistance(a, b), link)) parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, number[]>();
  bases.forEach((_, i) => {
    const r = find(i);
    const g = groups.get(r);
    if (g) g.push(i);
    else groups.set(r, [i]);
  });
  return [...groups.values()].sort((a, b) => b.length - a.length);
}

/** K-1.0b are these figures (at these places) one chain? */
export function isCoherent(table: TableQueries, figures: readonly KFigure[], place?: (f: KFigure) => Base3): boolean {
  const bases = figures.map((f) => (place ? place(f) : baseOf(table, f)));
  return chainGroups(bases).length <= 1;
}

/**
 * K-1.0c soldiers out of formation: those not in the largest linked group of the unit (empty when
 * the unit is in coherency). K-7.3f a routing unit need not keep coherency with its wounded.
 */
export function stragglers(s: KState, unitId: string, table: TableQueries): string[] {
  const u = s.units[unitId];
  if (!u) return [];
  let figs = liveFigures(s, u);
  if (u.status === 'routing') figs = figs.filter((f) => f.condition === 'healthy');
  if (figs.length <= 1) return [];
  const groups = chainGroups(figs.map((f) => baseOf(table, f)));
  if (groups.length <= 1) return [];
  return groups.slice(1).flat().map((i) => figs[i]!.id);
}
