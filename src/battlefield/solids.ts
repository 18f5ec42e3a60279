// Scenario features → plain solids (boxes, convex hulls): building walls cut around their
// openings, floor slabs, roofs; wall/fence/hedge runs; parapets with embrasures; bridges; ladders.
import { type BoxSolid, type HeightGrid, type HullSolid, type Solid, type Vec2, type Vec3, gridHeightAt, rotate2, dist2, hypot } from '../core';
import {
  type BridgeFeature, type BuildingFeature, type FortificationFeature, type LadderFeature, type LinearFeature,
  type Scenario, resolveTags, storeyHeight, wallLength,
} from '../scenario';
import { outerDistance } from './relief';

/** Default thickness of upper floor slabs and flat roofs, cm (a building's `slab` sets its own). */
export const SLAB = 0.3;
/** A building's slab and flat-roof thickness, cm. */
export const slabOf = (b: BuildingFeature): number => b.slab ?? SLAB;
const PIECE = 3; // max length of one run piece, cm: follows the ground on slopes

const DEFAULT_THICKNESS: Record<LinearFeature['kind'], number> = {
  wall: 0.6, fence: 0.2, hedge: 1.2, palisade: 0.5, wire: 0.6, barricade: 1.5,
};

type Rect = [number, number, number, number]; // u0, v0, u1, v1

/** Split a wall face (u across, v up) into rectangles that avoid the given holes. */
export function cutHoles(width: number, height: number, holes: Rect[]): Rect[] {
  const us = new Set<number>([-width / 2, width / 2]);
  const vs = new Set<number>([0, height]);
  for (const [u0, v0, u1, v1] of holes) {
    us.add(Math.max(-width / 2, Math.min(width / 2, u0)));
    us.add(Math.max(-width / 2, Math.min(width / 2, u1)));
    vs.add(Math.max(0, Math.min(height, v0)));
    vs.add(Math.max(0, Math.min(height, v1)));
  }
  const U = [...us].sort((a, b) => a - b);
  const V = [...vs].sort((a, b) => a - b);
  const out: Rect[] = [];
  for (let j = 0; j + 1 < V.length; j++) {
    const v0 = V[j]!, v1 = V[j + 1]!;
    if (v1 - v0 < 1e-6) continue;
    let run: Rect | undefined;
    for (let i = 0; i + 1 < U.length; i++) {
      const u0 = U[i]!, u1 = U[i + 1]!;
      if (u1 - u0 < 1e-6) continue;
      const um = (u0 + u1) / 2, vm = (v0 + v1) / 2;
      const inHole = holes.some(([a, b, c, d]) => um > a && um < c && vm > b && vm < d);
      if (inHole) { run = undefined; continue; }
      if (run && Math.abs(run[2] - u0) < 1e-9) run[2] = u1;
      else { run = [u0, v0, u1, v1]; out.push(run); }
    }
  }
  // Merge vertically stacked rectangles with the same span to keep the collider count low.
  const merged: Rect[] = [];
  for (const r of out) {
    const m = merged.find((q) => Math.abs(q[0] - r[0]) < 1e-9 && Math.abs(q[2] - r[2]) < 1e-9 && Math.abs(q[3] - r[1]) < 1e-9);
    if (m) m[3] = r[3];
    else merged.push([...r]);
  }
  return merged;
}

export function buildingBase(b: BuildingFeature, grid: HeightGrid): number {
  return b.baseHeight ?? gridHeightAt(grid, b.center[0], b.center[1]);
}

function buildingSolids(b: BuildingFeature, grid: HeightGrid, blocksSight: boolean): Solid[] {
  const out: Solid[] = [];
  const [w, d] = b.size;
  const t = b.wallThickness ?? 0.4;
  const slab = slabOf(b);
  const rot = b.rotation ?? 0;
  const base = buildingBase(b, grid);
  const common = { featureId: b.id, featureKind: 'building', blocksSight, standable: false };
  const toWorld = (lx: number, lz: number): Vec2 => {
    const r = rotate2([lx, lz], rot);
    return [b.center[0] + r[0], b.center[1] + r[1]];
  };
  const box = (part: BoxSolid['part'], lx: number, y: number, lz: number, hx: number, hy: number, hz: number, floor?: number): void => {
    const [x, z] = toWorld(lx, lz);
    out.push({ ...common, part, shape: 'box', center: [x, y, z], halfExtents: [hx, hy, hz], rotationY: rot, ...(floor !== undefined ? { floor } : {}) });
  };

  // Foundation: from the lowest ground under the footprint up to the base, so no gap under the walls.
  let low = base;
  for (const [cx, cz] of [[-w / 2, -d / 2], [w / 2, -d / 2], [w / 2, d / 2], [-w / 2, d / 2], [0, 0]] as const) {
    const [x, z] = toWorld(cx, cz);
    low = Math.min(low, gridHeightAt(grid, x, z));
  }
  const foot = low - 0.5;
  const groundTop = base + b.floors[0]!.elevation;
  box('foundation', 0, (foot + groundTop) / 2, 0, w / 2, (groundTop - foot) / 2, d / 2, 0);

  // Upper floor slabs, inside the walls.
  b.floors.forEach((f, i) => {
    if (i === 0) return;
    box('floor', 0, base + f.elevation - slab / 2, 0, w / 2 - t, slab / 2, d / 2 - t, i);
  });

  // Walls: north/south span the full width, east/west fit between them.
  const walls = [
    { side: 'north' as const, along: 'x', len: w, at: [0, d / 2 - t / 2] },
    { side: 'south' as const, along: 'x', len: w, at: [0, -d / 2 + t / 2] },
    { side: 'east' as const, along: 'z', len: d - 2 * t, at: [w / 2 - t / 2, 0] },
    { side: 'west' as const, along: 'z', len: d - 2 * t, at: [-w / 2 + t / 2, 0] },
  ];
  const eaves = b.ruined ? b.eaves * 0.75 : b.eaves;
  for (const wall of walls) {
    const holes: Rect[] = (b.openings ?? [])
      .filter((o) => o.wall === wall.side)
      .map((o) => {
        const v0 = b.floors[o.floor]!.elevation + o.sill;
        return [o.offset - o.width / 2, v0, o.offset + o.width / 2, Math.min(v0 + o.height, b.floors[o.floor]!.elevation + storeyHeight(b, o.floor))];
      });
    for (const [u0, v0, u1, v1] of cutHoles(wall.len, eaves, holes)) {
      const um = (u0 + u1) / 2, hu = (u1 - u0) / 2, vm = (v0 + v1) / 2, hv = (v1 - v0) / 2;
      const floor = b.floors.reduce((acc, f, i) => (v0 >= f.elevation - 1e-9 ? i : acc), 0);
      if (wall.along === 'x') box('wall', wall.at[0]! + um, base + vm, wall.at[1]!, hu, hv, t / 2, floor);
      else box('wall', wall.at[0]!, base + vm, wall.at[1]! + um, t / 2, hv, hu, floor);
    }
  }

  // Roof on the eaves.
  const roof = b.ruined ? undefined : b.roof;
  if (roof && roof.kind !== 'none') {
    const top = base + b.eaves;
    const rh = roof.height ?? 0;
    if (roof.kind === 'flat' || rh <= 0) {
      box('roof', 0, top + slab / 2, 0, w / 2, slab / 2, d / 2, b.floors.length);
    } else {
      const p = (lx: number, y: number, lz: number): Vec3 => {
        const [x, z] = toWorld(lx, lz);
        return [x, y, z];
      };
      const eavesPts = [p(-w / 2, top, -d / 2), p(w / 2, top, -d / 2), p(w / 2, top, d / 2), p(-w / 2, top, d / 2)];
      let ridge: Vec3[];
      if (roof.kind === 'spire') ridge = [p(0, top + rh, 0)];
      else {
        const alongX = w >= d;
        const inset = roof.kind === 'hip' ? Math.min(w, d) / 2 : 0;
        ridge = alongX
          ? [p(-w / 2 + inset, top + rh, 0), p(w / 2 - inset, top + rh, 0)]
          : [p(0, top + rh, -d / 2 + inset), p(0, top + rh, d / 2 - inset)];
      }
      out.push({ ...common, part: 'roof', shape: 'hull', points: [...eavesPts, ...ridge], floor: b.floors.length });
    }
  }
  return out;
}

/** Boxes along a polyline, each at most PIECE long, following the ground. */
function runPieces(
  path: readonly Vec2[], grid: HeightGrid, height: number, thickness: number, common: Omit<BoxSolid, 'shape' | 'center' | 'halfExtents' | 'rotationY'>,
  topAt?: (x: number, z: number) => number, skip?: (along: number) => number | undefined,
  endOverlap = thickness / 2,
): BoxSolid[] {
  const out: BoxSolid[] = [];
  let acc = 0;
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!, b = path[i + 1]!;
    const len = dist2(a, b);
    if (len < 1e-9) continue;
    const n = Math.max(1, Math.ceil(len / PIECE));
    const yaw = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
    for (let k = 0; k < n; k++) {
      const t0 = k / n, t1 = (k + 1) / n;
      const x0 = a[0] + (b[0] - a[0]) * t0, z0 = a[1] + (b[1] - a[1]) * t0;
      const x1 = a[0] + (b[0] - a[0]) * t1, z1 = a[1] + (b[1] - a[1]) * t1;
      const xm = (x0 + x1) / 2, zm = (z0 + z1) / 2;
      const along = acc + len * (t0 + t1) / 2;
      const g0 = gridHeightAt(grid, x0, z0), g1 = gridHeightAt(grid, x1, z1), gm = gridHeightAt(grid, xm, zm);
      const bottom = Math.min(g0, g1, gm) - 0.3;
      const groundTop = topAt ? topAt(xm, zm) : gm;
      const h = skip?.(along) ?? height;
      if (h <= 0) continue;
      const top = groundTop + h;
      // Each leg reaches past its end points (by default half a thickness) so joints at corners stay
      // closed; pieces within a leg overlap by 0.01 cm so no crack opens between them.
      const half = (len / n) / 2 + (k === 0 || k === n - 1 ? endOverlap : 0.01);
      out.push({ ...common, shape: 'box', center: [xm, (bottom + top) / 2, zm], halfExtents: [half, (top - bottom) / 2, thickness / 2], rotationY: yaw });
    }
    acc += len;
  }
  return out;
}

function parapetSolids(f: FortificationFeature, grid: HeightGrid, blocksSight: boolean): Solid[] {
  if (!f.parapet) return [];
  const closed = f.closed ?? f.kind !== 'rampart';
  const path = (closed ? [...f.path, f.path[0]!] : [...f.path]) as Vec2[];
  const half = (f.crestWidth ?? 4) / 2;
  const off = half - f.parapet.thickness / 2;
  // Offset each vertex toward the outer side (probe both normals, keep the one that is outer).
  const shifted: Vec2[] = path.map((p, i) => {
    const prev = path[Math.max(0, i - 1)]!, next = path[Math.min(path.length - 1, i + 1)]!;
    const dx = next[0] - prev[0], dz = next[1] - prev[1];
    const len = hypot(dx, dz) || 1;
    const n: Vec2 = [-dz / len, dx / len];
    const probe: Vec2 = [p[0] + n[0] * off, p[1] + n[1] * off];
    const sign = outerDistance(f, probe).s > 0 ? 1 : -1;
    return [p[0] + sign * n[0] * off, p[1] + sign * n[1] * off];
  });
  const sill = f.parapet.height * 0.35;
  const embrasureAt = (along: number): number | undefined => {
    const e = f.embrasures?.find((em) => Math.abs(em.at - along) <= em.width / 2);
    return e ? sill : undefined;
  };
  const walk = (x: number, z: number) => gridHeightAt(grid, x, z);
  const boxes = runPieces(shifted, grid, f.parapet.height, f.parapet.thickness,
    { featureId: f.id, featureKind: f.kind, part: 'parapet', blocksSight, standable: false }, walk, embrasureAt);
  const run = f.parapet.frontSlope ?? 0;
  return run > 0 ? boxes.map((b) => slopedFront(b, f, walk(b.center[0], b.center[2]), run / f.parapet!.height)) : boxes;
}

/**
 * A parapet piece with a sloped outer face: upright from below the ground to its foot on the walk
 * (`foot`), then leaning in `lean` cm per cm of height up to its top, the inner face upright — a
 * convex hull. The outer side is the one outerDistance calls outer.
 */
function slopedFront(b: BoxSolid, f: FortificationFeature, foot: number, lean: number): HullSolid {
  const a = (b.rotationY * Math.PI) / 180;
  const c = Math.cos(a), s = Math.sin(a);
  const [hx, hy, hz] = b.halfExtents;
  // The box's local z axis in plan (the sight casts' frame): which end of it is outer.
  const nz: Vec2 = [-s, c];
  const probe = (d: number): number => outerDistance(f, [b.center[0] + nz[0] * d, b.center[2] + nz[1] * d]).s;
  const outer = probe(0.01) > probe(-0.01) ? 1 : -1;
  const bottom = b.center[1] - hy, top = b.center[1] + hy;
  const inset = lean * Math.max(0, top - foot);
  const at = (lx: number, lz: number, y: number): Vec3 => [b.center[0] + lx * c - lz * s, y, b.center[2] + lx * s + lz * c];
  const points: Vec3[] = [];
  for (const lx of [-hx, hx]) {
    points.push(at(lx, -hz, bottom), at(lx, hz, bottom), at(lx, outer * hz, foot));
    points.push(at(lx, -outer * hz, top), at(lx, outer * (hz - inset), top));
  }
  const { center: _c, halfExtents: _h, rotationY: _r, shape: _s, ...common } = b;
  return { ...common, shape: 'hull', points };
}

function bridgeSolids(f: BridgeFeature, grid: HeightGrid): Solid[] {
  const [a, b] = f.path;
  const deck = f.deckHeight ?? Math.max(gridHeightAt(grid, a[0], a[1]), gridHeightAt(grid, b[0], b[1])) + 0.5;
  const th = f.thickness ?? 0.6;
  const len = dist2(a, b);
  const yaw = (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
  const c: Vec2 = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const out: Solid[] = [{
    featureId: f.id, featureKind: 'bridge', part: 'deck', blocksSight: true, standable: true,
    shape: 'box', center: [c[0], deck - th / 2, c[1]], halfExtents: [len / 2, th / 2, f.width / 2], rotationY: yaw,
  }];
  const rail = f.railing ?? 0.8;
  if (rail > 0) {
    for (const s of [-1, 1]) {
      const o = rotate2([0, s * (f.width / 2 - 0.1)], yaw);
      out.push({
        featureId: f.id, featureKind: 'bridge', part: 'railing', blocksSight: false, standable: false,
        shape: 'box', center: [c[0] + o[0], deck + rail / 2, c[1] + o[1]], halfExtents: [len / 2, rail / 2, 0.1], rotationY: yaw,
      });
    }
  }
  return out;
}

/**
 * How a ladder leans: the plan direction from its foot toward its top (facing is a compass bearing,
 * 0 = north, 90 = east; the ladder leans away from the climber's feet) and the run of that lean, cm.
 */
export function ladderLean(f: LadderFeature): { dir: Vec2; run: number } {
  const br = (f.facing * Math.PI) / 180;
  return { dir: [Math.sin(br), Math.cos(br)], run: f.topHeight * 0.3 };
}

function ladderSolid(f: LadderFeature, grid: HeightGrid): Solid {
  const { dir, run } = ladderLean(f);
  const g = gridHeightAt(grid, f.foot[0], f.foot[1]);
  const c: Vec3 = [f.foot[0] + (dir[0] * run) / 2, g + f.topHeight / 2, f.foot[1] + (dir[1] * run) / 2];
  // An upright slab over the leaning ladder's footprint, see-through for sight.
  return {
    featureId: f.id, featureKind: 'ladder', part: 'ladder', blocksSight: false, standable: false,
    shape: 'box', center: c, halfExtents: [(f.width ?? 1.5) / 2, f.topHeight / 2, Math.max(0.1, run / 2)], rotationY: -f.facing,
  };
}

export function buildSolids(s: Scenario, grid: HeightGrid): Solid[] {
  const out: Solid[] = [];
  for (const f of s.features) {
    const tags = resolveTags(f);
    switch (f.kind) {
      case 'building': out.push(...buildingSolids(f, grid, tags.blocksSight)); break;
      case 'wall': case 'fence': case 'hedge': case 'palisade': case 'wire': case 'barricade':
        out.push(...runPieces(f.path as Vec2[], grid, f.height, f.thickness ?? DEFAULT_THICKNESS[f.kind],
          { featureId: f.id, featureKind: f.kind, part: 'obstacle', blocksSight: tags.blocksSight, standable: false },
          undefined, undefined, f.endOverlap));
        break;
      case 'rampart': case 'bastion': case 'redoubt': out.push(...parapetSolids(f, grid, tags.blocksSight)); break;
      case 'bridge': out.push(...bridgeSolids(f, grid)); break;
      case 'ladder': out.push(ladderSolid(f, grid)); break;
      default: break;
    }
  }
  return out;
}

export { wallLength };
