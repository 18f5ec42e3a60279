// What the view reads from a built battlefield: the shared height grid, the solids and two height
// queries. Types only — the view never imports the battlefield's code (or Rapier) at run time.
import type { Battlefield } from '../battlefield';

export type TableModel = Pick<Battlefield, 'scenario' | 'grid' | 'solids' | 'groundHeight' | 'standHeight'>;

/** Rendering tiers (ART.md §9); `test` is chosen for automated browsers. */
export type Quality = 'high' | 'medium' | 'low' | 'test';
