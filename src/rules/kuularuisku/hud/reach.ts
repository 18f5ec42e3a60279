// The reach outline of a figure for the move gizmo: rays walked outward over the table queries, each
// stopped where validateMove would stop the figure — its allowance (K-4.0 / K-4.1, 3D tape), a building
// wall or the body of a wall or obstacle where he would stand (K-4.0), impassable ground (K-3.3a, K-AMB-4), the table edge, and difficult ground: the
// difficult rate once the ray enters it (K-4.2c), or its edge when the figure has already run further
// than that rate (K-4.2d). Starting in difficult ground, the whole ring uses the difficult rate.
import { type FloorReach, type TableQueries, type Vec2, within } from '../../../core';
import { FIGURE_HEIGHT } from '../constants';
import { analysePath } from '../paths';
import type { HouseSettings, KFigure } from '../state';

export const REACH_RAYS = 48;
/** Stops fall this far short of an edge or a wall, so a drag to the outline is a legal move. */
const MARGIN = 0.1;
const WALL_STEPS = 10;

export interface ReachInput {
  figure: KFigure;
  /** Allowance in open ground and at the difficult-terrain rate, cm of tape. */
  open: number;
  difficult: number;
  /** The move runs at the difficult rate from the start (the figure, or per K-4.2c its unit, starts in difficult ground). */
  startDifficult: boolean;
  rays?: number;
}

/** How far (in plan, cm) the figure may go along one direction. */
export function reachAlong(table: TableQueries, house: HouseSettings, input: ReachInput, dir: Vec2): number {
  const f = input.figure;
  const max = input.startDifficult ? input.difficult : input.open;
  if (max <= 0) return 0;
  const end: Vec2 = [f.at[0] + dir[0] * max, f.at[1] + dir[1] * max];
  const floorAt = (p: Vec2) => (f.floor > 0 && table.buildingAt(p[0], p[1]) ? f.floor : 0);
  const r = analysePath(table, [{ at: f.at, floor: f.floor }, { at: end, floor: floorAt(end) }], house, f.baseRadius);
  const { width, depth } = table.scenario.table;
  const inside = end[0] >= 0 && end[1] >= 0 && end[0] <= width && end[1] <= depth;
  const planLen = inside ? max : edgeDistance(f.at, dir, width, depth);
  // Distances along the analysed segment are tape (3D) lengths, proportional to plan distance on it.
  const toPlan = (tape: number) => (r.length > 1e-9 ? (tape / r.length) * planLen : tape);
  const budget = (tape: number) => planForTape(table, f, dir, planLen, tape);
  let reach = budget(max);
  if (!inside) reach = Math.min(reach, planLen - MARGIN);
  if (r.impassable) reach = Math.min(reach, toPlan(r.impassable.at) - f.baseRadius - MARGIN);
  if (!input.startDifficult && r.difficultAt !== undefined) {
    // K-4.2d already past the difficult allowance when the ground turns difficult: stop at its edge;
    // K-4.2c otherwise the whole move is at the difficult rate.
    reach = Math.min(reach, r.difficultAt > input.difficult ? toPlan(r.difficultAt) - MARGIN : budget(input.difficult));
  }
  if (r.wall) reach = Math.min(reach, wallStop(table, f, dir, reach));
  return standClear(table, f, dir, Math.max(0, reach));
}

/** The tape from the figure to a point d cm along dir: straight, in 3D (as validateMove measures a leg). */
function tapeTo(table: TableQueries, f: KFigure, dir: Vec2, d: number): number {
  const h0 = table.standHeight(f.at[0], f.at[1], f.floor);
  const x = f.at[0] + dir[0] * d;
  const z = f.at[1] + dir[1] * d;
  const floor = f.floor > 0 && table.buildingAt(x, z) ? f.floor : 0;
  return Math.hypot(d, table.standHeight(x, z, floor) - h0);
}

/** The furthest plan distance (up to `limit`) whose tape is within `tape` cm (fixed-point steps from above). */
function planForTape(table: TableQueries, f: KFigure, dir: Vec2, limit: number, tape: number): number {
  let d = Math.min(limit, tape);
  for (let i = 0; i < 8 && d > 0; i++) {
    const t = tapeTo(table, f, dir, d);
    if (t <= tape + 1e-9) return d;
    // Scale by the ratio (exact on an even slope), a hair more each time so uneven ground converges from above.
    d = Math.max(0, d * (tape / t) - 0.01 * (i + 1));
  }
  return Math.max(0, d);
}

/** Could a solid (wall, obstacle, building) touch a body standing at `at`? Cheap plan tests before bodyClashes. */
function nearSolid(table: TableQueries, at: Vec2, radius: number): boolean {
  const r = radius + 0.5;
  if (table.obstaclesAlong([at[0] - r, at[1]], [at[0] + r, at[1]]).length) return true;
  if (table.obstaclesAlong([at[0], at[1] - r], [at[0], at[1] + r]).length) return true;
  if (!table.buildings) return true;
  return table.buildings.some((b) => boxNear(b.corners, at, r + 1));
}

function boxNear(corners: readonly Vec2[], p: Vec2, pad: number): boolean {
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const c of corners) {
    minX = Math.min(minX, c[0]); maxX = Math.max(maxX, c[0]); minZ = Math.min(minZ, c[1]); maxZ = Math.max(maxZ, c[1]);
  }
  return p[0] >= minX - pad && p[0] <= maxX + pad && p[1] >= minZ - pad && p[1] <= maxZ + pad;
}

/** Back off along the ray until the figure could stand there (not inside a wall or obstacle body, K-4.0). */
function standClear(table: TableQueries, f: KFigure, dir: Vec2, reach: number): number {
  const clear = (d: number) => {
    const at: Vec2 = [f.at[0] + dir[0] * d, f.at[1] + dir[1] * d];
    if (!nearSolid(table, at, f.baseRadius)) return true;
    const floor = f.floor > 0 && table.buildingAt(at[0], at[1]) ? f.floor : 0;
    return !table.bodyClashes({ id: f.id, at, floor, radius: f.baseRadius, height: FIGURE_HEIGHT }).length;
  };
  if (clear(reach)) return reach;
  // Coarse steps back, then bisect between the first clear point and the blocked one after it.
  let hi = reach;
  let lo = reach - 0.5;
  while (lo > 0 && !clear(lo)) {
    hi = lo;
    lo -= 0.5;
  }
  if (lo <= 0) return 0;
  for (let i = 0; i < 4; i++) {
    const mid = (lo + hi) / 2;
    if (clear(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

/** Plan distance from p along dir to the table's edge. */
function edgeDistance(p: Vec2, dir: Vec2, width: number, depth: number): number {
  let t = Infinity;
  if (dir[0] > 1e-12) t = Math.min(t, (width - p[0]) / dir[0]);
  if (dir[0] < -1e-12) t = Math.min(t, -p[0] / dir[0]);
  if (dir[1] > 1e-12) t = Math.min(t, (depth - p[1]) / dir[1]);
  if (dir[1] < -1e-12) t = Math.min(t, -p[1] / dir[1]);
  return Math.max(0, t);
}

/** The last point before a building wall along the ray (bisection on wallBetween). */
function wallStop(table: TableQueries, f: KFigure, dir: Vec2, upTo: number): number {
  // Beyond its building an upstairs figure's end point is on the ground (as in tapeTo): asking
  // for floor 1 where no building stands throws.
  const clear = (d: number) => {
    const at: Vec2 = [f.at[0] + dir[0] * d, f.at[1] + dir[1] * d];
    const floor = f.floor > 0 && table.buildingAt(at[0], at[1]) ? f.floor : 0;
    return !table.wallBetween({ id: f.id, at: f.at, floor: f.floor, radius: f.baseRadius }, { id: f.id, at, floor, radius: f.baseRadius });
  };
  if (clear(upTo)) return upTo;
  let lo = 0;
  let hi = upTo;
  for (let i = 0; i < WALL_STEPS; i++) {
    const mid = (lo + hi) / 2;
    if (clear(mid)) lo = mid;
    else hi = mid;
  }
  return Math.max(0, lo - MARGIN);
}

/** The closed ring of reachable points around the figure (one per ray, counter-clockwise from east). */
export function reachOutline(table: TableQueries, house: HouseSettings, input: ReachInput): Array<[number, number]> {
  const n = input.rays ?? REACH_RAYS;
  const f = input.figure;
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const dir: Vec2 = [Math.cos(a), Math.sin(a)];
    const d = reachAlong(table, house, input, dir);
    ring.push([round(f.at[0] + dir[0] * d), round(f.at[1] + dir[1] * d)]);
  }
  return ring;
}

const round = (v: number) => Math.round(v * 100) / 100;

/** Side of the cells of a storey's reach, cm (a base is 2–2.5 cm across). */
export const FLOOR_CELL = 1;

/**
 * Could the figure end at `p` on `floor` of the building standing there? The checks reachAlong makes
 * along a ray, for one end point, as validateMove makes them for a soldier alone: a storey the
 * building has (K-4.0), no wall without a door, no impassable ground, the 3D tape (a storey climbed
 * counts its height) within the allowance — the difficult rate once the path meets difficult ground
 * (K-4.2c), none past its edge after more than that rate (K-4.2d) — and no wall or obstacle body where
 * he would stand. Other soldiers and the unit's chain are left to the rules on release, as for the outline.
 */
export function reachesOnFloor(table: TableQueries, house: HouseSettings, input: ReachInput, p: Vec2, floor: number): boolean {
  const f = input.figure;
  const b = table.buildingAt(p[0], p[1]);
  if (!b || floor < 0 || floor >= b.levels.length) return false;
  const max = input.startDifficult ? input.difficult : input.open;
  // The tape is never shorter than the plan distance.
  if (max <= 0 || !within(Math.hypot(p[0] - f.at[0], p[1] - f.at[1]), max)) return false;
  const r = analysePath(table, [{ at: f.at, floor: f.floor }, { at: p, floor }], house, f.baseRadius);
  if (r.impassable || r.wall || r.edgeAt !== undefined) return false;
  let limit = max;
  if (!input.startDifficult && r.difficultAt !== undefined) {
    if (r.difficultAt > 0 && !within(r.difficultAt, input.difficult)) return false;
    limit = input.difficult;
  }
  if (!within(r.length, limit)) return false;
  return !table.bodyClashes({ id: f.id, at: p, floor, radius: f.baseRadius, height: FIGURE_HEIGHT }).length;
}

/**
 * Where the figure may end on the storeys of the buildings within his reach other than the floor he
 * stands on (his own floor is the outline's): per building and storey, the centres of the FLOOR_CELL
 * cells inside the building that pass reachesOnFloor. Storeys with no such cell are left out.
 */
export function floorReach(table: TableQueries, house: HouseSettings, input: ReachInput): FloorReach[] {
  const f = input.figure;
  const max = input.startDifficult ? input.difficult : input.open;
  const out: FloorReach[] = [];
  if (max <= 0 || !table.buildings) return out;
  for (const bd of table.buildings) {
    let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
    for (const c of bd.corners) {
      minX = Math.min(minX, c[0]); maxX = Math.max(maxX, c[0]); minZ = Math.min(minZ, c[1]); maxZ = Math.max(maxZ, c[1]);
    }
    // Out of reach in plan: the nearest point of its box is further than the allowance.
    const dx = Math.max(minX - f.at[0], 0, f.at[0] - maxX), dz = Math.max(minZ - f.at[1], 0, f.at[1] - maxZ);
    if (Math.hypot(dx, dz) > max) continue;
    for (let floor = 0; floor < bd.levels.length; floor++) {
      if (floor === f.floor) continue;
      const cells: Array<[number, number]> = [];
      for (let x = Math.floor(minX / FLOOR_CELL) * FLOOR_CELL + FLOOR_CELL / 2; x < maxX; x += FLOOR_CELL) {
        for (let z = Math.floor(minZ / FLOOR_CELL) * FLOOR_CELL + FLOOR_CELL / 2; z < maxZ; z += FLOOR_CELL) {
          if (Math.hypot(x - f.at[0], z - f.at[1]) > max) continue;
          if (table.buildingAt(x, z)?.id !== bd.id) continue;
          if (reachesOnFloor(table, house, input, [x, z], floor)) cells.push([x, z]);
        }
      }
      if (cells.length) out.push({ buildingId: bd.id, floor, cell: FLOOR_CELL, cells });
    }
  }
  return out;
}
