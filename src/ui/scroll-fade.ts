// A scrolling box with more above or below its view says so: the hook marks the box with
// data-fade="top" / "bottom" / "both" as it scrolls, resizes or its content changes, and ui.css fades
// those edges out (a mask). A line cut by the box's edge then reads as "scroll for more", not as
// clipped text. Nothing is marked when the content fits.
import { useLayoutEffect, type RefObject } from 'react';

export type FadeEdges = 'top' | 'bottom' | 'both' | '';

/** Which edges of a vertically scrolling box hide more of its content. */
export function fadeEdges(scrollTop: number, clientHeight: number, scrollHeight: number): FadeEdges {
  // A pixel of slack: zoomed layouts report fractional heights.
  const top = scrollTop > 1;
  const bottom = scrollTop + clientHeight < scrollHeight - 1;
  return top && bottom ? 'both' : top ? 'top' : bottom ? 'bottom' : '';
}

/** Keeps `ref`'s data-fade up to date while it is mounted (`key` re-attaches when the box is replaced). */
export function useScrollFade(ref: RefObject<HTMLElement | null>, key?: unknown): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const mark = () => {
      const edges = fadeEdges(el.scrollTop, el.clientHeight, el.scrollHeight);
      if (edges) el.dataset.fade = edges;
      else delete el.dataset.fade;
    };
    mark();
    el.addEventListener('scroll', mark, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    resized?.observe(el);
    // The content can grow inside a box whose own size stays capped.
    const changed = typeof MutationObserver === 'undefined' ? undefined : new MutationObserver(mark);
    changed?.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      el.removeEventListener('scroll', mark);
      resized?.disconnect();
      changed?.disconnect();
      delete el.dataset.fade;
    };
  }, [ref, key]);
}
