// K-4.x what a figure's path crosses: its tape length in 3D, where it first meets difficult ground
// (K-4.2c/d), impassable ground or water (K-3.3a, K-AMB-4), and building walls in the way.
import { type TableQueries, type Vec2, segmentInsideIntervals } from '../../core';
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

/** Does the plan box of a segment touch the box of a building outline (a cheap test before a wall ray)? */
function boxTouches(corners: readonly Vec2[], a: Vec2, b: Vec2): boolean {
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const c of corners) {
    minX = Math.min(minX, c[0]); maxX = Math.max(maxX, c[0]); minZ = Math.min(minZ, c[1]); maxZ = Math.max(maxZ, c[1]);
  }
  const pad = 1;
  return !(Math.max(a[0], b[0]) < minX - pad || Math.min(a[0], b[0]) > maxX + pad || Math.max(a[1], b[1]) < minZ - pad || Math.min(a[1], b[1]) > maxZ + pad);
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

function heightAt(table: TableQueries, p: PathPoint): number {
  return table.standHeight(p.at[0], p.at[1], p.floor);
}

/** Analyse a path (its first point is where the figure stands). Points off the table end it at the edge. */
export function analysePath(table: TableQueries, points: readonly PathPoint[], house: HouseSettings, radius: number): PathReport {
  const report: PathReport = { length: 0, difficult: [] };
  let acc = 0;
  const noteDifficult = (d: number, ids: readonly string[]) => {
    if (report.difficultAt === undefined || report.difficultAt > d) report.difficultAt = d;
    for (const id of ids) if (!report.difficult.includes(id)) report.difficult.push(id);
  };
  const start = goingAt(table, points[0]!.at, house);
  if (start.going === 'difficult') noteDifficult(0, start.features);
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    let b = points[i + 1]!;
    const exit = exitParam(table, a.at, b.at);
    if (exit !== undefined) b = { at: [a.at[0] + (b.at[0] - a.at[0]) * exit, a.at[1] + (b.at[1] - a.at[1]) * exit], floor: 0 };
    const plan = Math.hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]);
    const seg = Math.hypot(plan, heightAt(table, b) - heightAt(table, a));
    if (table.areasAlong && table.buildings && plan > 1e-9) {
      // Exact: where the segment enters each area / building outline.
      for (const area of table.areasAlong(a.at, b.at)) {
        const g = areaGoing(area, house);
        const t = area.spans[0]![0];
        if (g === 'impassable' && (!report.impassable || report.impassable.at > acc + seg * t)) report.impassable = { featureId: area.featureId, at: acc + seg * t };
        if (g === 'difficult') noteDifficult(acc + seg * t, [area.featureId]);
      }
      if (house.buildingsDifficult) {
        for (const bd of table.buildings) {
          const spans = segmentInsideIntervals(a.at, b.at, bd.corners);
          if (spans.length) noteDifficult(acc + seg * spans[0]![0], [bd.id]);
        }
      }
    } else {
      const n = Math.max(1, Math.ceil(plan / STEP));
      for (let k = 1; k <= n; k++) {
        const t = k / n;
        const p: Vec2 = [a.at[0] + (b.at[0] - a.at[0]) * t, a.at[1] + (b.at[1] - a.at[1]) * t];
        const g = goingAt(table, p, house);
        if (g.going === 'impassable' && !report.impassable) report.impassable = { featureId: g.features[g.features.length - 1]!, at: acc + seg * t };
        if (g.going === 'difficult') noteDifficult(acc + seg * t, g.features);
      }
    }
    if (plan > 1e-9) {
      for (const o of table.obstaclesAlong(a.at, b.at)) {
        const g = obstacleGoing(o);
        const d = acc + seg * (o.distance / plan);
        if (g === 'impassable' && (!report.impassable || report.impassable.at > d)) report.impassable = { featureId: o.featureId, at: d };
        if (g === 'difficult') {
          if (report.difficultAt === undefined || report.difficultAt > d) report.difficultAt = d;
          if (!report.difficult.includes(o.featureId)) report.difficult.push(o.featureId);
        }
      }
      const near = !table.buildings || table.buildings.some((bd) => boxTouches(bd.corners, a.at, b.at));
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
  return report;
}
