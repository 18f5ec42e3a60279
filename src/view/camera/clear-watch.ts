// Watches the canvas's uncovered part (the rectangle no HUD box covers) and reports only when it
// changes: a panel opening, folding or resizing over the canvas. Other HUD changes (a log line, a die
// rolling, a button lit) only ask for a measure, at most one per settle interval, and report nothing.
import { CLEAR_SLACK } from './follow-again';
import type { Rect } from './clear-area';

/** Whether two uncovered parts differ by more than layout jitter (either missing counts as a change unless both are). */
export function clearChanged(a: Rect | null, b: Rect | null, slack = CLEAR_SLACK): boolean {
  if (!a || !b) return a !== b;
  return (
    Math.abs(a.left - b.left) > slack ||
    Math.abs(a.right - b.right) > slack ||
    Math.abs(a.top - b.top) > slack ||
    Math.abs(a.bottom - b.bottom) > slack
  );
}

export interface ClearWatchOptions {
  /** The uncovered part now (page pixels), null when the canvas is wholly covered. */
  measure: () => Rect | null;
  /** Called once per change, when the new uncovered part has held still for a settle interval. */
  onChange: (clear: Rect | null) => void;
  /** Milliseconds between a HUD change and its measure, and between measures of a panel still moving. */
  settleMs?: number;
  /** Measures of a moving part before it is reported anyway (a panel that never stops animating). */
  maxTries?: number;
}

export interface ClearWatch {
  /** Something in the HUD changed: measure soon (a poke while a measure is due does not postpone it). */
  poke(): void;
  /** Take this as the uncovered part known now (after the caller measured and acted on it). */
  reset(clear: Rect | null): void;
  stop(): void;
}

export function createClearWatch({ measure, onChange, settleMs = 150, maxTries = 8 }: ClearWatchOptions): ClearWatch {
  let known = measure();
  /** A changed part seen once, waiting for a second measure to agree. */
  let moving: Rect | null | undefined;
  let tries = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (timer === null) timer = setTimeout(run, settleMs);
  };
  const run = () => {
    timer = null;
    const now = measure();
    if (moving === undefined) {
      if (!clearChanged(known, now)) return;
      moving = now;
      tries = 1;
      schedule();
      return;
    }
    if (clearChanged(moving, now) && tries < maxTries) {
      moving = now;
      tries++;
      schedule();
      return;
    }
    moving = undefined;
    if (!clearChanged(known, now)) return; // it went back to where it was
    known = now;
    onChange(now);
  };
  return {
    poke: schedule,
    reset(clear) {
      known = clear;
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
