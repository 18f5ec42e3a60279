// Where a click puts a sight line's end: inside a building (or on its wall, from outside) the end
// stands on a standing spot the battlefield names — the room's centre at first, or one of its
// openings when chosen —, on a rampart's walk on its crest line (or behind an embrasure) and on a
// ladder at its top, so the verdict never hangs on where on the floor or walk a click happened to land.
import type { BuildingInfo } from '../../battlefield';
import { closestOnSegment, type Vec2 } from '../../core';
import type { PointEnd } from './sight';
import type { ToolsModel } from './tool-model';

/** A hit this close outside a building's outline, and above the ground there, is a click on its wall (cm). */
const WALL_REACH = 0.8;
/** …and at least this far above the ground there (a click on the ground beside a wall is the ground). */
const WALL_LIFT = 0.3;

/** The building whose wall a hit just outside its outline landed on, if any. */
export function buildingByWall(model: ToolsModel, x: number, z: number, hitY: number): BuildingInfo | undefined {
  if (hitY < model.groundHeight(x, z) + WALL_LIFT) return undefined;
  let best: BuildingInfo | undefined;
  let bestD = WALL_REACH;
  for (const b of model.buildings) {
    const c = b.corners;
    for (let i = 0; i < c.length; i++) {
      const d = closestOnSegment([x, z], c[i]!, c[(i + 1) % c.length]!).distance;
      if (d <= bestD) [best, bestD] = [b, d];
    }
  }
  return best;
}

/** The feature whose standing spots a point end uses: the building there, else the fortification walk there. */
export function spotFeature(model: ToolsModel, x: number, z: number): string | undefined {
  return model.buildingAt(x, z)?.id ?? model.walkAt(x, z);
}

/** The end at a standing spot of a building's floor or a walk ('centre' / 'walk' unless named), remembering the click for "nearest". */
export function spotEnd(model: ToolsModel, featureId: string, floor: number, spotId: string, click: Vec2): PointEnd {
  const spots = model.standingSpots(featureId, floor, click);
  const spot = spots.find((s) => s.id === spotId) ?? spots[0];
  if (!spot) return { kind: 'point', x: click[0], z: click[1], floor };
  const end: PointEnd = { kind: 'point', x: spot.at[0], z: spot.at[1], floor, spot: spot.id, click };
  // A spot above the surface there (a ladder's top): a standard figure's eye over what is stood on.
  if (spot.stand === undefined) return end;
  const surface = model.standHeight(spot.at[0], spot.at[1], floor);
  const eye = model.eyePoint({ id: 'spot', at: spot.at, floor })[1] - surface;
  const above = spot.stand - surface + eye;
  return { ...end, above: Math.round(above * 1000) / 1000 };
}

/** A typed or nudged end: exactly there, off any standing spot (unless it is exactly on one). */
export function exactEnd(model: ToolsModel, x: number, z: number, floor: number, above: number | undefined): PointEnd {
  const end: PointEnd = { kind: 'point', x, z, floor, ...(above !== undefined ? { above } : {}) };
  const feature = spotFeature(model, x, z);
  const on = feature ? model.standingSpots(feature, floor, [x, z]).find((s) => s.at[0] === x && s.at[1] === z) : undefined;
  return on ? { ...end, spot: on.id } : end;
}
