// The camera pose that brings a group of points (a unit's figures) into a clear part of the screen,
// keeping the viewing direction: null when they already stand inside it. Plain numbers, world
// coordinates (y up), so it is tested without a canvas.
import type { CameraPose, Vec3 } from './camera-views';
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

interface Basis {
  forward: V;
  right: V;
  up: V;
  tanV: number;
  tanH: number;
}

function basis(pose: CameraPose, lens: Lens): Basis {
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

/**
 * A pose with the same viewing direction that puts the points' middle at the middle of `clear`
 * (NDC), no nearer than the camera stands now and far enough back for all of them to fit inside it.
 * Null when they are already inside (the camera stays where the user left it).
 */
export function unitInViewPose(current: CameraPose, lens: Lens, points: readonly Vec3[], clear: Rect): CameraPose | null {
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
  // The ray through the clear area's middle, in the camera's present orientation.
  const ray = norm([
    b.forward[0] + cx * b.tanH * b.right[0] + cy * b.tanV * b.up[0],
    b.forward[1] + cx * b.tanH * b.right[1] + cy * b.tanV * b.up[1],
    b.forward[2] + cx * b.tanH * b.right[2] + cy * b.tanV * b.up[2],
  ]);
  const along = depth / dot(ray, b.forward);
  const position: Vec3 = [mid[0] - ray[0] * along, mid[1] - ray[1] * along, mid[2] - ray[2] * along];
  const target: Vec3 = [position[0] + b.forward[0] * depth, position[1] + b.forward[1] * depth, position[2] + b.forward[2] * depth];
  return { position, target };
}
