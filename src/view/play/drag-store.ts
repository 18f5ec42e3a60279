// The state of a move drag (which figure, the ground point grabbed, the offset so far, whether
// only that figure moves) and the refusal label shown over a unit; plain stores shared by the
// pointer handlers and the overlays.
import { createStore, type Store } from '../store';
import { dragDestinations, type Destination, type TablePoint } from './play-geometry';
import type { PlayUnit } from '../../game';

export interface MoveDrag {
  unitId: string;
  figureId: string;
  /** Ground point under the pointer when it was pressed. */
  grab: TablePoint;
  /** Page pixel of the press (a release within a few pixels is a click, not a move). */
  pressed: [number, number];
  offset: TablePoint;
  /** Shift held: only the dragged figure moves. */
  only: boolean;
  /**
   * The destination storey the player stepped to during the drag (keys / wheel); absent: each figure
   * keeps its own floor where the building under its destination has it, else the ground.
   */
  floor?: number;
}

export interface ShownRefusal {
  unitId: string | null;
  reason: string;
  rule?: string;
  /** performance.now() when it was shown. */
  since: number;
}

/** How long a refusal stays over the unit, ms. */
export const REFUSAL_MS = 4000;

export function createDragStore(): Store<MoveDrag | null> {
  return createStore<MoveDrag | null>(null);
}

export function createRefusalStore(): Store<ShownRefusal | null> {
  return createStore<ShownRefusal | null>(null);
}

/**
 * Where the drag would put the figures of its unit now; `floorOf` names the floor a destination asks
 * for, given the wanted one: the drag's chosen storey, else the figure's own (a figure upstairs keeps
 * its storey where the building has it).
 */
export function dragTargets(
  drag: MoveDrag,
  unit: Pick<PlayUnit, 'figures'> | undefined,
  floorOf: (to: TablePoint, floor: number) => number | undefined = () => undefined,
): Array<Destination & { floor?: number }> {
  if (!unit) return [];
  const live = unit.figures.filter((f) => !f.removed);
  const floors = new Map(live.map((f) => [f.id, f.floor] as const));
  return dragDestinations(live.map((f) => ({ id: f.id, at: f.at })), drag.figureId, drag.offset, drag.only).map((d) => {
    const floor = floorOf(d.to, drag.floor ?? floors.get(d.figureId) ?? 0);
    return floor !== undefined ? { ...d, floor } : d;
  });
}

/**
 * The drag with its destination storey stepped by `by` (+1 up, -1 down), kept within the storeys
 * standing under the dragged figure's destination (`floorsAt`); starts from the floor that
 * destination asks for now.
 */
export function stepDragFloor(
  drag: MoveDrag,
  unit: Pick<PlayUnit, 'figures'> | undefined,
  by: number,
  floorOf: (to: TablePoint, floor: number) => number | undefined,
  floorsAt: (to: TablePoint) => number,
): MoveDrag {
  const t = dragTargets(drag, unit, floorOf).find((x) => x.figureId === drag.figureId);
  if (!t) return drag;
  const now = t.floor ?? 0;
  const floor = Math.min(Math.max(now + by, 0), Math.max(floorsAt(t.to) - 1, 0));
  return floor === drag.floor ? drag : { ...drag, floor };
}
