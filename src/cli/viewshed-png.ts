// Renders a viewshed as a PNG: shaded relief, solids in grey, visible cells tinted green, hidden red,
// the observer as a white dot. North is up. pngjs is loaded here, when a PNG is made, not by every CLI call.
import { gridHeightAt, gridMaxHeight, type Vec3 } from '../core';
import type { Battlefield, Viewshed } from '../battlefield';

const PX_PER_CM = 4;

export async function viewshedPng(bf: Battlefield, vs: Viewshed, eye: Vec3): Promise<Buffer> {
  const { PNG } = await import('pngjs');
  const { width, depth } = bf.scenario.table;
  const w = Math.round(width * PX_PER_CM);
  const h = Math.round(depth * PX_PER_CM);
  const png = new PNG({ width: w, height: h });
  const top = Math.max(1, gridMaxHeight(bf.grid));
  for (let py = 0; py < h; py++) {
    const z = depth - (py + 0.5) / PX_PER_CM;
    for (let px = 0; px < w; px++) {
      const x = (px + 0.5) / PX_PER_CM;
      const g = gridHeightAt(bf.grid, x, z);
      // Hill shading from the north-west.
      const slope = gridHeightAt(bf.grid, Math.min(width, x + 0.5), Math.max(0, z - 0.5)) - g;
      let shade = 150 + 60 * (g / top) - slope * 120;
      shade = Math.max(60, Math.min(230, shade));
      let [r, gg, b] = [shade, shade, shade];
      const ci = Math.floor((x - vs.region.minX) / vs.resolution);
      const cj = Math.floor((z - vs.region.minZ) / vs.resolution);
      if (ci >= 0 && cj >= 0 && ci < vs.columns && cj < vs.rows) {
        const seen = vs.cells[cj * vs.columns + ci] === 1;
        if (seen) { r *= 0.55; gg = Math.min(255, gg * 0.8 + 60); b *= 0.55; }
        else { r = Math.min(255, r * 0.8 + 60); gg *= 0.5; b *= 0.5; }
      }
      const i = (py * w + px) * 4;
      png.data[i] = r; png.data[i + 1] = gg; png.data[i + 2] = b; png.data[i + 3] = 255;
    }
  }
  // Solids' plan footprints (boxes only) darkened.
  for (const s of bf.solids) {
    if (s.shape !== 'box') continue;
    const a = (s.rotationY * Math.PI) / 180;
    const [hx, , hz] = s.halfExtents;
    const steps = Math.ceil(Math.max(hx, hz) * 2 * PX_PER_CM) + 1;
    for (let i = 0; i <= steps; i++) for (let j = 0; j <= steps; j++) {
      const lx = -hx + (2 * hx * i) / steps, lz = -hz + (2 * hz * j) / steps;
      const x = s.center[0] + lx * Math.cos(a) - lz * Math.sin(a);
      const z = s.center[2] + lx * Math.sin(a) + lz * Math.cos(a);
      const px = Math.floor(x * PX_PER_CM), py = Math.floor((depth - z) * PX_PER_CM);
      if (px < 0 || py < 0 || px >= w || py >= h) continue;
      const k = (py * w + px) * 4;
      png.data[k] = 70; png.data[k + 1] = 64; png.data[k + 2] = 60;
    }
  }
  const ex = Math.round(eye[0] * PX_PER_CM), ez = Math.round((depth - eye[2]) * PX_PER_CM);
  for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) {
    if (dx * dx + dy * dy > 16) continue;
    const px = ex + dx, py = ez + dy;
    if (px < 0 || py < 0 || px >= w || py >= h) continue;
    const k = (py * w + px) * 4;
    png.data[k] = 255; png.data[k + 1] = 255; png.data[k + 2] = 255;
  }
  return PNG.sync.write(png);
}
