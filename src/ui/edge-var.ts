// A panel tells the page where one of its edges lies, as a CSS variable on the root (px), kept up to
// date as the panel resizes or the window does; removed when it unmounts. Lets absolutely placed
// panels keep clear of each other however their text wraps.
import { useLayoutEffect, type RefObject } from 'react';

/** `shown`: whether the panel is rendered now (a panel that comes and goes marks its edge each time it comes). */
export function useEdgeVar(ref: RefObject<HTMLElement | null>, name: string, edge: 'left' | 'right' | 'top' | 'bottom', shown = true): void {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement.style;
    const mark = () => {
      const box = el.getBoundingClientRect();
      root.setProperty(name, `${edge === 'left' ? Math.floor(box.left) : edge === 'top' ? Math.floor(box.top) : Math.ceil(edge === 'right' ? box.right : box.bottom)}px`);
    };
    mark();
    const watch = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(mark);
    watch?.observe(el);
    window.addEventListener('resize', mark);
    return () => {
      watch?.disconnect();
      window.removeEventListener('resize', mark);
      root.removeProperty(name);
    };
  }, [ref, name, edge, shown]);
}
