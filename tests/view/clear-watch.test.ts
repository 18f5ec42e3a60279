// The re-follow watch reports only changes of the canvas's uncovered part (a panel opening, folding or
// resizing over the canvas), once each has settled: HUD changes that leave that part where it was (a
// log line, a die rolling, a button lit) report nothing, and a stream of them never postpones a report.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLEAR_SLACK, clearChanged, createClearWatch, type Rect } from '../../src/view/camera';

const whole: Rect = { left: 0, top: 0, right: 1280, bottom: 800 };
const besideOrders: Rect = { ...whole, right: 960 };

/** A page whose uncovered part the test sets; counts the watch's measures. */
function page(start: Rect | null) {
  const p = { clear: start, measures: 0, reports: [] as Array<Rect | null> };
  const watch = createClearWatch({ measure: () => (p.measures++, p.clear), onChange: (c) => p.reports.push(c), settleMs: 150 });
  return { p, watch };
}

describe('the uncovered-part watch behind the re-follow', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('HUD changes that leave the uncovered part where it was (a log line, a die, a lit button): no report', () => {
    const { p, watch } = page(whole);
    for (let i = 0; i < 20; i++) {
      watch.poke();
      vi.advanceTimersByTime(50);
    }
    vi.advanceTimersByTime(2000);
    expect(p.reports).toEqual([]);
    // Pokes were measured at most once per settle interval (20 pokes over a second: about 7 measures).
    expect(p.measures).toBeLessThanOrEqual(1 + Math.ceil(1000 / 150));
  });

  it('the Orders panel opens over the canvas: one report, with the new part, once it holds still', () => {
    const { p, watch } = page(whole);
    p.clear = besideOrders;
    watch.poke();
    vi.advanceTimersByTime(150);
    expect(p.reports).toEqual([]); // seen once: the panel may still be sliding in
    vi.advanceTimersByTime(150);
    expect(p.reports).toEqual([besideOrders]);
    watch.poke();
    vi.advanceTimersByTime(1000);
    expect(p.reports).toEqual([besideOrders]);
  });

  it('a panel sliding in over several measures: reported once, where it stopped', () => {
    const { p, watch } = page(whole);
    const steps = [1200, 1100, 1000, 960];
    p.clear = { ...whole, right: steps[0]! };
    watch.poke();
    for (const right of steps.slice(1)) {
      vi.advanceTimersByTime(150);
      p.clear = { ...whole, right };
    }
    vi.advanceTimersByTime(1000);
    expect(p.reports).toEqual([besideOrders]);
  });

  it('a panel folded away: reported; moved by no more than layout jitter: not', () => {
    const { p, watch } = page(besideOrders);
    p.clear = { ...besideOrders, right: besideOrders.right + CLEAR_SLACK };
    watch.poke();
    vi.advanceTimersByTime(1000);
    expect(p.reports).toEqual([]);
    p.clear = whole;
    watch.poke();
    vi.advanceTimersByTime(1000);
    expect(p.reports).toEqual([whole]);
  });

  it('a stream of HUD changes every 50 ms (a rolling die) while a panel opens: the change is still reported, on time', () => {
    const { p, watch } = page(whole);
    p.clear = besideOrders;
    for (let t = 0; t < 600; t += 50) {
      watch.poke();
      vi.advanceTimersByTime(50);
    }
    expect(p.reports).toEqual([besideOrders]);
  });

  it('a panel that opens and closes again before settling: nothing to report', () => {
    const { p, watch } = page(whole);
    p.clear = besideOrders;
    watch.poke();
    vi.advanceTimersByTime(150);
    p.clear = { ...whole };
    vi.advanceTimersByTime(1000);
    expect(p.reports).toEqual([]);
  });

  it('the canvas wholly covered, and uncovered again: both reported', () => {
    const { p, watch } = page(whole);
    p.clear = null;
    watch.poke();
    vi.advanceTimersByTime(400);
    p.clear = whole;
    watch.poke();
    vi.advanceTimersByTime(400);
    expect(p.reports).toEqual([null, whole]);
    expect(clearChanged(null, null)).toBe(false);
  });

  it('stopped: a poke measures nothing', () => {
    const { p, watch } = page(whole);
    const before = p.measures;
    watch.poke();
    watch.stop();
    p.clear = besideOrders;
    vi.advanceTimersByTime(1000);
    expect(p.measures).toBe(before);
    expect(p.reports).toEqual([]);
  });
});
