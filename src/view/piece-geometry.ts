// Model-railway detail on the terrain pieces, drawn from the battlefield's own data and never in its
// way: frames round each window, door, loophole and embrasure the scenario gives a building and broken
// masonry round a breach (all outside the opening, so the hole the rules see through stays the hole
// drawn), an open door leaf beside a door, arches over a tower's top-floor (belfry) openings, stone
// piers under a bridge's deck where the ground falls away, the needles of a needle dam, and a railing
// of posts and rails in place of the railing's plain slab. Visual only: no rule reads it.
import { BoxGeometry, type BufferGeometry, Color, Matrix4 } from 'three';
import { gridHeightAt, type HeightGrid, pointInPolygon, type Solid, type Vec2 } from '../core';
import { areaPolygon, type BuildingFeature, type Feature, type OpeningSpec } from '../scenario';
import { paintPart } from './merge';

/** Trim colours: white-painted boards on wooden houses (as in Tampere's wooden quarters), pale dressed stone on masonry. */
const TRIM: Record<string, string> = { wood: '#d9d3c5', stone: '#c8c1b2', brick: '#cfc4b0', plaster: '#e1dbcd', concrete: '#b9b5ac' };
const DOOR_LEAF = '#4b3526';
const PIER = '#8f887c';
/** Heavy timber round a loophole or an embrasure; the weathered square timbers of a needle dam. */
const TIMBER = '#6a5440';
const NEEDLE = '#7a6347';
/** Broken masonry round a breach: darker than the wall's face, by material. */
const RUBBLE: Record<string, string> = { wood: '#6f5d48', stone: '#8a8276', brick: '#8b5f4a', plaster: '#9c958a', concrete: '#8d8a84' };

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
    if (storeys && !storeys.has(`${b.id}:${o.floor}`)) continue;
    if (o.kind === 'breach') {
      for (const g of breachEdges(b, o)) add(g, RUBBLE[b.material ?? 'plaster'] ?? RUBBLE.plaster!);
      continue;
    }
    if (o.kind === 'loophole' || o.kind === 'embrasure') {
      for (const g of slitFrame(b, o)) add(g, TIMBER);
      continue;
    }
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

/**
 * A loophole's or an embrasure's frame: timber cheeks either side, a lintel and a sill, as round a
 * window but heavier (an embrasure's, for a gun, heavier still), every piece outside the opening.
 */
function slitFrame(b: BuildingFeature, o: OpeningSpec): BufferGeometry[] {
  const f = wallFrame(b, o.wall);
  const [v0, v1] = openingSpan(b, o);
  const ceiling = b.floors[o.floor + 1]?.elevation ?? b.eaves;
  const floor = b.floors[o.floor]!.elevation;
  const t = o.kind === 'embrasure' ? FRAME * 1.6 : FRAME;
  const out: BufferGeometry[] = [];
  for (const s of [-1, 1]) out.push(faceBox(f, o.offset + s * (o.width / 2 + t / 2), (v0 + v1) / 2, t, v1 - v0, PROUD * 3));
  const lintel = Math.min(t, ceiling - v1);
  if (lintel > 0.02) out.push(faceBox(f, o.offset, v1 + lintel / 2, o.width + 2 * t, lintel, PROUD * 3.5));
  const sill = Math.min(t, v0 - floor);
  if (sill > 0.02) out.push(faceBox(f, o.offset, v0 - sill / 2, o.width + 2 * t, sill, PROUD * 4));
  return out;
}

/** Deterministic 0–1 from three numbers (the breach's broken blocks must not change between renders). */
function hash01(a: number, b: number, c: number): number {
  const x = Math.sin(a * 127.1 + b * 311.7 + c * 74.7) * 43758.5453;
  return x - Math.floor(x);
}

/**
 * A breach's broken edges: blocks of uneven size and depth standing proud along its sides and over
 * its top, and loose stones at its foot beside it — never inside the hole, which stays the hole the
 * rules see through.
 */
function breachEdges(b: BuildingFeature, o: OpeningSpec): BufferGeometry[] {
  const f = wallFrame(b, o.wall);
  const [v0, v1] = openingSpan(b, o);
  const ceiling = b.floors[o.floor + 1]?.elevation ?? b.eaves;
  const floor = b.floors[o.floor]!.elevation;
  const out: BufferGeometry[] = [];
  const n = Math.max(3, Math.round((v1 - v0) / 0.35));
  for (const s of [-1, 1]) {
    for (let i = 0; i < n; i++) {
      // A quarter of the courses are missing, the rest stick out unevenly: a torn edge, not a frame.
      if (hash01(s, i, o.offset + 1) < 0.25) continue;
      const h = ((v1 - v0) / n) * (0.55 + 0.4 * hash01(i, s, 2));
      const w = 0.12 + 0.45 * hash01(o.offset, i, s);
      const d = PROUD * (1.5 + 4 * hash01(i, s, o.width));
      const u = o.offset + s * (o.width / 2 + w / 2);
      if (Math.abs(u) + w / 2 > f.half - 0.05) continue;
      out.push(faceBox(f, u, v0 + ((v1 - v0) / n) * (i + 0.5), w, h, d));
    }
    // Loose stones at the foot, beside the gap (outside its width), on the floor it opens from.
    const r = 0.22 + 0.12 * hash01(s, o.offset, 3);
    const u = o.offset + s * (o.width / 2 + 0.35);
    if (Math.abs(u) + r < f.half) out.push(faceBox(f, u, floor + r / 2, 2 * r, r, 2 * r, r + 0.05));
  }
  const top = Math.min(0.35, ceiling - v1);
  if (top > 0.05) {
    // Over the gap, blocks of uneven width and height, some missing.
    let u = o.offset - o.width / 2;
    for (let i = 0; u < o.offset + o.width / 2 - 0.05; i++) {
      const w = Math.min(0.2 + 0.4 * hash01(i, o.offset, 5), o.offset + o.width / 2 - u);
      const h = top * (0.35 + 0.65 * hash01(i, o.offset, 7));
      if (hash01(i, 9, o.width) > 0.2) out.push(faceBox(f, u + w / 2, v1 + h / 2, w * 0.92, h, PROUD * (1.5 + 3 * hash01(7, i, o.width))));
      u += w;
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

/** Is this bridge a needle dam (the scenario names it so)? Its deck then carries a row of needles. */
export function isNeedleDam(f: Feature | undefined): boolean {
  return f?.kind === 'bridge' && typeof f.name === 'string' && /\bneedle dam\b/i.test(f.name);
}

/**
 * The needles of a needle dam: a close row of square timbers leaning on the deck's upstream face, foot
 * on the river bed, head at the walkway's edge — outside the deck, so the walkway stays clear. Which
 * face is upstream the data does not say: the face toward the larger part of the water crossed (the
 * pool a dam holds back) is taken, `water` being that water's outline.
 */
export function damNeedles(deck: Extract<Solid, { shape: 'box' }>, grid: HeightGrid, water: readonly Vec2[], spacing = 0.27): BufferGeometry[] {
  const [hx, hy, hz] = deck.halfExtents;
  const top = deck.center[1] + hy;
  const yaw = (deck.rotationY * Math.PI) / 180;
  const dir: Vec2 = [Math.cos(yaw), Math.sin(yaw)];
  const side: Vec2 = [-dir[1], dir[0]];
  // The upstream face: the side whose water, sampled out to the water's far edge, is the wider.
  const reach = (sgn: number) => { let n = 0; for (let d = 1; d < 200; d += 2) if (pointInPolygon([deck.center[0] + side[0] * sgn * d, deck.center[2] + side[1] * sgn * d], water)) n++; return n; };
  const up = reach(1) >= reach(-1) ? 1 : -1;
  const size = 0.22;
  const lean = 0.25; // the foot stands this far further upstream than the head
  const out: BufferGeometry[] = [];
  const m = new Matrix4().makeRotationY(-yaw);
  for (let t = -hx + spacing / 2; t < hx; t += spacing) {
    const x = deck.center[0] + dir[0] * t, z = deck.center[2] + dir[1] * t;
    // Over the water only: where the deck meets a bank there is nothing to hold back.
    if (!pointInPolygon([x + side[0] * up * (hz + 0.5), z + side[1] * up * (hz + 0.5)], water)) continue;
    const foot = gridHeightAt(grid, x + side[0] * up * (hz + size + lean), z + side[1] * up * (hz + size + lean)) - 0.2;
    const len = top - foot;
    if (len < 0.3) continue;
    const tilt = Math.atan2(lean, len);
    const needle = new BoxGeometry(size * 0.9, Math.hypot(len, lean), size)
      .rotateX(-up * tilt)
      .translate(0, (top + foot) / 2, up * (hz + size / 2 + 0.02 + lean / 2));
    out.push(needle.applyMatrix4(m).translate(x, 0, z));
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

/** The outline of the water feature under a point, if any. */
function waterUnder(features: readonly Feature[], at: Vec2): Vec2[] | undefined {
  for (const f of features) {
    if (f.kind !== 'water') continue;
    const poly = areaPolygon(f) as Vec2[];
    if (pointInPolygon(at, poly)) return poly;
  }
  return undefined;
}

/** Every trim and pier of the table for the solids drawn now, painted, in table space. */
export function pieceParts(solids: readonly Solid[], features: readonly Feature[], grid: HeightGrid): BufferGeometry[] {
  const storeys = drawnStoreys(solids);
  const out: BufferGeometry[] = [];
  for (const f of features) if (f.kind === 'building') out.push(...placedBuildingTrim(f, grid, storeys));
  const stone = new Color(PIER);
  const needle = new Color(NEEDLE);
  const byId = new Map(features.map((f) => [f.id, f]));
  for (const s of solids) {
    if (s.part !== 'deck' || s.shape !== 'box') continue;
    out.push(...bridgePiers(s, grid).map((g) => paintPart(g, stone)));
    if (!isNeedleDam(byId.get(s.featureId))) continue;
    const water = waterUnder(features, [s.center[0], s.center[2]]);
    if (water) out.push(...damNeedles(s, grid, water).map((g) => paintPart(g, needle)));
  }
  return out;
}
