// Heights for drawing drag ghosts anywhere the pointer may take them: the model's stand height,
// which refuses points off the table or floors where no building stands — there a ghost is drawn
// on the nearest table ground instead (it will be refused by the rules anyway).
import type { TableModel } from '../table-model';
import type { TablePoint } from './play-geometry';

type Heights = Pick<TableModel, 'scenario' | 'groundHeight' | 'standHeight'>;

export function onTable(model: Pick<TableModel, 'scenario'>, p: TablePoint): boolean {
  const { width, depth } = model.scenario.table;
  return p[0] >= 0 && p[1] >= 0 && p[0] <= width && p[1] <= depth;
}

/** Surface height to draw a figure at; never throws. */
export function drawHeight(model: Heights, p: TablePoint, floor?: number): number {
  const { width, depth } = model.scenario.table;
  const x = Math.min(Math.max(p[0], 0), width);
  const z = Math.min(Math.max(p[1], 0), depth);
  try {
    return model.standHeight(x, z, floor || undefined);
  } catch {
    try {
      return model.standHeight(x, z);
    } catch {
      return model.groundHeight(x, z);
    }
  }
}

/**
 * The floor a dragged figure asks for at its destination: the wanted upper floor (its own, or the one
 * the player stepped to during the drag) where the model has that floor there, else the ground
 * (undefined). The rules judge the move.
 */
export function floorAt(model: Heights, p: TablePoint, floor: number): number | undefined {
  if (floor <= 0 || !onTable(model, p)) return undefined;
  try {
    model.standHeight(p[0], p[1], floor);
    return floor;
  } catch {
    return undefined;
  }
}

/** How many storeys stand at p (1: open ground or a one-storey building). */
export function floorsAt(model: Heights, p: TablePoint): number {
  if (!onTable(model, p)) return 1;
  let n = 1;
  // A building's floors are numbered 0.. without gaps, so the first missing one ends the count.
  for (; n < 64; n++) {
    try {
      model.standHeight(p[0], p[1], n);
    } catch {
      break;
    }
  }
  return n;
}

/**
 * The tape the rules measure for a straight move (validateMove / analysePath, one leg): the plan
 * distance and the rise between the stand heights, in 3D — so a storey climbed costs its height, with
 * the stairs taken as anywhere in the building (the rules know no stairwells).
 */
export function moveTape(model: Heights, from: TablePoint, fromFloor: number, to: TablePoint, toFloor: number | undefined): number {
  const plan = Math.hypot(to[0] - from[0], to[1] - from[1]);
  return Math.hypot(plan, drawHeight(model, to, toFloor) - drawHeight(model, from, fromFloor));
}

/** A floor's words for the drag label. */
export function floorName(floor: number): string {
  return floor <= 0 ? 'ground floor' : `floor ${floor}`;
}
