// Floor cutaway (ART.md §7 "roof reveal"): with a level chosen, every building — or the one
// building the cut is aimed at — loses its walls and floor slabs above that level, and its roof
// fades to a ghost (drawn, not pickable), so interiors and the figures in them can be seen.
import type { Solid } from '../../core';
import { createStore, type Store } from '../store';

function isCut(s: Solid, level: number, building: string | null): boolean {
  if (s.featureKind !== 'building' || (building !== null && s.featureId !== building)) return false;
  return s.part === 'roof' || (s.floor ?? 0) > level;
}

/**
 * The solids still drawn solid with the cutaway at `level` (null = no cutaway: all of them), on
 * `building` only, or on every building when that is null.
 */
export function cutSolids(solids: readonly Solid[], level: number | null, building: string | null = null): readonly Solid[] {
  if (level === null) return solids;
  return solids.filter((s) => !isCut(s, level, building));
}

/** The roofs the cutaway takes off, drawn faded instead. */
export function fadedRoofs(solids: readonly Solid[], level: number | null, building: string | null = null): readonly Solid[] {
  if (level === null) return [];
  return solids.filter((s) => s.part === 'roof' && isCut(s, level, building));
}

/** Whether a figure on `floor` of a building is cut away (hidden) at `level`. */
export function floorCutAway(floor: number | undefined, level: number | null): boolean {
  return level !== null && (floor ?? 0) > level;
}

/** Most floors any building of the table has (the cutaway offers levels 0 … this − 1). */
export function maxLevels(buildings: ReadonlyArray<{ levels: readonly number[] }>): number {
  return buildings.reduce((m, b) => Math.max(m, b.levels.length), 0);
}

/** The levels the selector offers: the aimed building's, else the most any building has. */
export function levelsFor(buildings: ReadonlyArray<{ id: string; levels: readonly number[] }>, building: string | null): number {
  const b = building === null ? undefined : buildings.find((x) => x.id === building);
  return b ? b.levels.length : maxLevels(buildings);
}

export interface CutawayScope {
  /** The building the cut is aimed at; null = every building. */
  target: string | null;
  /** The building last pointed at (hovered, or holding the selected figure): what "this building" would aim at. */
  candidate: string | null;
}

const scopes = new WeakMap<object, Store<CutawayScope>>();

/** The cutaway's aim for one table (keyed by its tools controller, so a new table starts afresh). */
export function cutawayScope(tools: object): Store<CutawayScope> {
  let s = scopes.get(tools);
  if (!s) {
    s = createStore<CutawayScope>({ target: null, candidate: null });
    scopes.set(tools, s);
  }
  return s;
}

/** What the cutaway draws now (read by the view probe for tests). */
export const cutawayProbe = { level: null as number | null, building: null as string | null, cut: [] as string[], faded: [] as string[] };

/** Ids of the buildings that lose something between `all` and `shown`. */
export function cutBuildings(all: readonly Solid[], shown: readonly Solid[]): string[] {
  if (all === shown) return [];
  const kept = new Set(shown);
  return [...new Set(all.filter((s) => !kept.has(s)).map((s) => s.featureId))].sort();
}

/** The cutaway level that applies inside `building` (null: the cut is aimed elsewhere, or off). */
export function levelIn(level: number | null, target: string | null, building: string | null | undefined): number | null {
  return level !== null && (target === null || target === building) ? level : null;
}

type Placed = { position: readonly [number, number, number]; floor?: number };

/**
 * Figure poses as the cutaway sees them when aimed at one building: a figure in any other
 * building keeps no floor, so it is never cut (its building stands whole).
 */
export function posesForCut<P extends Placed>(poses: P[], target: string | null, buildingAt: (x: number, z: number) => { id: string } | undefined): P[] {
  if (target === null) return poses;
  return poses.map((p) => {
    if (p.floor === undefined || buildingAt(p.position[0], p.position[2])?.id === target) return p;
    const { floor: _floor, ...rest } = p;
    return rest as P;
  });
}
