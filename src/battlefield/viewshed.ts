// Viewshed: which cells of a region an eye point sees, each cell tested by the battlefield's own
// line-of-sight verdict to a target point at the cell centre, `targetHeight` above its standing surface.
import type { Vec3 } from '../core';
import type { Battlefield, LosOptions, Viewshed, ViewshedRegion } from './types';

export function losViewshed(
  bf: Battlefield, surfaceAt: (x: number, z: number) => number, eye: Vec3, region: ViewshedRegion, resolution: number, targetHeight: number, options?: LosOptions,
): Viewshed {
  if (!(resolution > 0)) throw new RangeError(`viewshed resolution must be > 0 cm, got ${resolution}`);
  const { width, depth } = bf.scenario.table;
  const r = {
    minX: Math.max(0, region.minX), minZ: Math.max(0, region.minZ),
    maxX: Math.min(width, region.maxX), maxZ: Math.min(depth, region.maxZ),
  };
  const columns = Math.max(1, Math.round((r.maxX - r.minX) / resolution));
  const rows = Math.max(1, Math.round((r.maxZ - r.minZ) / resolution));
  const cells = new Uint8Array(columns * rows);
  let visible = 0;
  const target: [number, number, number] = [0, 0, 0]; // reused: isClear keeps no reference
  for (let j = 0; j < rows; j++) {
    const z = r.minZ + (j + 0.5) * resolution;
    for (let i = 0; i < columns; i++) {
      const x = r.minX + (i + 0.5) * resolution;
      if (x > width || z > depth) continue;
      target[0] = x; target[1] = surfaceAt(x, z) + targetHeight; target[2] = z;
      if (bf.isClear(eye, target, options)) {
        cells[j * columns + i] = 1;
        visible++;
      }
    }
  }
  return { region: r, resolution, columns, rows, cells, visibleFraction: visible / cells.length };
}
