// The viewshed texture on screen now, read back for the test probe: apart from ViewshedOverlay so the
// probe needs no canvas code.
import type { DataTexture } from 'three';
import { cellsFromPixels } from './viewshed-texture';
import type { ViewshedResult } from './viewshed-store';

/** The texture on screen now, for the test probe (what is drawn, not a copy of the result). */
export const overlayProbe: { texture: DataTexture | null; result: ViewshedResult | null } = { texture: null, result: null };

export function overlayCells(): { columns: number; rows: number; resolution: number; cells: number[] } | null {
  const { texture, result } = overlayProbe;
  if (!texture || !result) return null;
  const img = texture.image as { data: Uint8Array; width: number; height: number };
  return { columns: img.width, rows: img.height, resolution: result.resolution, cells: cellsFromPixels(img.data) };
}
