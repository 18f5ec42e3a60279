// Where the floor cutaway bar (bottom left, in play) may end: just above the parts of the bottom
// column that stand under it, as --st-floors-floor (px from the page's top). On a short screen the
// dice tray keeps to the column's right: the bar then stands above the action bar only, rather than
// above the tray beside it, and stays off the middle of a table narrowed by an open panel.
import { useLayoutEffect, type RefObject } from 'react';

export interface Span {
  left: number;
  right: number;
}

export interface PartBox extends Span {
  top: number;
}

/**
 * The top of the highest part whose span meets the bar's (the bar stands above it); `columnTop` when
 * the bar is not shown or no part stands under it.
 */
export function floorsFloor(parts: readonly PartBox[], bar: Span | null, columnTop: number): number {
  if (!bar) return columnTop;
  const under = parts.filter((p) => p.right > bar.left && p.left < bar.right);
  return under.length > 0 ? Math.min(...under.map((p) => p.top)) : columnTop;
}

const NAME = '--st-floors-floor';

/** Keeps --st-floors-floor up to date for the bottom column `ref` (its parts, the bar and the window resizing). */
export function useFloorsFloor(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const column = ref.current;
    if (!column) return;
    const root = document.documentElement.style;
    const bar = () => document.querySelector<HTMLElement>('.st-floors');
    const mark = () => {
      const parts = Array.from(column.children).map((c) => c.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
      const b = bar()?.getBoundingClientRect();
      const top = floorsFloor(parts, b && b.width > 0 ? b : null, column.getBoundingClientRect().top);
      root.setProperty(NAME, `${Math.floor(top)}px`);
    };
    // The parts come and go (the tray, a notice) and change size; the bar widens with its buttons.
    const sizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    const watch = () => {
      sizes?.disconnect();
      sizes?.observe(column);
      for (const c of Array.from(column.children)) sizes?.observe(c);
      const b = bar();
      if (b) sizes?.observe(b);
      mark();
    };
    watch();
    const parts = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(watch);
    parts?.observe(column, { childList: true });
    window.addEventListener('resize', mark);
    return () => {
      sizes?.disconnect();
      parts?.disconnect();
      window.removeEventListener('resize', mark);
      root.removeProperty(NAME);
    };
  }, [ref]);
}
