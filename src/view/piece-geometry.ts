// Model-railway detail on the terrain pieces, drawn from the battlefield's own data and never in its
// way: frames round each window and door the scenario gives a building (outside the opening, so the
// hole the rules see through stays the hole drawn), an open door leaf beside a door, arches over a
// tower's top-floor (belfry) openings, stone piers under a bridge's deck where the ground falls away,
// and a railing of posts and rails in place of the railing's plain slab. Visual only: no rule reads it.
import { BoxGeometry, type BufferGeometry, Color, Matrix4 } from 'three';
import { gridHeightAt, type HeightGrid, type Solid } from '../core';
import type { BuildingFeature, Feature, OpeningSpec } from '../scenario';
import { paintPart } from './merge';

/** Trim colours: white-painted boards on wooden houses (as in Tampere's wooden quarters), pale dressed stone on masonry. */
const TRIM: Record<string, string> = { wood: '#d9d3c5', stone: '#c8c1b2', brick: '#cfc4b0', plaster: '#e1dbcd', concrete: '#b9b5ac' };
const DOOR_LEAF = '#4b3526';
const PIER = '#8f887c';

/** How far trims stand proud of the wall face, cm. */
const PROUD = 0.08;
const FRAME = 0.14;

/** The storeys whose walls are drawn now, as "building id:floor" (the floor cutaway removes the others). */
export function drawnStoreys(solids: readonly Solid[]): Set<string> {
  const out = new Set<string>();
  for (const s of solids) if (s.featureKind === 'building' && s.part === 'wall') out.add(`${s.featureId}:${s.floor ?? 0}`);
  return out;
}

/** Wall-local frame of one opening: `u` along the wall (east or north positive), `v` up from the building base, `n` outward. */
interface WallFrame {
  /** Local (x, z) of the wall's outer face centre, and the unit vectors along the wall and outward. */
  face: [number, number];
  along: [number, number];
  out: [number, number];
  half: number;
}

function wallFrame(b: BuildingFeature, wall: OpeningSpec['wall']): WallFrame {
  const [w, d] = b.size;
  switch (wall) {
    case 'north': return { face: [0, d / 2], along: [1, 0], out: [0, 1], half: w / 2 };
    case 'south': return { face: [0, -d / 2], along: [1, 0], out: [0, -1], half: w / 2 };
    case 'east': return { face: [w / 2, 0], along: [0, 1], out: [1, 0], half: d / 2 };
    case 'west': return { face: [-w / 2, 0], along: [0, 1], out: [-1, 0], half: d / 2 };
  }
}

/** A box on a wall face: centred at `u` along, `v` up, `depth` out from the face (half inside it), in building-local space. */
function faceBox(f: WallFrame, u: number, v: number, width: number, height: number, depth: number, outOffset = depth / 2 - 0.02): BufferGeometry {
  const alongX = f.along[0] !== 0;
  const g = new BoxGeometry(alongX ? width : depth, height, alongX ? depth : width);
  const x = f.face[0] + f.along[0] * u + f.out[0] * outOffset;
  const z = f.face[1] + f.along[1] * u + f.out[1] * outOffset;
  return g.translate(x, v, z);
}

/** The top of an opening (cm above the base), as the battlefield cuts it: no higher than its storey. */
function openingSpan(b: BuildingFeature, o: OpeningSpec): [number, number] {
  const floor = b.floors[o.floor]!.elevation;
  const next = b.floors[o.floor + 1]?.elevation ?? b.eaves;
  const v0 = floor + o.sill;
  return [v0, Math.min(v0 + o.height, next)];
}

/** Is the span [u0, u1] × [v0, v1] of this wall clear of every opening (and inside the wall)? */
function wallClear(b: BuildingFeature, o: OpeningSpec, u0: number, u1: number, v0: number, v1: number, half: number): boolean {
  if (u0 < -half + 0.3 || u1 > half - 0.3) return false;
  return !(b.openings ?? []).some((p) => {
    if (p === o || p.wall !== o.wall) return false;
    const [p0, p1] = openingSpan(b, p);
    return p.offset + p.width / 2 > u0 - 0.2 && p.offset - p.width / 2 < u1 + 0.2 && p1 > v0 && p0 < v1;
  });
}

/** Arch over an opening: a half ring of short blocks springing from its top corners, its rise kept under `ceiling`. */
function archOver(f: WallFrame, o: OpeningSpec, top: number, ceiling: number): BufferGeometry[] {
  // Springing a block's half-thickness above the opening's corners, so no block dips into the hole.
  const r = o.width / 2 + FRAME;
  const spring = top + FRAME * 0.75;
  const rise = Math.min(r, ceiling - spring - FRAME * 0.6);
  if (rise < 0.4) return [];
  const n = 7;
  const alongX = f.along[0] !== 0;
  const out: BufferGeometry[] = [];
  const at = (k: number): [number, number] => [o.offset + Math.cos((Math.PI * k) / n) * r, spring + Math.sin((Math.PI * k) / n) * rise];
  for (let i = 0; i < n; i++) {
    // Each block is the chord between two points of the (half-elliptic) arch, in the wall's plane.
    const [u0, v0] = at(i), [u1, v1] = at(i + 1);
    const seg = Math.hypot(u1 - u0, v1 - v0) + 0.03;
    const tangent = Math.atan2(v1 - v0, u1 - u0);
    const block = alongX
      ? new BoxGeometry(seg, FRAME * 1.2, PROUD * 2).rotateZ(tangent)
      : new BoxGeometry(PROUD * 2, FRAME * 1.2, seg).rotateX(-tangent);
    const u = (u0 + u1) / 2, v = (v0 + v1) / 2;
    out.push(block.translate(f.face[0] + f.along[0] * u + f.out[0] * (PROUD - 0.02), v, f.face[1] + f.along[1] * u + f.out[1] * (PROUD - 0.02)));
  }
  return out;
}

/** Trim parts of one building (building-local: x along its width, z along its depth, y up from its base). */
export function buildingTrim(b: BuildingFeature, storeys?: ReadonlySet<string>): Array<{ geometry: BufferGeometry; colour: string }> {
  const trim = TRIM[b.material ?? 'plaster'] ?? TRIM.plaster!;
  const top = b.floors.length - 1;
  const belfry = b.style === 'tower' && top > 0;
  const out: Array<{ geometry: BufferGeometry; colour: string }> = [];
  const add = (geometry: BufferGeometry, colour = trim) => out.push({ geometry, colour });
  for (const o of b.openings ?? []) {
    if (o.kind !== 'window' && o.kind !== 'door') continue;
    if (storeys && !storeys.has(`${b.id}:${o.floor}`)) continue;
    const f = wallFrame(b, o.wall);
    const [v0, v1] = openingSpan(b, o);
    const h = v1 - v0;
    const ceiling = b.floors[o.floor + 1]?.elevation ?? b.eaves;
    const arch = belfry && o.floor === top && o.kind === 'window' ? archOver(f, o, v1, b.eaves) : [];
    for (const g of arch) add(g);
    // Jambs either side (up to the arch's springing when arched) and a lintel above, all outside the opening's rectangle.
    const jambTop = arch.length ? v1 + FRAME * 0.75 : v1;
    for (const s of [-1, 1]) add(faceBox(f, o.offset + s * (o.width / 2 + FRAME / 2), (v0 + jambTop) / 2, FRAME, jambTop - v0, PROUD * 2));
    if (arch.length === 0 && v1 + FRAME <= ceiling + 1e-6) add(faceBox(f, o.offset, v1 + FRAME / 2, o.width + 2 * FRAME, FRAME, PROUD * 2.5));
    if (o.kind === 'window' && o.sill >= FRAME) {
      // A sill ledge under the window, standing out a little further.
      add(faceBox(f, o.offset, v0 - FRAME / 2, o.width + 3 * FRAME, FRAME, PROUD * 4));
    }
    if (o.kind === 'door') {
      // The leaf stands open against the wall beside the door, on whichever side is clear.
      const leaf = Math.min(o.width, h);
      for (const s of [1, -1]) {
        const u0 = s > 0 ? o.offset + o.width / 2 + FRAME : o.offset - o.width / 2 - FRAME - leaf;
        if (!wallClear(b, o, u0, u0 + leaf, v0, v1, f.half)) continue;
        add(faceBox(f, u0 + leaf / 2, (v0 + v1) / 2, leaf, h, 0.1, PROUD + 0.06), DOOR_LEAF);
        break;
      }
      if (o.floor === 0) add(faceBox(f, o.offset, b.floors[0]!.elevation - 0.08, o.width + 2 * FRAME + 0.2, 0.16, 0.6, 0.3));
    }
  }
  return out;
}

/** The building's trims in table space, painted. */
function placedBuildingTrim(b: BuildingFeature, grid: HeightGrid, storeys?: ReadonlySet<string>): BufferGeometry[] {
  const base = b.baseHeight ?? gridHeightAt(grid, b.center[0], b.center[1]);
  // rotation is counter-clockwise seen from above in table coordinates: three's makeRotationY with the opposite sign.
  const m = new Matrix4().makeRotationY((-(b.rotation ?? 0) * Math.PI) / 180).setPosition(b.center[0], base, b.center[1]);
  return buildingTrim(b, storeys).map(({ geometry, colour }) => paintPart(geometry.applyMatrix4(m), new Color(colour)));
}

/** Piers under a bridge deck (a box solid) where the ground lies well below it, at most `spacing` apart. */
export function bridgePiers(deck: Extract<Solid, { shape: 'box' }>, grid: HeightGrid, spacing = 9): BufferGeometry[] {
  const [hx, hy, hz] = deck.halfExtents;
  const bottom = deck.center[1] - hy;
  const yaw = (deck.rotationY * Math.PI) / 180;
  const dir: [number, number] = [Math.cos(yaw), Math.sin(yaw)];
  const n = Math.max(1, Math.round((2 * hx) / spacing));
  const out: BufferGeometry[] = [];
  const m = new Matrix4().makeRotationY(-yaw);
  for (let i = 1; i < n; i++) {
    const t = -hx + (i * 2 * hx) / n;
    const x = deck.center[0] + dir[0] * t, z = deck.center[2] + dir[1] * t;
    const ground = gridHeightAt(grid, x, z);
    if (bottom - ground < 0.8) continue;
    const foot = ground - 0.3;
    const pier = new BoxGeometry(0.9, bottom - foot, 2 * hz + 0.4).translate(0, (bottom + foot) / 2, 0);
    // A pointed cutwater each side of the pier, as on a stone bridge in a current.
    const cut = new BoxGeometry(0.64, bottom - foot - 0.3, 0.64).rotateY(Math.PI / 4);
    for (const s of [-1, 1]) out.push(cut.clone().translate(0, (bottom + foot - 0.3) / 2, s * (hz + 0.2)).applyMatrix4(m).translate(x, 0, z));
    cut.dispose();
    out.push(pier.applyMatrix4(m).translate(x, 0, z));
  }
  return out;
}

/** A railing (a box solid) drawn as posts and two rails inside its box, not as a board. */
export function railingParts(rail: Extract<Solid, { shape: 'box' }>): BufferGeometry[] {
  const [hx, hy, hz] = rail.halfExtents;
  const out: BufferGeometry[] = [];
  const n = Math.max(1, Math.round((2 * hx) / 1.6));
  const post = Math.min(0.22, 2 * hz);
  for (let i = 0; i <= n; i++) out.push(new BoxGeometry(post, 2 * hy, post).translate(-hx + post / 2 + (i * (2 * hx - post)) / n, 0, 0));
  out.push(new BoxGeometry(2 * hx, 0.14, Math.min(0.2, 2 * hz)).translate(0, hy - 0.07, 0));
  out.push(new BoxGeometry(2 * hx, 0.08, Math.min(0.12, 2 * hz)).translate(0, 0, 0));
  const m = new Matrix4().makeRotationY((-rail.rotationY * Math.PI) / 180).setPosition(...rail.center);
  return out.map((g) => g.applyMatrix4(m));
}

/** Every trim and pier of the table for the solids drawn now, painted, in table space. */
export function pieceParts(solids: readonly Solid[], features: readonly Feature[], grid: HeightGrid): BufferGeometry[] {
  const storeys = drawnStoreys(solids);
  const out: BufferGeometry[] = [];
  for (const f of features) if (f.kind === 'building') out.push(...placedBuildingTrim(f, grid, storeys));
  const stone = new Color(PIER);
  for (const s of solids) if (s.part === 'deck' && s.shape === 'box') out.push(...bridgePiers(s, grid).map((g) => paintPart(g, stone)));
  return out;
}
