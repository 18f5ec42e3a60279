// Standing spots of a building's floor: the room's centre and, for each opening on that floor, the
// point just inside it where a figure would stand to look out ("stand at this window"); of a rampart's
// walk; of a ladder's top. The tools place an observer on one of these instead of wherever a click
// happened to land on the floor.
import { dist2, polylineProjection, rotate2, type Vec2 } from '../core';
import type { BuildingFeature, FortificationFeature, LadderFeature, OpeningSpec, Scenario } from '../scenario';
import { outerDistance } from './relief';
import { ladderLean } from './solids';
import type { StandingSpot } from './types';

/** How far in from a wall's inner face the spot at an opening lies, cm: a figure's base radius and a little. */
export const STAND_BACK = 0.7;

type Wall = OpeningSpec['wall'];

/** Which way "negative" and "positive" offsets run along each wall (east or north positive). */
const ENDS: Record<Wall, [string, string]> = { north: ['west', 'east'], south: ['west', 'east'], east: ['south', 'north'], west: ['south', 'north'] };

function openingLabel(o: OpeningSpec, all: readonly OpeningSpec[]): string {
  const base = `${o.wall} ${o.kind}`;
  const twins = all.filter((x) => x.wall === o.wall && x.kind === o.kind);
  if (twins.length < 2) return base;
  const [neg, pos] = ENDS[o.wall];
  const same = twins.filter((x) => Math.sign(x.offset) === Math.sign(o.offset));
  const part = o.offset === 0 ? 'middle' : o.offset < 0 ? neg : pos;
  return same.length > 1 ? `${base} ${twins.indexOf(o) + 1}` : `${base}, ${part}`;
}

/** Local (unrotated, centre-relative) plan point of an opening: in the wall (`depth` 0 = outer face). */
function openingLocal(b: BuildingFeature, o: OpeningSpec, depth: number): Vec2 {
  const [w, d] = b.size;
  switch (o.wall) {
    case 'north': return [o.offset, d / 2 - depth];
    case 'south': return [o.offset, -d / 2 + depth];
    case 'east': return [w / 2 - depth, o.offset];
    case 'west': return [-w / 2 + depth, o.offset];
  }
}

function floorTitle(b: BuildingFeature, floor: number): string {
  if (floor >= b.floors.length) return 'the roof';
  const name = b.floors[floor]!.name;
  return name ? `the ${name}` : floor === 0 ? 'the ground floor' : `floor ${floor}`;
}

/**
 * The standing spots of floor `floor` of building `b` (a walkable roof is the level after the last
 * floor): the centre first, then one per opening of that floor, each STAND_BACK inside the wall's
 * inner face (kept inside the room), with the opening's own centre in the wall for "nearest".
 */
export function buildingSpots(b: BuildingFeature, floor: number): StandingSpot[] {
  const rot = b.rotation ?? 0;
  const t = b.wallThickness ?? 0.4;
  const toWorld = (p: Vec2): Vec2 => {
    const r = rotate2(p, rot);
    return [b.center[0] + r[0], b.center[1] + r[1]];
  };
  const spots: StandingSpot[] = [
    { id: 'centre', kind: 'centre', label: `centre of ${floorTitle(b, floor)}`, buildingId: b.id, floor, at: [b.center[0], b.center[1]], opening: null },
  ];
  const openings = (b.openings ?? []).filter((o) => o.floor === floor);
  openings.forEach((o, i) => {
    const half = o.wall === 'north' || o.wall === 'south' ? b.size[1] / 2 : b.size[0] / 2;
    // In from the outer face by the wall and STAND_BACK, but never past the room's centre line.
    const depth = Math.min(t + STAND_BACK, half);
    spots.push({
      id: o.id ?? `${o.wall}-${o.kind}-${i}`,
      kind: o.kind,
      label: openingLabel(o, openings),
      buildingId: b.id,
      floor,
      at: toWorld(openingLocal(b, o, depth)),
      opening: toWorld(openingLocal(b, o, t / 2)),
    });
  });
  return spots;
}

/** The point `along` cm along a path (closed: back to its start), and the unit normal there (left of travel). */
function pointAlong(path: readonly Vec2[], closed: boolean, along: number): { at: Vec2; normal: Vec2 } {
  const n = closed ? path.length : path.length - 1;
  let acc = 0;
  for (let i = 0; i < n; i++) {
    const p = path[i]!;
    const q = path[(i + 1) % path.length]!;
    const len = dist2(p, q);
    if (along <= acc + len || i === n - 1) {
      const t = len > 0 ? Math.min(Math.max((along - acc) / len, 0), 1) : 0;
      return { at: [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t], normal: len > 0 ? [-(q[1] - p[1]) / len, (q[0] - p[0]) / len] : [0, 0] };
    }
    acc += len;
  }
  return { at: path[0]!, normal: [0, 0] };
}

/** Is (x, z) on a fortification's walk (within half the crest width of its crest line)? */
export function onWalk(f: FortificationFeature, x: number, z: number): boolean {
  return Math.abs(outerDistance(f, [x, z]).s) <= (f.crestWidth ?? 4) / 2;
}

/**
 * Standing spots of a rampart, bastion or redoubt: its walk on the crest line level with `near`,
 * then each embrasure, STAND_BACK behind the parapet's inner face (or on the crest line without one).
 */
export function walkSpots(f: FortificationFeature, near: Vec2): StandingSpot[] {
  const closed = f.closed ?? f.kind !== 'rampart';
  const path = f.path as Vec2[];
  const name = f.name ?? f.kind;
  const proj = polylineProjection(near, path, closed);
  const spots: StandingSpot[] = [
    { id: 'walk', kind: 'walk', label: `on the walk of the ${name}`, buildingId: f.id, floor: 0, at: pointAlong(path, closed, proj.along).at, opening: null },
  ];
  const half = (f.crestWidth ?? 4) / 2;
  const back = f.parapet ? Math.max(0, half - f.parapet.thickness - STAND_BACK) : 0;
  const all = f.embrasures ?? [];
  all.forEach((e, i) => {
    const { at, normal } = pointAlong(path, closed, e.at);
    // The outer side: whichever normal outerDistance calls outer.
    const probe: Vec2 = [at[0] + normal[0] * 0.01, at[1] + normal[1] * 0.01];
    const sign = outerDistance(f, probe).s > 0 ? 1 : -1;
    const toward = (d: number): Vec2 => [at[0] + sign * normal[0] * d, at[1] + sign * normal[1] * d];
    spots.push({
      id: e.id ?? `embrasure-${i}`, kind: 'embrasure', label: all.length > 1 ? `embrasure ${i + 1}` : 'embrasure', buildingId: f.id, floor: 0,
      at: toward(back), opening: toward(f.parapet ? half - f.parapet.thickness / 2 : 0),
    });
  });
  return spots;
}

/** Is (x, z) on a ladder's plan: across its width, from its foot to where its top rests? */
export function onLadder(f: LadderFeature, x: number, z: number): boolean {
  const { dir, run } = ladderLean(f);
  const dx = x - f.foot[0], dz = z - f.foot[1];
  const along = dx * dir[0] + dz * dir[1];
  const across = dx * dir[1] - dz * dir[0];
  return along >= 0 && along <= run && Math.abs(across) <= (f.width ?? 1.5) / 2;
}

/**
 * A ladder's one standing spot, its top: a climber's feet level with where the ladder rests (the
 * ground at its foot + topHeight), so that he looks over what it leans on, his body STAND_BACK back
 * from the top along the ladder (never behind its foot). `footGround`: the ground at the foot, cm.
 */
export function ladderSpot(f: LadderFeature, footGround: number): StandingSpot {
  const { dir, run } = ladderLean(f);
  const along = run - Math.min(STAND_BACK, run);
  return {
    id: 'top', kind: 'ladder top', label: `top of the ${f.name ?? 'ladder'}`, buildingId: f.id, floor: 0,
    at: [f.foot[0] + dir[0] * along, f.foot[1] + dir[1] * along], opening: null, stand: footGround + f.topHeight,
  };
}

/**
 * The spots of a building's floor, a fortification's walk or a ladder (floor 0) by ids; [] for
 * another feature or a floor it lacks. With `near`, the openings come nearest first (by the opening's
 * place in the wall), after the centre. `ground`: the ground height at a point (a ladder's foot).
 */
export function standingSpots(scenario: Scenario, buildingId: string, floor: number, levels: number, near?: Vec2, ground?: (x: number, z: number) => number): StandingSpot[] {
  const feature = scenario.features.find((f) => f.id === buildingId);
  if (!feature || !Number.isInteger(floor) || floor < 0 || floor >= levels) return [];
  if (feature.kind === 'ladder') return ground ? [ladderSpot(feature, ground(feature.foot[0], feature.foot[1]))] : [];
  const b = feature.kind === 'building' ? feature : undefined;
  const fort = feature.kind === 'rampart' || feature.kind === 'bastion' || feature.kind === 'redoubt' ? feature : undefined;
  if (!b && !fort) return [];
  const [centre, ...openings] = b ? buildingSpots(b, floor) : walkSpots(fort!, near ?? (fort!.path[0] as Vec2));
  if (near) {
    const d = (s: StandingSpot) => Math.hypot(s.opening![0] - near[0], s.opening![1] - near[1]);
    openings.sort((a, c) => d(a) - d(c));
  }
  return [centre!, ...openings];
}
