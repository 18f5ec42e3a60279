// The viewshed as pixels and as a drape: one RGBA texel per cell (seen = translucent green, hidden
// = a dark veil), on a copy of the terrain surface lifted a hair, with UVs that put each texel
// centre on its cell centre.
import { BufferAttribute, BufferGeometry, DataTexture, LinearFilter, RGBAFormat, SRGBColorSpace, UnsignedByteType } from 'three';
import type { Viewshed } from '../../battlefield';
import { gridTriangles, type HeightGrid } from '../../core';

export const SEEN_RGBA = [98, 216, 92, 135] as const;
export const HIDDEN_RGBA = [12, 16, 30, 110] as const;
export const OVERLAY_LIFT = 0.05;

export function viewshedPixels(vs: Viewshed): Uint8Array {
  const data = new Uint8Array(vs.columns * vs.rows * 4);
  for (let i = 0; i < vs.cells.length; i++) data.set(vs.cells[i] ? SEEN_RGBA : HIDDEN_RGBA, i * 4);
  return data;
}

/** Cells (1 = seen) read back from texture pixels made by viewshedPixels. */
export function cellsFromPixels(data: ArrayLike<number>): number[] {
  const out: number[] = [];
  for (let i = 0; i + 3 < data.length; i += 4) out.push(data[i + 1] === SEEN_RGBA[1] ? 1 : 0);
  return out;
}

export function viewshedTexture(vs: Viewshed): DataTexture {
  // Rows run south → north, as the texture's v does on the drape below (flipY off).
  const tex = new DataTexture(viewshedPixels(vs), vs.columns, vs.rows, RGBAFormat, UnsignedByteType);
  tex.magFilter = LinearFilter;
  tex.minFilter = LinearFilter;
  tex.colorSpace = SRGBColorSpace;
  tex.generateMipmaps = false;
  tex.needsUpdate = true;
  return tex;
}

/** The terrain surface (same grid, same triangles) lifted by OVERLAY_LIFT, with uv = table x/z. */
export function drapeGeometry(grid: HeightGrid, width: number, depth: number): BufferGeometry {
  const { vertices, indices } = gridTriangles(grid);
  const uv = new Float32Array((vertices.length / 3) * 2);
  for (let i = 0, j = 0; i < vertices.length; i += 3, j += 2) {
    vertices[i + 1]! += OVERLAY_LIFT;
    uv[j] = vertices[i]! / width;
    uv[j + 1] = vertices[i + 2]! / depth;
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(vertices, 3));
  g.setAttribute('uv', new BufferAttribute(uv, 2));
  g.setIndex(new BufferAttribute(indices, 1));
  g.computeBoundingSphere();
  return g;
}

/**
 * The texture transform that maps table uv (x / width, z / depth) onto the viewshed's cells:
 * cell i spans [minX + i·res, minX + (i+1)·res].
 */
export function cellTransform(vs: Viewshed, width: number, depth: number): { repeat: [number, number]; offset: [number, number] } {
  const spanX = vs.columns * vs.resolution;
  const spanZ = vs.rows * vs.resolution;
  return {
    repeat: [width / spanX, depth / spanZ],
    offset: [-vs.region.minX / spanX, -vs.region.minZ / spanZ],
  };
}
