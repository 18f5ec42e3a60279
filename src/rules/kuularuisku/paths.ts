// K-4.x what a figure's path crosses: its tape length in 3D, where it first meets difficult ground
// (K-4.2c/d), impassable ground or water (K-3.3a, K-AMB-4), and building walls in the way.
import { EPS, type TableQueries, type Vec2, segmentFirstInside, hypot } from '../../core';
import { areaGoing, goingAt, obstacleGoing } from './terrain';
import type { HouseSettings } from './state';

export interface PathPoint {
  at: Vec2;
  floor: number;
}

export interface PathReport {
  /** Tape length of the whole path (3D, straight between its points), cm. */
  length: number;
  /** Distance along the path where it first is in difficult terrain (0 when it starts there); undefined if never. */
  difficultAt?: number;
  /** Difficult terrain features met. */
  difficult: string[];
  /** The first impassable feature on the path, if any. */
  impassable?: { featureId: string; at: number };
  /** A building wall the path runs into (doors and breaches let it through). */
  wall?: { featureId: string; segment: number };
  /** Where the path crosses the table edge (K-7.4a), as a distance along it; undefined if it stays on. */
  edgeAt?: number;
}

const STEP = 0.25; // cm between going samples along a path

/** The plan boxes of a table's buildings, padded by 1 cm, flat (minX, maxX, minZ, maxZ per building; computed once per list). */
const BOXES = new WeakMap<readonly { corners: readonly Vec2[] }[], Float64Array>();
function boxesOf(buildings: readonly { corners: readonly Vec2[] }[]): Float64Array {
  let b = BOXES.get(buildings);
  if (!b) {
    b = new Float64Array(buildings.length * 4);
    buildings.forEach((bd, k) => {
      let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
      for (const c of bd.corners) {
        minX = Math.min(minX, c[0]); maxX = Math.max(maxX, c[0]); minZ = Math.min(minZ, c[1]); maxZ = Math.max(maxZ, c[1]);
      }
      b![k * 4] = minX - 1; b![k * 4 + 1] = maxX + 1; b![k * 4 + 2] = minZ - 1; b![k * 4 + 3] = maxZ + 1;
    });
    BOXES.set(buildings, b);
  }
  return b;
}

/**
 * Does the plan box of a segment (its x from x0 to x1, z from z0 to z1, each pair ordered) touch the
 * box of building k (a cheap test before a wall ray or an exact crossing)? The segment's box is worked
 * out once per segment, not per building.
 */
function boxTouches(boxes: Float64Array, k: number, x0: number, x1: number, z0: number, z1: number): boolean {
  const o = k * 4;
  return !(x1 < boxes[o]! || x0 > boxes[o + 1]! || z1 < boxes[o + 2]! || z0 > boxes[o + 3]!);
}

function inside(table: TableQueries, p: Vec2): boolean {
  const { width, depth } = table.scenario.table;
  return p[0] >= 0 && p[1] >= 0 && p[0] <= width && p[1] <= depth;
}

/** Parameter t ∈ (0, 1] where segment a→b leaves the table rectangle, if it does. */
function exitParam(table: TableQueries, a: Vec2, b: Vec2): number | undefined {
  if (inside(table, b)) return undefined;
  const { width, depth } = table.scenario.table;
  let t = 1;
  const dx = b[0] - a[0], dz = b[1] - a[1];
  if (b[0] < 0) t = Math.min(t, (0 - a[0]) / dx);
  if (b[0] > width) t = Math.min(t, (width - a[0]) / dx);
  if (b[1] < 0) t = Math.min(t, (0 - a[1]) / dz);
  if (b[1] > depth) t = Math.min(t, (depth - a[1]) / dz);
  return Math.max(0, t);
}

/** A bridge deck in plan: its axis (first to last path point) and half width. */
interface Deck { a: Vec2; b: Vec2; half: number }

const DECKS = new WeakMap<object, Deck[]>();

/**
 * K-3.3a water is crossed by its bridges: the decks of the table's bridge features (a needle dam is a
 * bridge too). Read from the feature list the table was built from (path and width), once per table.
 */
function decksOf(table: TableQueries): Deck[] {
  const key = table.scenario;
  let d = DECKS.get(key);
  if (!d) {
    d = [];
    for (const f of table.scenario.features) {
      if (f.kind !== 'bridge') continue;
      const g = f as unknown as { path?: Vec2[]; width?: number };
      if (g.path && g.path.length >= 2 && g.width) d.push({ a: g.path[0]!, b: g.path[g.path.length - 1]!, half: g.width / 2 });
    }
    DECKS.set(key, d);
  }
  return d;
}

function onDeck(decks: readonly Deck[], p: Vec2): boolean {
  for (const d of decks) {
    // closestOnSegment(p, d.a, d.b), without its objects: the same arithmetic.
    const ex = d.b[0] - d.a[0];
    const ez = d.b[1] - d.a[1];
    const len2 = ex * ex + ez * ez;
    let t = len2 < EPS ? 0 : ((p[0] - d.a[0]) * ex + (p[1] - d.a[1]) * ez) / len2;
    t = Math.max(0, Math.min(1, t));
    const distance = hypot(d.a[0] + ex * t - p[0], d.a[1] + ez * t - p[1]);
    if (t >= 0 && t <= 1 && distance <= d.half) return true;
  }
  return false;
}

/** Where (as a segment parameter) a water span [t0, t1] of a→b first leaves the bridge decks; undefined when a deck carries all of it. */
function unbridged(decks: readonly Deck[], a: Vec2, b: Vec2, t0: number, t1: number): number | undefined {
  if (!decks.length) return t0;
  const len = hypot(b[0] - a[0], b[1] - a[1]);
  const n = Math.max(1, Math.ceil(((t1 - t0) * len) / STEP));
  for (let k = 0; k <= n; k++) {
    const t = t0 + ((t1 - t0) * k) / n;
    if (!onDeck(decks, [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t])) return t;
  }
  return undefined;
}

function heightAt(table: TableQueries, p: PathPoint): number {
  return table.standHeight(p.at[0], p.at[1], p.floor);
}

/** Analyse a path (its first point is where the figure stands). Points off the table end it at the edge. */
export function analysePath(table: TableQueries, points: readonly PathPoint[], house: HouseSettings, radius: number): PathReport {
  return analyse(table, points, house, radius, undefined);
}

/**
 * analysePath, also giving the stand height of the path's last point when the path stays on the table
 * (`end.y`, as table.standHeight answers it), so the move's end base need not be asked for again.
 */
export function analyse(table: TableQueries, points: readonly PathPoint[], house: HouseSettings, radius: number, end: { y: number } | undefined): PathReport {
  const report: PathReport = { length: 0, difficult: [] };
  let acc = 0;
  const decks = decksOf(table);
  const start = goingAt(table, points[0]!.at, house, decks.length > 0 && onDeck(decks, points[0]!.at));
  if (start.going === 'difficult') noteDifficult(report, 0, start.features);
  const buildings = table.buildings;
  const boxes = buildings ? boxesOf(buildings) : undefined;
  let ya = heightAt(table, points[0]!);
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    let b = points[i + 1]!;
    const exit = exitParam(table, a.at, b.at);
    if (exit !== undefined) b = { at: [a.at[0] + (b.at[0] - a.at[0]) * exit, a.at[1] + (b.at[1] - a.at[1]) * exit], floor: 0 };
    const plan = hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]);
    const sx0 = Math.min(a.at[0], b.at[0]), sx1 = Math.max(a.at[0], b.at[0]), sz0 = Math.min(a.at[1], b.at[1]), sz1 = Math.max(a.at[1], b.at[1]);
    const yb = heightAt(table, b);
    const seg = hypot(plan, yb - ya);
    ya = yb;
    let near: boolean | undefined; // does the segment's box touch a building's box (known once the buildings were looked at)?
    if (table.areasAlong && buildings && plan > 1e-9) {
      // Exact: where the segment enters each area / building outline.
      const areas = table.areasAlong(a.at, b.at);
      for (let q = 0; q < areas.length; q++) {
        const area = areas[q]!;
        const g = areaGoing(area, house);
        let t = area.spans[0]![0];
        if (g !== 'open' && area.kind === 'water') {
          // K-3.3a a bridge deck carries the path over the water.
          let first: number | undefined;
          for (const [t0, t1] of area.spans) {
            first = unbridged(decks, a.at, b.at, t0, t1);
            if (first !== undefined) break;
          }
          if (first === undefined) continue;
          t = first;
        }
        if (g === 'impassable' && (!report.impassable || report.impassable.at > acc + seg * t)) report.impassable = { featureId: area.featureId, at: acc + seg * t };
        if (g === 'difficult') noteDifficult(report, acc + seg * t, [area.featureId]);
      }
      if (house.buildingsDifficult) {
        near = false;
        for (let k = 0; k < buildings.length; k++) {
          // A segment whose box misses the building's box cannot enter it.
          if (!boxTouches(boxes!, k, sx0, sx1, sz0, sz1)) continue;
          near = true;
          const bd = buildings[k]!;
          const t0 = segmentFirstInside(a.at, b.at, bd.corners);
          if (t0 !== undefined) noteDifficult(report, acc + seg * t0, [bd.id]);
        }
      }
    } else {
      const n = Math.max(1, Math.ceil(plan / STEP));
      for (let k = 1; k <= n; k++) {
        const t = k / n;
        const p: Vec2 = [a.at[0] + (b.at[0] - a.at[0]) * t, a.at[1] + (b.at[1] - a.at[1]) * t];
        const g = goingAt(table, p, house, onDeck(decks, p));
        if (g.going === 'impassable' && !report.impassable) report.impassable = { featureId: g.features[g.features.length - 1]!, at: acc + seg * t };
        if (g.going === 'difficult') noteDifficult(report, acc + seg * t, g.features);
      }
    }
    if (plan > 1e-9) {
      const crossed = table.obstaclesAlong(a.at, b.at);
      for (let q = 0; q < crossed.length; q++) {
        const o = crossed[q]!;
        const g = obstacleGoing(o);
        const d = acc + seg * (o.distance / plan);
        if (g === 'impassable' && (!report.impassable || report.impassable.at > d)) report.impassable = { featureId: o.featureId, at: d };
        if (g === 'difficult') {
          if (report.difficultAt === undefined || report.difficultAt > d) report.difficultAt = d;
          if (!report.difficult.includes(o.featureId)) report.difficult.push(o.featureId);
        }
      }
      if (near === undefined) {
        near = !buildings;
        if (buildings) for (let k = 0; k < buildings.length && !near; k++) near = boxTouches(boxes!, k, sx0, sx1, sz0, sz1);
      }
      const wall = near ? table.wallBetween({ id: 'path', at: a.at, floor: a.floor, radius }, { id: 'path', at: b.at, floor: b.floor, radius }) : undefined;
      if (wall && !report.wall) report.wall = { featureId: wall.featureId, segment: i };
    }
    acc += seg;
    if (exit !== undefined) {
      report.edgeAt = acc;
      break;
    }
  }
  report.length = acc;
  if (end && report.edgeAt === undefined) end.y = ya;
  return report;
}

function noteDifficult(report: PathReport, d: number, ids: readonly string[]): void {
  if (report.difficultAt === undefined || report.difficultAt > d) report.difficultAt = d;
  for (const id of ids) if (!report.difficult.includes(id)) report.difficult.push(id);
}
