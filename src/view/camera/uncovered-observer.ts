// Page glue for the uncovered-part watch: measures the part of the table's canvas no HUD box covers
// and reports it when it changes (a panel opening, folding or resizing over the canvas), for the
// camera's home framing and the follow. Changes inside the canvas (its own labels) are not the HUD.
import { clearRect, hudCovers, type Rect } from './clear-area';
import { createClearWatch } from './clear-watch';

/** The canvas's page box and its uncovered part (page pixels; null when wholly covered). */
export function measureUncovered(canvas: HTMLElement): { page: Rect; clear: Rect | null } {
  const box = canvas.getBoundingClientRect();
  const page = { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
  return { page, clear: clearRect(page, hudCovers(canvas)) };
}

/**
 * Call `onChange` each time the canvas's uncovered part has changed and settled; returns the stop
 * function. Nothing happens without a page (.st-app) or MutationObserver.
 */
export function observeUncovered(canvas: HTMLElement, onChange: (clear: Rect | null) => void): () => void {
  const app = typeof document === 'undefined' ? null : document.querySelector('.st-app');
  if (!app || typeof MutationObserver === 'undefined') return () => undefined;
  const within = canvas.closest('.st-canvas') ?? canvas;
  const watch = createClearWatch({ measure: () => measureUncovered(canvas).clear, onChange });
  const observer = new MutationObserver((records) => {
    if (records.some((r) => !within.contains(r.target))) watch.poke();
  });
  observer.observe(app, { subtree: true, childList: true, attributes: true, characterData: true });
  // A panel's opening or folding transition ends without a change to the page's elements.
  app.addEventListener('transitionend', watch.poke);
  return () => {
    observer.disconnect();
    app.removeEventListener('transitionend', watch.poke);
    watch.stop();
  };
}
