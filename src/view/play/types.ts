// What the table needs of the app's play handle (src/app/play): the published HUD model, the
// controller moves and shots go through, and the last refusal to show over the unit.
import type { PlayControl, PlayLogLine, PlayView } from '../../game';
import type { Store } from '../store';
import type { MoveFloor } from './move-floor';

export interface PlayRefusal {
  reason: string;
  rule?: string;
}

export interface PlayTableLink {
  view: Store<PlayView>;
  control: PlayControl;
  lastRefusal: Store<PlayRefusal | null>;
  /** The game log: the table draws the newest command's shots from its shot records (absent: none drawn). */
  log?: Store<PlayLogLine[]>;
  /** The replay scrubber: the event on show (null: live), so the table draws that moment's shots (absent: always live). */
  replay?: { store: Store<{ at: number | null; total: number }> };
  /** The side at the hot-seat screen (the HUD sets it at each hand-over); absent: the side to act. */
  seat?: Store<string | null>;
  /** The covering-fire pick the HUD has open (null: none): marked on the table, toggled by a click. */
  picked?: Store<string[] | null>;
  /**
   * The destination storey of the next move drags, shared with the HUD's floor buttons (the table
   * publishes the storeys at hand; absent: the table keeps its own and only the keys choose).
   */
  moveFloor?: Store<MoveFloor | null>;
}
