// Resin (or ice) surfaces of water areas: the grid triangles inside the water outline, lifted to a
// flat level just under the banks where the bed is carved, and draped a hair above ground elsewhere.
// Vertices outside the outline sink to the level, under the bank, so the edge follows the terrain.
import { BufferAttribute, BufferGeometry, Color } from 'three';
import { boundsOf, gridHeightAt, type HeightGrid, pointInPolygon, type Vec2 } from '../core';
import { areaPolygon, type WaterFeature } from '../scenario';
import { fractalNoise } from './noise';
import { PALETTE } from './palette';

/**
 * Resin level: the median ground height along the outline (sampled about every grid spacing; the
 * median ignores where a river's outline crosses its own bed at the table edge), minus a small gap.
 */
export function waterLevel(g: HeightGrid, poly: readonly Vec2[]): number {
  const step = Math.min(g.spacingX, g.spacingZ);
  const samples: number[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1]) / step));
    for (let k = 0; k < n; k++) {
      const t = k / n;
      samples.push(gridHeightAt(g, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t));
    }
  }
  samples.sort((x, y) => x - y);
  return samples[Math.floor(samples.length / 2)]! - 0.3;
}

/** White water's colour (foam on fast water). */
export const FOAM = '#e9eeea';

/** Distance from (x, z) to the outline, cm. */
function edgeDistance(poly: readonly Vec2[], x: number, z: number): number {
  let best = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!, b = poly[(i + 1) % poly.length]!;
    const dx = b[0] - a[0], dz = b[1] - a[1];
    const t = Math.max(0, Math.min(1, ((x - a[0]) * dx + (z - a[1]) * dz) / (dx * dx + dz * dz || 1)));
    best = Math.min(best, Math.hypot(a[0] + t * dx - x, a[1] + t * dz - z));
  }
  return best;
}

/**
 * Foam on fast water (flow "strong": rapids), 0–1: streaks drawn out along the stream's long axis,
 * thicker against the banks where the current breaks. Slower or frozen water has none.
 */
export function foamAt(water: WaterFeature, poly: readonly Vec2[], x: number, z: number): number {
  if (water.flow !== 'strong' || water.frozen) return 0;
  const b = boundsOf(poly);
  const alongZ = b.maxZ - b.minZ >= b.maxX - b.minX;
  // Stretched noise (fractalNoise is centred on 0): streaks about 14 cm along the flow and 3 cm across it.
  const [u, v] = alongZ ? [x * 4.5, z] : [z * 4.5, x];
  const streak = fractalNoise(u, v, 14, 3, 1918) + 0.5;
  const bank = Math.max(0, 1 - edgeDistance(poly, x, z) / 2);
  const f = Math.min(1, Math.max(0, (streak - 0.58) / 0.12) + bank * (0.4 + 0.6 * streak));
  return f * f * (3 - 2 * f);
}

export function waterGeometry(g: HeightGrid, water: WaterFeature): BufferGeometry | null {
  const poly = areaPolygon(water);
  if (poly.length < 3) return null;
  const level = waterLevel(g, poly);
  const b = boundsOf(poly);
  const c0 = Math.max(0, Math.floor((b.minX - g.originX) / g.spacingX));
  const c1 = Math.min(g.columns - 2, Math.ceil((b.maxX - g.originX) / g.spacingX));
  const r0 = Math.max(0, Math.floor((b.minZ - g.originZ) / g.spacingZ));
  const r1 = Math.min(g.rows - 2, Math.ceil((b.maxZ - g.originZ) / g.spacingZ));
  const deep = new Color(water.frozen ? PALETTE.ice : PALETTE.water);
  const shallow = deep.clone().lerp(new Color(water.frozen ? '#e2eaee' : '#3f5048'), 0.6);
  const foamColour = new Color(FOAM);
  const positions: number[] = [];
  const colours: number[] = [];
  const vertexOf = new Map<number, number>();
  const indices: number[] = [];
  const vertex = (c: number, r: number): number => {
    const key = r * g.columns + c;
    const known = vertexOf.get(key);
    if (known !== undefined) return known;
    const ground = g.heights[key]!;
    const x = g.originX + c * g.spacingX;
    const z = g.originZ + r * g.spacingZ;
    const y = ground < level || !inside(x, z) ? level : ground + 0.06;
    const foam = foamAt(water, poly, x, z);
    // Foam stands a little proud of the resin, so the light catches its ridges.
    positions.push(x, y + foam * 0.12, z);
    const depth = Math.min(Math.max((y - ground) / 1.5, 0), 1);
    const col = shallow.clone().lerp(deep, depth).lerp(foamColour, foam * 0.9);
    colours.push(col.r, col.g, col.b);
    vertexOf.set(key, positions.length / 3 - 1);
    return positions.length / 3 - 1;
  };
  const inside = (x: number, z: number) => pointInPolygon([x, z], poly);
  for (let r = r0; r <= r1; r++) {
    for (let c = c0; c <= c1; c++) {
      const x = g.originX + c * g.spacingX;
      const z = g.originZ + r * g.spacingZ;
      // The two triangles of the cell, split along the SW–NE diagonal as the grid is.
      if (inside(x + (2 * g.spacingX) / 3, z + g.spacingZ / 3)) indices.push(vertex(c, r), vertex(c + 1, r + 1), vertex(c + 1, r));
      if (inside(x + g.spacingX / 3, z + (2 * g.spacingZ) / 3)) indices.push(vertex(c, r), vertex(c, r + 1), vertex(c + 1, r + 1));
    }
  }
  if (indices.length === 0) return null;
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  geometry.setAttribute('color', new BufferAttribute(new Float32Array(colours), 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  geometry.computeBoundingSphere();
  return geometry;
}
