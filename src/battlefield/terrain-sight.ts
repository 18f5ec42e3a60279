// Exact segment test against the terrain triangles in JS: the same triangles as Rapier's trimesh
// tiles (each grid cell split along its SW–NE diagonal), so Rapier is not asked per sight line.
// Along a segment the surface height is piecewise linear in t (breaks where the segment crosses a
// cell edge or a cell diagonal), so "line minus surface" is too: a crossing lies between two
// consecutive breakpoints whose values differ in sign, found by walking max-height tiles, then the
// 4×4-cell blocks inside the tiles the line dips into, then the cells of such blocks.
// Grazing: values ≤ 0 count as touching, as a cast that meets a triangle exactly does; Rapier
// holds vertex x/z in float32, so verdicts may differ from it only where the line passes within
// ~1e-5 cm of the surface (tests/battlefield keeps the two in agreement on random segments).
import type { HeightGrid } from '../core';

export const BLOCK_CELLS = 4;
const FAN = 4; // blocks per tile side: the coarser level walked first

/** One level of max-height blocks: cell size, counts and the highest sample of each (row-major). */
interface Level { w: number; h: number; cols: number; rows: number; max: Float32Array }

export class TerrainSight {
  /** levels[0]: blocks of BLOCK_CELLS cells; levels[1]: tiles of FAN × FAN blocks. */
  private readonly levels: Level[];
  private readonly h: Float32Array;
  private readonly cols: number;
  private readonly cells: number;
  private readonly cellRows: number;
  private readonly sx: number;
  private readonly sz: number;
  /** Cell (r · cells + c) where the last crossing was found, or −1. */
  private lastCell = -1;

  constructor(grid: HeightGrid) {
    this.h = grid.heights;
    this.cols = grid.columns;
    this.cells = grid.columns - 1;
    this.cellRows = grid.rows - 1;
    this.sx = grid.spacingX;
    this.sz = grid.spacingZ;
    const cols = Math.ceil(this.cells / BLOCK_CELLS), rows = Math.ceil(this.cellRows / BLOCK_CELLS);
    const blocks: Level = { w: BLOCK_CELLS * grid.spacingX, h: BLOCK_CELLS * grid.spacingZ, cols, rows, max: new Float32Array(cols * rows) };
    for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) {
      let m = -Infinity;
      const r1 = Math.min((j + 1) * BLOCK_CELLS, grid.rows - 1), c1 = Math.min((i + 1) * BLOCK_CELLS, grid.columns - 1);
      for (let r = j * BLOCK_CELLS; r <= r1; r++) for (let c = i * BLOCK_CELLS; c <= c1; c++) m = Math.max(m, grid.heights[r * grid.columns + c]!);
      blocks.max[j * cols + i] = m;
    }
    const tc = Math.ceil(cols / FAN), tr = Math.ceil(rows / FAN);
    const tiles: Level = { w: blocks.w * FAN, h: blocks.h * FAN, cols: tc, rows: tr, max: new Float32Array(tc * tr).fill(-Infinity) };
    for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) {
      const k = Math.floor(j / FAN) * tc + Math.floor(i / FAN);
      tiles.max[k] = Math.max(tiles.max[k]!, blocks.max[j * cols + i]!);
    }
    this.levels = [blocks, tiles];
  }

  /**
   * Smallest t in [0, tMax] where the segment (x0, y0, z0) → (x1, y1, z1) meets the terrain
   * surface, or −1. The grid's origin is (0, 0).
   */
  firstCrossing(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, tMax: number): number {
    return this.levelCrossing(this.levels.length - 1, x0, y0, z0, x1 - x0, y1 - y0, z1 - z0, 0, tMax);
  }

  /**
   * Whether the segment meets the terrain for t in [0, tMax]: firstCrossing(...) >= 0, trying first
   * the cell where the previous crossing was found (a viewshed's neighbouring lines cross the same
   * crest there).
   */
  crosses(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, tMax: number): boolean {
    if (this.lastCell >= 0) {
      const c = this.lastCell % this.cells, r = (this.lastCell - c) / this.cells;
      const dx = x1 - x0, dz = z1 - z0;
      // The segment's parameter range over the cell's square, then the same piecewise test.
      let ta = 0, tb = tMax;
      const u0 = c * this.sx, u1 = u0 + this.sx, w0 = r * this.sz, w1 = w0 + this.sz;
      if (dx !== 0) {
        let p = (u0 - x0) / dx, q = (u1 - x0) / dx;
        if (p > q) { const x = p; p = q; q = x; }
        if (p > ta) ta = p;
        if (q < tb) tb = q;
      } else if (x0 < u0 || x0 > u1) tb = -1;
      if (dz !== 0) {
        let p = (w0 - z0) / dz, q = (w1 - z0) / dz;
        if (p > q) { const x = p; p = q; q = x; }
        if (p > ta) ta = p;
        if (q < tb) tb = q;
      } else if (z0 < w0 || z0 > w1) tb = -1;
      if (ta <= tb && this.cellCrosses(x0, y0, z0, dx, y1 - y0, dz, ta, tb, c, r, x0, z0)) return true;
    }
    return this.firstCrossing(x0, y0, z0, x1, y1, z1, tMax) >= 0;
  }

  /**
   * Whether line minus surface changes sign within cell (c, r) for t in [ta, tb] — or is ≤ 0 there
   * while the line starts above the surface: then it changed sign before (a lower line from the same
   * eye, to a chest or a base under a hidden head, meets the crest earlier than the head's line did),
   * and the walk from the start meets that change as a pair of consecutive values.
   */
  private cellCrosses(x0: number, y0: number, z0: number, dx: number, dy: number, dz: number, ta: number, tb: number, c: number, r: number, sx0: number, sz0: number): boolean {
    const fa = this.gap(x0, y0, z0, dx, dy, dz, ta, c, r), fb = this.gap(x0, y0, z0, dx, dy, dz, tb, c, r);
    if (fa * fb <= 0) return true;
    let under = fa < 0; // fa and fb have one sign here
    if (!under) {
      const du = dx / this.sx - dz / this.sz;
      if (du === 0) return false;
      const td = (c - r - (x0 / this.sx - z0 / this.sz)) / du;
      if (!(td > ta && td < tb)) return false;
      const fd = this.gap(x0, y0, z0, dx, dy, dz, td, c, r);
      if (fa * fd <= 0) return true;
      under = fd < 0;
      if (!under) return false;
    }
    // Under the surface in this cell: above it in the start's cell (as cellsCrossing picks it at t = 0)?
    let c0 = Math.floor(sx0 / this.sx), r0 = Math.floor(sz0 / this.sz);
    if (c0 < 0) c0 = 0; else if (c0 >= this.cells) c0 = this.cells - 1;
    if (r0 < 0) r0 = 0; else if (r0 >= this.cellRows) r0 = this.cellRows - 1;
    return this.gap(x0, y0, z0, dx, dy, dz, 0, c0, r0) > 0;
  }

  /**
   * First crossing for t in [ta, tb], walking the blocks of one level in order: a block whose top
   * the line stays above is skipped, the others are walked at the level below (cells under level 0).
   */
  private levelCrossing(l: number, x0: number, y0: number, z0: number, dx: number, dy: number, dz: number, ta: number, tb: number): number {
    const { w: bw, h: bh, cols: bc, rows: br, max: bmax } = this.levels[l]!;
    // Start in the block holding the start of the first step, robust on block edges.
    const tm = ta + Math.min(tb - ta, 1e-9);
    let i = Math.floor((x0 + dx * tm) / bw), j = Math.floor((z0 + dz * tm) / bh);
    if (i < 0) i = 0; else if (i >= bc) i = bc - 1;
    if (j < 0) j = 0; else if (j >= br) j = br - 1;
    const stepI = dx > 0 ? 1 : -1, stepJ = dz > 0 ? 1 : -1;
    const tDeltaX = dx !== 0 ? Math.abs(bw / dx) : Infinity;
    const tDeltaZ = dz !== 0 ? Math.abs(bh / dz) : Infinity;
    let tNextX = dx !== 0 ? ((dx > 0 ? (i + 1) * bw : i * bw) - x0) / dx : Infinity;
    let tNextZ = dz !== 0 ? ((dz > 0 ? (j + 1) * bh : j * bh) - z0) / dz : Infinity;
    let t = ta;
    for (;;) {
      const tExit = tNextX < tNextZ ? (tNextX < tb ? tNextX : tb) : (tNextZ < tb ? tNextZ : tb);
      const ya = y0 + dy * t, yb = y0 + dy * tExit;
      if ((ya < yb ? ya : yb) <= bmax[j * bc + i]! + 1e-4) {
        const hit = l > 0
          ? this.levelCrossing(l - 1, x0, y0, z0, dx, dy, dz, t, tExit)
          : this.cellsCrossing(x0, y0, z0, dx, dy, dz, t, tExit);
        if (hit >= 0) return hit;
      }
      if (tExit >= tb) return -1;
      t = tExit;
      if (tNextX < tNextZ) { i += stepI; tNextX += tDeltaX; } else { j += stepJ; tNextZ += tDeltaZ; }
      if (i < 0 || j < 0 || i >= bc || j >= br) return -1;
    }
  }

  /** First crossing for t in [ta, tb], walking the grid cells there; −1 when none. */
  private cellsCrossing(x0: number, y0: number, z0: number, dx: number, dy: number, dz: number, ta: number, tb: number): number {
    const sx = this.sx, sz = this.sz, nc = this.cells, nr = this.cellRows;
    // Start in the cell holding the middle of the first step, robust on cell edges.
    const tm = ta + Math.min(tb - ta, 1e-9);
    let c = Math.floor((x0 + dx * tm) / sx), r = Math.floor((z0 + dz * tm) / sz);
    if (c < 0) c = 0; else if (c >= nc) c = nc - 1;
    if (r < 0) r = 0; else if (r >= nr) r = nr - 1;
    const stepC = dx > 0 ? 1 : -1, stepR = dz > 0 ? 1 : -1;
    const tDeltaX = dx !== 0 ? Math.abs(sx / dx) : Infinity;
    const tDeltaZ = dz !== 0 ? Math.abs(sz / dz) : Infinity;
    let tNextX = dx !== 0 ? ((dx > 0 ? (c + 1) * sx : c * sx) - x0) / dx : Infinity;
    let tNextZ = dz !== 0 ? ((dz > 0 ? (r + 1) * sz : r * sz) - z0) / dz : Infinity;
    // The diagonal u = v of a cell: u − v = ou − c + r + t·du along the segment.
    const du = dx / sx - dz / sz, ou = x0 / sx - z0 / sz;
    let t = ta;
    let fa = this.gap(x0, y0, z0, dx, dy, dz, t, c, r);
    for (;;) {
      const tExit = tNextX < tNextZ ? (tNextX < tb ? tNextX : tb) : (tNextZ < tb ? tNextZ : tb);
      if (du !== 0) {
        const td = (c - r - ou) / du;
        if (td > t && td < tExit) {
          const fd = this.gap(x0, y0, z0, dx, dy, dz, td, c, r);
          if (fa * fd <= 0) { this.lastCell = r * nc + c; return cross(t, fa, td, fd); }
          t = td; fa = fd;
        }
      }
      const fb = this.gap(x0, y0, z0, dx, dy, dz, tExit, c, r);
      if (fa * fb <= 0) { this.lastCell = r * nc + c; return cross(t, fa, tExit, fb); }
      if (tExit >= tb) return -1;
      t = tExit; fa = fb;
      if (tNextX < tNextZ) { c += stepC; tNextX += tDeltaX; } else { r += stepR; tNextZ += tDeltaZ; }
      if (c < 0 || r < 0 || c >= nc || r >= nr) return -1;
    }
  }

  /** Line height minus the surface of cell (c, r) at parameter t. */
  private gap(x0: number, y0: number, z0: number, dx: number, dy: number, dz: number, t: number, c: number, r: number): number {
    let u = (x0 + dx * t) / this.sx - c, v = (z0 + dz * t) / this.sz - r;
    if (u < 0) u = 0; else if (u > 1) u = 1;
    if (v < 0) v = 0; else if (v > 1) v = 1;
    const h = this.h, k = r * this.cols + c;
    const h00 = h[k]!, h10 = h[k + 1]!, h01 = h[k + this.cols]!, h11 = h[k + this.cols + 1]!;
    const s = u >= v ? h00 + (h10 - h00) * u + (h11 - h10) * v : h00 + (h11 - h01) * u + (h01 - h00) * v;
    return y0 + dy * t - s;
  }
}

/** Where a linear piece with values fa at ta and fb at tb reaches zero (fa · fb ≤ 0). */
function cross(ta: number, fa: number, tb: number, fb: number): number {
  if (fa === 0) return ta;
  return ta + ((tb - ta) * fa) / (fa - fb);
}
