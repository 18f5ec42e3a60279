// Rapier's WASM code compiled ahead of a table's world: a tiny table world built, stepped and asked
// once per page, so that the app's idle build of the real world has no long slice compiling it.
import type { HeightGrid, Solid } from '../core';
import { loadedRapier, tableWorldNow } from './rapier-world';

/** What the warm-up's world answered: the ground under (0.5, 0.5), the see-through and building-wall parts met, the parts in a cylinder, the figure met. */
export interface WarmUpAnswers { ground?: number; seeThrough: number[]; wall?: number; inCylinder: number[]; figure?: string }

let warmed: WarmUpAnswers | undefined;

/**
 * Build, step and ask a tiny table world, once per process/page (later calls return the first one's
 * answers at once: the code stays compiled). Rapier's WASM may be compiled lazily, function by
 * function, and a world's first step over colliders runs code an empty world's step never reaches
 * (the broad phase's tree insertion and pair walk, trimesh and hull set-up); each query meets its
 * target, so that the code of a hit, not only of a miss, is compiled. Its cost and gain at load:
 * `npm run bench:sight-app`. Rapier must be loaded.
 */
export function warmRapier(): WarmUpAnswers {
  warmed ??= askTinyWorld();
  return warmed;
}

/**
 * Step an empty world once, compiling only Rapier's stepping code; cheaper than warmRapier but leaving
 * the colliders' code to the table world's first step. For comparing the two (bench:sight-app).
 */
export function warmRapierEmpty(): void {
  const world = new (loadedRapier('warm-up').World)({ x: 0, y: 0, z: 0 });
  world.step();
  world.free();
}

function askTinyWorld(): WarmUpAnswers {
  const { grid, solids } = warmUpTable();
  const world = tableWorldNow('warm-up', grid, solids, (part) => part === 1);
  try {
    const seeThrough: number[] = [];
    const inCylinder: number[] = [];
    const ground = world.surfaceBelow(0.5, 0.5, 10);
    world.seeThroughAlong([0, 0.5, 0.2], [3, 0.5, 2.8], 1, (part) => seeThrough.push(part));
    const wall = world.firstBuildingWall([1.5, 0.5, 0], [1.5, 0.5, 3]);
    world.solidsInCylinder(1.5, 0.6, 1.5, 0.5, 0.4, (part) => inCylinder.push(part));
    world.setFigures([{ id: 'a', x: 0.5, y: 0, z: 2.5, height: 1, radius: 0.3 }]);
    const figure = world.firstFigure([0, 0.5, 2.5], [3, 0.5, 2.5], 1, new Set(['b']))?.figure;
    world.setFigures([]);
    return { ground, seeThrough, wall, inCylinder, figure };
  } finally {
    world.free();
  }
}

/** A 3 × 3-cell sloped ground with a wall, a fence, a deck and a hull over it, all overlapping: each collider kind of a table world. */
function warmUpTable(): { grid: HeightGrid; solids: Solid[] } {
  const heights = new Float32Array(16).map((_, i) => (i % 4) * 0.1 + Math.floor(i / 4) * 0.05);
  const grid: HeightGrid = { columns: 4, rows: 4, originX: 0, originZ: 0, spacingX: 1, spacingZ: 1, heights };
  const base = { featureId: 'warm-up', featureKind: 'warm-up', floor: 0 };
  const box = (part: 'wall' | 'railing' | 'deck', center: [number, number, number], rotationY: number,
    blocksSight: boolean, standable: boolean): Solid =>
    ({ ...base, part, shape: 'box', center, halfExtents: [1.2, 0.5, 0.1], rotationY, blocksSight, standable });
  const hull: Solid = {
    ...base, part: 'obstacle', shape: 'hull', blocksSight: true, standable: false,
    points: [[1, 0, 1], [2, 0, 1], [1, 0, 2], [1.5, 1, 1.5], [2, 0.5, 2]],
  };
  return {
    grid,
    solids: [
      box('wall', [1.5, 0.5, 1.5], 0, true, false),
      box('railing', [1.5, 0.5, 1.5], 35, false, false),
      box('deck', [1.5, 0.4, 1.4], 90, true, true),
      hull,
    ],
  };
}
