// Why a viewshed shows nothing: an observer on a floor without openings is walled in; with
// openings, or in the open, nothing is seen at that target height from there.
import type { Battlefield } from '../battlefield';
import { featureName, floorName, type ViewshedObserver } from '../view';

export type ReasonSource = Pick<Battlefield, 'scenario' | 'buildingAt' | 'standingSpots'>;

/** Openings of the floor the observer stands on (null outside buildings). */
export function openingsAt(bf: ReasonSource, x: number, z: number, floor: number): number | null {
  const b = bf.buildingAt(x, z);
  if (!b) return null;
  return Math.max(0, bf.standingSpots(b.id, floor).length - 1);
}

/** The reason a viewshed that sees nothing sees nothing, or null when it sees something. */
export function viewshedReason(bf: ReasonSource, o: ViewshedObserver, visibleFraction: number): string | null {
  if (visibleFraction > 0) return null;
  const floor = o.floor ?? 0;
  const b = bf.buildingAt(o.x, o.z);
  if (!b) return 'Nothing seen: from this eye the ground and features hide every cell at this target height.';
  const name = floorName(bf.scenario, b, floor);
  const building = featureName(bf.scenario, b.id);
  // An unnamed building reads "a building" already; a named one takes "the".
  const where = `${name.startsWith('floor ') ? name : `the ${name}`} of ${/^an? /.test(building) ? building : `the ${building}`}`;
  const openings = openingsAt(bf, o.x, o.z, floor);
  if (openings === 0) {
    const roof = floor >= b.levels.length - 1 && floorName(bf.scenario, b, floor) === 'roof';
    return roof ? `Nothing seen from ${where}.` : `No openings on ${where}: its walls hide everything.`;
  }
  return `Nothing seen from ${where}: its ${openings} opening${openings === 1 ? '' : 's'} show no cell at this target height.`;
}
