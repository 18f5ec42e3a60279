// First sight-blocking hit along a segment. Terrain: Rapier casts on the trimesh tiles whose
// highest sample the line reaches, in order along the segment. Solids: exact JS tests on the
// same boxes and hulls Rapier holds (a per-ray WASM call was the bottleneck), chosen by plan bins
// and bounding boxes; tests/battlefield keeps them in agreement with Rapier's own casts.
import RAPIER from '@dimforge/rapier3d-compat';
import type { HeightGrid, Solid, Vec3 } from '../core';
import { gridTrianglesRange } from '../core';
import { type Aabb, segmentAabb, solidAabb } from './broadphase';
import { walkCells } from './grid-walk';
import { type RayShape, rayShape } from './solid-ray';

export const TILE_CELLS = 16;
const BLOCK_CELLS = 4; // finer max-height blocks for deciding which tiles to ask
const BIN = 8; // cm, plan bins for solids

export interface TerrainTile {
  collider: RAPIER.Collider;
  max: number;
}

export interface BlockingSolid {
  collider: RAPIER.Collider;
  box: Aabb;
  shape: RayShape;
  featureId: string;
}

export interface Hit {
  t: number;
  handle: number;
}

/** Terrain tiles of TILE_CELLS × TILE_CELLS cells, each its own trimesh collider, with its top. */
export function buildTerrainTiles(
  grid: HeightGrid, create: (vertices: Float32Array, indices: Uint32Array) => RAPIER.Collider,
): { tiles: TerrainTile[]; cols: number; rows: number } {
  const cols = Math.ceil((grid.columns - 1) / TILE_CELLS);
  const rows = Math.ceil((grid.rows - 1) / TILE_CELLS);
  const tiles: TerrainTile[] = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const c0 = i * TILE_CELLS, r0 = j * TILE_CELLS;
      const c1 = Math.min(c0 + TILE_CELLS, grid.columns - 1), r1 = Math.min(r0 + TILE_CELLS, grid.rows - 1);
      let max = -Infinity;
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) max = Math.max(max, grid.heights[r * grid.columns + c]!);
      const { vertices, indices } = gridTrianglesRange(grid, c0, r0, c1, r1);
      tiles.push({ collider: create(vertices, indices), max });
    }
  }
  return { tiles, cols, rows };
}

export class SightCaster {
  private readonly blockW: number;
  private readonly blockH: number;
  private readonly blockCols: number;
  private readonly blockRows: number;
  private readonly blockMax: Float32Array;
  private readonly solids: BlockingSolid[];
  private readonly bins: number[][];
  private readonly binCols: number;
  private readonly binRows: number;
  private readonly stamp: Uint32Array;
  private epoch = 0;
  private readonly candT: Float64Array;
  private readonly candI: Int32Array;

  constructor(
    private readonly grid: HeightGrid,
    private readonly tiles: TerrainTile[],
    private readonly tileCols: number,
    private readonly tileRows: number,
    solids: Array<{ solid: Solid; collider: RAPIER.Collider }>,
    width: number,
    depth: number,
  ) {
    this.blockW = BLOCK_CELLS * grid.spacingX;
    this.blockH = BLOCK_CELLS * grid.spacingZ;
    this.blockCols = Math.ceil((grid.columns - 1) / BLOCK_CELLS);
    this.blockRows = Math.ceil((grid.rows - 1) / BLOCK_CELLS);
    this.blockMax = new Float32Array(this.blockCols * this.blockRows);
    for (let j = 0; j < this.blockRows; j++) for (let i = 0; i < this.blockCols; i++) {
      let m = -Infinity;
      const r1 = Math.min((j + 1) * BLOCK_CELLS, grid.rows - 1), c1 = Math.min((i + 1) * BLOCK_CELLS, grid.columns - 1);
      for (let r = j * BLOCK_CELLS; r <= r1; r++) for (let c = i * BLOCK_CELLS; c <= c1; c++) m = Math.max(m, grid.heights[r * grid.columns + c]!);
      this.blockMax[j * this.blockCols + i] = m;
    }
    this.solids = solids.map(({ solid, collider }) => ({ collider, box: solidAabb(solid), shape: rayShape(solid), featureId: solid.featureId }));
    this.binCols = Math.max(1, Math.ceil(width / BIN));
    this.binRows = Math.max(1, Math.ceil(depth / BIN));
    this.bins = Array.from({ length: this.binCols * this.binRows }, () => []);
    this.solids.forEach((s, idx) => {
      const i0 = this.clampI(Math.floor(s.box.min[0] / BIN)), i1 = this.clampI(Math.floor(s.box.max[0] / BIN));
      const j0 = this.clampJ(Math.floor(s.box.min[2] / BIN)), j1 = this.clampJ(Math.floor(s.box.max[2] / BIN));
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) this.bins[j * this.binCols + i]!.push(idx);
    });
    this.stamp = new Uint32Array(this.solids.length);
    this.candT = new Float64Array(this.solids.length);
    this.candI = new Int32Array(this.solids.length);
  }

  private clampI(i: number): number { return Math.min(this.binCols - 1, Math.max(0, i)); }
  private clampJ(j: number): number { return Math.min(this.binRows - 1, Math.max(0, j)); }

  /** Nearest sight-blocking hit of terrain or solids for t in [0, tMax], or undefined. */
  firstHit(from: Vec3, to: Vec3, tMax: number, ignore?: ReadonlySet<string>): Hit | undefined {
    let best = tMax;
    let handle = -1;
    const solidHit = this.firstSolidHit(from, to, best, ignore);
    if (solidHit) { best = solidHit.t; handle = solidHit.handle; }
    if (!ignore?.has('terrain')) {
      const y0 = from[1], dy = to[1] - from[1];
      let lastTile = -1;
      let ray: RAPIER.Ray | undefined; // made only when Rapier is asked
      walkCells(from[0], from[2], to[0], to[2], best, this.blockW, this.blockH, this.blockCols, this.blockRows, (i, j, ta, tb) => {
        if (Math.min(y0 + dy * ta, y0 + dy * tb) > this.blockMax[j * this.blockCols + i]! + 1e-4) return false;
        // The line may touch this block: ask Rapier for the whole tile that holds it, once.
        const ti = Math.floor(i / (TILE_CELLS / BLOCK_CELLS)), tj = Math.floor(j / (TILE_CELLS / BLOCK_CELLS));
        const k = tj * this.tileCols + ti;
        if (k === lastTile) return false;
        lastTile = k;
        const tile = this.tiles[k]!;
        ray ??= new RAPIER.Ray({ x: from[0], y: from[1], z: from[2] }, { x: to[0] - from[0], y: to[1] - from[1], z: to[2] - from[2] });
        const toi = tile.collider.castRay(ray, best, true);
        if (toi >= 0 && toi < best) { best = toi; handle = tile.collider.handle; return true; }
        return false;
      });
    }
    return handle >= 0 ? { t: best, handle } : undefined;
  }

  private firstSolidHit(from: Vec3, to: Vec3, tMax: number, ignore?: ReadonlySet<string>): Hit | undefined {
    if (this.solids.length === 0) return undefined;
    this.epoch++;
    let best = tMax;
    let handle = -1;
    walkCells(from[0], from[2], to[0], to[2], tMax, BIN, BIN, this.binCols, this.binRows, (i, j, ta) => {
      if (ta > best) return true;
      const list = this.bins[j * this.binCols + i]!;
      let n = 0;
      for (const idx of list) {
        if (this.stamp[idx] === this.epoch) continue;
        this.stamp[idx] = this.epoch;
        const s = this.solids[idx]!;
        if (ignore?.has(s.featureId)) continue;
        const r = segmentAabb(from, to, s.box, best);
        if (!r) continue;
        // Insertion into the small candidate list, ordered by entry.
        let k = n++;
        while (k > 0 && this.candT[k - 1]! > r[0]) { this.candT[k] = this.candT[k - 1]!; this.candI[k] = this.candI[k - 1]!; k--; }
        this.candT[k] = r[0];
        this.candI[k] = idx;
      }
      for (let k = 0; k < n; k++) {
        if (this.candT[k]! > best) break;
        const sol = this.solids[this.candI[k]!]!;
        const toi = sol.shape.cast(from, to, best);
        if (toi >= 0 && toi < best) { best = toi; handle = sol.collider.handle; }
      }
      return false;
    });
    return handle >= 0 ? { t: best, handle } : undefined;
  }
}
