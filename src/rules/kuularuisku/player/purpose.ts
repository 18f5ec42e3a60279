// Random play with a purpose: where each side wants its units (the objectives of the scenario's
// K-GAP-1 victory conditions, its own to take, the enemy's to defend) as distance fields over the
// table that go round impassable ground, over bridges and through doors (K-3.3a, K-4.0, K-4.2), and
// the candidate moves that follow them. Only for the random player: the rules still check every move.
import { type Bounds2, type TableQueries, type Vec2, boundsOf, closestOnSegment, hypot, pointInPolygon } from '../../../core';
import type { Scenario } from '../../../scenario';
import { COHERENCY, FIGURE_HEIGHT } from '../constants';
import { movementAllowance } from '../movement';
import { type Band, onBand } from '../special';
import { isLive, liveFigures, onTable, standingFigures } from '../table';
import { goingAt, obstacleGoing } from '../terrain';
import { isSmallObstacle } from '../contact';
import type { MoveMode } from '../events';
import { failingSoldier } from './fail-first';
import { unitSurelyStays } from './sure-refusals';
import { holdsObjectives, objectiveHolders } from '../activation/victory';
import type { HouseSettings, KFigure, KState, KUnit } from '../state';

/** Grid cell of the fields, cm: fine enough for an 8 cm bridge and a door, cheap enough to build once per scenario. */
const CELL = 2;
const DIRS: ReadonlyArray<readonly [number, number]> = [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [1, -1], [-1, 1], [-1, -1]];
/** The index in DIRS of the step (dx, dz), at (dx + 1) * 3 + dz + 1 (-1 for no step). */
const DIR_INDEX: readonly number[] = Array.from({ length: 9 }, (_, i) => DIRS.findIndex((d) => d[0] === Math.floor(i / 3) - 1 && d[1] === (i % 3) - 1));

export interface Grid {
  nx: number;
  nz: number;
  /** Going of each cell: 1 open, 2 difficult (K-4.2b), Infinity impassable. */
  cost: Float64Array;
  /** 1 beside impassable ground or a building: paths there are not straightened. */
  hazard: Uint8Array;
  /** Cost of each cell's 8 edges (cell * 8 + dir), Infinity where the step is impassable. */
  edge: Float32Array;
  /**
   * walkable between two cells' centres, by (from * cells + to) * 2 + difficultOk: the string pulling
   * of every route asks it again and again (a unit's soldiers' descents soon run down the same cells).
   */
  walks: Map<number, boolean>;
}

export interface Field {
  grid: Grid;
  d: Float64Array;
  /** Each cell's next cell down the field (descent's step), -1 at the goal or nowhere to go, -2 not worked out yet. */
  next: Int32Array;
  /**
   * pull's step from a cell's centre: by cell * 1024 + how many points of the descent are left after it,
   * how many it skips (its straight walk's end). The descent on from a cell is the field's (next), so the
   * step is the same for every soldier whose descent passes there.
   */
  pulls: Map<number, number>;
}

const ATTACKERS = new WeakMap<object, Map<string, boolean>>();

/** K-GAP-1 does the side win by holding objectives of its own (it must take them), rather than by defending the enemy's? */
export function attacks(table: TableQueries, side: string): boolean {
  let bySide = ATTACKERS.get(table.scenario);
  if (!bySide) ATTACKERS.set(table.scenario, (bySide = new Map()));
  let a = bySide.get(side);
  if (a === undefined) {
    a = (scenarioOf(table).victory ?? []).some((v) => v.side === side && (v.data as { kind?: string } | undefined)?.kind === 'hold');
    bySide.set(side, a);
  }
  return a;
}

/** A place a side wants to be: an objective (by id), its cells in plan. */
export interface Goal { id: string; polygons: Vec2[][]; at: Vec2; radius: number }

const GRIDS = new WeakMap<object, Map<string, Grid>>();
const FIELDS = new WeakMap<object, Map<string, Field>>();
const GOALS = new WeakMap<object, Map<string, Goal[]>>();

/** The scenario the table was built from (the battlefield keeps the whole scenario; light test tables may not). */
function scenarioOf(table: TableQueries): Partial<Scenario> {
  return table.scenario as unknown as Partial<Scenario>;
}

/**
 * The objectives a side plays for: those of its own "hold" conditions, else (a defender whose win is
 * the default or the enemy's losses) those the enemy must hold. Empty when the scenario names none.
 */
export function goalsOf(table: TableQueries, side: string): Goal[] {
  const sc = scenarioOf(table);
  let bySide = GOALS.get(table.scenario);
  if (!bySide) GOALS.set(table.scenario, (bySide = new Map()));
  const known = bySide.get(side);
  if (known) return known;
  const holds = (sc.victory ?? []).flatMap((v) => {
    const d = v.data as { kind?: string; objectives?: string[]; inside?: Record<string, string[]> } | undefined;
    return d?.kind === 'hold' && Array.isArray(d.objectives) ? [{ side: v.side, objectives: d.objectives, inside: d.inside ?? {} }] : [];
  });
  const mine = holds.filter((h) => h.side === side);
  const chosen = mine.length ? mine : holds.filter((h) => h.side !== side);
  const out: Goal[] = [];
  for (const h of chosen) {
    for (const id of h.objectives) {
      if (out.some((g) => g.id === id)) continue;
      const o = (sc.objectives ?? []).find((x) => x.id === id);
      if (!o) continue;
      const polygons = (h.inside[id] ?? []).flatMap((fid) => {
        const b = table.buildings?.find((x) => x.id === fid);
        return b ? [b.corners] : [];
      });
      out.push({ id, polygons, at: [o.at[0], o.at[1]], radius: o.radius });
    }
  }
  // Both sides often play for the same objectives (a defender for those the attacker must hold): then
  // they share one list, and what is kept per list (who holds each goal, goalHolders' unit parts) is
  // worked out once for both.
  for (const other of bySide.values()) {
    if (sameGoals(other, out)) {
      bySide.set(side, other);
      return other;
    }
  }
  bySide.set(side, out);
  return out;
}

/** The same goals in the same order (ids, places, radii, the same building outlines)? */
function sameGoals(a: readonly Goal[], b: readonly Goal[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!, y = b[i]!;
    if (x.id !== y.id || x.radius !== y.radius || x.at[0] !== y.at[0] || x.at[1] !== y.at[1] || x.polygons.length !== y.polygons.length) return false;
    for (let k = 0; k < x.polygons.length; k++) if (x.polygons[k] !== y.polygons[k]) return false;
  }
  return true;
}

function bridgeDecks(table: TableQueries): Array<{ a: Vec2; b: Vec2; half: number }> {
  const out: Array<{ a: Vec2; b: Vec2; half: number }> = [];
  for (const f of table.scenario.features) {
    if (f.kind !== 'bridge') continue;
    const g = f as unknown as { path?: Vec2[]; width?: number };
    if (g.path && g.path.length >= 2 && g.width) out.push({ a: g.path[0]!, b: g.path[g.path.length - 1]!, half: g.width / 2 });
  }
  return out;
}

const centreOf = (nx: number, i: number): Vec2 => [((i % nx) + 0.5) * CELL, (Math.floor(i / nx) + 0.5) * CELL];

/**
 * The table as a graph of cells: a cell is impassable where the going is (unbridged strong water,
 * impassable areas, a blown span); a step costs its length, twice in difficult going (K-4.2b), and is
 * cut by impassable obstacles and by building walls outside their doors (K-4.0). Built once per
 * scenario, house reading and set of blown spans: obstacles are found along whole rows and columns
 * of cell centres, walls only near buildings, and a diagonal step is open when one of the two
 * square steps round it is.
 */
function gridOf(s: KState, table: TableQueries): Grid {
  // Fast path: the same house reading and list of blown spans (objects never changed in place) as the last call.
  const destroyed = s.special?.destroyed;
  const last = LAST_GRID.get(table.scenario);
  if (last && last.house === s.house && last.destroyed === destroyed) return last.grid;
  const grid = buildGrid(s, table);
  LAST_GRID.set(table.scenario, { house: s.house, destroyed, grid });
  return grid;
}

const LAST_GRID = new WeakMap<object, { house: HouseSettings; destroyed: readonly string[] | undefined; grid: Grid }>();

function buildGrid(s: KState, table: TableQueries): Grid {
  const house = s.house;
  const blown = (s.special?.config.demolition ?? []).filter((d) => s.special!.destroyed.includes(d.id));
  const key = `${house.buildingsDifficult}|${house.strongWaterImpassable}|${blown.map((d) => d.id).join(',')}`;
  let byKey = GRIDS.get(table.scenario);
  if (!byKey) GRIDS.set(table.scenario, (byKey = new Map()));
  const known = byKey.get(key);
  if (known) return known;
  const { width, depth } = table.scenario.table;
  const nx = Math.floor(width / CELL);
  const nz = Math.floor(depth / CELL);
  const n = nx * nz;
  const decks = bridgeDecks(table);
  const cost = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const p: Vec2 = [((i % nx) + 0.5) * CELL, (Math.floor(i / nx) + 0.5) * CELL];
    const onDeck = decks.some((d) => { const c = closestOnSegment(p, d.a, d.b); return c.t >= 0 && c.t <= 1 && c.distance <= d.half; });
    const g = goingAt(table, p, house, onDeck).going;
    // A narrow crossing (the dam) is slow going for whoever touches it: as difficult for the planner.
    const slowBand = (s.special?.config.crossings ?? []).some((c) => c.speedFactor < 1 && onBand(c.band, p, 0.5));
    cost[i] = g === 'impassable' || blown.some((d) => onBand(d.span, p)) ? Infinity : g === 'difficult' || slowBand ? 2 : 1;
  }
  // Cells beside impassable ground: a straightened path does not cut corners there (a bridge, a dam).
  const hazard = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const x = i % nx, z = Math.floor(i / nx);
    for (const [dx, dz] of DIRS) {
      const x2 = x + dx, z2 = z + dz;
      if (x2 >= 0 && z2 >= 0 && x2 < nx && z2 < nz && cost[z2 * nx + x2] === Infinity) hazard[i] = 1;
    }
  }
  // Extra cost of the step from a cell to its east (ex) and north (ez) neighbour: Infinity when cut.
  const ex = new Float64Array(n);
  const ez = new Float64Array(n);
  const mark = (arr: Float64Array, i: number, o: Parameters<typeof obstacleGoing>[0]) => {
    const g = obstacleGoing(o);
    if (g === 'impassable') arr[i] = Infinity;
    else if (g === 'difficult') arr[i] = arr[i]! + CELL * 2;
  };
  for (let z = 0; z < nz; z++) {
    const zc = (z + 0.5) * CELL;
    for (const o of table.obstaclesAlong([CELL / 2, zc], [(nx - 0.5) * CELL, zc])) {
      const x = Math.floor(o.distance / CELL);
      if (x >= 0 && x < nx - 1) mark(ex, z * nx + x, o);
    }
  }
  for (let x = 0; x < nx; x++) {
    const xc = (x + 0.5) * CELL;
    for (const o of table.obstaclesAlong([xc, CELL / 2], [xc, (nz - 0.5) * CELL])) {
      const z = Math.floor(o.distance / CELL);
      if (z >= 0 && z < nz - 1) mark(ez, z * nx + x, o);
    }
  }
  const boxes = (table.buildings ?? []).map((bd) => boxOf(bd.corners));
  const wall = (a: Vec2, b: Vec2) => boxes.some((bx) => boxHit(bx, a, b)) && !!table.wallBetween({ id: 'path', at: a, floor: 0, radius: 0.5 }, { id: 'path', at: b, floor: 0, radius: 0.5 });
  for (let i = 0; i < n; i++) {
    const x = i % nx, z = Math.floor(i / nx);
    const a = centreOf(nx, i);
    if (x < nx - 1 && ex[i] !== Infinity && wall(a, [a[0] + CELL, a[1]])) ex[i] = Infinity;
    if (z < nz - 1 && ez[i] !== Infinity && wall(a, [a[0], a[1] + CELL])) ez[i] = Infinity;
  }
  // In and beside buildings too: paths there keep to the cells the door checks passed.
  for (const [x0, x1, z0, z1] of boxes) {
    for (let z = Math.max(0, Math.floor(z0 / CELL) - 1); z <= Math.min(nz - 1, Math.floor(z1 / CELL) + 1); z++) {
      for (let x = Math.max(0, Math.floor(x0 / CELL) - 1); x <= Math.min(nx - 1, Math.floor(x1 / CELL) + 1); x++) hazard[z * nx + x] = 1;
    }
  }
  const edge = new Float32Array(n * 8).fill(Infinity);
  const idx = (x: number, z: number) => (x < 0 || z < 0 || x >= nx || z >= nz ? -1 : z * nx + x);
  // The straight step i → j (neighbours along x or z): its extra cost, Infinity when cut.
  const straight = (i: number, j: number): number => {
    if (j < 0 || cost[i] === Infinity || cost[j] === Infinity) return Infinity;
    if (j === i + 1) return ex[i]!;
    if (j === i - 1) return ex[j]!;
    if (j === i + nx) return ez[i]!;
    return ez[j]!;
  };
  for (let i = 0; i < n; i++) {
    if (cost[i] === Infinity) continue;
    const x = i % nx, z = Math.floor(i / nx);
    for (let k = 0; k < 8; k++) {
      const [dx, dz] = DIRS[k]!;
      const j = idx(x + dx, z + dz);
      if (j < 0 || cost[j] === Infinity) continue;
      let extra: number;
      if (dx === 0 || dz === 0) extra = straight(i, j);
      else {
        const viaX = idx(x + dx, z), viaZ = idx(x, z + dz);
        // No cutting a corner of impassable ground (the water beside a bridge's end) …
        if (cost[viaX] === Infinity || cost[viaZ] === Infinity) continue;
        // Nor a door's jamb: both square steps round a diagonal one must be open.
        const a = straight(i, viaX) + straight(viaX, j), b = straight(i, viaZ) + straight(viaZ, j);
        extra = Math.max(a, b) === Infinity ? Infinity : Math.min(a, b);
      }
      if (extra === Infinity) continue;
      edge[i * 8 + k] = hypot(dx, dz) * CELL * (cost[i]! + cost[j]!) / 2 + extra;
    }
  }
  const grid = { nx, nz, cost, hazard, edge, walks: new Map<number, boolean>() };
  byKey.set(key, grid);
  return grid;
}

/** A building's plan box, 1 cm wider all round. */
function boxOf(corners: readonly Vec2[]): [number, number, number, number] {
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const c of corners) {
    minX = Math.min(minX, c[0]); maxX = Math.max(maxX, c[0]); minZ = Math.min(minZ, c[1]); maxZ = Math.max(maxZ, c[1]);
  }
  return [minX - 1, maxX + 1, minZ - 1, maxZ + 1];
}

function boxHit(box: readonly [number, number, number, number], a: Vec2, b: Vec2): boolean {
  return !(Math.max(a[0], b[0]) < box[0] || Math.min(a[0], b[0]) > box[1] || Math.max(a[1], b[1]) < box[2] || Math.min(a[1], b[1]) > box[3]);
}

/** Cost from every cell to the goal (Dijkstra from the goal's cells), cached per grid and goal (exported for tests/flow/random-route.test.ts). */
export function fieldOf(s: KState, table: TableQueries, goal: Goal): Field {
  const grid = gridOf(s, table);
  let byGoal = FIELDS.get(grid);
  if (!byGoal) FIELDS.set(grid, (byGoal = new Map()));
  const known = byGoal.get(goal.id);
  if (known) return known;
  const n = grid.nx * grid.nz;
  const d = new Float64Array(n).fill(Infinity);
  const heap = new MinHeap();
  for (let i = 0; i < n; i++) {
    const p = centreOf(grid.nx, i);
    const inside = goal.polygons.length ? goal.polygons.some((poly) => pointInPolygon(p, poly)) : hypot(p[0] - goal.at[0], p[1] - goal.at[1]) <= Math.max(goal.radius - 1, CELL);
    if (inside && grid.edge.subarray(i * 8, i * 8 + 8).some((c) => c < Infinity)) {
      d[i] = 0;
      heap.push(i, 0);
    }
  }
  while (heap.size) {
    const [i, di] = heap.pop();
    if (di > d[i]!) continue;
    const x = i % grid.nx, z = Math.floor(i / grid.nx);
    for (let k = 0; k < 8; k++) {
      // The graph is symmetric: the edge j → i costs what i → j does.
      const c = grid.edge[i * 8 + k]!;
      if (c === Infinity) continue;
      const j = (z + DIRS[k]![1]) * grid.nx + (x + DIRS[k]![0]);
      if (di + c < d[j]!) {
        d[j] = di + c;
        heap.push(j, di + c);
      }
    }
  }
  const f = { grid, d, next: new Int32Array(n).fill(-2), pulls: new Map<number, number>() };
  byGoal.set(goal.id, f);
  return f;
}

class MinHeap {
  private ids: number[] = [];
  private keys: number[] = [];
  get size(): number { return this.ids.length; }
  push(id: number, key: number): void {
    const { ids, keys } = this;
    let i = ids.length;
    ids.push(id); keys.push(key);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      ids[i] = ids[p]!; keys[i] = keys[p]!; i = p;
    }
    ids[i] = id; keys[i] = key;
  }
  pop(): [number, number] {
    const { ids, keys } = this;
    const top: [number, number] = [ids[0]!, keys[0]!];
    const id = ids.pop()!, key = keys.pop()!;
    if (ids.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i, mk = key;
        if (l < ids.length && keys[l]! < mk) { m = l; mk = keys[l]!; }
        if (r < ids.length && keys[r]! < mk) { m = r; mk = keys[r]!; }
        if (m === i) break;
        ids[i] = ids[m]!; keys[i] = keys[m]!; i = m;
      }
      ids[i] = id; keys[i] = key;
    }
    return top;
  }
}

function cellAt(g: Grid, p: Vec2): number {
  return cellXZ(g, p[0], p[1]);
}

function cellXZ(g: Grid, px: number, pz: number): number {
  const x = Math.min(g.nx - 1, Math.max(0, Math.floor(px / CELL)));
  const z = Math.min(g.nz - 1, Math.max(0, Math.floor(pz / CELL)));
  return z * g.nx + x;
}

/** The cost left to the goal from a point (Infinity when the field cannot reach it). */
export function goalDistance(f: Field, p: Vec2): number {
  return f.d[cellAt(f.grid, p)]!;
}

/** The cell of each point of the last descent (a scratch list for pull: up to 402 points). */
const DESCENT_CELLS = new Int32Array(404);
/** The x, z of each point of the last descent (scratch, as DESCENT_CELLS: no throwaway point per cell; pull makes points only for the corners it keeps). */
const DESCENT_XZ = new Float64Array(808);

/** The cells' centres a soldier passes going down the field from a point, up to about `length` cm: how many points (the cells in DESCENT_CELLS, the points in DESCENT_XZ). */
function descent(f: Field, from: Vec2, length: number): number {
  const g = f.grid;
  const cells = DESCENT_CELLS;
  const xz = DESCENT_XZ;
  let count = 1;
  xz[0] = from[0]; xz[1] = from[1];
  let i = cellAt(g, from);
  cells[0] = i;
  let done = 0;
  // Near walls and water, first to the middle of the soldier's own cell (the graph's steps start there).
  if (g.hazard[i]) {
    const cx = ((i % g.nx) + 0.5) * CELL, cz = (Math.floor(i / g.nx) + 0.5) * CELL; // centreOf
    done += hypot(cx - from[0], cz - from[1]);
    cells[count] = i;
    xz[count * 2] = cx; xz[count * 2 + 1] = cz;
    count++;
  }
  for (let n = 0; n < 400 && done < length; n++) {
    let best = f.next[i]!;
    if (best === -2) f.next[i] = best = nextDown(f, i);
    if (best < 0) break; // at the goal (or nowhere to go)
    const cx = ((best % g.nx) + 0.5) * CELL, cz = (Math.floor(best / g.nx) + 0.5) * CELL; // centreOf
    done += hypot(cx - xz[count * 2 - 2]!, cz - xz[count * 2 - 1]!);
    cells[count] = best;
    xz[count * 2] = cx; xz[count * 2 + 1] = cz;
    count++;
    i = best;
  }
  return count;
}

/** The neighbour of cell i lowest down the field (the first of DIRS among equals), -1 when none is lower. */
function nextDown(f: Field, i: number): number {
  const g = f.grid;
  const x = i % g.nx, z = Math.floor(i / g.nx);
  let best = -1;
  let bestD = f.d[i]!;
  for (let k = 0; k < 8; k++) {
    if (g.edge[i * 8 + k] === Infinity) continue;
    const j = (z + DIRS[k]![1]) * g.nx + (x + DIRS[k]![0]);
    if (f.d[j]! < bestD - 1e-6) { bestD = f.d[j]!; best = j; }
  }
  return best;
}

/** Can a soldier walk straight from a to b over the grid: passable cells joined by open steps, no difficult going unless `difficultOk`? */
function walkable(g: Grid, ax: number, az: number, bx: number, bz: number, difficultOk: boolean): boolean {
  const n = Math.ceil(hypot(bx - ax, bz - az) / (CELL / 2));
  let prev = cellXZ(g, ax, az);
  for (let k = 1; k <= n; k++) {
    const c = cellXZ(g, ax + ((bx - ax) * k) / n, az + ((bz - az) * k) / n);
    if (c === prev) continue;
    const cost = g.cost[c]!;
    if (cost === Infinity || g.hazard[c] || (cost > 1 && !difficultOk)) return false;
    const dx = (c % g.nx) - (prev % g.nx), dz = Math.floor(c / g.nx) - Math.floor(prev / g.nx);
    const k8 = dx >= -1 && dx <= 1 && dz >= -1 && dz <= 1 ? DIR_INDEX[(dx + 1) * 3 + dz + 1]! : -1;
    if (k8 < 0 || g.edge[prev * 8 + k8] === Infinity) return false;
    prev = c;
  }
  return true;
}

/** pull's count of difficult cells up to each point (scratch, as DESCENT_CELLS). */
const PULL_HARD = new Int32Array(404);

/** Straighten a descent (string pulling) far enough to cover `length` cm: from each corner, on to the farthest point in a straight walk. The descent is descent's `count` points from `from` (DESCENT_CELLS, DESCENT_XZ). */
function pull(f: Field, from: Vec2, count: number, length: number): Vec2[] {
  const g = f.grid;
  const cells = DESCENT_CELLS;
  const xz = DESCENT_XZ;
  // Difficult cells met along the descent up to each point: a short cut may cross difficult going only where the descent does.
  const hard = PULL_HARD;
  hard[0] = 0;
  for (let i = 1; i < count; i++) hard[i] = hard[i - 1]! + (g.cost[cells[i]!]! > 1 ? 1 : 0);
  // Past the soldier's own place, the descent's points are cells' centres (descent): their walks are remembered per grid.
  const walks = g.walks;
  if (walks.size > 1 << 20) walks.clear();
  const pulls = f.pulls;
  if (pulls.size > 1 << 20) pulls.clear();
  const n = g.nx * g.nz;
  const last = count - 1;
  const out: Vec2[] = [from];
  let i = 0;
  let done = 0;
  while (i < last && done < length) {
    const step = i ? cells[i]! * 1024 + (last - i) : -1;
    const known = i ? pulls.get(step) : undefined;
    let j = known === undefined ? i + 1 : i + known;
    for (let k = last; known === undefined && k > i + 1; k--) {
      const ok = hard[k]! > hard[i]!;
      let w: boolean | undefined;
      if (i === 0) w = walkable(g, xz[0]!, xz[1]!, xz[k * 2]!, xz[k * 2 + 1]!, ok);
      else {
        const key = (cells[i]! * n + cells[k]!) * 2 + (ok ? 1 : 0);
        w = walks.get(key);
        if (w === undefined) walks.set(key, (w = walkable(g, xz[i * 2]!, xz[i * 2 + 1]!, xz[k * 2]!, xz[k * 2 + 1]!, ok)));
      }
      if (w) { j = k; break; }
    }
    if (i && known === undefined) pulls.set(step, j - i);
    done += hypot(xz[j * 2]! - xz[i * 2]!, xz[j * 2 + 1]! - xz[i * 2 + 1]!);
    out.push([xz[j * 2]!, xz[j * 2 + 1]!]);
    i = j;
  }
  return out;
}

/** A soldier's way toward the goal, straightened over the next 60 cm or so (enough for any one move; exported for tests/flow/random-route.test.ts). */
export function route(f: Field, from: Vec2, length: number): Vec2[] {
  return pull(f, from, descent(f, from, Math.max(60, length * 2)), length);
}

/**
 * The path a soldier takes toward the goal, straightened: up to `length` cm in plan, or `difficult`
 * cm once it meets difficult going, stopping short of it when he has come further than that (K-4.2c/d).
 */
function streamline(f: Field, from: Vec2, length: number, difficult: number, path: readonly Vec2[] = route(f, from, length)): Vec2[] {
  const g = f.grid;
  let cap = g.cost[cellAt(g, from)]! > 1 ? Math.min(length, difficult) : length;
  // Walk the straightened path in half-cell steps, watching the going.
  const out: Vec2[] = [from];
  let done = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!, b = path[i]!;
    const l = hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.ceil(l / (CELL / 4)));
    for (let k = 1; k <= n; k++) {
      const d = done + (l * k) / n;
      // The sample's cell from its two numbers (no point built per half-cell step).
      if (cap > difficult && g.cost[cellXZ(g, a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n)]! > 1) {
        if (d > difficult) {
          // K-4.2d: too far already — stop a little short of the difficult going.
          const t = Math.max(0, (l * (k - 2)) / n) / (l || 1);
          out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
          return simplify(out);
        }
        cap = difficult;
      }
      if (d >= cap) {
        const t = (cap - done) / (l || 1);
        out.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t]);
        return simplify(out);
      }
    }
    out.push(b);
    done += l;
  }
  return simplify(out);
}

/**
 * Walking a polyline over the grid (centre line, as the rules' path check samples it): how far in
 * plan to the first impassable cell or cut step (`imp`, K-3.3a / K-4.0 walls) and to the first
 * difficult going, an area or a difficult obstacle crossed (`diff`, K-4.2b); Infinity where none.
 */
function scanPath(g: Grid, pts: readonly Vec2[]): { imp: number; diff: number } {
  let imp = Infinity, diff = g.cost[cellAt(g, pts[0]!)]! > 1 ? 0 : Infinity;
  let prev = cellAt(g, pts[0]!);
  let done = 0;
  for (let i = 1; i < pts.length && imp === Infinity; i++) {
    const a = pts[i - 1]!, b = pts[i]!;
    const l = hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.ceil(l / (CELL / 4)));
    for (let k = 1; k <= n; k++) {
      const c = cellXZ(g, a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n);
      if (c === prev) continue;
      const at = done + (l * (k - 1)) / n;
      const cost = g.cost[c]!;
      const dx = (c % g.nx) - (prev % g.nx), dz = Math.floor(c / g.nx) - Math.floor(prev / g.nx);
      const k8 = dx >= -1 && dx <= 1 && dz >= -1 && dz <= 1 ? DIR_INDEX[(dx + 1) * 3 + dz + 1]! : -1;
      const e = k8 < 0 ? Infinity : g.edge[prev * 8 + k8]!;
      if (cost === Infinity || e === Infinity) { imp = at; break; }
      // The step's cost beyond its length in its cells' going: a difficult obstacle on the way.
      const base = hypot(dx, dz) * CELL * (g.cost[prev]! + cost) / 2;
      if (diff === Infinity && (cost > 1 || e > base + 0.5)) diff = at;
      prev = c;
    }
    done += l;
  }
  return { imp, diff };
}

/** How far a soldier upstairs climbs down to the ground floor (cm): the rules measure the tape in 3D (K-4.0). */
function dropOf(table: TableQueries, f: KFigure): number {
  if (!f.floor) return 0;
  const b = table.buildingAt(f.at[0], f.at[1]);
  return b ? Math.abs((b.levels[f.floor] ?? b.levels[b.levels.length - 1] ?? 0) - (b.levels[0] ?? 0)) : 0;
}

/** The soldiers (of any unit but this one) within `reach` cm of the unit's soldiers' plan box: those its moves could meet. */
export function figuresAround(s: KState, unitId: string, reach: number): KFigure[] {
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const f of liveFigures(s, unitId)) {
    minX = Math.min(minX, f.at[0]); maxX = Math.max(maxX, f.at[0]); minZ = Math.min(minZ, f.at[1]); maxZ = Math.max(maxZ, f.at[1]);
  }
  const out: KFigure[] = [];
  for (const g of standingFigures(s)) {
    if (g.unitId === unitId) continue;
    if (g.at[0] >= minX - reach && g.at[0] <= maxX + reach && g.at[1] >= minZ - reach && g.at[1] <= maxZ + reach) out.push(g);
  }
  return out;
}

/** endsClash's scratch list of the steps' base radii (a unit has a dozen soldiers at most; more get their own). */
const CLASH_RADII = new Float64Array(64);

/**
 * K-4.0 / K-6.1a would these end places be refused for standing on a soldier (the unit's own new places,
 * or anyone else who stays: its soldiers not moved, the others) or touching an enemy (within the
 * reach across a fence too)? Plan only, no terrain query: for the random player's straight moves.
 */
export function endsClash(s: KState, unitId: string, steps: ReadonlyArray<{ figureId: string; to: Vec2 }>, around?: readonly KFigure[]): boolean {
  const moved = new Set<string>();
  // Each step's soldier looked up once (not once per soldier near and per pair): his base radius, or NaN
  // for a soldier not in the record (no comparison with NaN holds: skipped, as before).
  const n = steps.length;
  const radius = n <= CLASH_RADII.length ? CLASH_RADII : new Float64Array(n);
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < n; i++) {
    const m = steps[i]!;
    moved.add(m.figureId);
    radius[i] = s.figures[m.figureId]?.baseRadius ?? NaN;
    minX = Math.min(minX, m.to[0]); maxX = Math.max(maxX, m.to[0]); minZ = Math.min(minZ, m.to[1]); maxZ = Math.max(maxZ, m.to[1]);
  }
  const side = s.units[unitId]?.side;
  const touch = s.house.contactTolerance + (s.house.contactAcrossObstacle ?? 0) + 0.3;
  const pad = 6 + touch;
  const pool = around ?? Object.values(s.figures);
  for (const g of pool) {
    if (moved.has(g.id) || g.removed || g.condition === 'dead') continue;
    if (g.at[0] < minX - pad || g.at[0] > maxX + pad || g.at[1] < minZ - pad || g.at[1] > maxZ + pad) continue;
    const extra = g.side === side ? 0.05 : touch;
    for (let i = 0; i < n; i++) {
      const m = steps[i]!;
      if (hypot(g.at[0] - m.to[0], g.at[1] - m.to[1]) < radius[i]! + g.baseRadius + extra) return true;
    }
  }
  for (let i = 0; i < n; i++) {
    const ra = radius[i]!;
    if (ra !== ra) continue;
    for (let j = i + 1; j < n; j++) {
      if (hypot(steps[i]!.to[0] - steps[j]!.to[0], steps[i]!.to[1] - steps[j]!.to[1]) < ra + radius[j]! + 0.05) return true;
    }
  }
  return false;
}

/** straightShift's scratch line: a soldier's place and the end of his straight way. */
const SHIFT_TO: [number, number] = [0, 0];
const SHIFT_WAY: Vec2[] = [SHIFT_TO, SHIFT_TO];

/**
 * K-4.0 the whole unit shifted straight along `dir` (a unit vector) by up to `length` cm, cut where the
 * rules would refuse it: short of the first impassable ground or wall any soldier meets (K-3.3a), and
 * at difficult going (K-4.2c, the whole unit at its difficult rate `slow`; K-4.2d, stopping at the
 * edge when it has come further than that) — whichever goes further. Undefined when it would not move.
 */
export function straightShift(s: KState, table: TableQueries, figs: readonly KFigure[], dir: Vec2, length: number, slow: number, around?: readonly KFigure[]): Array<{ figureId: string; to: Vec2; floor?: number }> | undefined {
  const g = gridOf(s, table);
  let imp = Infinity, diff = Infinity;
  // Each soldier's straight way as a scratch two-point line (scanPath keeps no reference to it).
  const way = SHIFT_WAY, end = SHIFT_TO;
  for (const f of figs) {
    end[0] = f.at[0] + dir[0] * length;
    end[1] = f.at[1] + dir[1] * length;
    way[0] = f.at;
    const r = scanPath(g, way);
    imp = Math.min(imp, r.imp - f.baseRadius - CELL / 2);
    // Nothing below brings the unit further than this soldier's way (a unit upstairs meets its walls at once).
    if (!(imp >= 1)) return undefined;
    diff = Math.min(diff, r.diff);
  }
  let go = Math.min(length, imp);
  // Difficult going on the way: stop before it, or go into it at the difficult rate.
  if (diff < go) go = Math.min(go, Math.max(diff - CELL - 0.5, slow));
  // K-4.2c ending in difficult going (by the rules' own terrain query): the difficult rate.
  if (go > slow && figs.some((f) => goingAt(table, [f.at[0] + dir[0] * go, f.at[1] + dir[1] * go], s.house).going === 'difficult')) go = slow;
  if (!(go >= 1)) return undefined;
  // Short of a soldier in the way (K-4.0), of touching the enemy (K-6.1a) or of ending inside a solid
  // (a wall, a headstone, a fence: the rules' own body query, K-4.0, for those on the ground floor and
  // on the table; the rest is left to the checks below and the caller): three tries, then none.
  const unitId = figs[0]!.unitId;
  // The soldier inside a solid at the last try asked first at the next (the same answer in any order).
  let stuck = 0;
  for (let k = 0; k < 3; k++) {
    const ends = figs.map((f) => ({ figureId: f.id, to: [f.at[0] + dir[0] * go, f.at[1] + dir[1] * go] as Vec2 }));
    if (!endsClash(s, unitId, ends, around)) {
      const inSolid = failingSoldier(figs.length, stuck, (i) => {
        const f = figs[i]!, to = ends[i]!.to;
        return !f.floor && onTable(table, to) && table.bodyClashes({ id: f.id, at: to, floor: 0, radius: f.baseRadius, height: FIGURE_HEIGHT }).length > 0;
      });
      if (inSolid < 0) break;
      stuck = inSolid;
    }
    if (k === 2) return undefined;
    go *= 0.7;
    if (go < 1) return undefined;
  }
  const out: Array<{ figureId: string; to: Vec2; floor?: number }> = [];
  for (const f of figs) {
    const to: Vec2 = [f.at[0] + dir[0] * go, f.at[1] + dir[1] * go];
    if (f.floor) {
      // Upstairs: along the same floor of the same building (a straight walk out of a window is no move).
      const b = table.buildingAt(f.at[0], f.at[1]);
      if (!b || b.levels.length <= f.floor || table.buildingAt(to[0], to[1])?.id !== b.id) return undefined;
      out.push({ figureId: f.id, to, floor: f.floor });
    } else out.push({ figureId: f.id, to });
  }
  return out;
}

/**
 * K-6.1a a charge worth trying at the enemy soldiers `target`: every soldier straight at the nearest of
 * them, stopping in base contact — or at the first obstacle on the way, a fence or low wall (K-3.1a)
 * the enemy stands just behind being in contact across it (contact.ts, house contactAcrossObstacle);
 * each within his charge allowance in 3D (a little short of it), the whole unit at its difficult rate
 * when one soldier meets difficult going (K-4.2c). Undefined when no soldier would end in contact.
 */
export function chargeSteps(s: KState, table: TableQueries, mine: readonly KFigure[], target: readonly KFigure[], fast: boolean): Array<{ figureId: string; to: Vec2 }> | undefined {
  if (!mine.length || !target.length) return undefined;
  const house = s.house;
  const g = gridOf(s, table);
  const tol = house.contactTolerance;
  const across = house.contactAcrossObstacle ?? 0;
  const plans = mine.map((f) => {
    let t = target[0]!;
    let best = Infinity;
    for (const x of target) {
      const d = hypot(x.at[0] - f.at[0], x.at[1] - f.at[1]);
      if (d < best) { best = d; t = x; }
    }
    const dx = t.at[0] - f.at[0], dz = t.at[1] - f.at[1];
    const d = hypot(dx, dz) || 1;
    let want = Math.max(0, d - f.baseRadius - t.baseRadius - Math.min(0.1, tol / 2));
    // Contact kept by the bases (gap) or across the first obstacle (the soldier at its near face).
    let gapLeft = Math.min(0.1, tol / 2);
    let fence = false;
    for (const o of table.obstaclesAlong(f.at, t.at)) {
      if (o.distance >= want + f.baseRadius + 0.5) continue;
      const stop = Math.max(0, o.distance - f.baseRadius - Math.min(0.25, tol / 2));
      if (stop < want) {
        want = stop;
        gapLeft = d - f.baseRadius - t.baseRadius - stop;
        fence = isSmallObstacle(o) && gapLeft <= tol + across - 0.1;
      }
    }
    const dir: Vec2 = [dx / d, dz / d];
    const full = movementAllowance(s, f.id, 'charge', false, house, fast).allowance * 0.96;
    const slow = movementAllowance(s, f.id, 'charge', true, house, fast).allowance * 0.96;
    const drop = dropOf(table, f);
    return { f, dir, want, gapLeft, fence, full: full - drop, slow: slow - drop };
  });
  const ends = (cap: (p: (typeof plans)[number]) => number) => plans.map((p) => Math.max(0, Math.min(p.want, cap(p))));
  let go = ends((p) => p.full);
  const hard = plans.some((p, i) => {
    const to: Vec2 = [p.f.at[0] + p.dir[0] * go[i]!, p.f.at[1] + p.dir[1] * go[i]!];
    return scanPath(g, [p.f.at, to]).diff < Infinity || goingAt(table, to, house).going === 'difficult';
  });
  if (hard) go = ends((p) => p.slow);
  // K-4.0 no two soldiers on one spot, none inside a solid: those nearest contact placed first, the rest
  // backing off along their lines (half a centimetre at a time) until free.
  const ids = new Set(mine.map((f) => f.id));
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const f of mine) {
    minX = Math.min(minX, f.at[0]); maxX = Math.max(maxX, f.at[0]); minZ = Math.min(minZ, f.at[1]); maxZ = Math.max(maxZ, f.at[1]);
  }
  const pad = 16;
  const near = Object.values(s.figures).filter((x) => !x.removed && x.condition !== 'dead' && !ids.has(x.id)
    && x.at[0] >= minX - pad && x.at[0] <= maxX + pad && x.at[1] >= minZ - pad && x.at[1] <= maxZ + pad);
  // Friends kept a little apart; enemies only not stood on (the charge ends touching them).
  const placed: Array<{ at: Vec2; r: number }> = near.map((x) => ({ at: x.at, r: x.side === mine[0]!.side ? x.baseRadius : x.baseRadius - 0.21 }));
  const order = plans.map((_, i) => i).sort((a, b) => plans[a]!.gapLeft - plans[b]!.gapLeft);
  const ends2: Vec2[] = plans.map((p) => p.f.at);
  let contact = false;
  for (const i of order) {
    const p = plans[i]!;
    let t = go[i]!;
    for (; t >= 0.5; t -= 0.5) {
      const at: Vec2 = [p.f.at[0] + p.dir[0] * t, p.f.at[1] + p.dir[1] * t];
      if (placed.some((q) => hypot(q.at[0] - at[0], q.at[1] - at[1]) < q.r + p.f.baseRadius + 0.2)) continue;
      if (table.bodyClashes({ id: p.f.id, at, floor: 0, radius: p.f.baseRadius, height: FIGURE_HEIGHT }).length) continue;
      break;
    }
    if (t < 0.5) t = 0;
    // At least one soldier must end in contact (K-6.1a): his whole way, up to the bases or the fence.
    if (t > 0 && t >= go[i]! - 1e-9 && go[i]! >= p.want - 1e-9 && (p.gapLeft <= tol - 0.05 || p.fence)) contact = true;
    ends2[i] = t > 0 ? [p.f.at[0] + p.dir[0] * t, p.f.at[1] + p.dir[1] * t] : p.f.at;
    placed.push({ at: ends2[i]!, r: p.f.baseRadius });
  }
  if (!contact) return undefined;
  return plans.map((p, i) => ({ figureId: p.f.id, to: ends2[i]! }));
}

/** Drop waypoints on a straight line (fewer segments for the rules to check). */
function simplify(pts: Vec2[]): Vec2[] {
  if (pts.length <= 2) return pts;
  const out: Vec2[] = [pts[0]!];
  for (let i = 1; i < pts.length - 1; i++) {
    const a = out[out.length - 1]!, b = pts[i]!, c = pts[i + 1]!;
    const cross = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
    if (Math.abs(cross) > 1e-6) out.push(b);
  }
  out.push(pts[pts.length - 1]!);
  return out;
}

/** The point at distance t along a polyline: the last point of cut(pts, t). */
function pointAlong(pts: readonly Vec2[], t: number): Vec2 {
  let left = t;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!, b = pts[i]!;
    const l = hypot(b[0] - a[0], b[1] - a[1]);
    if (l >= left) {
      if (left > 1e-6) return l > 1e-9 ? [a[0] + ((b[0] - a[0]) * left) / l, a[1] + ((b[1] - a[1]) * left) / l] : b;
      return i === 1 ? pts[0]! : a;
    }
    left -= l;
  }
  return pts[pts.length - 1]!;
}

/** The point at distance t along a polyline, and the polyline up to it. */
function cut(pts: readonly Vec2[], t: number): Vec2[] {
  const out: Vec2[] = [pts[0]!];
  let left = t;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!, b = pts[i]!;
    const l = hypot(b[0] - a[0], b[1] - a[1]);
    if (l >= left) {
      if (left > 1e-6) out.push(l > 1e-9 ? [a[0] + ((b[0] - a[0]) * left) / l, a[1] + ((b[1] - a[1]) * left) / l] : b);
      return out;
    }
    out.push(b);
    left -= l;
  }
  return out;
}

/** A polyline's length in plan (its legs summed in order; no copy of the list). */
function polyLength(pts: readonly Vec2[]): number {
  let acc = 0;
  for (let i = 1; i < pts.length; i++) acc += hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![1] - pts[i - 1]![1]);
  return acc;
}

/** The goal a unit plays for: one of its side's objectives, spread over the side's units (stable per unit). */
export function unitGoal(s: KState, table: TableQueries, unitId: string): Goal | undefined {
  const u = s.units[unitId];
  if (!u) return undefined;
  const goals = withRemovals(s, u.side, goalsOf(table, u.side));
  if (!goals.length) return undefined;
  if (goals.length === 1) return goals[0];
  // Asked many times per state (every candidate move is weighed by it): kept while what it reads is the
  // same — the units and figures records, the special rules' state and the house reading (records are
  // new objects when they change), on the same table — so the flow's own steps in between reuse it.
  if (!GOAL_MEMO || GOAL_MEMO.units !== s.units || GOAL_MEMO.figures !== s.figures || GOAL_MEMO.special !== s.special || GOAL_MEMO.house !== s.house || GOAL_MEMO.table !== table) {
    GOAL_MEMO = { units: s.units, figures: s.figures, special: s.special, house: s.house, table, goals: new Map() };
  }
  let g = GOAL_MEMO.goals.get(unitId);
  if (!g) GOAL_MEMO.goals.set(unitId, (g = chooseGoal(s, table, u, goals)));
  return g;
}

/**
 * withRemovals' last answer per side: its list of goals is kept (the same array, the same Goal objects)
 * while the charges it names are the same — the special rules' state is a new object whenever any of it
 * changes (a unit revealed, a special used), and goalHolders' and chooseGoal's memos are keyed by the
 * list: a new list each time (both sides ask in turn) made them start afresh at every offer.
 */
const REMOVALS = new Map<string, { config: NonNullable<KState['special']>['config']; base: readonly Goal[]; ids: string[]; goals: readonly Goal[] }>();

/**
 * The side's objectives and, while a demolition charge the side may remove still stands on its
 * bridge (special rule "demolition": a unit that reaches it and spends an activation there removes
 * it), the charge: keeping the bridge is the short way over the river.
 */
function withRemovals(s: KState, side: string, base: readonly Goal[]): readonly Goal[] {
  const sp = s.special;
  if (!sp?.config.demolition.length || !base.length) return base;
  // The charges still to remove (a few at most): the same ones as last time give the same list.
  const ids: string[] = [];
  for (const d of sp.config.demolition) {
    if (d.remove.side !== side || sp.destroyed.includes(d.id) || sp.cleared.includes(d.id)) continue;
    ids.push(d.id);
  }
  const last = REMOVALS.get(side);
  if (last && last.config === sp.config && last.base === base && last.ids.length === ids.length && last.ids.every((id, i) => id === ids[i])) return last.goals;
  const extra: Goal[] = [];
  for (const d of sp.config.demolition) {
    if (!ids.includes(d.id)) continue;
    extra.push({ id: `remove:${d.id}`, polygons: [], at: [d.charge[0], d.charge[1]], radius: d.remove.reach + 1 });
  }
  const goals = extra.length ? [...base, ...extra] : base;
  REMOVALS.set(side, { config: sp.config, base, ids, goals });
  return goals;
}

/** Is the unit's goal a demolition charge to remove (by standing at it through an activation)? */
function removing(goal: Goal | undefined): boolean {
  return !!goal && goal.id.startsWith('remove:');
}

let GOAL_MEMO: { units: KState['units']; figures: KState['figures']; special: KState['special']; house: KState['house']; table: TableQueries; goals: Map<string, Goal> } | undefined;

function chooseGoal(s: KState, table: TableQueries, u: KState['units'][string], goals: readonly Goal[]): Goal {
  const h = unitHash(u.splitFrom ?? u.id);
  // Of the objectives the unit can reach by a way not much longer than to the nearest (field cost from
  // its first soldier: round water, over whichever crossing still stands), one spread by unit — not one
  // across a river whose bridge is down when another lies just over the dam. A split half follows its
  // parent's (by id; from where it stands).
  // The first live soldier (liveFigures' test, without the list).
  let f: KFigure | undefined;
  for (const id of u.figures) {
    const x = s.figures[id];
    if (isLive(x)) { f = x; break; }
  }
  if (!f) return goals[h % goals.length]!;
  // K-GAP-1 a hold condition needs all its objectives: one the side already holds (and the unit is not
  // standing on) is left to those there, and the others press on to the rest.
  const holders = heldBy(s, goals);
  const side = u.side;
  // The same answer as last time while the first soldier stands where he stood (a figure's place is a
  // new array when he moves), on the same grid, with the same goals held by the unit's side.
  const grid = gridOf(s, table);
  let byUnit = CHOSEN.get(table);
  if (!byUnit) CHOSEN.set(table, (byUnit = new Map()));
  const last = byUnit.get(u.id);
  if (last && last.at === f.at && last.grid === grid && last.goals === goals && sameHeld(last.holders, holders, side)) return last.goal;
  const goal = pickGoal(s, table, goals, f.at, holders.map((x) => x === side), h);
  byUnit.set(u.id, { at: f.at, grid, goals, holders, goal });
  return goal;
}

/** Does the side hold the same goals by both lists of holders? */
function sameHeld(a: ReadonlyArray<string | null>, b: ReadonlyArray<string | null>, side: string): boolean {
  if (a === b) return true;
  for (let i = 0; i < a.length; i++) if ((a[i] === side) !== (b[i] === side)) return false;
  return true;
}

const CHOSEN = new WeakMap<TableQueries, Map<string, { at: Vec2; grid: Grid; goals: readonly Goal[]; holders: ReadonlyArray<string | null>; goal: Goal }>>();

function pickGoal(s: KState, table: TableQueries, goals: readonly Goal[], at: Vec2, held: readonly boolean[], h: number): Goal {
  const n = goals.length;
  const ds: number[] = [];
  for (let i = 0; i < n; i++) ds.push(goalDistance(fieldOf(s, table, goals[i]!), at));
  // The goals open to the unit (not held by its side, or where it stands); all of them when none is.
  let anyOpen = false;
  for (let i = 0; i < n; i++) if (!held[i] || ds[i]! <= CELL) { anyOpen = true; break; }
  const isOpen = (i: number) => !anyOpen || !held[i] || ds[i]! <= CELL;
  // Math.min over the open ones (NaN or no number, from a point off the grid, makes NaN as it does there).
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    if (!isOpen(i)) continue;
    const d = ds[i]!;
    if (!(d <= Infinity)) { best = NaN; break; }
    if (d < best) best = d;
  }
  if (!Number.isFinite(best)) return goals[h % n]!;
  // The open goals within half as far again (and 10 cm) as the nearest: one of them by the unit's hash.
  const lim = best * 1.5 + 10;
  let count = 0;
  for (let i = 0; i < n; i++) if (isOpen(i) && ds[i]! <= lim) count++;
  let k = h % count;
  for (let i = 0; i < n; i++) {
    if (!isOpen(i) || !(ds[i]! <= lim)) continue;
    if (k-- === 0) return goals[i]!;
  }
  return goals[h % n]!;
}

/**
 * The records last asked (all goalHolders reads; a state's flow steps, a card drawn, keep them): who
 * holds each goal of a list (both sides ask on one state). A new units record whose units count the
 * same soldiers (the same lists, counted alike: most changes are activation marks) keeps the answers.
 */
let HELD: { units: KState['units']; size: number; figures: KState['figures']; control: Control; byGoals: Map<readonly Goal[], Array<string | null>> } | undefined;

/** Who holds each of the goals, as the victory check decides it (K-GAP-1 objectiveHolders: its radius, or the buildings it names). */
export function heldBy(s: KState, goals: readonly Goal[]): ReadonlyArray<string | null> {
  const control = s.special?.config.control;
  if (!HELD || HELD.figures !== s.figures || HELD.control !== control || (HELD.units !== s.units && !sameCounting(HELD, s.units, control))) {
    let size = 0;
    for (const _ in s.units) size++;
    HELD = { units: s.units, size, figures: s.figures, control, byGoals: new Map() };
  }
  let holders = HELD.byGoals.get(goals);
  if (!holders) HELD.byGoals.set(goals, (holders = goalHolders(s, goals)));
  return holders;
}

/** Does every unit of `units` count the same soldiers as in the record last asked (the same units, each the same record or the same list counted alike)? Remembers `units` when so. */
function sameCounting(held: { units: KState['units']; size: number }, units: KState['units'], control: Control): boolean {
  let size = 0;
  for (const id in units) {
    size++;
    const a = held.units[id], b = units[id]!;
    if (a === b) continue;
    if (!a || a.figures !== b.figures || counts(a, control) !== counts(b, control)) return false;
  }
  if (size !== held.size) return false;
  held.units = units;
  return true;
}

/**
 * One unit's part in objectiveHolders for a list of goals: the goals (bit i for goals[i]) where one of
 * its soldiers stands, with the unit record and its soldiers' records it was read from (`figs`, the
 * figures record they were looked up in last, `rec`). Records are never changed in place: while they
 * are the same objects, so is the answer.
 */
interface Presence { u: KUnit; figs: Array<KFigure | undefined>; rec: KState['figures']; mask: number }

/** Does objectiveHolders count the unit's soldiers at all (not routing, surrendered or gone; objective-control: not a lone leader or pinned)? */
type Control = NonNullable<KState['special']>['config']['control'];
const counts = (u: KUnit, control: Control) => u.status !== 'routing' && u.status !== 'surrendered' && u.status !== 'withdrawn' && u.status !== 'destroyed' && holdsObjectives(u, control);
const PRESENCE = new WeakMap<readonly Goal[], Map<string, Presence>>();

/**
 * objectiveHolders(s, goals) (K-GAP-1: each goal's holder, the only side with a fighting soldier there),
 * with each unit's part kept while its records stay the same: a game's states share most unit and
 * figure records, and the victory check's loop over every soldier and goal was most of the random
 * player's goal choice. tests/flow/random-holders.test.ts compares it with objectiveHolders.
 */
export function goalHolders(s: KState, goals: readonly Goal[]): Array<string | null> {
  if (goals.length > 30) return objectiveHolders(s, goals.map((g) => ({ at: g.at, radius: g.radius, inside: g.polygons })));
  let byUnit = PRESENCE.get(goals);
  if (!byUnit) PRESENCE.set(goals, (byUnit = new Map()));
  const figures = s.figures;
  const control = s.special?.config.control;
  let seen = 0, many = 0;
  const holder: string[] = [];
  for (const id in s.units) {
    const u = s.units[id]!;
    let p = byUnit.get(id);
    if (!p || (p.u !== u && !sameUnit(p, u, control)) || (p.rec !== figures && !sameFigures(figures, u, p))) byUnit.set(id, (p = presence(s, u, goals)));
    const m = p.mask;
    if (!m) continue;
    for (let i = 0; i < goals.length; i++) {
      const bit = 1 << i;
      if (!(m & bit)) continue;
      if (!(seen & bit)) { seen |= bit; holder[i] = u.side; } else if (holder[i] !== u.side) many |= bit;
    }
  }
  const out: Array<string | null> = [];
  for (let i = 0; i < goals.length; i++) out.push(seen & (1 << i) && !(many & (1 << i)) ? holder[i]! : null);
  return out;
}

/**
 * Is a new record of the unit the same for its presence: the same list of soldiers (the array itself)
 * and counted or not alike? (Remembers the record when it is: a unit's record changes at every
 * activation and turn, its soldiers' places far less often.)
 */
function sameUnit(p: Presence, u: KUnit, control: Control): boolean {
  if (u.figures !== p.u.figures || counts(u, control) !== counts(p.u, control)) return false;
  p.u = u;
  return true;
}

/** Are the unit's soldiers' records in `figures` the ones its presence was read from? (Remembers the record when they are.) */
function sameFigures(figures: KState['figures'], u: KUnit, p: Presence): boolean {
  const ids = u.figures;
  for (let k = 0; k < ids.length; k++) if (figures[ids[k]!] !== p.figs[k]) return false;
  p.rec = figures;
  return true;
}

/**
 * The goals a unit's soldiers stand at, as objectiveHolders counts them: none for a routing, surrendered
 * or gone unit (a gone one is not on the table, K-2.1a unitOnTable; any other unit with a live soldier
 * is), else those a live soldier not seriously wounded stands at — inside the goal's radius in plan
 * (base edge), or inside the buildings it names.
 */
function presence(s: KState, u: KUnit, goals: readonly Goal[]): Presence {
  const figs: Array<KFigure | undefined> = [];
  for (const id of u.figures) figs.push(s.figures[id]);
  let mask = 0;
  if (counts(u, s.special?.config.control)) {
    for (const f of figs) {
      if (!isLive(f) || f.condition === 'serious') continue;
      for (let i = 0; i < goals.length; i++) {
        const g = goals[i]!;
        const there = g.polygons.length ? g.polygons.some((poly) => pointInPolygon(f.at, poly)) : hypot(f.at[0] - g.at[0], f.at[1] - g.at[1]) <= g.radius + f.baseRadius;
        if (there) mask |= 1 << i;
      }
    }
  }
  return { u, figs, rec: s.figures, mask };
}

const UNIT_HASHES = new Map<string, number>();

/** A stable number per unit id (a string hash, worked out once per id). */
function unitHash(id: string): number {
  let h = UNIT_HASHES.get(id);
  if (h === undefined) {
    h = 0;
    for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
    UNIT_HASHES.set(id, h);
  }
  return h;
}

/** How far (field cost, cm of open going) a unit's centre is from its goal; undefined when it has none or cannot get there. */
export function distanceToGoal(s: KState, table: TableQueries, unitId: string, figs: readonly KFigure[] = liveFigures(s, unitId)): number | undefined {
  const goal = unitGoal(s, table, unitId);
  if (!goal || !figs.length) return undefined;
  const f = fieldOf(s, table, goal);
  let d = Infinity;
  for (const x of figs) d = Math.min(d, goalDistance(f, x.at));
  return Number.isFinite(d) ? d : undefined;
}

type Step = { figureId: string; to: Vec2; via?: Vec2[] };

/**
 * K-4.0 moves toward the unit's goal: the whole unit shifted by its leading soldier's step down the
 * field (a formation kept in the open), and each soldier down the field on his own path by the same
 * share of the allowance (the one nearest the goal first; one who would end on a friend, on an
 * obstacle or touching an enemy stops short), which files a unit through a bridge or a door.
 */
export function goalMoves(s: KState, table: TableQueries, unitId: string, mode: MoveMode, fracs: readonly number[]): Step[][] {
  const out: Step[][] = [];
  for (const p of goalMovePlans(s, table, unitId, mode, fracs)) {
    const m = p.build();
    if (m) out.push(m);
  }
  return out;
}

/**
 * goalMoves one at a time, planned only when built (random play builds the one it picks): per share
 * of the allowance, the shift, then the soldiers on their own paths. `length` is how far in plan the
 * leading soldier may go in open going (less where the unit starts in difficult going, found when
 * built); `gain` about the most field cost a soldier may gain by it (his way's length, with a cell's
 * slack, and no more than the farthest soldier has left to go); build gives undefined
 * where that move does not exist (no free spot, nobody moves).
 */
export interface GoalMovePlan { frac: number; kind: 'shift' | 'paths'; length: number; gain: number; build: () => Step[] | undefined }

/**
 * What a caller that planned other moves of the unit on the same state has worked out already: its live
 * soldiers (liveFigures) and the slowest one's allowance in the mode in open going (movementAllowance
 * with the state's house settings).
 */
export interface UnitMoveBasis { figs: readonly KFigure[]; allowance: number }

export function goalMovePlans(s: KState, table: TableQueries, unitId: string, mode: MoveMode, fracs: readonly number[], staysChecked = false, known?: UnitMoveBasis): GoalMovePlan[] {
  const goal = unitGoal(s, table, unitId);
  const figs = known?.figs ?? liveFigures(s, unitId);
  if (!goal || !figs.length) return [];
  // A soldier who may not move (K-5.5e nobody to carry him, K-WPN an MG crew that shot): every move of
  // the whole unit is refused (unless the caller has asked already).
  if (!staysChecked && (mode === 'normal' || mode === 'fast' || mode === 'regroup') && unitSurelyStays(s, unitId, mode)) return [];
  const field = fieldOf(s, table, goal);
  const house: HouseSettings = s.house;
  const allowance = known?.allowance ?? Math.min(...figs.map((f) => movementAllowance(s, f.id, mode, false, house).allowance));
  // The soldiers nearest the goal first (each one's distance looked up once).
  const dist = new Map<KFigure, number>();
  for (const f of figs) {
    const d = goalDistance(field, f.at);
    if (Number.isFinite(d)) dist.set(f, d);
  }
  const order = [...dist.keys()].sort((a, b) => dist.get(a)! - dist.get(b)!);
  if (!order.length || dist.get(order[0]!)! <= CELL) return []; // already there (or no way there)
  const farthest = dist.get(order[order.length - 1]!)!;
  // The difficult rate (K-4.2b), for the builds only.
  let slowest: number | undefined;
  const slow = () => (slowest ??= Math.min(...figs.map((f) => movementAllowance(s, f.id, mode, true, house).allowance)));
  // What the moves share, worked out at the first build: whether the unit starts in difficult going, the
  // soldiers in its way, the free-spot test, each soldier's route.
  type Free = (f: KFigure, at: Vec2, placed: ReadonlyArray<{ f: KFigure; at: Vec2 }>, count?: number) => boolean;
  let shared: { startHard: boolean; free: Free; routeOf: (f: KFigure) => Vec2[] } | undefined;
  const prepare = () => {
    if (shared) return shared;
    const startHard = figs.some((f) => goingAt(table, f.at, house).going === 'difficult');
    // Only figures the unit could reach this move can be in its way.
    const reach = allowance + 4;
    let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
    for (const f of figs) {
      minX = Math.min(minX, f.at[0]); maxX = Math.max(maxX, f.at[0]); minZ = Math.min(minZ, f.at[1]); maxZ = Math.max(maxZ, f.at[1]);
    }
    const others: KFigure[] = [];
    for (const g of standingFigures(s)) {
      if (g.unitId !== unitId && g.at[0] >= minX - reach && g.at[0] <= maxX + reach && g.at[1] >= minZ - reach && g.at[1] <= maxZ + reach) others.push(g);
    }
    const files = (s.special?.config.crossings ?? []).filter((c) => c.singleFile);
    // Is the spot free of the first `count` soldiers placed, of the others in reach, and of solid terrain?
    const free: Free = (f, at, placed, count = placed.length) =>
      !blocked(at, f, placed, count, others, house.contactTolerance) && !sideBySide(files, f, at, placed, count, others)
      && !table.bodyClashes({ id: f.id, at, floor: 0, radius: f.baseRadius, height: FIGURE_HEIGHT }).length;
    const routes = new Map<string, Vec2[]>();
    const routeOf = (f: KFigure) => {
      let r = routes.get(f.id);
      if (!r) routes.set(f.id, (r = route(field, f.at, allowance)));
      return r;
    };
    return (shared = { startHard, free, routeOf });
  };
  // How far the leading soldier goes: K-4.2c a soldier starting in difficult going (by the rules' own terrain query) slows them all.
  const lengthOf = (length: number, cap: number) => (prepare().startHard ? Math.min(length, cap) : length);
  // The whole unit shifted by the leading soldier's first straight leg.
  const shiftMove = (full: number, cap: number): Step[] | undefined => {
    // A shift lands on the ground floor: not for a unit upstairs (its soldiers file down by their own paths).
    if (figs.some((f) => f.floor)) return undefined;
    const { free, routeOf } = prepare();
    const length = lengthOf(full, cap);
    const from = order[0]!.at;
    const lead = streamline(field, from, length, cap, routeOf(order[0]!));
    const v: Vec2 = [lead[1]![0] - from[0], lead[1]![1] - from[1]];
    // The others' straight legs may meet water or difficult going the leader's does not (K-3.3a, K-4.2c).
    let kMax = 1;
    const vl = hypot(v[0], v[1]);
    const way = SHIFT_WAY, end = SHIFT_TO;
    for (const f of figs) {
      end[0] = f.at[0] + v[0];
      end[1] = f.at[1] + v[1];
      way[0] = f.at;
      const r = scanPath(field.grid, way);
      if (r.imp < Infinity) return undefined;
      if (vl > cap && (r.diff < Infinity || goingAt(table, [f.at[0] + v[0], f.at[1] + v[1]], house).going === 'difficult')) kMax = Math.min(kMax, cap / vl);
    }
    // Each try asks first the soldier whose spot was not free at the last one (most often not free again,
    // a step further back): free is pure, so the answer is the same in any order, with fewer queries.
    let stuck = 0;
    for (let k = kMax; k >= 0.5; k -= 0.125) {
      if (vl * k < 0.5) break;
      const shift = figs.map((f) => ({ f, at: [f.at[0] + v[0] * k, f.at[1] + v[1] * k] as Vec2 }));
      const notFree = failingSoldier(shift.length, stuck, (i) => !free(shift[i]!.f, shift[i]!.at, shift, i));
      if (notFree < 0) return shift.map((x) => ({ figureId: x.f.id, to: x.at }));
      stuck = notFree;
    }
    return undefined;
  };
  // Each soldier down the field on his own path.
  const pathMove = (full: number, cap: number): Step[] | undefined => {
    const { free, routeOf } = prepare();
    const length = lengthOf(full, cap);
    const placed: Array<{ f: KFigure; at: Vec2 }> = [];
    const plans: Array<{ f: KFigure; line: Vec2[]; t: number; path: Vec2[] }> = [];
    for (const f of order) {
      // K-4.0 the tape runs in 3D: the climb down from upstairs comes off the soldier's way in plan.
      const drop = dropOf(table, f);
      const line = drop > 0 ? (length - drop > 0.5 ? streamline(field, f.at, length - drop, Math.max(0, cap - drop), routeOf(f)) : [f.at]) : streamline(field, f.at, length, cap, routeOf(f));
      const full = polyLength(line);
      let t = full;
      // Back off along the path until the spot is free (1 cm at a time): the end point alone, the path once found.
      while (t > 0.25 && !free(f, t === full ? line[line.length - 1]! : pointAlong(line, t), placed)) t -= 1;
      let path = t === full ? line : cut(line, t);
      if (t <= 0.25) { t = 0; path = [f.at]; }
      placed.push({ f, at: path[path.length - 1]! });
      plans.push({ f, line, t, path });
    }
    // K-4.2c one soldier in difficult going slows the whole unit: the others stop at its difficult rate too
    // (nothing to do when none has come further than that).
    if (plans.some((p) => p.t > cap) && plans.some((p) => p.t > 0.25 && (scanPath(field.grid, p.path).diff < Infinity || goingAt(table, p.path[p.path.length - 1]!, house).going === 'difficult'))) {
      for (const p of plans) {
        if (p.t <= cap) continue;
        const rest = plans.filter((q) => q !== p).map((q) => ({ f: q.f, at: q.path[q.path.length - 1]! }));
        let t = cap;
        while (t > 0.25 && !free(p.f, pointAlong(p.line, t), rest)) t -= 1;
        p.t = t > 0.25 ? t : 0;
        p.path = t > 0.25 ? cut(p.line, t) : [p.f.at];
      }
    }
    keepChain(plans, free);
    const steps: Step[] = plans.filter((p) => p.t > 0.25).map((p) => ({ figureId: p.f.id, to: p.path[p.path.length - 1]!, ...(p.path.length > 2 ? { via: p.path.slice(1, -1) } : {}) }));
    return steps.length ? steps : undefined;
  };
  const out: GoalMovePlan[] = [];
  for (const frac of fracs) {
    // A little short of the allowance: the tape runs in 3D, up and down banks and slopes (K-4.0).
    const length = allowance * frac * 0.96;
    const cap = () => slow() * Math.min(1, frac + 0.05) * 0.85;
    const gain = Math.min(length + 1, farthest);
    out.push({ frac, kind: 'shift', length, gain, build: () => shiftMove(length, cap()) });
    out.push({ frac, kind: 'paths', length, gain, build: () => pathMove(length, cap()) });
  }
  return out;
}

/**
 * K-1.0b the unit ends in one chain: while the soldiers' new places fall apart (those ahead filing
 * through a bridge or a door faster than those behind), the ones not linked to the rearmost soldier
 * come back along their paths, a centimetre at a time.
 */
export function keepChain(plans: Array<{ f: KFigure; line: Vec2[]; t: number; path: Vec2[] }>, free: (f: KFigure, at: Vec2, placed: ReadonlyArray<{ f: KFigure; at: Vec2 }>) => boolean): void {
  const link = COHERENCY - 0.7;
  const end = (p: { path: Vec2[] }) => p.path[p.path.length - 1]!;
  const n = plans.length;
  if (!n) return;
  const linked = new Uint8Array(n);
  const queue: number[] = [];
  for (let round = 0; round < 40; round++) {
    // Union the linked soldiers, from the rearmost (the last planned, furthest from the goal): every
    // soldier linked (by the same test, a soldier not yet linked against one linked) to one linked. The
    // least such set, whatever the order of the search: each linked soldier's links looked for once.
    linked.fill(0);
    linked[n - 1] = 1;
    let size = 1;
    queue.length = 0;
    queue.push(n - 1);
    while (queue.length) {
      const j = queue.pop()!;
      const b = end(plans[j]!);
      for (let i = 0; i < n; i++) {
        if (linked[i]) continue;
        const a = end(plans[i]!);
        if (hypot(a[0] - b[0], a[1] - b[1]) - plans[i]!.f.baseRadius - plans[j]!.f.baseRadius <= link) { linked[i] = 1; size++; queue.push(i); }
      }
    }
    if (size === n) return;
    let moved = false;
    for (let i = 0; i < n; i++) {
      const p = plans[i]!;
      if (linked[i] || p.t <= 0) continue;
      const others = plans.filter((q) => q !== p).map((q) => ({ f: q.f, at: end(q) }));
      for (let t = p.t - 1; t >= 0; t -= 1) {
        // The spot first (cut's last point), the path up to it only once it is free.
        if (t > 0.25 && !free(p.f, pointAlong(p.line, t), others)) continue;
        p.t = t > 0.25 ? t : 0;
        p.path = t > 0.25 ? cut(p.line, t) : [p.line[0]!];
        moved = true;
        break;
      }
    }
    if (!moved) return;
  }
}

/** narrow-crossing: would a soldier ending here stand beside another on a single-file walkway (closer along it than their bases)? */
function sideBySide(files: ReadonlyArray<{ band: Band }>, f: KFigure, at: Vec2, placed: ReadonlyArray<{ f: KFigure; at: Vec2 }>, count: number, others: readonly KFigure[]): boolean {
  if (!files.length) return false;
  if (count < placed.length) placed = placed.slice(0, count);
  for (const c of files) {
    if (!onBand(c.band, at)) continue;
    const len = hypot(c.band.b[0] - c.band.a[0], c.band.b[1] - c.band.a[1]) || 1;
    const along = (p: Vec2) => ((p[0] - c.band.a[0]) * (c.band.b[0] - c.band.a[0]) + (p[1] - c.band.a[1]) * (c.band.b[1] - c.band.a[1])) / len;
    const t = along(at);
    for (const g of [...placed, ...others.map((o) => ({ f: o, at: o.at }))]) {
      if (onBand(c.band, g.at) && Math.abs(along(g.at) - t) < f.baseRadius + g.f.baseRadius + 0.1) return true;
    }
  }
  return false;
}

function blocked(at: Vec2, f: KFigure, placed: ReadonlyArray<{ f: KFigure; at: Vec2 }>, count: number, others: readonly KFigure[], tol: number): boolean {
  // Squared distances against squared reaches (all reaches are positive): no square roots.
  const x = at[0], z = at[1];
  for (let i = 0; i < count; i++) {
    const p = placed[i]!;
    const dx = p.at[0] - x, dz = p.at[1] - z, r = f.baseRadius + p.f.baseRadius + 0.2;
    if (dx * dx + dz * dz < r * r) return true;
  }
  for (const g of others) {
    const dx = g.at[0] - x, dz = g.at[1] - z, r = f.baseRadius + g.baseRadius + (g.side === f.side ? 0.2 : tol + 0.5);
    if (dx * dx + dz * dz < r * r) return true;
  }
  return false;
}

/** How many times random play should count a candidate move (1 = as any other): moves that bring the unit nearer its goal count more. */
export function moveWeight(s: KState, table: TableQueries, unitId: string, moves: unknown): number {
  const goal = unitGoal(s, table, unitId);
  if (!goal || !Array.isArray(moves) || !moves.length) return 1;
  const field = fieldOf(s, table, goal);
  let gain = 0;
  let n = 0;
  for (const m of moves as Array<{ figureId?: string; to?: Vec2 }>) {
    const f = m.figureId ? s.figures[m.figureId] : undefined;
    if (!f || !m.to) continue;
    const a = goalDistance(field, f.at), b = goalDistance(field, m.to);
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    gain += a - b;
    n++;
  }
  return gainWeight(n ? gain / n : 0);
}

/** moveWeight's scale: the further a move brings the unit (mean field gain, cm), the more often it is offered, about once per cm. */
export function gainWeight(g: number): number {
  // Growing with the square of the gain: a move that covers its whole allowance toward the goal
  // outweighs the several short or sideways ones offered beside it, so that a unit gets there in
  // the game's turns instead of drifting a few centimetres per activation.
  return g > 2 ? Math.min(96, 2 + Math.round((g * g) / 6)) : 1;
}

/**
 * moveWeight of the whole unit shifted straight by a vector, known before the shift is planned: each
 * soldier's gain at the shift's full end (planning may cut it short, which gains less as a rule).
 */
export function shiftWeigher(s: KState, table: TableQueries, unitId: string, figs: readonly KFigure[]): (vx: number, vz: number) => number {
  const goal = unitGoal(s, table, unitId);
  if (!goal || !figs.length) return () => 1;
  const field = fieldOf(s, table, goal);
  const from = figs.map((f) => goalDistance(field, f.at));
  return (vx, vz) => {
    let gain = 0;
    let n = 0;
    for (let i = 0; i < figs.length; i++) {
      const a = from[i]!, f = figs[i]!;
      // goalDistance at the shifted place (its cell from the two numbers: no point built per soldier and direction).
      const b = field.d[cellXZ(field.grid, f.at[0] + vx, f.at[1] + vz)]!;
      if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
      gain += a - b;
      n++;
    }
    return gainWeight(n ? gain / n : 0);
  };
}

/** Is any enemy soldier within `range` cm of the unit in plan? */
export function enemyWithin(s: KState, unitId: string, range: number): boolean {
  return nearestEnemy(s, unitId, range) <= range;
}

/** How far (cm in plan, centre to centre) the nearest enemy soldier is from the unit's soldiers, when within `range`; else Infinity. */
function nearestEnemy(s: KState, unitId: string, range: number, mine?: readonly KFigure[]): number {
  const u = s.units[unitId];
  if (!u) return Infinity;
  mine ??= liveFigures(s, u);
  if (!mine.length) return Infinity;
  // The unit's plan box grown by the range: most enemies are outside it.
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const f of mine) {
    if (f.at[0] < minX) minX = f.at[0];
    if (f.at[0] > maxX) maxX = f.at[0];
    if (f.at[1] < minZ) minZ = f.at[1];
    if (f.at[1] > maxZ) maxZ = f.at[1];
  }
  minX -= range; maxX += range; minZ -= range; maxZ += range;
  let best = range * range;
  let found = false;
  for (const g of standingFigures(s)) {
    if (g.side === u.side) continue;
    const x = g.at[0], z = g.at[1];
    if (x < minX || x > maxX || z < minZ || z > maxZ) continue;
    for (const f of mine) {
      const dx = x - f.at[0], dz = z - f.at[1];
      const d2 = dx * dx + dz * dz;
      if (d2 <= best) { best = d2; found = true; }
    }
  }
  return found ? Math.sqrt(best) : Infinity;
}

/**
 * actionWeight's inputs for the last state, table and unit asked (a state is never changed in place):
 * an offer's actions are weighed one after another on one state, and a weak map entry for every
 * state played cost more than the answer it kept.
 */
let purpose: { s: KState; table: TableQueries; unitId: string; d: number | undefined; near: boolean; close: boolean } | undefined;

/** Plan distance (cm) within which an enemy soldier may be charged: a normal charge move and the reach across a fence (K-6.1a). */
const CHARGE_REACH = 13;

/**
 * How many times random play should count an action offered to a unit (K-2.4): far from its goal
 * with no enemy near, it runs (a fast move); with the enemy near, it moves and shoots or shoots.
 */
export function actionWeight(s: KState, table: TableQueries, unitId: string, action: string): number {
  // The same for each of an offer's actions: worked out once per state and unit.
  let p = purpose;
  if (!p || p.s !== s || p.table !== table || p.unitId !== unitId) {
    // The unit's live soldiers listed once for both.
    const mine = liveFigures(s, unitId);
    const gap = nearestEnemy(s, unitId, 25, mine);
    purpose = p = { s, table, unitId, d: distanceToGoal(s, table, unitId, mine), near: gap <= 25, close: gap <= CHARGE_REACH };
  }
  const { d, near, close } = p;
  // At a demolition charge to remove: an activation without a move there removes it (a shot moves nobody).
  if (d !== undefined && d <= 3 && removing(unitGoal(s, table, unitId))) return action === 'shoot' ? 12 : 1;
  const attacking = d !== undefined && attacks(table, s.units[unitId]!.side);
  // K-6.1a the enemy within a charge (across a fence too): the actions that may charge (a fast move only by house rule);
  // a side that must take the ground charges more readily off its objective.
  if (close) return action === 'move' || action === 'move-shoot' || (action === 'fast-move' && s.house.fastCharge) ? (attacking && d! > 3 ? 8 : 4) : 1;
  if (d !== undefined && d > 20 && !near) return action === 'fast-move' ? (attacking ? 20 : 12) : action === 'move-shoot' ? 3 : 1;
  // K-GAP-1 a side that must hold objectives at the end presses on under fire: a fast move or a move (which may
  // charge next) rather than standing to shoot; the defender may stand and shoot on the way.
  if (attacking && d! > 3) return action === 'move' || action === 'move-shoot' ? 6 : action === 'fast-move' ? 4 : 1;
  // Under fire on the way: move and shoot (or shoot first and move).
  if (d !== undefined && d > 6) return action === 'move-shoot' || action === 'fast-move' ? 4 : 1;
  // At the goal (or without one) with the enemy near: shoot.
  if (near) return action === 'shoot' ? 3 : action === 'move-shoot' || action === 'shoot-move' ? 2 : 1;
  return 1;
}

/** A building outline's plan box, 1 cm wider all round (as paths.ts pads it), once per outline. */
const BUILDING_BOXES = new WeakMap<readonly Vec2[], Bounds2>();
function buildingBox(corners: readonly Vec2[]): Bounds2 {
  let b = BUILDING_BOXES.get(corners);
  if (!b) {
    const o = boundsOf(corners);
    BUILDING_BOXES.set(corners, (b = { minX: o.minX - 1, minZ: o.minZ - 1, maxX: o.maxX + 1, maxZ: o.maxZ + 1 }));
  }
  return b;
}

/**
 * Would the rules find one of these steps running into a building wall (K-4.0, paths.ts)? The same
 * wall query with the same arguments as the move's check (on the segments that stay on the table),
 * so a move found here is a sure refusal, and the table's memo keeps the answer for the check.
 */
export function runsIntoWall(s: KState, table: TableQueries, moves: ReadonlyArray<{ figureId: string; to: Vec2; floor?: number; via?: Vec2[] }>): boolean {
  const bs = table.buildings;
  if (!bs?.length) return false;
  // Asked of every move random play picks: indexed loops, no closures (nothing allocated on the way).
  for (let k = 0; k < moves.length; k++) {
    const m = moves[k]!;
    const f = s.figures[m.figureId];
    if (!f) continue;
    // The path's points in order: the soldier's place, the waypoints (ground floor), the end.
    const via = m.via;
    const n = (via ? via.length : 0) + 2;
    let a: Vec2 = f.at;
    let fa = f.floor;
    for (let i = 0; i + 1 < n; i++) {
      const last = i + 2 === n;
      const b: Vec2 = last ? m.to : via![i]!;
      const fb = last ? m.floor ?? 0 : 0;
      if (!onTable(table, a) || !onTable(table, b)) break;
      if (hypot(b[0] - a[0], b[1] - a[1]) > 1e-9) {
        const lx = Math.min(a[0], b[0]), hx = Math.max(a[0], b[0]), lz = Math.min(a[1], b[1]), hz = Math.max(a[1], b[1]);
        let near = false;
        for (let j = 0; j < bs.length; j++) {
          const box = buildingBox(bs[j]!.corners);
          if (!(hx < box.minX || lx > box.maxX || hz < box.minZ || lz > box.maxZ)) { near = true; break; }
        }
        if (near && table.wallBetween({ id: 'path', at: a, floor: fa, radius: f.baseRadius }, { id: 'path', at: b, floor: fb, radius: f.baseRadius })) return true;
      }
      a = b;
      fa = fb;
    }
  }
  return false;
}
