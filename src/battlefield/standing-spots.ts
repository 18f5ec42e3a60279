// Standing spots of a building's floor: the room's centre and, for each opening on that floor, the
// point just inside it where a figure would stand to look out ("stand at this window"). The tools
// place an observer on one of these instead of wherever a click happened to land on the floor.
import { rotate2, type Vec2 } from '../core';
import type { BuildingFeature, OpeningSpec, Scenario } from '../scenario';
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

/**
 * The spots of a building's floor by ids; [] for a feature that is no building or a floor it lacks.
 * With `near`, the openings come nearest first (by the opening's place in the wall), after the centre.
 */
export function standingSpots(scenario: Scenario, buildingId: string, floor: number, levels: number, near?: Vec2): StandingSpot[] {
  const b = scenario.features.find((f): f is BuildingFeature => f.kind === 'building' && f.id === buildingId);
  if (!b || !Number.isInteger(floor) || floor < 0 || floor >= levels) return [];
  const [centre, ...openings] = buildingSpots(b, floor);
  if (near) {
    const d = (s: StandingSpot) => Math.hypot(s.opening![0] - near[0], s.opening![1] - near[1]);
    openings.sort((a, c) => d(a) - d(c));
  }
  return [centre!, ...openings];
}
