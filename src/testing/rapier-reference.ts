// Rapier's own answers to the battlefield's fast queries, from a second Rapier world built from the
// battlefield's grid and solids alone: the oracle the property tests and the benchmark compare with.
import RAPIER from '@dimforge/rapier3d-compat';
import { type Solid, type Vec3, dist3, gridMaxHeight, gridTrianglesRange } from '../core';
import { DEFAULT_FIGURE_HEIGHT, type Battlefield, type BodyClash, type FigureBody } from '../battlefield';

// Collision groups of the reference world (membership in the high half, filter in the low half).
const TERRAIN = 1;
const BLOCK = 2;
const SEE = 4;
const STAND = 8;
const groups = (membership: number) => (membership << 16) | 0xffff;
const query = (filter: number) => (0xffff << 16) | filter;

// The battlefield's own measures, restated: a change there shows here as a failing comparison.
/** A sight line ends this short of its target point (a surface touching the target does not hide it), cm. */
const END_TOLERANCE = 0.05;
/** Parts a standing figure's body may not overlap. */
const BODY_PARTS = new Set(['wall', 'obstacle', 'parapet', 'railing', 'roof', 'foundation']);
/** A figure's body starts this far above the surface it stands on, cm. */
const LIFT = 0.2;
/** Height above the floor at which a walking figure meets walls, cm. */
const KNEE = 0.5;
/** Terrain in trimesh tiles of this many cells a side, as the battlefield holds it. */
const TILE_CELLS = 16;
/** Vertical rays through a shared trimesh vertex or edge can slip between triangles: retry a micrometre away. */
const NUDGES: ReadonlyArray<readonly [number, number]> = [[0, 0], [1e-4, 3e-5], [-3e-5, 1e-4], [-1e-4, -3e-5]];

interface ColliderInfo {
  featureId: string;
  kind: string;
  part: string;
}

interface ReferenceWorld {
  world: RAPIER.World;
  info: Map<number, ColliderInfo>;
  /** Height the downward casts start from: above every surface. */
  top: number;
}

const worlds = new WeakMap<Battlefield, ReferenceWorld>();

function quatY(deg: number): { x: number; y: number; z: number; w: number } {
  // Table rotation is counter-clockwise seen from above (x east, z north): −deg about +y.
  const a = (-deg * Math.PI) / 180 / 2;
  return { x: 0, y: Math.sin(a), z: 0, w: Math.cos(a) };
}

function solidDesc(s: Solid): RAPIER.ColliderDesc | null {
  if (s.shape === 'box') {
    return RAPIER.ColliderDesc.cuboid(s.halfExtents[0], s.halfExtents[1], s.halfExtents[2])
      .setTranslation(s.center[0], s.center[1], s.center[2])
      .setRotation(quatY(s.rotationY));
  }
  return RAPIER.ColliderDesc.convexHull(new Float32Array(s.points.flat()));
}

/** The reference world of a battlefield, built on first use (Rapier must be initialised: createBattlefield does it). */
function referenceWorld(bf: Battlefield): ReferenceWorld {
  const known = worlds.get(bf);
  if (known) return known;
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const info = new Map<number, ColliderInfo>();
  const g = bf.grid;
  for (let r0 = 0; r0 < g.rows - 1; r0 += TILE_CELLS) {
    for (let c0 = 0; c0 < g.columns - 1; c0 += TILE_CELLS) {
      const { vertices, indices } = gridTrianglesRange(g, c0, r0, Math.min(c0 + TILE_CELLS, g.columns - 1), Math.min(r0 + TILE_CELLS, g.rows - 1));
      const c = world.createCollider(RAPIER.ColliderDesc.trimesh(vertices, indices).setCollisionGroups(groups(TERRAIN | STAND)));
      info.set(c.handle, { featureId: 'terrain', kind: 'terrain', part: 'ground' });
    }
  }
  let top = gridMaxHeight(g);
  for (const s of bf.solids) {
    const desc = solidDesc(s);
    if (!desc) continue;
    desc.setCollisionGroups(groups((s.blocksSight ? BLOCK : SEE) | (s.standable ? STAND : 0)));
    const c = world.createCollider(desc);
    info.set(c.handle, { featureId: s.featureId, kind: s.featureKind, part: s.part });
    top = Math.max(top, s.shape === 'box' ? s.center[1] + Math.hypot(...s.halfExtents) : Math.max(...s.points.map((p) => p[1])));
  }
  world.step(); // colliders are invisible to queries until the world has stepped once
  const made = { world, info, top: top + 10 };
  worlds.set(bf, made);
  return made;
}

/** Rapier's downward cast on the terrain (ground) or on terrain and bridge decks (surface). */
export function rapierReferenceHeight(bf: Battlefield, x: number, z: number, what: 'ground' | 'surface'): number | undefined {
  const { world, top } = referenceWorld(bf);
  const ray = new RAPIER.Ray({ x, y: top, z }, { x: 0, y: -1, z: 0 });
  for (const [dx, dz] of NUDGES) {
    ray.origin.x = x + dx; ray.origin.y = top; ray.origin.z = z + dz;
    const hit = world.castRay(ray, top + 1000, true, undefined, query(what === 'ground' ? TERRAIN : TERRAIN | STAND));
    if (hit) return top - hit.timeOfImpact;
  }
  return undefined;
}

/** Rapier's first hit on the segment over the terrain and every sight-blocking solid. */
export function rapierReferenceHit(bf: Battlefield, from: Vec3, to: Vec3): { t: number; featureId: string } | undefined {
  const { world, info } = referenceWorld(bf);
  const ray = new RAPIER.Ray({ x: from[0], y: from[1], z: from[2] }, { x: to[0] - from[0], y: to[1] - from[1], z: to[2] - from[2] });
  const d = dist3(from, to);
  const hit = world.castRay(ray, Math.max(0, 1 - END_TOLERANCE / d), true, undefined, query(TERRAIN | BLOCK));
  return hit ? { t: hit.timeOfImpact, featureId: info.get(hit.collider.handle)?.featureId ?? '?' } : undefined;
}

/** Rapier's shape test alone: the body parts a standing figure's cylinder overlaps (bodyClashes' answer). */
export function rapierReferenceBody(bf: Battlefield, figure: FigureBody): BodyClash[] {
  const { world, info } = referenceWorld(bf);
  const h = figure.height ?? DEFAULT_FIGURE_HEIGHT;
  const r = figure.radius ?? 0.6;
  const [x, z] = figure.at;
  const y = bf.standHeight(x, z, figure.floor);
  const out = new Map<string, BodyClash>();
  world.intersectionsWithShape(
    { x, y: y + LIFT + (h - LIFT) / 2, z }, { x: 0, y: 0, z: 0, w: 1 }, new RAPIER.Cylinder((h - LIFT) / 2, r),
    (c) => {
      const i = info.get(c.handle);
      if (i && BODY_PARTS.has(i.part) && !out.has(`${i.featureId}/${i.part}`)) out.set(`${i.featureId}/${i.part}`, { featureId: i.featureId, kind: i.kind, part: i.part });
      return true;
    },
    undefined, query(BLOCK | SEE),
  );
  return [...out.values()];
}

/** Rapier's cast alone: the first building wall between two figures at knee height (wallBetween's answer). */
export function rapierReferenceWall(bf: Battlefield, from: FigureBody, to: FigureBody): BodyClash | undefined {
  const { world, info } = referenceWorld(bf);
  const a: Vec3 = [from.at[0], bf.standHeight(from.at[0], from.at[1], from.floor) + KNEE, from.at[1]];
  const b: Vec3 = [to.at[0], bf.standHeight(to.at[0], to.at[1], to.floor) + KNEE, to.at[1]];
  if (dist3(a, b) < 1e-6) return undefined;
  const isWall = (c: RAPIER.Collider) => {
    const i = info.get(c.handle);
    return i?.kind === 'building' && i.part === 'wall';
  };
  const ray = new RAPIER.Ray({ x: a[0], y: a[1], z: a[2] }, { x: b[0] - a[0], y: b[1] - a[1], z: b[2] - a[2] });
  const hit = world.castRay(ray, 1, true, undefined, query(BLOCK | SEE), undefined, undefined, isWall);
  if (!hit) return undefined;
  const i = info.get(hit.collider.handle)!;
  return { featureId: i.featureId, kind: i.kind, part: i.part };
}
