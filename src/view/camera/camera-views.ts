// Camera poses of the preset views (home, top-down, each table edge) and of presentation beats,
// as plain numbers in three.js world coordinates (table centre at the origin, north = −z).
import { tableToWorld } from '../TableSpace';
import type { Rect } from './clear-area';
import { homeFrame } from './home-frame';
import type { CameraPose, Frame, Vec3 } from './pose-types';

export type { CameraPose, Frame, Vec3 } from './pose-types';

export type TableEdgeName = 'north' | 'east' | 'south' | 'west';

/** The named views a user can ask for; `free` is wherever the user last left the camera. */
export type PresetName = 'home' | 'top' | 'free' | `edge:${TableEdgeName}`;

const DEG = Math.PI / 180;

/**
 * The opening view: south of the table, looking north and down at 36° or a little steeper, as close
 * as keeps the table in the canvas's uncovered part (`clear`, NDC; the whole canvas by default) and
 * fills it (home-frame.ts).
 */
export function homePose(f: Frame, clear?: Rect): CameraPose {
  return homeFrame(f, clear).pose;
}

/** Distance at which a w × h rectangle facing the camera fills the view, with a margin. */
function fitDistance(f: Frame, w: number, h: number, margin = 1.08): number {
  const tanV = Math.tan((f.fov * DEG) / 2);
  const tanH = tanV * f.aspect;
  return Math.max(h / 2 / tanV, w / 2 / tanH) * margin;
}

/** Straight down on the table, north up on screen. */
export function topPose(f: Frame): CameraPose {
  const d = fitDistance(f, f.width, f.depth, 1.06);
  // A hair south of vertical so the orbit keeps its azimuth (north stays up on screen).
  return { position: [0, d, 0.001 * d], target: [0, 0, 0] };
}

/** Outward direction of a table edge in world coordinates. */
function edgeOutward(edge: TableEdgeName): [number, number] {
  switch (edge) {
    case 'north': return [0, -1];
    case 'south': return [0, 1];
    case 'east': return [1, 0];
    case 'west': return [-1, 0];
  }
}

/** Behind a side's table edge, 38° above the table, looking across it. */
export function edgePose(f: Frame, edge: TableEdgeName): CameraPose {
  const [ox, oz] = edgeOutward(edge);
  const along = ox !== 0 ? f.depth : f.width; // length of the edge the player sits at
  const across = ox !== 0 ? f.width : f.depth;
  const elevation = 38 * DEG;
  // The edge spans the view's width; the table's depth, foreshortened, its height.
  const d = Math.max(fitDistance(f, along, across * Math.sin(elevation), 1.0), 60);
  const h = d * Math.sin(elevation);
  const r = d * Math.cos(elevation);
  // Look at a point a little beyond the centre so the near edge is not cut off.
  const t: Vec3 = [-ox * across * 0.06, 0, -oz * across * 0.06];
  return { position: [t[0] + ox * r, h, t[2] + oz * r], target: t };
}

/** The pose of a preset (`free` has none of its own: the caller keeps the last free pose); `clear` frames the home view. */
export function presetPose(name: Exclude<PresetName, 'free'>, f: Frame, clear?: Rect): CameraPose {
  if (name === 'home') return homePose(f, clear);
  if (name === 'top') return topPose(f);
  return edgePose(f, name.slice(5) as TableEdgeName);
}

/** A presentation beat's camera (table coordinates, as in the scenario file) in world coordinates. */
export function beatPose(f: Pick<Frame, 'width' | 'depth'>, camera: { position: readonly number[]; target: readonly number[] }): CameraPose {
  const [px = 0, py = 0, pz = 0] = camera.position;
  const [tx = 0, ty = 0, tz = 0] = camera.target;
  return { position: tableToWorld(f.width, f.depth, px, py, pz), target: tableToWorld(f.width, f.depth, tx, ty, tz) };
}

/**
 * Looking at a table point from the current direction, no farther than `distance`
 * (closer if the camera already is), keeping the current viewing angles.
 */
export function focusPose(current: CameraPose, point: Vec3, distance = 40): CameraPose {
  const dx = current.position[0] - current.target[0];
  const dy = current.position[1] - current.target[1];
  const dz = current.position[2] - current.target[2];
  const len = Math.hypot(dx, dy, dz) || 1;
  const d = Math.min(len, distance);
  // Never look up from below the table: keep at least 20° of elevation.
  let ux = dx / len, uy = dy / len, uz = dz / len;
  const minUy = Math.sin(20 * DEG);
  if (uy < minUy) {
    const flat = Math.hypot(ux, uz) || 1;
    const k = Math.cos(20 * DEG) / flat;
    ux *= k; uz *= k; uy = minUy;
  }
  return { position: [point[0] + ux * d, point[1] + uy * d, point[2] + uz * d], target: [...point] };
}

/** Smooth start and stop (cubic ease in–out), t in [0, 1]. */
export function easeInOut(t: number): number {
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

/** A pose part-way between two, along a gentle arc (lifted mid-flight by a share of the distance). */
export function interpolatePose(a: CameraPose, b: CameraPose, t: number, out: CameraPose): CameraPose {
  const e = easeInOut(Math.min(Math.max(t, 0), 1));
  const travel = Math.hypot(b.position[0] - a.position[0], b.position[1] - a.position[1], b.position[2] - a.position[2]);
  const lift = Math.sin(Math.PI * e) * travel * 0.12;
  for (let i = 0; i < 3; i++) {
    out.position[i] = a.position[i]! + (b.position[i]! - a.position[i]!) * e;
    out.target[i] = a.target[i]! + (b.target[i]! - a.target[i]!) * e;
  }
  out.position[1] += lift;
  return out;
}

/** How far above its figures' stands a followed unit's centre is aimed at (cm, about chest height). */
export const FOLLOW_LIFT = 1;

/** The point a beat following a unit aims at: the mean of its figures' stand points, lifted to chest height. */
export function followTarget(stands: readonly (readonly number[])[]): Vec3 | undefined {
  if (stands.length === 0) return undefined;
  const sum = [0, 0, 0];
  for (const p of stands) for (let i = 0; i < 3; i++) sum[i]! += p[i] ?? 0;
  return [sum[0]! / stands.length, sum[1]! / stands.length + FOLLOW_LIFT, sum[2]! / stands.length];
}

/**
 * A beat's camera (table coordinates) aimed at `target` instead of its own, the position keeping
 * its offset from the authored target: the same shot of a unit wherever it has moved.
 */
export function followedCamera(camera: { position: readonly number[]; target: readonly number[] }, target: Vec3): { position: Vec3; target: Vec3 } {
  const [px = 0, py = 0, pz = 0] = camera.position;
  const [tx = 0, ty = 0, tz = 0] = camera.target;
  return { position: [target[0] + px - tx, target[1] + py - ty, target[2] + pz - tz], target };
}
