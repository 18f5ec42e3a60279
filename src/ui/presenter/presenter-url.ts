// Presenter mode in the address bar: `?scenario=…&beat=3` (1-based) opens that beat, stepping
// pushes a history entry, back/forward returns to the beat (or out of presenter mode) it names.
import { useEffect } from 'react';
import { presenter, presenterStore } from '../../view';
import { beatFromSearch, searchWithBeat } from './beat-url';

function sync(replace: boolean): void {
  const s = presenterStore.get();
  const want = searchWithBeat(window.location.search, s.open ? s.index + 1 : null);
  if (want === window.location.search) return;
  const url = `${window.location.pathname}${want}${window.location.hash}`;
  if (replace) window.history.replaceState(window.history.state, '', url);
  else window.history.pushState(null, '', url);
}

/** Keeps presenter mode and the URL in step; call once the scenario's beats are loaded. */
export function usePresenterUrl(beatCount: number): void {
  useEffect(() => {
    if (beatCount === 0) return;
    const asked = beatFromSearch(window.location.search);
    if (asked !== null) presenter.show(asked - 1, { instant: true });
    sync(true); // an out-of-range beat is corrected in place, not as a new entry
    const unsubscribe = presenterStore.subscribe(() => sync(false));
    const onPop = () => {
      const b = beatFromSearch(window.location.search);
      if (b === null) presenter.close();
      else presenter.show(b - 1);
    };
    window.addEventListener('popstate', onPop);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPop);
    };
  }, [beatCount]);
}
