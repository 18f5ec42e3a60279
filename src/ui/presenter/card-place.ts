// Where the narration card stands: at the bottom middle unless that covers one of the beat's units
// on screen or another panel (in play, the action bar is bottom-centred too), then the bottom right,
// bottom left or top middle — the first that covers none of them — else a spot clear of the other
// panels (next to or above them: above the action bar, below the turn banner) covering the fewest
// unit points, the nearest to the bottom middle among equals; only where no spot is clear of the
// panels does it cover one, the least.
import type { Rect } from '../../view';

export type CardPlace = 'bottom' | 'right' | 'left' | 'top';

export const CARD_PLACES: readonly CardPlace[] = ['bottom', 'right', 'left', 'top'];

/** Where the card went: one of the named places, or a spot fitted between the other panels. */
export interface CardSpot {
  place: CardPlace | 'fitted';
  rect: Rect;
}

/** A small page, where presenter.css keeps the card's own place at the bottom right. */
export const smallPage = (W: number, H: number) => W <= 760 || H <= 520;

/** The page's edge margin around the card (as presenter.css sets it). */
const margin = (W: number, H: number) => (smallPage(W, H) ? 10 : 14);

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
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** Spots beside every other panel and at the page's edges, each as far as the page allows. */
function fittedRects(w: number, h: number, W: number, H: number, others: readonly Rect[]): Rect[] {
  const m = margin(W, H);
  const xs = new Set([(W - w) / 2, m, W - m - w, ...others.flatMap((o) => [o.right + m, o.left - m - w])].map((x) => Math.round(clamp(x, m, W - m - w))));
  const ys = new Set([H - m - h, m, ...others.flatMap((o) => [o.top - m - h, o.bottom + m])].map((y) => Math.round(clamp(y, m, H - m - h))));
  const out: Rect[] = [];
  for (const x of xs) for (const y of ys) out.push({ left: x, top: y, right: x + w, bottom: y + h });
  return out;
}

/** The place for the card: `points` the beat's units on the page (px), `others` the other panels' boxes. */
export function placeCard(points: ReadonlyArray<readonly [number, number]>, card: { w: number; h: number }, page: { W: number; H: number }, others: readonly Rect[], current?: CardSpot): CardSpot {
  const covered = (r: Rect) => points.filter((p) => inside(r, p)).length;
  // Panel overlap in px²: a sliver of a pixel or two from rounding is no overlap.
  const panels = (r: Rect) => others.reduce((s, o) => s + overlap(r, o), 0);
  const clear = (r: Rect) => covered(r) === 0 && panels(r) < 4;
  // A card already standing clear stays (it does not hop between equally good spots as panels settle).
  const onPage = (r: Rect) => r.left >= 0 && r.top >= 0 && r.right <= page.W && r.bottom <= page.H;
  if (current && clear(current.rect) && onPage(current.rect)) return current;
  const named = CARD_PLACES.map((place) => ({ place, rect: cardRect(place, card.w, card.h, page.W, page.H) }));
  const first = named.find((n) => clear(n.rect));
  if (first) return first;
  // A spot clear of every panel comes first (the card must not hide the action bar a player needs);
  // among those the fewest unit points, then the nearest to the card's own place. Where no spot is
  // clear of the panels, covering a unit weighs more than any panel overlap.
  const home = named[0]!.rect;
  const far = Math.hypot(page.W, page.H);
  const score = (r: Rect) => {
    const p = panels(r);
    return (p < 4 ? 0 : 1e6) + covered(r) * 10 + p / Math.max(1, card.w * card.h) + (0.001 * Math.hypot(r.left - home.left, r.top - home.top)) / far;
  };
  let best: CardSpot = named[0]!;
  let bestScore = score(best.rect);
  for (const c of [...named, ...fittedRects(card.w, card.h, page.W, page.H, others).map((rect) => ({ place: 'fitted' as const, rect }))]) {
    const s = score(c.rect);
    if (s < bestScore - 1e-9) {
      best = c;
      bestScore = s;
    }
  }
  return best;
}

/** The named place for the card (placeCard without the fitted spots' geometry): kept for callers that only need the name. */
export function chooseCardPlace(points: ReadonlyArray<readonly [number, number]>, card: { w: number; h: number }, page: { W: number; H: number }, others: readonly Rect[]): CardPlace | 'fitted' {
  return placeCard(points, card, page, others).place;
}
