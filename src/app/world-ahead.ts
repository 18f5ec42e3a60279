// The table's Rapier world built in short slices while the page is idle after the table shows, so that
// the sight tool's first line past a fence or over a bridge does not pause for it, and no slice holds
// the page for long (slice times: `npm run bench:sight-app`). Built ahead on every table: its memory is
// small beside the page's and reused by the next table's world (`npm run bench:sight-memory`). The
// build is recorded as the performance measure WORLD_MEASURE.
import type { Battlefield } from '../battlefield';

export const WORLD_MEASURE = 'sandtable:table-world';

/** What WORLD_MEASURE's detail holds: the work itself, apart from the idle gaps between slices. */
export interface WorldBuildDetail {
  /** Milliseconds spent building, all slices together. */
  workMs: number;
  slices: number;
  /** The longest slice, ms: the longest the build held the page at once. */
  longestSliceMs: number;
  /**
   * The last slice, ms: the world's first step, making its colliders answer (short once Rapier's code
   * is compiled: src/battlefield/rapier-warm-up.ts).
   */
  lastSliceMs: number;
}

/** Work per slice: colliders are added until this has passed (one collider takes well under 1 ms). */
export const SLICE_MS = 8;
/** Without requestIdleCallback (Safari), a short timeout after the first frame stands in for idle, then a frame's gap between slices. */
const FALLBACK_DELAY_MS = 300;
const FALLBACK_GAP_MS = 16;
/** The next slice runs by then even if the page never goes idle (a busy render loop). */
const IDLE_TIMEOUT_MS = 500;

/** Build `battlefield`'s world in slices at the page's idle moments; the returned call stops it (what was built stays). */
export function buildWorldWhenIdle(battlefield: Battlefield): () => void {
  // Read afresh each time (a query or free() changes it between slices).
  const state = () => battlefield.worldState;
  if (state() === 'built' || state() === 'freed') return () => {};
  let start = NaN;
  const detail: WorldBuildDetail = { workMs: 0, slices: 0, longestSliceMs: 0, lastSliceMs: 0 };
  let cancel = () => {};
  let stopped = false;
  const slice = (idle?: IdleDeadline) => {
    if (stopped) return;
    const t0 = performance.now();
    if (Number.isNaN(start)) start = t0;
    let done = true;
    try {
      // Inside an idle period, up to what is left of it (capped); past the idle timeout, one slice.
      const budget = idle && !idle.didTimeout ? Math.min(Math.max(idle.timeRemaining() - 1, 1), SLICE_MS) : SLICE_MS;
      const wasBuilt = state() === 'built';
      done = battlefield.buildWorldSlice(budget);
      if (wasBuilt) return; // a query finished it: nothing of ours to measure
    } catch (err) {
      // A query needing the world builds it then (and reports its error there): this is only a head start.
      console.warn('could not build the table world ahead of need', err);
      return;
    }
    const ms = performance.now() - t0;
    detail.workMs += ms;
    detail.slices++;
    detail.longestSliceMs = Math.max(detail.longestSliceMs, ms);
    detail.lastSliceMs = ms;
    if (done) {
      if (state() === 'built') performance.measure(WORLD_MEASURE, { start, detail: { ...detail } });
      return;
    }
    cancel = schedule(slice, FALLBACK_GAP_MS);
  };
  cancel = schedule(slice, FALLBACK_DELAY_MS);
  return () => {
    stopped = true;
    cancel();
  };
}

/** Run `slice` at the next idle moment (or after `fallbackMs` where the browser has no idle callbacks); the returned call cancels it. */
function schedule(slice: (idle?: IdleDeadline) => void, fallbackMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(slice, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(slice, fallbackMs);
  return () => window.clearTimeout(id);
}
