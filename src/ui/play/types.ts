// What the play HUD needs of a game in play: the app's PlayHandle restated structurally (ui may not
// import app), so any handle with these members can be rendered.
import type { PlayControl, PlayLogLine, PlayRuleEntry, PlayView } from '../../game';
import type { MoveFloor, Store } from '../../view';

export interface PlayRefusal {
  reason: string;
  rule?: string;
}

export interface PlaySaves {
  toJson(): string;
  load(text: string): { ok: true } | { ok: false; message: string };
  autosaveKey: string;
  clearAutosave(): void;
}

export interface PlayReplay {
  /** at !== null: the HUD shows the state after that event, read-only; null = live. */
  store: Store<{ at: number | null; total: number }>;
  seek(eventIndex: number | null): void;
}

export interface PlayHudHandle {
  view: Store<PlayView>;
  log: Store<PlayLogLine[]>;
  lastRefusal: Store<PlayRefusal | null>;
  rules: PlayRuleEntry[];
  control: PlayControl;
  saves: PlaySaves;
  replay: PlayReplay;
  /** The side at the screen (set at each hand-over; the table reads it to keep hidden units hidden). */
  seat?: Store<string | null>;
  /** The covering-fire pick shared with the table (null: no pick open; the table marks and toggles it). */
  picked?: Store<string[] | null>;
  /** The destination storey of the next move drags, shared with the table (the move panel's floor buttons). */
  moveFloor?: Store<MoveFloor | null>;
}
