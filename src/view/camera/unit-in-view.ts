// The camera pose that brings a group of points (a unit's figures) into a clear part of the screen,
// keeping the viewing direction: null when they already stand inside it. Plain numbers, world
// coordinates (y up), so it is tested without a canvas.
import type { CameraPose, Vec3 } from './pose-types';
import type { Rect } from './clear-area';

const DEG = Math.PI / 180;

type V = [number, number, number];
const sub = (a: readonly number[], b: readonly number[]): V => [a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!];
const dot = (a: V, b: V): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: V, b: V): V => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: V): V => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

export interface Lens {
  /** Vertical field of view, degrees. */
  fov: number;
  /** Width / height of the canvas. */
  aspect: number;
}

export interface Basis {
  forward: V;
  right: V;
  up: V;
  tanV: number;
  tanH: number;
}

export function basis(pose: CameraPose, lens: Lens): Basis {
  const forward = norm(sub(pose.target, pose.position));
  const right = norm(cross(forward, [0, 1, 0]));
  const up = cross(right, forward);
  const tanV = Math.tan((lens.fov * DEG) / 2);
  return { forward, right, up, tanV, tanH: tanV * lens.aspect };
}

/** Where a world point falls on the screen (normalised device coordinates), or null behind the camera. */
export function projectNdc(pose: CameraPose, lens: Lens, p: readonly number[]): [number, number] | null {
  const b = basis(pose, lens);
  const rel = sub(p, pose.position);
  const z = dot(rel, b.forward);
  if (z <= 0) return null;
  return [dot(rel, b.right) / (z * b.tanH), dot(rel, b.up) / (z * b.tanV)];
}

/** The clear area shrunk by a share of its size on each side (a margin the points must keep). */
function inset(r: Rect, share: number): Rect {
  const w = (r.right - r.left) * share;
  const h = (r.top - r.bottom) * share;
  return { left: r.left + w, right: r.right - w, top: r.top - h, bottom: r.bottom + h };
}

/** Every point projects inside `clear` (NDC, top > bottom), with a margin. */
export function allInside(pose: CameraPose, lens: Lens, points: readonly Vec3[], clear: Rect, margin = 0.08): boolean {
  const r = inset(clear, margin);
  return points.every((p) => {
    const q = projectNdc(pose, lens, p);
    return !!q && q[0] >= r.left && q[0] <= r.right && q[1] >= r.bottom && q[1] <= r.top;
  });
}

/** The table's top, world coordinates: centred on the origin, y = 0 (as TableSpace places it). */
export interface TableSize {
  width: number;
  depth: number;
}

const WHOLE: Rect = { left: -1, right: 1, top: 1, bottom: -1 };

/**
 * Share of the canvas (0…1), or of a part of it (`area`, NDC), that sees the table's top: rays through
 * a grid of it that meet the table.
 */
export function tableCover(pose: CameraPose, lens: Lens, table: TableSize, columns = 24, rows = 14, area: Rect = WHOLE): number {
  const b = basis(pose, lens);
  const [px, py, pz] = pose.position;
  let hits = 0;
  for (let i = 0; i < columns; i++) {
    const sx = (area.left + ((i + 0.5) * (area.right - area.left)) / columns) * b.tanH;
    for (let j = 0; j < rows; j++) {
      const sy = (area.bottom + ((j + 0.5) * (area.top - area.bottom)) / rows) * b.tanV;
      const dy = b.forward[1] + sx * b.right[1] + sy * b.up[1];
      if (dy >= 0 || py <= 0) continue; // the ray never comes down to the table
      const t = -py / dy;
      const x = px + t * (b.forward[0] + sx * b.right[0] + sy * b.up[0]);
      const z = pz + t * (b.forward[2] + sx * b.right[2] + sy * b.up[2]);
      if (Math.abs(x) <= table.width / 2 && Math.abs(z) <= table.depth / 2) hits++;
    }
  }
  return hits / (columns * rows);
}

/** The pose, same direction as `b`, `depth` from its target, that shows world point `mid` at screen point (ax, ay) (NDC). */
export function poseShowing(b: Basis, mid: V, depth: number, ax: number, ay: number): CameraPose {
  const ray = norm([
    b.forward[0] + ax * b.tanH * b.right[0] + ay * b.tanV * b.up[0],
    b.forward[1] + ax * b.tanH * b.right[1] + ay * b.tanV * b.up[1],
    b.forward[2] + ax * b.tanH * b.right[2] + ay * b.tanV * b.up[2],
  ]);
  const along = depth / dot(ray, b.forward);
  const position: Vec3 = [mid[0] - ray[0] * along, mid[1] - ray[1] * along, mid[2] - ray[2] * along];
  const target: Vec3 = [position[0] + b.forward[0] * depth, position[1] + b.forward[1] * depth, position[2] + b.forward[2] * depth];
  return { position, target };
}

/** The glide comes closer until the table fills at least this share of the canvas (the unit's fit allowing)... */
export const TABLE_COVER_LEAST = 0.5;
/** ...or as much as the view shows now, up to this share: no closer for more. */
export const TABLE_COVER_ENOUGH = 0.6;
/** Screen places tried for the unit across the clear area, per axis. */
const PLACES = 9;
/** Coverage this close to the best counts as as good (the unit then stands nearer the clear area's middle). */
const COVER_SLACK = 0.02;

/**
 * A pose with the same viewing direction that puts all the points inside `clear` (NDC), no nearer than
 * the camera stands now and far enough back for all of them to fit. Without a table, the points' middle
 * goes to the middle of `clear`. With one, the unit may stand off the middle of `clear` (still inside it)
 * and the camera may come closer (never nearer than the unit's fit) so the table, not the void beyond
 * its edge, fills the canvas: of the places that show the most table, the one nearest the middle.
 * Null when the points are already inside (the camera stays where the user left it).
 */
export function unitInViewPose(current: CameraPose, lens: Lens, points: readonly Vec3[], clear: Rect, table?: TableSize): CameraPose | null {
  if (points.length === 0 || allInside(current, lens, points, clear)) return null;
  const b = basis(current, lens);
  const n = points.length;
  const mid: V = [0, 0, 0];
  for (const p of points) for (let i = 0; i < 3; i++) mid[i]! += p[i]! / n;
  let radius = 3;
  for (const p of points) radius = Math.max(radius, Math.hypot(...sub(p, mid)));
  const cx = (clear.left + clear.right) / 2;
  const cy = (clear.top + clear.bottom) / 2;
  const hx = Math.max(0.05, (clear.right - clear.left) / 2);
  const hy = Math.max(0.05, (clear.top - clear.bottom) / 2);
  const now = Math.hypot(...sub(current.target, current.position));
  // The unit's radius takes at most 70% of the clear area's half-size.
  const fit = radius / (0.7 * Math.min(hx * b.tanH, hy * b.tanV));
  const depth = Math.max(now, fit);
  const centred = poseShowing(b, mid, depth, cx, cy);
  if (!table) return centred;
  // From the chosen distance in, a step at a time, down to the unit's fit: the farthest that shows enough table.
  const depths = [depth];
  while (depths.at(-1)! * 0.85 > fit) depths.push(depths.at(-1)! * 0.85);
  if (depths.at(-1)! > fit) depths.push(fit);
  // Enough table: as much as the view shows now, within the least and enough shares (a unit in the
  // table's middle, seen from near enough, keeps the user's distance).
  const enough = Math.min(TABLE_COVER_ENOUGH, Math.max(TABLE_COVER_LEAST, tableCover(current, lens, table)));
  let best: Placed | null = null;
  for (const d of depths) {
    const here = bestPlace(b, lens, mid, d, points, clear, table);
    if (here && (!best || here.cover > best.cover + COVER_SLACK)) best = here;
    if (best && best.cover >= enough - COVER_SLACK) break;
  }
  return best?.pose ?? centred;
}

interface Placed {
  pose: CameraPose;
  cover: number;
}

/** At one distance: of the screen places in `clear` that keep every point inside it, the one showing the most table (the nearest the middle among those as good). */
function bestPlace(b: Basis, lens: Lens, mid: V, depth: number, points: readonly Vec3[], clear: Rect, table: TableSize): Placed | null {
  const cx = (clear.left + clear.right) / 2;
  const cy = (clear.top + clear.bottom) / 2;
  const found: Array<Placed & { off: number }> = [];
  for (let i = 0; i < PLACES; i++) {
    for (let j = 0; j < PLACES; j++) {
      const ax = clear.left + ((i + 0.5) * (clear.right - clear.left)) / PLACES;
      const ay = clear.bottom + ((j + 0.5) * (clear.top - clear.bottom)) / PLACES;
      const pose = poseShowing(b, mid, depth, ax, ay);
      if (!allInside(pose, lens, points, clear)) continue;
      found.push({ pose, cover: tableCover(pose, lens, table), off: Math.hypot((ax - cx) / (clear.right - clear.left), (ay - cy) / (clear.top - clear.bottom)) });
    }
  }
  if (found.length === 0) return null;
  const most = Math.max(...found.map((f) => f.cover));
  return found.filter((f) => f.cover >= most - COVER_SLACK).reduce((a, f) => (f.off < a.off ? f : a));
}
