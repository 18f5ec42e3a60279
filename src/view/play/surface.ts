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
 * The floor a dragged figure asks for at its destination: its own upper floor where the model has
 * that floor there (a move along a storey), else the ground (undefined). The rules judge the move.
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
