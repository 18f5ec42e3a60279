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

/**
 * What a table answered at a place (x, z, floor) where figures stand: a small direct-mapped memo
 * (a slot per hashed place, the newer answer taking the slot), per table. Figures stand still from
 * one decision to the next and their places are asked again and again (distances, sight, contact,
 * coherency); a memo keyed by the figure object cost more (a new object at every move or wound)
 * than the battlefield's answer. The place is compared exactly (-0 apart from 0), so an answer is
 * only ever reused for the very same question to the very same table.
 */
const SLOTS = 4096;
class PlaceMemo<V> {
  /** x, z, floor per slot; NaN (never equal) while empty. */
  readonly keys = new Float64Array(SLOTS * 3).fill(NaN);
  readonly vals: Array<V | undefined> = new Array<V | undefined>(SLOTS).fill(undefined);
}
interface Places { heights: PlaceMemo<number>; eyes: PlaceMemo<Vec3> }
const PLACES = new WeakMap<TableQueries, Places>();
let lastTable: TableQueries | undefined;
let lastPlaces: Places | undefined;

function placesOf(table: TableQueries): Places {
  if (table === lastTable) return lastPlaces!;
  let p = PLACES.get(table);
  if (!p) PLACES.set(table, (p = { heights: new PlaceMemo(), eyes: new PlaceMemo() }));
  lastTable = table;
  lastPlaces = p;
  return p;
}

// The bits of a float, for hashing (one scratch buffer).
const F64 = new Float64Array(1);
const I32 = new Int32Array(F64.buffer);

function slotOf(x: number, z: number, floor: number): number {
  F64[0] = x;
  let h = Math.imul(I32[0]! ^ 0x811c9dc5, 0x01000193) ^ I32[1]!;
  F64[0] = z;
  h = Math.imul(h ^ I32[0]!, 0x01000193) ^ I32[1]!;
  h = Math.imul(h ^ floor, 0x85ebca6b);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) & (SLOTS - 1);
}

/** The very same number (NaN never, -0 only as -0). */
const same = (a: number, b: number) => a === b && (a !== 0 || 1 / a === 1 / b);

/** table.standHeight(f.at[0], f.at[1], f.floor) for a figure where it stands, remembered per table and place. */
export function standHeightOf(table: TableQueries, f: Pick<KFigure, 'at' | 'floor'>): number {
  const m = placesOf(table).heights;
  const x = f.at[0], z = f.at[1], floor = f.floor;
  const k = slotOf(x, z, floor), o = k * 3, keys = m.keys;
  if (same(keys[o]!, x) && same(keys[o + 1]!, z) && same(keys[o + 2]!, floor)) return m.vals[k]!;
  const y = table.standHeight(x, z, floor);
  keys[o] = x; keys[o + 1] = z; keys[o + 2] = floor;
  m.vals[k] = y;
  return y;
}

/** table.eyePoint(bodyOf(f)) for a figure where it stands, remembered per table and place (the same array each time: read it, never change it). */
export function eyePointOf(table: TableQueries, f: Pick<KFigure, 'id' | 'at' | 'floor' | 'baseRadius'>): Vec3 {
  const m = placesOf(table).eyes;
  const x = f.at[0], z = f.at[1], floor = f.floor;
  const k = slotOf(x, z, floor), o = k * 3, keys = m.keys;
  if (same(keys[o]!, x) && same(keys[o + 1]!, z) && same(keys[o + 2]!, floor)) return m.vals[k]!;
  const eye = table.eyePoint(bodyOf(f));
  keys[o] = x; keys[o + 1] = z; keys[o + 2] = floor;
  m.vals[k] = eye;
  return eye;
}

/** A figure's base as measured (its underside on the surface it stands on). */
export function baseOf(table: TableQueries, f: Pick<KFigure, 'at' | 'floor' | 'baseRadius'>, at: Vec2 = f.at, floor: number = f.floor): Base3 {
  // A figure of the state where it stands: the remembered stand height there (other bodies and places are asked afresh).
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
