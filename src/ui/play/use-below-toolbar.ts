// Where the dock may start: just under the toolbar, whose height depends on how its buttons wrap
// (side names can be long), measured as it changes.
import { useEffect, useState } from 'react';

export function useBelowToolbar(gap = 8): number | null {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    const bar = document.querySelector<HTMLElement>('[data-testid=toolbar]');
    const host = bar?.offsetParent as HTMLElement | null | undefined;
    if (!bar || !host) return;
    const measure = () => setTop(Math.round(bar.getBoundingClientRect().bottom - host.getBoundingClientRect().top + gap));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(bar);
    ro.observe(host);
    return () => ro.disconnect();
  }, [gap]);
  return top;
}
