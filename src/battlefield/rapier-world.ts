// Rapier, loaded on first need, and a table's Rapier world, built on its first query: the few
// answers still asked of Rapier (deck heights, see-through obstacles crossed, figures, bodies and walls
// between steps). Sight-blocking casts and ground heights run in JS on the same shapes, so a sight
// line over open ground or past walls neither loads Rapier nor builds the world.
import type * as RAPIER from '@dimforge/rapier3d-compat';
import type { HeightGrid, Solid } from '../core';
import { gridTrianglesRange } from '../core';

type Rapier = typeof RAPIER;

let rapier: Rapier | undefined;
let rapierReady: Promise<void> | undefined;

/** Load Rapier (its module and WASM) once per process/page. */
export function initRapier(): Promise<void> {
  rapierReady ??= import('@dimforge/rapier3d-compat').then(async (m) => {
    await m.init();
    rapier = m;
  });
  return rapierReady;
}

/** A query needed Rapier's world before Rapier was loaded (askLoadingRapier loads it and asks again). */
export class RapierNotLoadedError extends Error {
  override name = 'RapierNotLoadedError';
}

/** Rapier, loaded (else a RapierNotLoadedError naming the table that asked). */
export function loadedRapier(table: string): Rapier {
  if (!rapier) throw new RapierNotLoadedError(`${table}: this query needs Rapier, which is not loaded yet: await initRapier() first (createBattlefield does), or ask through askLoadingRapier`);
  return rapier;
}

/**
 * Answers `query` (battlefield queries only read the table); when it needed Rapier before Rapier was
 * loaded, loads Rapier and asks again. For callers that build a table without waiting for Rapier.
 */
export async function askLoadingRapier<T>(query: () => T): Promise<T> {
  try {
    return query();
  } catch (err) {
    if (!(err instanceof RapierNotLoadedError)) throw err;
    await initRapier();
    return query();
  }
}

// Collision-group membership bits.
const G_TERRAIN = 1;
const G_BLOCK = 2;
const G_SEE = 4;
const G_FIGURE = 8;
const G_STAND = 16;
const groups = (membership: number, filter = 0xffff) => (membership << 16) | filter;
const query = (filter: number) => (0xffff << 16) | filter;

/** The part number of the terrain (its tiles); solid i of the table is part i + 1. */
export const TERRAIN_PART = 0;

const NUDGES: ReadonlyArray<readonly [number, number]> = [[0, 0], [1e-4, 3e-5], [-3e-5, 1e-4], [-1e-4, -3e-5]];

/** Terrain tiles of this many cells a side: src/testing's reference world tiles it the same way. */
const TILE_CELLS = 16;

/** The grid's tiles of TILE_CELLS × TILE_CELLS cells, row by row: each a cell range [c0, r0, c1, r1]. */
function terrainTiles(grid: HeightGrid): Array<readonly [number, number, number, number]> {
  const cols = Math.ceil((grid.columns - 1) / TILE_CELLS);
  const rows = Math.ceil((grid.rows - 1) / TILE_CELLS);
  const tiles: Array<readonly [number, number, number, number]> = [];
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const c0 = i * TILE_CELLS, r0 = j * TILE_CELLS;
      tiles.push([c0, r0, Math.min(c0 + TILE_CELLS, grid.columns - 1), Math.min(r0 + TILE_CELLS, grid.rows - 1)]);
    }
  }
  return tiles;
}

function quatY(deg: number): { x: number; y: number; z: number; w: number } {
  // Table rotation is counter-clockwise seen from above (x east, z north): that is −deg about +y.
  const a = (-deg * Math.PI) / 180 / 2;
  return { x: 0, y: Math.sin(a), z: 0, w: Math.cos(a) };
}

function addSolid(R: Rapier, world: RAPIER.World, s: Solid): RAPIER.Collider | undefined {
  let desc: RAPIER.ColliderDesc | null;
  if (s.shape === 'box') {
    desc = R.ColliderDesc.cuboid(s.halfExtents[0], s.halfExtents[1], s.halfExtents[2])
      .setTranslation(s.center[0], s.center[1], s.center[2])
      .setRotation(quatY(s.rotationY));
  } else {
    desc = R.ColliderDesc.convexHull(new Float32Array(s.points.flat()));
  }
  if (!desc) return undefined;
  const membership = (s.blocksSight ? G_BLOCK : G_SEE) | (s.standable ? G_STAND : 0);
  desc.setCollisionGroups(groups(membership));
  return world.createCollider(desc);
}

/**
 * A standing figure as a Rapier collider: its id, foot point and height; an upright cylinder of
 * `radius`, or with `box` a cuboid `length` along `facing` (degrees clockwise from north) and `width` across.
 */
export interface FigureCollider {
  id: string; x: number; y: number; z: number; height: number; radius: number;
  box?: { length: number; width: number; facing: number };
}

/**
 * The table's Rapier world: terrain tiles from the one grid, one collider per solid, the figures when
 * set. Answers in part numbers (TERRAIN_PART, or solid index + 1) and figure ids.
 */
export class TableWorld {
  private readonly R: Rapier;
  private readonly world: RAPIER.World;
  /** Part number of each terrain and solid collider, by handle. */
  private readonly parts: Map<number, number>;
  private figureColliders: RAPIER.Collider[] = [];
  private readonly figureIds = new Map<number, string>();
  /** The one downward ray of castDown (its origin is moved per cast). */
  private readonly downRay: RAPIER.Ray;

  /** The finished world of a TableWorldBuild (build one with TableWorldBuild, or tableWorldNow). */
  constructor(R: Rapier, world: RAPIER.World, parts: Map<number, number>, private readonly isBuildingWall: (part: number) => boolean) {
    this.R = R;
    this.world = world;
    this.parts = parts;
    this.downRay = new R.Ray({ x: 0, y: 0, z: 0 }, { x: 0, y: -1, z: 0 });
  }

  private ray(from: readonly number[], to: readonly number[]): RAPIER.Ray {
    return new this.R.Ray({ x: from[0]!, y: from[1]!, z: from[2]! }, { x: to[0]! - from[0]!, y: to[1]! - from[1]!, z: to[2]! - from[2]! });
  }

  /**
   * The highest terrain or standable surface under (x, z), cast down from `top`. A vertical ray through
   * a shared trimesh vertex or edge can slip between the triangles in Rapier (seen at (1, 0.99999997)):
   * retried a micrometre away, where the surface is the same.
   */
  surfaceBelow(x: number, z: number, top: number): number | undefined {
    const ray = this.downRay;
    for (const [dx, dz] of NUDGES) {
      ray.origin.x = x + dx; ray.origin.y = top; ray.origin.z = z + dz;
      const hit = this.world.castRay(ray, top + 1000, true, undefined, query(G_TERRAIN | G_STAND));
      if (hit) return top - hit.timeOfImpact;
    }
    return undefined;
  }

  get hasFigures(): boolean {
    return this.figureColliders.length > 0;
  }

  /** The first figure (not in `ignore`) on the segment from→to before `maxToi`, as a fraction of it. */
  firstFigure(from: readonly number[], to: readonly number[], maxToi: number, ignore: ReadonlySet<string> | undefined): { t: number; figure: string } | undefined {
    const predicate = ignore?.size ? (c: RAPIER.Collider) => !ignore.has(this.figureIds.get(c.handle) ?? '') : undefined;
    const f = this.world.castRay(this.ray(from, to), maxToi, true, undefined, query(G_FIGURE), undefined, undefined, predicate);
    return f ? { t: f.timeOfImpact, figure: this.figureIds.get(f.collider.handle)! } : undefined;
  }

  /** Each see-through solid's part number and where the segment from→to meets it, up to `tEnd` (Rapier's order). */
  seeThroughAlong(from: readonly number[], to: readonly number[], tEnd: number, each: (part: number, t: number) => void): void {
    this.world.intersectionsWithRay(this.ray(from, to), tEnd, true, (inter) => {
      each(this.parts.get(inter.collider.handle)!, inter.timeOfImpact);
      return true;
    }, undefined, query(G_SEE));
  }

  /** The part numbers of the solids an upright cylinder (half height hh, radius r, centred at x, y, z) meets. */
  solidsInCylinder(x: number, y: number, z: number, hh: number, r: number, each: (part: number) => void): void {
    this.world.intersectionsWithShape(
      { x, y, z }, { x: 0, y: 0, z: 0, w: 1 }, new this.R.Cylinder(hh, r),
      (c) => {
        const part = this.parts.get(c.handle);
        if (part !== undefined) each(part);
        return true;
      },
      undefined, query(G_BLOCK | G_SEE),
    );
  }

  /**
   * The part numbers of the solids a box meets: half extents hx (across), hy (up), hz (along its
   * facing, degrees clockwise from north), centred at x, y, z.
   */
  solidsInBox(x: number, y: number, z: number, hx: number, hy: number, hz: number, facing: number, each: (part: number) => void): void {
    this.world.intersectionsWithShape(
      { x, y, z }, quatY(-facing), new this.R.Cuboid(hx, hy, hz),
      (c) => {
        const part = this.parts.get(c.handle);
        if (part !== undefined) each(part);
        return true;
      },
      undefined, query(G_BLOCK | G_SEE),
    );
  }

  /** The part number of the first building wall on the segment from→to, if any. */
  firstBuildingWall(from: readonly number[], to: readonly number[]): number | undefined {
    const hit = this.world.castRay(this.ray(from, to), 1, true, undefined, query(G_BLOCK | G_SEE), undefined, undefined,
      (c) => this.isBuildingWall(this.parts.get(c.handle) ?? -1));
    return hit ? this.parts.get(hit.collider.handle) : undefined;
  }

  setFigures(figures: readonly FigureCollider[]): void {
    for (const c of this.figureColliders) this.world.removeCollider(c, false);
    this.figureColliders = [];
    this.figureIds.clear();
    for (const f of figures) {
      // A hull's length lies along the box's local z, turned clockwise by its facing (quatY turns the other way).
      const desc = (f.box
        ? this.R.ColliderDesc.cuboid(f.box.width / 2, f.height / 2, f.box.length / 2).setRotation(quatY(-f.box.facing))
        : this.R.ColliderDesc.cylinder(f.height / 2, f.radius)
      ).setTranslation(f.x, f.y + f.height / 2, f.z).setCollisionGroups(groups(G_FIGURE));
      const c = this.world.createCollider(desc);
      this.figureColliders.push(c);
      this.figureIds.set(c.handle, f.id);
    }
    this.world.step();
  }

  free(): void {
    this.world.free();
  }
}

/**
 * A table's Rapier world built a few colliders at a time, so that a page can build it between frames
 * without one long task (src/app/world-ahead.ts): the terrain tiles, then each solid, in the order a
 * one-go build adds them (tableWorldNow is this build finished at once), so both answer alike.
 */
export class TableWorldBuild {
  private readonly R: Rapier;
  private readonly world: RAPIER.World;
  private readonly parts = new Map<number, number>();
  private readonly tiles: ReadonlyArray<readonly [number, number, number, number]>;
  /** Colliders added so far: tiles first, then solids. */
  private next = 0;
  private done = false;

  constructor(table: string, private readonly grid: HeightGrid, private readonly solids: readonly Solid[], private readonly isBuildingWall: (part: number) => boolean) {
    const R = (this.R = loadedRapier(table));
    this.world = new R.World({ x: 0, y: 0, z: 0 });
    this.tiles = terrainTiles(grid);
  }

  /** Colliders still to add (the world's last step, making them visible to queries, comes after). */
  get remaining(): number {
    return this.tiles.length + this.solids.length - this.next;
  }

  /** Add the next collider; false when none is left. */
  private addOne(): boolean {
    const k = this.next;
    if (k < this.tiles.length) {
      // Terrain as trimesh tiles from the one grid (Rapier's heightfield misses rays, dimforge/rapier#165).
      const [c0, r0, c1, r1] = this.tiles[k]!;
      const { vertices, indices } = gridTrianglesRange(this.grid, c0, r0, c1, r1);
      const c = this.world.createCollider(this.R.ColliderDesc.trimesh(vertices, indices).setCollisionGroups(groups(G_TERRAIN | G_STAND)));
      this.parts.set(c.handle, TERRAIN_PART);
    } else if (k - this.tiles.length < this.solids.length) {
      const i = k - this.tiles.length;
      const c = addSolid(this.R, this.world, this.solids[i]!);
      if (c) this.parts.set(c.handle, i + 1);
    } else {
      return false;
    }
    this.next++;
    return true;
  }

  /**
   * Add colliders until `budgetMs` has passed (at least one); true once every collider is in. One
   * collider takes well under a millisecond (a 16 × 16-cell tile, a convex hull of a few points).
   */
  advance(budgetMs: number): boolean {
    const end = performance.now() + budgetMs;
    do {
      if (!this.addOne()) return true;
    } while (performance.now() < end);
    return this.remaining === 0;
  }

  /** Add whatever is left and make the world answer: the finished world (only once). */
  finish(): TableWorld {
    if (this.done) throw new Error('this table world was finished already');
    while (this.addOne());
    // Colliders are invisible to queries until the world has stepped once.
    this.world.step();
    this.done = true;
    return new TableWorld(this.R, this.world, this.parts, this.isBuildingWall);
  }

  /** Drop an unfinished build. */
  free(): void {
    if (!this.done) this.world.free();
    this.done = true;
  }
}

/** A table's Rapier world built in one go. */
export function tableWorldNow(table: string, grid: HeightGrid, solids: readonly Solid[], isBuildingWall: (part: number) => boolean): TableWorld {
  return new TableWorldBuild(table, grid, solids, isBuildingWall).finish();
}
