// Where the narration card stands: at the bottom middle unless that covers one of the beat's units
// on screen, then the bottom right, bottom left or top middle — the first that covers none of them
// and the fewest other panels (else the one covering the fewest unit points).
import type { Rect } from '../../view';

export type CardPlace = 'bottom' | 'right' | 'left' | 'top';

export const CARD_PLACES: readonly CardPlace[] = ['bottom', 'right', 'left', 'top'];

/** A small page, where presenter.css keeps the card's own place at the bottom right. */
export const smallPage = (W: number, H: number) => W <= 760 || H <= 520;

/** The card's rectangle at a place, for a card w × h on a page W × H (margins as presenter.css sets them). */
export function cardRect(place: CardPlace, w: number, h: number, W: number, H: number): Rect {
  const m = place === 'bottom' && smallPage(W, H) ? 10 : 14;
  const right = place === 'right' || (place === 'bottom' && smallPage(W, H));
  const left = right ? W - m - w : place === 'left' ? m : (W - w) / 2;
  const top = place === 'top' ? 67 : H - m - h;
  return { left, top, right: left + w, bottom: top + h };
}

const inside = (r: Rect, p: readonly [number, number]) => p[0] >= r.left && p[0] <= r.right && p[1] >= r.top && p[1] <= r.bottom;
const overlap = (a: Rect, b: Rect) => Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));

/** The place for the card: `points` the beat's units on the page (px), `others` the other panels' boxes. */
export function chooseCardPlace(points: ReadonlyArray<readonly [number, number]>, card: { w: number; h: number }, page: { W: number; H: number }, others: readonly Rect[]): CardPlace {
  let best: CardPlace = 'bottom';
  let bestScore = Infinity;
  for (const place of CARD_PLACES) {
    const r = cardRect(place, card.w, card.h, page.W, page.H);
    const covered = points.filter((p) => inside(r, p)).length;
    const panels = others.reduce((s, o) => s + overlap(r, o), 0) / Math.max(1, card.w * card.h);
    // Covering a unit weighs more than any panel overlap; earlier places win ties.
    const score = covered * 10 + panels;
    if (covered === 0 && panels < 0.02) return place;
    if (score < bestScore) {
      best = place;
      bestScore = score;
    }
  }
  return best;
}
