// First sight-blocking hit along a segment, or just whether there is one. Terrain: an exact JS walk
// over the grid's own triangles (terrain-sight.ts). Solids: exact JS tests on the same boxes and
// hulls Rapier holds (a per-ray WASM call was the bottleneck), chosen by plan bins and bounding
// boxes. tests/battlefield keeps both in agreement with one Rapier cast over all colliders.
import type { HeightGrid, Solid, Vec3 } from '../core';
import { type Aabb, segmentAabb, solidAabb } from './broadphase';
import { walkCells } from './grid-walk';
import { type RayShape, rayShape } from './solid-ray';
import { TerrainSight } from './terrain-sight';

const BIN = 8; // cm, plan bins for solids
const RECENT = 2; // blockers of the last lines, tried first

export interface BlockingSolid {
  solid: Solid;
  /** The number hits report for this solid (the battlefield's part number). */
  part: number;
  box: Aabb;
  shape: RayShape;
  featureId: string;
}

export interface Hit {
  t: number;
  /** The part number of what was hit: the terrain's, or a solid's. */
  part: number;
}

export class SightCaster {
  private readonly terrain: TerrainSight;
  private readonly terrainPart: number;
  /** Sight-blocking solids, each feature's parts contiguous so a group is a range. */
  private readonly solids: BlockingSolid[];
  private readonly groups: SolidGroup[];
  /** Plan bins of group indices. */
  private readonly bins: number[][];
  private readonly binCols: number;
  private readonly binRows: number;
  /**
   * anySolid's view of the same data, flat (its loops run for every sight line the rules ask): the
   * bins as one index list (group indices of bin b in binItems[binStart[b] … binStart[b + 1])); per
   * group its frame (cos, sin, then min − pad and max + pad on the u, y and w axes, read by
   * frameTouches for both casts), its feature and its parts' range; per part its box less and plus
   * the pad, as segmentAabb works them out.
   */
  private readonly binStart: Int32Array;
  private readonly binItems: Int32Array;
  private readonly frames: Float64Array;
  private readonly groupFeature: string[];
  private readonly groupStart: Int32Array;
  private readonly groupEnd: Int32Array;
  private readonly partBoxes: Float64Array;
  private readonly stamp: Uint32Array;
  private epoch = 0;
  /** The parts that stopped the last few lines (newest first, −1 for none yet): tried before the bins. */
  private readonly recent = new Int32Array(RECENT).fill(-1);
  private readonly candT: Float64Array;
  private readonly candI: Int32Array;

  constructor(
    grid: HeightGrid,
    /** Part number reported for terrain hits. */
    terrainPart: number,
    solids: Array<{ solid: Solid; part: number }>,
    width: number,
    depth: number,
  ) {
    this.terrain = new TerrainSight(grid);
    this.terrainPart = terrainPart;
    const all = solids.map(({ solid, part }) => ({ solid, part, box: solidAabb(solid), shape: rayShape(solid), featureId: solid.featureId }));
    ({ solids: this.solids, groups: this.groups } = groupSolids(all));
    this.binCols = Math.max(1, Math.ceil(width / BIN));
    this.binRows = Math.max(1, Math.ceil(depth / BIN));
    this.bins = Array.from({ length: this.binCols * this.binRows }, () => []);
    this.groups.forEach((g, idx) => {
      const i0 = this.clampI(Math.floor(g.box.min[0] / BIN)), i1 = this.clampI(Math.floor(g.box.max[0] / BIN));
      const j0 = this.clampJ(Math.floor(g.box.min[2] / BIN)), j1 = this.clampJ(Math.floor(g.box.max[2] / BIN));
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) this.bins[j * this.binCols + i]!.push(idx);
    });
    this.binStart = new Int32Array(this.bins.length + 1);
    for (let b = 0; b < this.bins.length; b++) this.binStart[b + 1] = this.binStart[b]! + this.bins[b]!.length;
    this.binItems = new Int32Array(this.binStart[this.bins.length]!);
    for (let b = 0; b < this.bins.length; b++) this.binItems.set(this.bins[b]!, this.binStart[b]!);
    const ng = this.groups.length;
    this.frames = new Float64Array(8 * ng);
    this.groupFeature = [];
    this.groupStart = new Int32Array(ng);
    this.groupEnd = new Int32Array(ng);
    for (let gi = 0; gi < ng; gi++) {
      const g = this.groups[gi]!, o = 8 * gi;
      this.frames[o] = g.cos; this.frames[o + 1] = g.sin;
      for (let a = 0; a < 3; a++) { this.frames[o + 2 + 2 * a] = g.local.min[a]! - PAD; this.frames[o + 3 + 2 * a] = g.local.max[a]! + PAD; }
      this.groupFeature.push(g.featureId);
      this.groupStart[gi] = g.start;
      this.groupEnd[gi] = g.end;
    }
    this.partBoxes = new Float64Array(6 * this.solids.length);
    this.solids.forEach((sol, p) => {
      for (let a = 0; a < 3; a++) { this.partBoxes[6 * p + 2 * a] = sol.box.min[a]! - PAD; this.partBoxes[6 * p + 1 + 2 * a] = sol.box.max[a]! + PAD; }
    });
    this.stamp = new Uint32Array(this.groups.length);
    this.candT = new Float64Array(this.solids.length);
    this.candI = new Int32Array(this.solids.length);
  }

  /** A part found by the bins goes first in `recent`, the oldest out. */
  private noteBlocker(p: number): void {
    const recent = this.recent;
    for (let q = RECENT - 1; q > 0; q--) recent[q] = recent[q - 1]!;
    recent[0] = p;
  }

  private clampI(i: number): number { return Math.min(this.binCols - 1, Math.max(0, i)); }
  private clampJ(j: number): number { return Math.min(this.binRows - 1, Math.max(0, j)); }

  /** Nearest sight-blocking hit of terrain or solids for t in [0, tMax], or undefined. */
  firstHit(from: Vec3, to: Vec3, tMax: number, ignore?: ReadonlySet<string>): Hit | undefined {
    let best = tMax;
    let part = -1;
    if (!ignore?.has('terrain')) {
      const t = this.terrain.firstCrossing(from[0], from[1], from[2], to[0], to[1], to[2], tMax);
      if (t >= 0) { best = t; part = this.terrainPart; }
    }
    const solidHit = this.firstSolidHit(from, to, best, ignore);
    if (solidHit) { best = solidHit.t; part = solidHit.part; }
    return part >= 0 ? { t: best, part } : undefined;
  }

  /** Whether anything sight-blocking meets the segment for t in [0, tMax] (firstHit's verdict, cheaper). */
  blocked(from: Vec3, to: Vec3, tMax: number, ignore?: ReadonlySet<string>): boolean {
    // The parts that stopped the last lines first: viewshed neighbours and a figure's lines to others
    // often share one (a wall between two units), and any blocker decides the verdict.
    const recent = this.recent;
    const x0 = from[0], y0 = from[1], z0 = from[2];
    const ix = recip(to[0] - x0), iy = recip(to[1] - y0), iz = recip(to[2] - z0);
    for (let r = 0; r < RECENT; r++) {
      const p = recent[r]!;
      if (p < 0) break;
      const part = this.solids[p]!;
      if (!ignore?.has(part.featureId) && boxHit(this.partBoxes, 6 * p, x0, y0, z0, ix, iy, iz, tMax) && part.shape.cast(from, to, tMax) >= 0) {
        for (let q = r; q > 0; q--) recent[q] = recent[q - 1]!;
        recent[0] = p;
        return true;
      }
    }
    // Solids next: on a table with buildings they stop most lines, and cost less than the terrain walk.
    if (this.anySolid(from, to, tMax, ignore, ix, iy, iz)) return true;
    return !ignore?.has('terrain') && this.terrain.crosses(from[0], from[1], from[2], to[0], to[1], to[2], tMax);
  }

  /**
   * Any solid hit for t in [0, tMax]: the plan bins walked in order, no sorting, first hit wins. The
   * box tests read the segment's reciprocal direction (ix, iy, iz: recip of each axis' difference),
   * worked out once per line (boxHit, frameHit).
   */
  private anySolid(from: Vec3, to: Vec3, tMax: number, ignore: ReadonlySet<string> | undefined, ix: number, iy: number, iz: number): boolean {
    if (this.solids.length === 0) return false;
    const epoch = ++this.epoch;
    const x0 = from[0], y0 = from[1], z0 = from[2], dx = to[0] - x0, dz = to[2] - z0;
    const bc = this.binCols, brw = this.binRows;
    const binStart = this.binStart, binItems = this.binItems, stamp = this.stamp, frames = this.frames, boxes = this.partBoxes;
    const groupStart = this.groupStart, groupEnd = this.groupEnd;
    let i = Math.floor(x0 / BIN), j = Math.floor(z0 / BIN);
    if (i < 0) i = 0; else if (i >= bc) i = bc - 1;
    if (j < 0) j = 0; else if (j >= brw) j = brw - 1;
    const stepI = dx > 0 ? 1 : -1, stepJ = dz > 0 ? 1 : -1;
    const tDeltaX = dx !== 0 ? Math.abs(BIN / dx) : Infinity;
    const tDeltaZ = dz !== 0 ? Math.abs(BIN / dz) : Infinity;
    let tNextX = dx !== 0 ? ((dx > 0 ? (i + 1) * BIN : i * BIN) - x0) / dx : Infinity;
    let tNextZ = dz !== 0 ? ((dz > 0 ? (j + 1) * BIN : j * BIN) - z0) / dz : Infinity;
    for (;;) {
      const b = j * bc + i;
      for (let k = binStart[b]!, kEnd = binStart[b + 1]!; k < kEnd; k++) {
        const gi = binItems[k]!;
        if (stamp[gi] === epoch) continue;
        stamp[gi] = epoch;
        if ((ignore !== undefined && ignore.has(this.groupFeature[gi]!)) || !frameHit(frames, 8 * gi, x0, y0, z0, dx, iy, dz, tMax)) continue;
        for (let p = groupStart[gi]!, pEnd = groupEnd[gi]!; p < pEnd; p++) {
          if (boxHit(boxes, 6 * p, x0, y0, z0, ix, iy, iz, tMax) && this.solids[p]!.shape.cast(from, to, tMax) >= 0) { this.noteBlocker(p); return true; }
        }
      }
      if ((tNextX < tNextZ ? tNextX : tNextZ) >= tMax) return false;
      if (tNextX < tNextZ) { i += stepI; tNextX += tDeltaX; } else { j += stepJ; tNextZ += tDeltaZ; }
      if (i < 0 || j < 0 || i >= bc || j >= brw) return false;
    }
  }

  private firstSolidHit(from: Vec3, to: Vec3, tMax: number, ignore?: ReadonlySet<string>): Hit | undefined {
    if (this.solids.length === 0) return undefined;
    this.epoch++;
    let best = tMax;
    let part = -1;
    walkCells(from[0], from[2], to[0], to[2], tMax, BIN, BIN, this.binCols, this.binRows, (i, j, ta) => {
      if (ta > best) return true;
      const list = this.bins[j * this.binCols + i]!;
      let n = 0;
      for (const gi of list) {
        if (this.stamp[gi] === this.epoch) continue;
        this.stamp[gi] = this.epoch;
        const g = this.groups[gi]!;
        if (ignore?.has(g.featureId) || !frameTouches(this.frames, 8 * gi, from, to, best)) continue;
        for (let idx = g.start; idx < g.end; idx++) {
          const r = segmentAabb(from, to, this.solids[idx]!.box, best);
          if (!r) continue;
          // Insertion into the small candidate list, ordered by entry.
          let k = n++;
          while (k > 0 && this.candT[k - 1]! > r[0]) { this.candT[k] = this.candT[k - 1]!; this.candI[k] = this.candI[k - 1]!; k--; }
          this.candT[k] = r[0];
          this.candI[k] = idx;
        }
      }
      for (let k = 0; k < n; k++) {
        if (this.candT[k]! > best) break;
        const sol = this.solids[this.candI[k]!]!;
        const toi = sol.shape.cast(from, to, best);
        if (toi >= 0 && toi < best) { best = toi; part = sol.part; }
      }
      return false;
    });
    return part >= 0 ? { t: best, part } : undefined;
  }
}

interface SolidGroup {
  featureId: string;
  /** World box (for the plan bins). */
  box: Aabb;
  /** Tighter box in the plan frame of the feature's first box part (a rotated building's footprint). */
  cos: number;
  sin: number;
  local: Aabb;
  /** Range [start, end) of its parts in the reordered solids. */
  start: number;
  end: number;
}

const GROUP_SPAN = 12; // cm: a feature's parts are grouped while their plan box stays this small

/**
 * Parts of one feature (a building's walls, slabs and roof; a wall run's pieces) grouped under one
 * box, so a line that misses the box skips them all. Long runs are cut into groups of ≤ GROUP_SPAN.
 */
function groupSolids(all: BlockingSolid[]): { solids: BlockingSolid[]; groups: SolidGroup[] } {
  const byFeature = new Map<string, BlockingSolid[]>();
  for (const s of all) {
    const list = byFeature.get(s.featureId);
    if (list) list.push(s);
    else byFeature.set(s.featureId, [s]);
  }
  const solids: BlockingSolid[] = [];
  const groups: SolidGroup[] = [];
  for (const [featureId, parts] of byFeature) {
    let g: SolidGroup | undefined;
    for (const s of parts) {
      if (g) {
        const min: Vec3 = [Math.min(g.box.min[0], s.box.min[0]), Math.min(g.box.min[1], s.box.min[1]), Math.min(g.box.min[2], s.box.min[2])];
        const max: Vec3 = [Math.max(g.box.max[0], s.box.max[0]), Math.max(g.box.max[1], s.box.max[1]), Math.max(g.box.max[2], s.box.max[2])];
        if (max[0] - min[0] <= GROUP_SPAN && max[2] - min[2] <= GROUP_SPAN) {
          g.box = { min, max };
          g.end++;
          solids.push(s);
          continue;
        }
      }
      g = { featureId, box: s.box, cos: 1, sin: 0, local: s.box, start: solids.length, end: solids.length + 1 };
      groups.push(g);
      solids.push(s);
    }
  }
  for (const g of groups) setFrame(g, solids.slice(g.start, g.end).map((x) => x.solid));
  return { solids, groups };
}

/** The group's box in the plan frame of its first box part, bounding every part's corners. */
function setFrame(g: SolidGroup, parts: Solid[]): void {
  const first = parts.find((p) => p.shape === 'box');
  const a = first?.shape === 'box' ? (first.rotationY * Math.PI) / 180 : 0;
  const c = Math.cos(a), sn = Math.sin(a);
  const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
  const add = (x: number, y: number, z: number) => {
    const u = x * c + z * sn, w = -x * sn + z * c;
    min[0] = Math.min(min[0]!, u); max[0] = Math.max(max[0]!, u);
    min[1] = Math.min(min[1]!, y); max[1] = Math.max(max[1]!, y);
    min[2] = Math.min(min[2]!, w); max[2] = Math.max(max[2]!, w);
  };
  for (const p of parts) {
    if (p.shape === 'hull') { for (const q of p.points) add(q[0], q[1], q[2]); continue; }
    const b = (p.rotationY * Math.PI) / 180, bc = Math.cos(b), bs = Math.sin(b);
    const [hx, hy, hz] = p.halfExtents;
    // Box corners: local (±hx, ±hz) turned counter-clockwise in plan by the box's rotation.
    for (const sx of [-1, 1]) for (const sz of [-1, 1]) for (const sy of [-1, 1]) {
      add(p.center[0] + sx * hx * bc - sz * hz * bs, p.center[1] + sy * hy, p.center[2] + sx * hx * bs + sz * hz * bc);
    }
  }
  g.cos = c; g.sin = sn; g.local = { min: min as unknown as Vec3, max: max as unknown as Vec3 };
}

/** The pad of segmentAabb and of the group frames (cm). */
const PAD = 1e-3;

/**
 * Whether the segment may touch a group's frame box (padded like segmentAabb), read from the flat
 * frame at frames[o …]: the end points turned into the frame, then the u, y and w slabs in that order.
 */
export function frameTouches(frames: Float64Array, o: number, from: Vec3, to: Vec3, tMax: number): boolean {
  const c = frames[o]!, sn = frames[o + 1]!;
  const fu = from[0] * c + from[2] * sn, fw = -from[0] * sn + from[2] * c;
  const tu = to[0] * c + to[2] * sn, tw = -to[0] * sn + to[2] * c;
  let t0 = 0, t1 = tMax;
  for (let a = 0; a < 3; a++) {
    const s = a === 0 ? fu : a === 1 ? from[1] : fw;
    const d = (a === 0 ? tu : a === 1 ? to[1] : tw) - s;
    const lo = frames[o + 2 + 2 * a]!, hi = frames[o + 3 + 2 * a]!;
    if (Math.abs(d) < 1e-12) {
      if (s < lo || s > hi) return false;
      continue;
    }
    let p = (lo - s) / d, q = (hi - s) / d;
    if (p > q) { const x = p; p = q; q = x; }
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
    if (t0 > t1) return false;
  }
  return true;
}

/** segmentAabb(from, to, box, tMax) !== undefined on the padded box at boxes[o …] (x, y, z), without the allocation. */
export function boxTouches(boxes: Float64Array, o: number, from: Vec3, to: Vec3, tMax: number): boolean {
  let t0 = 0, t1 = tMax;
  for (let a = 0; a < 3; a++) {
    const s = from[a]!, d = to[a]! - s;
    const lo = boxes[o + 2 * a]!, hi = boxes[o + 1 + 2 * a]!;
    if (Math.abs(d) < 1e-12) {
      if (s < lo || s > hi) return false;
      continue;
    }
    let p = (lo - s) / d, q = (hi - s) / d;
    if (p > q) { const x = p; p = q; q = x; }
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * 1 / d for a box test's slab, or 0 for a direction the tests treat as flat (|d| < 1e-12, as
 * boxTouches does): 1 / d is never 0 for a finite d, so 0 marks the flat case.
 */
function recip(d: number): number {
  return Math.abs(d) < 1e-12 ? 0 : 1 / d;
}

/**
 * boxTouches with the segment's start and reciprocal direction given (recip per axis), multiplying
 * where boxTouches divides. Only a reject before the exact cast: a solid lies PAD inside its padded
 * box, so a segment that meets the solid enters the box's slabs by PAD / |d| in t on every axis —
 * far beyond the last-digit difference between (lo − s) · (1 / d) and (lo − s) / d — and both forms
 * pass it on; where they can differ the segment misses the solid, and the cast says so.
 */
export function boxHit(boxes: Float64Array, o: number, x0: number, y0: number, z0: number, ix: number, iy: number, iz: number, tMax: number): boolean {
  let t0 = 0, t1 = tMax;
  for (let a = 0; a < 3; a++) {
    const s = a === 0 ? x0 : a === 1 ? y0 : z0;
    const inv = a === 0 ? ix : a === 1 ? iy : iz;
    const lo = boxes[o + 2 * a]!, hi = boxes[o + 1 + 2 * a]!;
    if (inv === 0) {
      if (s < lo || s > hi) return false;
      continue;
    }
    let p = (lo - s) * inv, q = (hi - s) * inv;
    if (p > q) { const x = p; p = q; q = x; }
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
    if (t0 > t1) return false;
  }
  return true;
}

/**
 * frameTouches with the segment as start and direction (the y slab through its reciprocal iy), the
 * cheap y slab first: the same reject before the exact casts (boxHit says why the rounding does not
 * matter), the plan direction turned into the frame instead of both end points.
 */
export function frameHit(frames: Float64Array, o: number, x0: number, y0: number, z0: number, dx: number, iy: number, dz: number, tMax: number): boolean {
  let t0 = 0, t1 = tMax;
  const ylo = frames[o + 4]!, yhi = frames[o + 5]!;
  if (iy === 0) {
    if (y0 < ylo || y0 > yhi) return false;
  } else {
    let p = (ylo - y0) * iy, q = (yhi - y0) * iy;
    if (p > q) { const x = p; p = q; q = x; }
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
    if (t0 > t1) return false;
  }
  const c = frames[o]!, sn = frames[o + 1]!;
  for (let a = 0; a < 2; a++) {
    const s = a === 0 ? x0 * c + z0 * sn : -x0 * sn + z0 * c;
    const d = a === 0 ? dx * c + dz * sn : -dx * sn + dz * c;
    const lo = frames[o + 2 + 4 * a]!, hi = frames[o + 3 + 4 * a]!;
    if (Math.abs(d) < 1e-12) {
      if (s < lo || s > hi) return false;
      continue;
    }
    let p = (lo - s) / d, q = (hi - s) / d;
    if (p > q) { const x = p; p = q; q = x; }
    if (p > t0) t0 = p;
    if (q < t1) t1 = q;
    if (t0 > t1) return false;
  }
  return true;
}
