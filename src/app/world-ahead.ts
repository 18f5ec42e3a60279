// The table's Rapier world built while the page is idle after the table shows, so that the sight
// tool's first line past a fence or over a bridge does not pause for it (≈ 0.3–0.7 s on the shipped
// tables in Chromium, bench:sight-app). The build is recorded as the performance measure WORLD_MEASURE.
import type { Battlefield } from '../battlefield';

export const WORLD_MEASURE = 'sandtable:table-world';

/** Without requestIdleCallback (Safari), a short timeout after the first frame stands in for idle. */
const FALLBACK_DELAY_MS = 300;
/** Built by then even if the page never goes idle (a busy render loop). */
const IDLE_TIMEOUT_MS = 2000;

/** Build `battlefield`'s world at the page's next idle moment; the returned call cancels it (before it runs). */
export function buildWorldWhenIdle(battlefield: Battlefield): () => void {
  const build = () => {
    const t0 = performance.now();
    try {
      if (battlefield.prepareWorld()) performance.measure(WORLD_MEASURE, { start: t0 });
    } catch (err) {
      // A query needing the world builds it then (and reports its error there): this is only a head start.
      console.warn('could not build the table world ahead of need', err);
    }
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(build, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(build, FALLBACK_DELAY_MS);
  return () => window.clearTimeout(id);
}
