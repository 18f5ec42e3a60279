// Where figures stand on the table, as the core measure sees them: bases (3D discs) from the state
// and the table's stand heights, and the figure bodies the table queries take.
import { type Base3, type TableFigure, type TableQueries, type Vec2, type Vec3, baseDistance, groupDistance } from '../../core';
import { FIGURE_HEIGHT } from './constants';
import type { KFigure, KState, KUnit } from './state';

/** The query context every rule function receives besides the state. */
export interface KTable {
  table: TableQueries;
}

export function bodyOf(f: Pick<KFigure, 'id' | 'at' | 'floor' | 'baseRadius'>, at: Vec2 = f.at, floor: number = f.floor): TableFigure {
  return { id: f.id, at, floor, radius: f.baseRadius, height: FIGURE_HEIGHT };
}

/** What a table answered for one figure where it stood: the point and floor asked, the answer. */
interface Asked<V> { x: number; z: number; floor: number; v: V }

/**
 * Per table and per figure of the state: the stand height and the eye point where it stands. A figure
 * object stays put while it lives in the states (a move makes a new one), and its place is asked
 * again and again within a decision and from one state to the next (distances, sight, contact,
 * coherency). The point and floor asked are kept with the answer and compared on each ask, so an
 * answer is only ever reused for the very same question to the very same table.
 */
const HEIGHTS = new WeakMap<TableQueries, WeakMap<object, Asked<number>>>();
const EYES = new WeakMap<TableQueries, WeakMap<object, Asked<Vec3>>>();

function askedOf<V>(memo: WeakMap<TableQueries, WeakMap<object, Asked<V>>>, table: TableQueries): WeakMap<object, Asked<V>> {
  let m = memo.get(table);
  if (!m) memo.set(table, (m = new WeakMap()));
  return m;
}

/** table.standHeight(f.at[0], f.at[1], f.floor) for a figure of the state, asked once per figure and table. */
export function standHeightOf(table: TableQueries, f: Pick<KFigure, 'at' | 'floor'>): number {
  const m = askedOf(HEIGHTS, table);
  const x = f.at[0], z = f.at[1], floor = f.floor;
  const e = m.get(f);
  if (e && e.x === x && e.z === z && e.floor === floor) return e.v;
  const y = table.standHeight(x, z, floor);
  if (e) { e.x = x; e.z = z; e.floor = floor; e.v = y; } else m.set(f, { x, z, floor, v: y });
  return y;
}

/** table.eyePoint(bodyOf(f)) for a figure of the state, asked once per figure and table (the same array each time: read it, never change it). */
export function eyePointOf(table: TableQueries, f: Pick<KFigure, 'id' | 'at' | 'floor' | 'baseRadius'>): Vec3 {
  const m = askedOf(EYES, table);
  const x = f.at[0], z = f.at[1], floor = f.floor;
  const e = m.get(f);
  if (e && e.x === x && e.z === z && e.floor === floor) return e.v;
  const eye = table.eyePoint(bodyOf(f));
  if (e) { e.x = x; e.z = z; e.floor = floor; e.v = eye; } else m.set(f, { x, z, floor, v: eye });
  return eye;
}

/** A figure's base as measured (its underside on the surface it stands on). */
export function baseOf(table: TableQueries, f: Pick<KFigure, 'at' | 'floor' | 'baseRadius'>, at: Vec2 = f.at, floor: number = f.floor): Base3 {
  // A figure of the state where it stands: its remembered stand height (other bodies and places are asked afresh).
  const y = at === f.at && floor === f.floor && 'unitId' in f ? standHeightOf(table, f) : table.standHeight(at[0], at[1], floor);
  return { at, y, radius: f.baseRadius };
}

/** Figures of a unit that are on the table (alive, not evacuating). */
export function liveFigures(s: KState, u: KUnit | string): KFigure[] {
  const unit = typeof u === 'string' ? s.units[u] : u;
  if (!unit) return [];
  const out: KFigure[] = [];
  for (const id of unit.figures) {
    const f = s.figures[id];
    if (f && !f.removed && f.condition !== 'dead' && !f.evacuation) out.push(f);
  }
  return out;
}

/** Figures on the table or leaving it (not removed, not dead): one list per figures record, asked again and again within a state. */
const STANDING = new WeakMap<KState['figures'], readonly KFigure[]>();
export function standingFigures(s: KState): readonly KFigure[] {
  let list = STANDING.get(s.figures);
  if (!list) {
    list = Object.values(s.figures).filter((f) => !f.removed && f.condition !== 'dead');
    STANDING.set(s.figures, list);
  }
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
