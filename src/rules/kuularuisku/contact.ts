// K-6.1a "in contact": the one test of whether two soldiers touch, for the charge move (which enemy it
// reaches), a normal move (which must not end touching an enemy) and the rules' own moves (rout, fall
// back, evacuation keep out of contact). Bases within the house contact tolerance touch; so do bases
// across a K-3.1a small obstacle (fence, low wall, hedge, wire) when one of them stands at it and the
// gap is no more than the obstacle allowance (house contactAcrossObstacle) — the book lets soldiers
// charge over a fence (K-3.1a: small obstacles do not normally affect movement), yet a base cannot stand
// astride it, so without this a defender a little behind a fence could never be charged.
import { hypot } from '../../core';
import type { Base3, TableObstacleCrossing, TableQueries } from '../../core';
import { FIGURE_HEIGHT } from './constants';
import type { HouseSettings } from './state';
import { obstacleGoing } from './terrain';

/** A soldier's base where he stands (or would stand): plan centre, underside height, radius, floor. */
export interface ContactBase extends Base3 {
  floor: number;
}

type ContactHouse = Pick<HouseSettings, 'contactTolerance' | 'contactAcrossObstacle'>;

/** The widest plan gap (edge to edge, cm) at which two bases can be in contact: for cheap pre-filters. */
export function contactReach(house: ContactHouse): number {
  return house.contactTolerance + (house.contactAcrossObstacle ?? 0);
}

/** K-3.1a the kinds of small obstacle the book means: fences, walls, hedges (and a wire belt, difficult going). */
const SMALL = new Set(['fence', 'wall', 'hedge', 'wire']);

/**
 * K-3.1a a small obstacle: a fence, wall, hedge or wire that is low (under 3 cm: heightClass flat/low)
 * and not impassable by its tags. A palisade, a barricade (sandbags) or a rampart's parapet or crest is
 * a fortification (K-5.4), and a tall wall no small obstacle: no contact across those.
 */
export function isSmallObstacle(o: TableObstacleCrossing): boolean {
  if (!SMALL.has(o.kind)) return false;
  if (o.tags.heightClass !== 'flat' && o.tags.heightClass !== 'low') return false;
  return obstacleGoing(o) !== 'impassable';
}

/**
 * K-6.1a are these two soldiers in contact? Bases within `contactTolerance` of touching at about the same
 * height (as before); or — Sandtable's reading (house contactAcrossObstacle, K-6.1a) — the gap is at most
 * tolerance + contactAcrossObstacle, the straight line between the centres crosses a small obstacle
 * (K-3.1a) and no building wall, and one of the two bases touches that obstacle (within the tolerance):
 * the soldier went up to the fence, and the enemy just behind it is within reach across it. Symmetric,
 * so a defender at the fence is also in contact with a charger who stopped just across it.
 */
export function inContact(table: TableQueries, a: ContactBase, b: ContactBase, house: ContactHouse): boolean {
  if (Math.abs(a.y - b.y) >= FIGURE_HEIGHT) return false;
  const centre = hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]);
  const gap = centre - a.radius - b.radius;
  const tol = house.contactTolerance;
  if (gap <= tol + 1e-9) return true;
  const over = house.contactAcrossObstacle ?? 0; // a state saved before the setting existed: bases must touch
  if (over <= 0 || gap > tol + over + 1e-9) return false;
  let across = false;
  for (const o of table.obstaclesAlong(a.at, b.at)) {
    if (!isSmallObstacle(o)) continue;
    // o.distance runs from a's centre to the obstacle's near face; b's side is measured from b.
    if (o.distance - a.radius <= tol + 1e-9 || firstFace(table, b, a, o.featureId) - b.radius <= tol + 1e-9) {
      across = true;
      break;
    }
  }
  if (!across) return false;
  return !table.wallBetween({ id: 'contact', at: a.at, floor: a.floor, radius: 0.01 }, { id: 'contact', at: b.at, floor: b.floor, radius: 0.01 });
}

/** Plan distance from `from`'s centre to where the line toward `to` first meets the feature (∞ if it does not). */
function firstFace(table: TableQueries, from: ContactBase, to: ContactBase, featureId: string): number {
  for (const o of table.obstaclesAlong(from.at, to.at)) if (o.featureId === featureId) return o.distance;
  return Infinity;
}
