// The part of the table's canvas no HUD box covers: the biggest rectangle left after cutting each
// covering box away from the side that costs least area. The camera brings the acting unit into it.

export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const area = (r: Rect): number => Math.max(0, r.right - r.left) * Math.max(0, r.bottom - r.top);

function overlaps(a: Rect, b: Rect, slack = 2): boolean {
  return Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
}

/**
 * The canvas less the boxes over it (page pixels): each covering box, biggest first, is cut away from
 * the top, bottom, left or right, whichever keeps the most of the rectangle. Null when nothing is left.
 */
export function clearRect(canvas: Rect, covers: readonly Rect[]): Rect | null {
  let r = { ...canvas };
  const order = [...covers].sort((a, b) => area(b) - area(a));
  for (let pass = 0; pass < 3; pass++) {
    let cut = false;
    for (const c of order) {
      if (!overlaps(r, c)) continue;
      const options: Rect[] = [
        { ...r, top: Math.max(r.top, c.bottom) },
        { ...r, bottom: Math.min(r.bottom, c.top) },
        { ...r, left: Math.max(r.left, c.right) },
        { ...r, right: Math.min(r.right, c.left) },
      ];
      r = options.reduce((best, o) => (area(o) > area(best) ? o : best));
      cut = true;
    }
    if (!cut) break;
  }
  return area(r) > 0 ? r : null;
}

/**
 * The covering boxes a framing of the whole table gives way to: those spanning at least half the
 * canvas's width or height (the action bar, an open panel down a side). A corner box (the header, the
 * tool rail) is left out: giving way to it would cut a whole side off the room, so the table is drawn
 * smaller than the canvas allows, with its corner under the box.
 */
export function bandCovers(canvas: Rect, covers: readonly Rect[]): Rect[] {
  const w = canvas.right - canvas.left;
  const h = canvas.bottom - canvas.top;
  return covers.filter((c) => {
    const cw = Math.min(c.right, canvas.right) - Math.max(c.left, canvas.left);
    const ch = Math.min(c.bottom, canvas.bottom) - Math.max(c.top, canvas.top);
    return cw > 0 && ch > 0 && (cw >= w / 2 || ch >= h / 2);
  });
}

/** A page rectangle in normalised device coordinates of the canvas (x right, y up, −1…1). */
export function toNdc(canvas: Rect, r: Rect): Rect {
  const w = canvas.right - canvas.left || 1;
  const h = canvas.bottom - canvas.top || 1;
  const x = (px: number) => ((px - canvas.left) / w) * 2 - 1;
  const y = (py: number) => 1 - ((py - canvas.top) / h) * 2;
  return { left: x(r.left), right: x(r.right), top: y(r.top), bottom: y(r.bottom) };
}

/** Painted, placed boxes of the page outside the canvas (the HUD's panels), as the layout test finds them; cards (dialogs) left out. */
export function hudCovers(canvasEl: Element): Rect[] {
  if (typeof document === 'undefined') return [];
  const within = canvasEl.closest('.st-canvas') ?? canvasEl;
  const out: Rect[] = [];
  const walk = (el: Element, placedAbove: boolean): void => {
    if (within.contains(el)) return;
    const s = getComputedStyle(el);
    if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return;
    if (el.getAttribute('role') === 'dialog') return;
    const placed = placedAbove || s.position === 'absolute' || s.position === 'fixed';
    const bg = s.backgroundColor;
    const paints = !(bg === 'transparent' || /rgba\(.*,\s*0\)$/.test(bg)) || s.boxShadow !== 'none' || el.tagName === 'BUTTON';
    // An element holding the canvas is the page around it, not a box over it.
    if (placed && paints && !el.contains(within)) {
      const r = el.getBoundingClientRect();
      if (r.width >= 1 && r.height >= 1) out.push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
      return;
    }
    for (const c of Array.from(el.children)) walk(c, placed);
  };
  const app = document.querySelector('.st-app') ?? document.body;
  for (const c of Array.from(app.children)) walk(c, false);
  return out;
}
