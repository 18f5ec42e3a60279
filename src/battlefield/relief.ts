// Samples a scenario's relief into the one height grid: imported grid + hills + carved water +
// sculpted ramparts and ditches + raised road banks (a railway embankment). Both the Rapier terrain and the rendered mesh use this grid.
import { type HeightGrid, type Vec2, pointInPolygon, boundsOf, polylineProjection, hypot } from '../core';
import { areaPolygon, reliefSampleCounts, type AreaFeature, type HillFeature, type Scenario, type WaterFeature } from '../scenario';
import { earthworkSection, isEarthwork, outerDistance, reachOf } from './earthworks';

export { outerDistance } from './earthworks';

function hillProfile(h: HillFeature, x: number, z: number): number {
  const [rx, rz] = typeof h.radius === 'number' ? [h.radius, h.radius] : h.radius;
  const r = ((h.rotation ?? 0) * Math.PI) / 180;
  const dx = x - h.center[0];
  const dz = z - h.center[1];
  // Into the hill's own frame (undo its rotation).
  const lx = dx * Math.cos(r) + dz * Math.sin(r);
  const lz = -dx * Math.sin(r) + dz * Math.cos(r);
  const d = hypot(lx / rx, lz / rz);
  if (d >= 1) return 0;
  switch (h.profile ?? 'dome') {
    case 'cone':
      return h.height * (1 - d);
    case 'plateau': {
      const p = h.plateau ?? 0.5;
      if (d <= p) return h.height;
      const s = (d - p) / (1 - p);
      return h.height * 0.5 * (1 + Math.cos(Math.PI * s));
    }
    default:
      // Raised cosine: smooth crest and smooth foot.
      return h.height * 0.5 * (1 + Math.cos(Math.PI * d));
  }
}

type RoadFeature = Extract<AreaFeature, { kind: 'road' }>;
/** A road on a bank, as the sampler walks it: its path, crest half-width, side run, height and a plan box to skip samples by. */
interface Bank { path: Vec2[]; half: number; slope: number; height: number; minX: number; maxX: number; minZ: number; maxZ: number }

function banksOf(s: Scenario): Bank[] {
  return s.features
    .filter((f): f is RoadFeature => f.kind === 'road' && !!f.embankment && !!f.path && f.path.length >= 2)
    .map((f) => {
      const e = f.embankment!;
      const half = (e.crestWidth ?? f.width ?? 0) / 2;
      const reach = half + e.slope;
      const b = boundsOf(f.path as Vec2[]);
      return { path: f.path as Vec2[], half, slope: e.slope, height: e.height, minX: b.minX - reach, maxX: b.maxX + reach, minZ: b.minZ - reach, maxZ: b.maxZ + reach };
    });
}

/** A bank's rise at plan distance d from its path: the full height on the crest, falling evenly down each side. */
export function bankRaise(b: Pick<Bank, 'half' | 'slope' | 'height'>, d: number): number {
  if (d <= b.half) return b.height;
  if (d >= b.half + b.slope) return 0;
  return b.height * (1 - (d - b.half) / b.slope);
}

function importedGrid(s: Scenario): ((x: number, z: number) => number) | undefined {
  const g = s.relief?.grid;
  if (!g) return undefined;
  const sx = s.table.width / (g.columns - 1);
  const sz = s.table.depth / (g.rows - 1);
  return (x, z) => {
    const fx = Math.min(Math.max(x / sx, 0), g.columns - 1);
    const fz = Math.min(Math.max(z / sz, 0), g.rows - 1);
    const c = Math.min(Math.floor(fx), g.columns - 2);
    const r = Math.min(Math.floor(fz), g.rows - 2);
    const u = fx - c;
    const v = fz - r;
    const h = (cc: number, rr: number) => g.heights[rr * g.columns + cc]!;
    return (h(c, r) * (1 - u) + h(c + 1, r) * u) * (1 - v) + (h(c, r + 1) * (1 - u) + h(c + 1, r + 1) * u) * v;
  };
}

/** The ground before earthworks, road banks and water: base + imported grid + hills. */
export function plainGround(s: Scenario): (x: number, z: number) => number {
  const base = s.relief?.base ?? 0;
  const imported = importedGrid(s);
  const hills = s.features.filter((f): f is HillFeature => f.kind === 'hill');
  return (x, z) => {
    let h = base + (imported ? imported(x, z) : 0);
    for (const hill of hills) h += hillProfile(hill, x, z);
    return h;
  };
}

/** The highest road-bank rise at a point (0 off every bank), as sampleRelief raises it. */
export function roadBankRaise(s: Scenario): (x: number, z: number) => number {
  const banks = banksOf(s);
  return (x, z) => {
    let top = 0;
    for (const b of banks) {
      if (x < b.minX || x > b.maxX || z < b.minZ || z > b.maxZ) continue;
      top = Math.max(top, bankRaise(b, polylineProjection([x, z], b.path).distance));
    }
    return top;
  };
}

/**
 * What sampleRelief reads of a scenario: the table's size, its relief, and the features that shape the
 * ground (hills, water, roads and their banks, ramparts, bastions, redoubts and ditches, in file order). Equal
 * inputs sample equal grids (relief-cache.ts keys on them): whatever sampleRelief comes to read, this lists.
 */
export function reliefInputs(s: Scenario): { width: number; depth: number; relief: Scenario['relief'] | null; features: Scenario['features'] } {
  const shapesGround = (f: Scenario['features'][number]) => f.kind === 'hill' || f.kind === 'water' || f.kind === 'road' || isEarthwork(f);
  return { width: s.table.width, depth: s.table.depth, relief: s.relief ?? null, features: s.features.filter(shapesGround) };
}

export function sampleRelief(s: Scenario): HeightGrid {
  const W = s.table.width;
  const D = s.table.depth;
  // The same counts validation bounds (LIMITS.reliefSamples).
  const { columns, rows } = reliefSampleCounts(s);
  const spacingX = W / (columns - 1);
  const spacingZ = D / (rows - 1);
  const heights = new Float32Array(columns * rows);
  const plain = plainGround(s);
  // Each work with the box it shapes (its path's bounds widened by its reach): the cells outside it
  // skip the work's distance, which is most of the sampling time on a table with works.
  const forts = s.features.filter(isEarthwork).map((f) => {
    const b = boundsOf(f.path as Vec2[]);
    const reach = reachOf(f);
    return { f, minX: b.minX - reach, maxX: b.maxX + reach, minZ: b.minZ - reach, maxZ: b.maxZ + reach };
  });
  const banks = banksOf(s);
  const waters = s.features
    .filter((f): f is WaterFeature => f.kind === 'water')
    .map((w) => {
      const poly = areaPolygon(w);
      // Frozen water: the ice lies just below the banks and is the surface figures walk on.
      return { poly, bounds: boundsOf(poly), depth: w.frozen ? 0.2 : (w.depth ?? 1) };
    });

  for (let r = 0; r < rows; r++) {
    const z = r * spacingZ;
    for (let c = 0; c < columns; c++) {
      const x = c * spacingX;
      let h = plain(x, z);
      const ground = h;
      for (const { f, minX, maxX, minZ, maxZ } of forts) {
        if (x < minX || x > maxX || z < minZ || z > maxZ) continue;
        const { s: sd } = outerDistance(f, [x, z]);
        const { raise, dig } = earthworkSection(f, sd);
        if (raise > 0) h = Math.max(h, ground + raise);
        if (dig > 0) h = Math.min(h, ground - dig);
      }
      for (const b of banks) {
        if (x < b.minX || x > b.maxX || z < b.minZ || z > b.maxZ) continue;
        const raise = bankRaise(b, polylineProjection([x, z], b.path).distance);
        if (raise > 0) h = Math.max(h, ground + raise);
      }
      for (const w of waters) {
        const b = w.bounds;
        if (x < b.minX || x > b.maxX || z < b.minZ || z > b.maxZ) continue;
        if (pointInPolygon([x, z], w.poly)) h = Math.min(h, ground - w.depth);
      }
      heights[r * columns + c] = h;
    }
  }
  return { columns, rows, originX: 0, originZ: 0, spacingX, spacingZ, heights };
}
