// Where figures stand on the table, as the core measure sees them: bases (3D discs) from the state
// and the table's stand heights, and the figure bodies the table queries take.
import { type Base3, type TableFigure, type TableQueries, type Vec2, baseDistance, groupDistance } from '../../core';
import { FIGURE_HEIGHT } from './constants';
import type { KFigure, KState, KUnit } from './state';

/** The query context every rule function receives besides the state. */
export interface KTable {
  table: TableQueries;
}

export function bodyOf(f: Pick<KFigure, 'id' | 'at' | 'floor' | 'baseRadius'>, at: Vec2 = f.at, floor: number = f.floor): TableFigure {
  return { id: f.id, at, floor, radius: f.baseRadius, height: FIGURE_HEIGHT };
}

/** A figure's base as measured (its underside on the surface it stands on). */
export function baseOf(table: TableQueries, f: Pick<KFigure, 'at' | 'floor' | 'baseRadius'>, at: Vec2 = f.at, floor: number = f.floor): Base3 {
  return { at, y: table.standHeight(at[0], at[1], floor), radius: f.baseRadius };
}

/** Is the figure on the table with his unit (alive, not removed, not evacuating)? liveFigures' test, for loops that need no list. */
export function isLive(f: KFigure | undefined): f is KFigure {
  return !!f && !f.removed && f.condition !== 'dead' && !f.evacuation;
}

/** Figures of a unit that are on the table (alive, not evacuating), built afresh (liveFigures' plain form). */
export function liveFiguresPlain(s: KState, u: KUnit | string): KFigure[] {
  const unit = typeof u === 'string' ? s.units[u] : u;
  if (!unit) return [];
  const out: KFigure[] = [];
  for (const id of unit.figures) {
    const f = s.figures[id];
    if (isLive(f)) out.push(f);
  }
  return out;
}

/**
 * Figures of a unit that are on the table (alive, not evacuating). The list depends only on the unit's
 * list of figure ids and the figures record, and neither is changed in place (a state is never
 * mutated), so one list per list of ids is remembered for the two latest figures records (the state
 * being decided and the one before), like standingFigures. Keyed by the ids' array, not the unit
 * record: a unit's record is new at every activation mark, its array of ids only when its soldiers
 * change. Shared: callers must not change it (readonly; copy before sorting).
 */
let liveA: { figures: KState['figures']; byUnit: Map<readonly string[], readonly KFigure[]> } | undefined;
let liveB: { figures: KState['figures']; byUnit: Map<readonly string[], readonly KFigure[]> } | undefined;
const NO_FIGURES: readonly KFigure[] = Object.freeze([]);
export function liveFigures(s: KState, u: KUnit | string): readonly KFigure[] {
  const unit = typeof u === 'string' ? s.units[u] : u;
  if (!unit) return NO_FIGURES;
  const figures = s.figures;
  let byUnit: Map<readonly string[], readonly KFigure[]>;
  if (liveA?.figures === figures) byUnit = liveA.byUnit;
  else if (liveB?.figures === figures) byUnit = liveB.byUnit;
  else {
    byUnit = new Map();
    liveB = liveA;
    liveA = { figures, byUnit };
  }
  let list = byUnit.get(unit.figures);
  if (!list) {
    list = liveFiguresPlain(s, unit);
    byUnit.set(unit.figures, list);
  }
  return list;
}

/**
 * Figures on the table or leaving it (not removed, not dead), in the figures record's order: one list
 * per figures record, asked again and again within a state. The two latest records are remembered
 * (the state being decided and the one before): a weak map entry for every new record cost more than
 * the list itself.
 */
let standingA: { figures: KState['figures']; list: readonly KFigure[] } | undefined;
let standingB: { figures: KState['figures']; list: readonly KFigure[] } | undefined;
export function standingFigures(s: KState): readonly KFigure[] {
  const figures = s.figures;
  if (standingA?.figures === figures) return standingA.list;
  if (standingB?.figures === figures) return standingB.list;
  const list = Object.values(figures).filter((f) => !f.removed && f.condition !== 'dead');
  standingB = standingA;
  standingA = { figures, list };
  return list;
}

/** K-measure between two figures: 3D tape between the nearest points of their bases. */
export function figureDistance(table: TableQueries, a: KFigure, b: KFigure): number {
  return baseDistance(baseOf(table, a), baseOf(table, b));
}

/** Nearest distance between two units' figures on the table. */
export function unitDistance(s: KState, table: TableQueries, a: KUnit | string, b: KUnit | string): number {
  return groupDistance(liveFigures(s, a).map((f) => baseOf(table, f)), liveFigures(s, b).map((f) => baseOf(table, f)));
}

/** Nearest distance from a figure to a unit. */
export function figureToUnit(s: KState, table: TableQueries, f: KFigure, u: KUnit | string): number {
  return groupDistance([baseOf(table, f)], liveFigures(s, u).map((g) => baseOf(table, g)));
}

export function onTable(table: TableQueries, p: Vec2): boolean {
  const { width, depth } = table.scenario.table;
  return p[0] >= 0 && p[1] >= 0 && p[0] <= width && p[1] <= depth;
}

/** The side whose id is not `side` (two-sided games). */
export function enemyOf(s: KState, side: string): string | undefined {
  return s.sides.find((x) => x.id !== side)?.id;
}
