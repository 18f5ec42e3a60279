// The one sampled height grid of a table: battlefield colliders and the rendered terrain mesh
// are both built from it, with the same triangulation (each cell split along its SW–NE diagonal).

export interface HeightGrid {
  /** Sample points along x (west → east). */
  readonly columns: number;
  /** Sample points along z (south → north). */
  readonly rows: number;
  readonly originX: number;
  readonly originZ: number;
  readonly spacingX: number;
  readonly spacingZ: number;
  /** Row-major heights: heights[row * columns + column], row 0 on the south edge. */
  readonly heights: Float32Array;
}

export function gridIndex(g: HeightGrid, column: number, row: number): number {
  return row * g.columns + column;
}

export function gridPoint(g: HeightGrid, column: number, row: number): [number, number, number] {
  return [g.originX + column * g.spacingX, g.heights[row * g.columns + column]!, g.originZ + row * g.spacingZ];
}

/**
 * Height of the triangulated surface at (x, z), clamped to the grid. Exact for the same
 * triangles the battlefield builds, so it agrees with a vertical ray cast on the terrain mesh.
 */
export function gridHeightAt(g: HeightGrid, x: number, z: number): number {
  const fx = Math.min(Math.max((x - g.originX) / g.spacingX, 0), g.columns - 1);
  const fz = Math.min(Math.max((z - g.originZ) / g.spacingZ, 0), g.rows - 1);
  let c = Math.floor(fx);
  let r = Math.floor(fz);
  if (c >= g.columns - 1) c = g.columns - 2;
  if (r >= g.rows - 1) r = g.rows - 2;
  const u = fx - c;
  const v = fz - r;
  const h = g.heights;
  const h00 = h[r * g.columns + c]!;
  const h10 = h[r * g.columns + c + 1]!;
  const h01 = h[(r + 1) * g.columns + c]!;
  const h11 = h[(r + 1) * g.columns + c + 1]!;
  // Triangle (00, 10, 11) where u ≥ v, else (00, 11, 01).
  return u >= v ? h00 + (h10 - h00) * u + (h11 - h10) * v : h00 + (h11 - h01) * u + (h01 - h00) * v;
}

export function gridMaxHeight(g: HeightGrid): number {
  let m = -Infinity;
  for (const v of g.heights) if (v > m) m = v;
  return m;
}

/** Vertex positions (x, y, z triples) and triangle indices of the terrain surface. */
export function gridTriangles(g: HeightGrid): { vertices: Float32Array; indices: Uint32Array } {
  return gridTrianglesRange(g, 0, 0, g.columns - 1, g.rows - 1);
}

/** The same triangles for the sample range [c0, c1] × [r0, r1] only (a terrain tile). */
export function gridTrianglesRange(g: HeightGrid, c0: number, r0: number, c1: number, r1: number): { vertices: Float32Array; indices: Uint32Array } {
  const nc = c1 - c0 + 1;
  const nr = r1 - r0 + 1;
  const vertices = new Float32Array(nc * nr * 3);
  for (let r = 0; r < nr; r++) {
    for (let c = 0; c < nc; c++) {
      const i = (r * nc + c) * 3;
      vertices[i] = g.originX + (c0 + c) * g.spacingX;
      vertices[i + 1] = g.heights[(r0 + r) * g.columns + c0 + c]!;
      vertices[i + 2] = g.originZ + (r0 + r) * g.spacingZ;
    }
  }
  const indices = new Uint32Array((nc - 1) * (nr - 1) * 6);
  let k = 0;
  for (let r = 0; r < nr - 1; r++) {
    for (let c = 0; c < nc - 1; c++) {
      const i00 = r * nc + c;
      const i10 = i00 + 1;
      const i01 = i00 + nc;
      const i11 = i01 + 1;
      // Split along the SW–NE diagonal, as gridHeightAt assumes.
      indices[k++] = i00; indices[k++] = i11; indices[k++] = i10;
      indices[k++] = i00; indices[k++] = i01; indices[k++] = i11;
    }
  }
  return { vertices, indices };
}
