// Vertex colours of the terrain mesh, one per height-grid sample (ART.md §5): felt with mottled
// noise, earth on steep slopes, lighter crests and darker hollows, painted areas, contact darkening.
import { Color } from 'three';
import { boundsOf, type BoxSolid, gridHeightAt, type HeightGrid, pointInPolygon, polylineProjection, type Solid, type Vec2 } from '../core';
import { type AreaFeature, areaPolygon, type Feature, isArea } from '../scenario';
import { fractalNoise } from './noise';
import { AREA_PAINT_ORDER, areaColour, PALETTE } from './palette';

const smoothstep = (a: number, b: number, x: number): number => {
  const t = Math.min(Math.max((x - a) / (b - a), 0), 1);
  return t * t * (3 - 2 * t);
};

const linear = (hex: string): [number, number, number] => {
  const c = new Color(hex); // sRGB in, linear inside (ColorManagement)
  return [c.r, c.g, c.b];
};

type Rgb = [number, number, number];
const mix = (out: Rgb, c: Rgb, t: number): void => {
  out[0] += (c[0] - out[0]) * t;
  out[1] += (c[1] - out[1]) * t;
  out[2] += (c[2] - out[2]) * t;
};

/** Slope (1 − normal.y) and local curvature (neighbourhood mean − height, cm) of each grid sample. */
export function gridShape(g: HeightGrid): { slope: Float32Array; curvature: Float32Array } {
  const { columns: C, rows: R, heights: h } = g;
  const slope = new Float32Array(C * R);
  const curvature = new Float32Array(C * R);
  const s = Math.max(1, Math.round(3 / Math.min(g.spacingX, g.spacingZ)));
  const at = (c: number, r: number) => h[Math.min(R - 1, Math.max(0, r)) * C + Math.min(C - 1, Math.max(0, c))]!;
  for (let r = 0; r < R; r++) {
    for (let c = 0; c < C; c++) {
      const dx = (at(c + 1, r) - at(c - 1, r)) / (2 * g.spacingX);
      const dz = (at(c, r + 1) - at(c, r - 1)) / (2 * g.spacingZ);
      slope[r * C + c] = 1 - 1 / Math.hypot(dx, 1, dz);
      const mean = (at(c + s, r) + at(c - s, r) + at(c, r + s) + at(c, r - s)) / 4;
      curvature[r * C + c] = mean - at(c, r);
    }
  }
  return { slope, curvature };
}

/** Per-kind paint texture over an area's base colour (pools in marsh, stones in rocky ground …). */
function areaTexture(a: AreaFeature, x: number, z: number, out: Rgb, extra: Record<string, Rgb>): number {
  switch (a.kind) {
    case 'marsh':
      mix(out, extra.pool!, smoothstep(0.14, 0.2, fractalNoise(x, z, 4, 2, 31)));
      return 1 + fractalNoise(x, z, 1.5, 2, 32) * 0.3;
    case 'rubble':
      mix(out, extra.brick!, smoothstep(0.05, 0.25, fractalNoise(x, z, 3, 2, 41)) * 0.7);
      mix(out, extra.scorch!, smoothstep(0.05, 0.25, fractalNoise(x, z, 6, 2, 42)) * 0.6);
      return 0.85 + fractalNoise(x, z, 1, 2, 43) * 0.4;
    case 'rocky':
      mix(out, extra.grass!, smoothstep(-0.05, 0.1, fractalNoise(x, z, 2.5, 2, 51)));
      return 1 + fractalNoise(x, z, 1, 2, 52) * 0.4;
    case 'woods':
      mix(out, extra.needles!, smoothstep(-0.1, 0.25, fractalNoise(x, z, 8, 2, 61)) * 0.6);
      return 1 + fractalNoise(x, z, 3, 2, 62) * 0.25;
    case 'road': {
      const k = 1 + fractalNoise(x, z, 4, 2, 71) * 0.2;
      if (!a.path || !a.width || a.surface === 'paved') return k;
      // Two darker wheel ruts either side of the crown of a path-made road.
      const t = polylineProjection([x, z], a.path as Vec2[]).distance / (a.width / 2);
      return k * (1 - 0.2 * Math.exp(-(((t - 0.42) / 0.12) ** 2)));
    }
    case 'field': {
      const angle = a.polygon && a.polygon.length > 1 ? Math.atan2(a.polygon[1]![1] - a.polygon[0]![1], a.polygon[1]![0] - a.polygon[0]![0]) : 0;
      const furrow = a.crop === 'pasture' || a.crop === 'mud' ? 0 : 0.08;
      const stripe = Math.sin(((x * Math.cos(angle) + z * Math.sin(angle)) / 2.5) * Math.PI * 2);
      return (1 + fractalNoise(x, z, 6, 2, 17) * 0.2) * (1 + furrow * stripe);
    }
    case 'water':
      return 1 + fractalNoise(x, z, 5, 2, 81) * 0.1;
  }
}

function paintArea(g: HeightGrid, a: AreaFeature, colours: Float32Array, extra: Record<string, Rgb>): void {
  const poly = areaPolygon(a);
  if (poly.length < 3) return;
  const b = boundsOf(poly);
  const base = linear(areaColour(a));
  const c0 = Math.max(0, Math.floor((b.minX - g.originX) / g.spacingX));
  const c1 = Math.min(g.columns - 1, Math.ceil((b.maxX - g.originX) / g.spacingX));
  const r0 = Math.max(0, Math.floor((b.minZ - g.originZ) / g.spacingZ));
  const r1 = Math.min(g.rows - 1, Math.ceil((b.maxZ - g.originZ) / g.spacingZ));
  const out: Rgb = [0, 0, 0];
  for (let r = r0; r <= r1; r++) {
    const z = g.originZ + r * g.spacingZ;
    for (let c = c0; c <= c1; c++) {
      const x = g.originX + c * g.spacingX;
      if (!pointInPolygon([x, z], poly)) continue;
      out[0] = base[0]; out[1] = base[1]; out[2] = base[2];
      const k = areaTexture(a, x, z, out, extra);
      const i = (r * g.columns + c) * 3;
      colours[i] = out[0] * k;
      colours[i + 1] = out[1] * k;
      colours[i + 2] = out[2] * k;
    }
  }
}

/** Footprint-contact darkening around boxes standing on the ground (walls, foundations, obstacles). */
function darkenAround(g: HeightGrid, box: BoxSolid, colours: Float32Array, reach = 1.5): void {
  const [cx, cy, cz] = box.center;
  const [hx, hy, hz] = box.halfExtents;
  if (cy - hy > gridHeightAt(g, cx, cz) + 1) return; // upper storeys and roofs do not touch the table
  const rad = (box.rotationY * Math.PI) / 180;
  const co = Math.cos(rad);
  const si = Math.sin(rad);
  const ext = Math.hypot(hx, hz) + reach;
  const c0 = Math.max(0, Math.floor((cx - ext - g.originX) / g.spacingX));
  const c1 = Math.min(g.columns - 1, Math.ceil((cx + ext - g.originX) / g.spacingX));
  const r0 = Math.max(0, Math.floor((cz - ext - g.originZ) / g.spacingZ));
  const r1 = Math.min(g.rows - 1, Math.ceil((cz + ext - g.originZ) / g.spacingZ));
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const dx = g.originX + c * g.spacingX - cx;
      const dz = g.originZ + r * g.spacingZ - cz;
      // Into the box's own frame (inverse of a counter-clockwise rotation).
      const lx = Math.abs(dx * co + dz * si) - hx;
      const lz = Math.abs(-dx * si + dz * co) - hz;
      const d = Math.hypot(Math.max(lx, 0), Math.max(lz, 0));
      if (d >= reach) continue;
      const k = 1 - 0.3 * (1 - d / reach) ** 2;
      const i = (r * g.columns + c) * 3;
      colours[i]! *= k; colours[i + 1]! *= k; colours[i + 2]! *= k;
    }
  }
}

/** Linear-RGB colour triples, one per grid sample in grid order (row-major from the south-west). */
export function paintTerrain(g: HeightGrid, features: readonly Feature[], solids: readonly Solid[]): Float32Array {
  const n = g.columns * g.rows;
  const colours = new Float32Array(n * 3);
  const { slope, curvature } = gridShape(g);
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of g.heights) { if (v < lo) lo = v; if (v > hi) hi = v; }
  const felt = linear(PALETTE.felt);
  const dry = linear(PALETTE.feltDry);
  const earth = linear(PALETTE.earth);
  const out: Rgb = [0, 0, 0];
  for (let r = 0; r < g.rows; r++) {
    const z = g.originZ + r * g.spacingZ;
    for (let c = 0; c < g.columns; c++) {
      const x = g.originX + c * g.spacingX;
      const i = r * g.columns + c;
      out[0] = felt[0]; out[1] = felt[1]; out[2] = felt[2];
      mix(out, dry, smoothstep(-0.15, 0.25, fractalNoise(x, z, 40, 3, 3)));
      mix(out, earth, smoothstep(0.12, 0.3, slope[i]!));
      let k = 1 + fractalNoise(x, z, 5, 3, 7) * 0.16;
      const curv = Math.max(-1, Math.min(1, curvature[i]! / 0.6));
      k *= curv > 0 ? 1 - 0.06 * curv : 1 - 0.06 * curv;
      if (hi > lo) k *= 0.96 + 0.08 * ((g.heights[i]! - lo) / (hi - lo));
      colours[i * 3] = out[0] * k;
      colours[i * 3 + 1] = out[1] * k;
      colours[i * 3 + 2] = out[2] * k;
    }
  }
  const areas = features.filter(isArea).slice().sort((a, b) => AREA_PAINT_ORDER[a.kind] - AREA_PAINT_ORDER[b.kind]);
  const extra: Record<string, Rgb> = {
    pool: linear(PALETTE.water), brick: linear('#7a4a3a'), scorch: linear('#38342f'),
    grass: linear(PALETTE.felt), needles: linear('#6a593b'),
  };
  for (const a of areas) paintArea(g, a, colours, extra);
  for (const s of solids) {
    if (s.shape === 'box' && (s.part === 'wall' || s.part === 'foundation' || s.part === 'obstacle' || s.part === 'parapet')) {
      darkenAround(g, s, colours);
    }
  }
  return colours;
}

