// C-3.3.3.1a / C-3.3.3.2a–e what one soldier sees of another on the battlefield: a straight sight line
// from his eye to the target's head, chest or base, not blocked by buildings, trees or other units'
// figures; the distance between them (C-3.3.3.2d); and the cover the target has (C-MOD-5 soft, C-MOD-6
// hard). The book has no terrain chapter (C-GAP-5), so cover is read from the battlefield's tags: the
// ground the target stands in, and obstacles the line crosses in its half nearer the target (a wall at
// the firer's feet covers nobody); light cover is soft, any harder class hard.
import { hypot, type TableFigure, type TableQueries, type Vec2, type Vec3 } from '../../../core';
import { featureName, type Scenario } from '../../../scenario';
import { FIGURE, figureName, unitName } from '../scenario-data';
import type { CFigure, CVehicle } from '../state';
import { lineThroughHull } from '../vehicle-table';

/** The points of a figure the sight lines aim at: head, chest and base (as the module's sightPoints). */
export const AIM_POINTS = [{ name: 'head', fraction: 0.94 }, { name: 'chest', fraction: 0.7 }, { name: 'base', cm: 0.15 }] as const;

export type Cover = { kind: 'soft' | 'hard'; by: string };

export type Sight =
  | { seen: true; distance: number; cover?: Cover }
  | { seen: false; distance: number; blocker: string };

const bodyOf = (f: CFigure): TableFigure => ({ id: f.id, at: f.at, floor: 0, height: FIGURE.height, radius: FIGURE.radius });

/** C-3.3.3.1a the first figure of another unit standing in the line eye → point (plan within its base, below its head). */
function figureInTheWay(table: TableQueries, eye: Vec3, point: Vec3, others: readonly CFigure[]): CFigure | undefined {
  const [ex, ez, px, pz] = [eye[0], eye[2], point[0], point[2]];
  const dx = px - ex, dz = pz - ez;
  const len2 = dx * dx + dz * dz;
  if (len2 < 1e-9) return undefined;
  let best: CFigure | undefined;
  let bestT = Infinity;
  for (const c of others) {
    const t = ((c.at[0] - ex) * dx + (c.at[1] - ez) * dz) / len2;
    if (t <= 0 || t >= 1 || t >= bestT) continue;
    if (hypot(ex + t * dx - c.at[0], ez + t * dz - c.at[1]) > FIGURE.radius) continue;
    const lineY = eye[1] + t * (point[1] - eye[1]);
    if (lineY < table.standHeight(c.at[0], c.at[1], 0) + FIGURE.height) {
      best = c;
      bestT = t;
    }
  }
  return best;
}

const COVER_RANK = { soft: 1, hard: 2 } as const;
const coverKind = (cover: string): Cover['kind'] | undefined => (cover === 'none' ? undefined : cover === 'light' ? 'soft' : 'hard');

/** C-MOD-5 / C-MOD-6 the target's cover against a firer at `from` (C-GAP-5: read from the battlefield's tags). */
export function coverOf(table: TableQueries, from: Vec2, target: Vec2): Cover | undefined {
  let best: Cover | undefined;
  const take = (kind: Cover['kind'] | undefined, featureId: string) => {
    if (kind && (!best || COVER_RANK[kind] > COVER_RANK[best.kind])) best = { kind, by: featureName(table.scenario, featureId) };
  };
  const building = table.buildingAt(target[0], target[1]);
  if (building) take('hard', building.id);
  for (const a of table.areasAt(target[0], target[1])) take(coverKind(a.tags.cover), a.featureId);
  const half = hypot(target[0] - from[0], target[1] - from[1]) / 2;
  for (const o of table.obstaclesAlong(from, target)) if (o.distance > half) take(coverKind(o.tags.cover), o.featureId);
  return best;
}

/** C-3.3.3.1a the nearest vehicle hull (a wreck's too) the line eye → point passes through, by its name. */
function hullInTheWay(scenario: Scenario, table: TableQueries, eye: Vec3, point: Vec3, hulls: readonly CVehicle[]): string | undefined {
  let best: { t: number; v: CVehicle } | undefined;
  for (const v of hulls) {
    const t = lineThroughHull(eye, point, v, table.standHeight(v.at[0], v.at[1], 0));
    if (t !== undefined && (!best || t < best.t)) best = { t, v };
  }
  return best && `${unitName(scenario, best.v.unit)}${best.v.wreck ? ' (wreck)' : ''}`;
}

/**
 * C-3.3.3.1a / C-3.3.3.2d one soldier's sight of another: seen when a line from his eye reaches the
 * target's head, chest or base past the terrain, every other unit's figure (`others`) and every
 * vehicle's hull (`hulls`); else the first thing in the way, named. With the distance and, when seen,
 * the cover.
 */
export function figureSight(scenario: Scenario, table: TableQueries, firer: CFigure, target: CFigure, others: readonly CFigure[], hulls: readonly CVehicle[] = []): Sight {
  const v = table.visibility(bodyOf(firer), bodyOf(target), { figures: false }, AIM_POINTS);
  const plan = hypot(target.at[0] - firer.at[0], target.at[1] - firer.at[1]);
  const distance = hypot(plan, table.standHeight(target.at[0], target.at[1], 0) - table.standHeight(firer.at[0], firer.at[1], 0));
  let blocker: string | undefined;
  for (const sample of v.samples) {
    if (!sample.result.clear) {
      blocker ??= sample.result.blocker ? featureName(table.scenario, sample.result.blocker.featureId) : 'the ground';
      continue;
    }
    const c = figureInTheWay(table, v.eye, sample.point, others);
    if (c) {
      blocker ??= figureName(scenario, c.unit, c.id);
      continue;
    }
    const hull = hullInTheWay(scenario, table, v.eye, sample.point, hulls);
    if (hull) {
      blocker ??= hull;
      continue;
    }
    const cover = coverOf(table, firer.at, target.at);
    return { seen: true, distance, ...(cover ? { cover } : {}) };
  }
  return { seen: false, distance, blocker: blocker ?? 'the ground' };
}
