// The destination storey of the next move drags, shared by the table and the HUD's move panel: the
// table publishes which storeys stand in or next to the buildings of the moving unit's figures (the
// model's stand heights, as the drag keys use them) and the figures' own floor; the panel's floor
// buttons, or the PageUp / PageDown keys and the wheel during a drag, choose one. A new move offer
// (another turn, unit, card or mode) drops the choice. The rules still judge every move.
import type { PlayView } from '../../game';
import { createStore, type Store } from '../store';
import type { TableModel } from '../table-model';
import type { TablePoint } from './play-geometry';
import { floorsAt } from './surface';

export interface MoveFloor {
  /** The move offer it belongs to (moveFloorKey): the panel shows it only for that offer. */
  key: string;
  /** Storeys of the tallest building in or next to the unit's figures (1: none with more than one). */
  floors: number;
  /** The floor the figures stand on (the drags' default); null when they stand on different floors. */
  own: number | null;
  /** The floor chosen for the next drags (buttons, keys, wheel); null: each figure keeps its own. */
  chosen: number | null;
}

export function createMoveFloorStore(): Store<MoveFloor | null> {
  return createStore<MoveFloor | null>(null);
}

/** Which move offer a floor choice belongs to; null when the view offers no move. */
export function moveFloorKey(view: Pick<PlayView, 'move' | 'prompt' | 'activeUnitId'>): string | null {
  const m = view.move;
  if (!m) return null;
  return [view.prompt.turn, view.prompt.card?.unitId ?? '', view.activeUnitId ?? '', m.unitId, m.mode].join('|');
}

/** How far round a figure a building counts as "next to" it, cm. */
export const NEAR_BUILDING = 4;
const RING = 8;

/** Storeys of the tallest building standing at or next to (within NEAR_BUILDING) any of the points. */
export function floorsNear(model: Pick<TableModel, 'scenario' | 'groundHeight' | 'standHeight'>, points: readonly TablePoint[]): number {
  let most = 1;
  for (const p of points) {
    most = Math.max(most, floorsAt(model, p));
    for (const r of [NEAR_BUILDING / 2, NEAR_BUILDING]) {
      for (let i = 0; i < RING; i++) {
        const a = (i / RING) * Math.PI * 2;
        most = Math.max(most, floorsAt(model, [p[0] + Math.cos(a) * r, p[1] + Math.sin(a) * r]));
      }
    }
  }
  return most;
}

/**
 * The floor state for a move offer: the storeys near the unit's figures and their own floor; the
 * choice kept while the offer is the same one (and the storey still stands there), else dropped.
 */
export function nextMoveFloor(
  prev: MoveFloor | null,
  key: string | null,
  figures: ReadonlyArray<{ at: TablePoint; floor?: number; removed?: string }>,
  floorsNearBy: (points: readonly TablePoint[]) => number,
): MoveFloor | null {
  if (key === null) return null;
  const live = figures.filter((f) => !f.removed);
  const floors = floorsNearBy(live.map((f) => f.at));
  const ownFloors = new Set(live.map((f) => f.floor ?? 0));
  const own = ownFloors.size === 1 ? [...ownFloors][0]! : null;
  const chosen = prev && prev.key === key && prev.chosen !== null && prev.chosen < floors ? prev.chosen : null;
  if (prev && prev.key === key && prev.floors === floors && prev.own === own && prev.chosen === chosen) return prev;
  return { key, floors, own, chosen };
}

/** The floor shown pressed: the chosen one, else the figures' own. */
export function pressedFloor(f: MoveFloor): number | null {
  return f.chosen ?? f.own;
}
