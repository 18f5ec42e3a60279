// Pure geometry of the play overlays: where a drag puts a unit's figures, reach outlines draped on
// the ground (heights from the model), the "beyond reach" hint and the pointer's ground point.
// Hints only — whether a move is legal is the rules' answer to control.move.
import type { Vec3 } from '../../core';

export type TablePoint = [number, number];

export interface DragFigure {
  id: string;
  at: TablePoint;
}

export interface Destination {
  figureId: string;
  to: TablePoint;
}

/**
 * Destinations of a drag: every figure of the unit keeps its place relative to the dragged one
 * (moved by the same offset), or with `onlyDragged` just the dragged figure moves.
 */
export function dragDestinations(figures: readonly DragFigure[], draggedId: string, offset: TablePoint, onlyDragged: boolean): Destination[] {
  const moved = onlyDragged ? figures.filter((f) => f.id === draggedId) : figures;
  return moved.map((f) => ({ figureId: f.id, to: [f.at[0] + offset[0], f.at[1] + offset[1]] }));
}

/**
 * A closed outline of table points lifted `lift` cm above the ground, with extra points every `step`
 * cm along each edge so the line follows the relief instead of cutting through hills.
 */
export function drapeRing(ring: readonly TablePoint[], groundHeight: (x: number, z: number) => number, lift = 0.2, step = 1): Vec3[] {
  if (ring.length < 2) return [];
  const out: Vec3[] = [];
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % ring.length]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 0; k < n; k++) {
      const x = a[0] + ((b[0] - a[0]) * k) / n;
      const z = a[1] + ((b[1] - a[1]) * k) / n;
      out.push([x, groundHeight(x, z) + lift, z]);
    }
  }
  out.push(out[0]!);
  return out;
}

/** Even-odd test: is the point inside the closed outline? */
export function pointInRing(p: TablePoint, ring: readonly TablePoint[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, zi] = ring[i]!;
    const [xj, zj] = ring[j]!;
    if (zi > p[1] !== zj > p[1] && p[0] < ((xj - xi) * (p[1] - zi)) / (zj - zi) + xi) inside = !inside;
  }
  return inside;
}

/** The mean position of some figures (a unit's centre for labels and sight lines). */
export function centreOf(points: readonly TablePoint[]): TablePoint | null {
  if (points.length === 0) return null;
  let x = 0;
  let z = 0;
  for (const p of points) {
    x += p[0];
    z += p[1];
  }
  return [x / points.length, z / points.length];
}

export const flatDistance = (a: TablePoint, b: TablePoint) => Math.hypot(b[0] - a[0], b[1] - a[1]);

/**
 * Where a ray (table coordinates, y up) first meets the ground surface given by `groundHeight`,
 * within the table; null when it misses. Marches in steps bounded by the height gap, then bisects.
 */
export function groundHit(
  origin: Vec3,
  dir: Vec3,
  groundHeight: (x: number, z: number) => number,
  table: { width: number; depth: number },
  maxDistance = 5000,
): TablePoint | null {
  const len = Math.hypot(dir[0], dir[1], dir[2]);
  if (len === 0) return null;
  const d: Vec3 = [dir[0] / len, dir[1] / len, dir[2] / len];
  const at = (t: number): Vec3 => [origin[0] + d[0] * t, origin[1] + d[1] * t, origin[2] + d[2] * t];
  const onTable = (p: Vec3) => p[0] >= 0 && p[2] >= 0 && p[0] <= table.width && p[2] <= table.depth;
  const gap = (p: Vec3) => p[1] - groundHeight(Math.min(Math.max(p[0], 0), table.width), Math.min(Math.max(p[2], 0), table.depth));
  let prev = 0;
  let t = 0;
  while (t <= maxDistance) {
    const p = at(t);
    const g = gap(p);
    if (g <= 0 && onTable(p)) {
      let lo = prev;
      let hi = t;
      for (let i = 0; i < 30; i++) {
        const mid = (lo + hi) / 2;
        if (gap(at(mid)) > 0) lo = mid;
        else hi = mid;
      }
      const q = at(hi);
      return [q[0], q[2]];
    }
    prev = t;
    // Steps shrink near the ground (half the height gap, at least 2 mm) so ridges are not jumped.
    t += Math.max(0.2, Math.min(Math.abs(g) * 0.5, 20));
  }
  return null;
}

/** Is p in one of the square cells (side `cell`, given by their centres) of a storey's reach? */
export function inCells(p: TablePoint, cells: ReadonlyArray<TablePoint>, cell: number): boolean {
  const h = cell / 2 + 1e-9;
  return cells.some((c) => Math.abs(p[0] - c[0]) <= h && Math.abs(p[1] - c[1]) <= h);
}

/**
 * Is a destination beyond the figure's reach, as the gizmo hints it (the rules decide on release)?
 * On another storey of a building (`storeys`: how many stand at the point): outside every reachable
 * cell of that storey (none offered: beyond). Elsewhere — his own floor, or the open ground for a
 * soldier coming down and out — outside his outline ring, which runs on his floor in buildings and
 * on the ground outside them.
 */
export function beyondReach(
  to: TablePoint,
  floor: number,
  ownFloor: number,
  storeys: number,
  ring: ReadonlyArray<TablePoint> | undefined,
  floors: ReadonlyArray<{ floor: number; cell: number; cells: ReadonlyArray<TablePoint> }> | undefined,
): boolean {
  if (floor !== ownFloor && (floor > 0 || storeys > 1)) return !(floors ?? []).some((r) => r.floor === floor && inCells(to, r.cells, r.cell));
  return ring && ring.length > 2 ? !pointInRing(to, ring) : false;
}
