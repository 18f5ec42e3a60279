// What the layout test measures on a page (run inside the browser by page.evaluate): the HUD's
// painted boxes and which of them overlap, text cut off without an ellipsis, and how much of the
// table's middle is left to the table. Kept apart from layout.test.ts so the rules of measure read
// on their own.
import type { Page } from 'playwright-core';
import { stillCamera } from './browser';

export interface LayoutReport {
  /** "a × b" for each two HUD boxes that overlap (by more than 2 px both ways). */
  overlaps: string[];
  /** Text cut off without an ellipsis: "name: text". */
  clipped: string[];
  /** Share of a grid over the table's middle where the table is topmost; and what covers the rest. */
  free: number;
  centre: boolean;
  covering: string[];
  /** HUD boxes off the screen. */
  outside: string[];
}

/**
 * Measure the page. HUD boxes: every absolutely placed element outside the canvas; one that paints
 * nothing itself (no background, border or shadow: a layout column) stands for its children instead.
 * Centre cards (role=dialog) and open menus (role=listbox: the scenario list) are left out of the
 * overlap check (they stand over the rest on purpose, until closed) but their text is checked. `middle` is the share of the canvas's width and height, around its centre,
 * that must stay the table's.
 */
export function measureLayout(page: Page, middle = 0.4): Promise<LayoutReport> {
  return page.evaluate((mid) => {
    const canvasBox = document.querySelector('.st-canvas');
    const name = (el: Element): string => {
      const t = el.closest('[data-testid]') as HTMLElement | null;
      const id = (el as HTMLElement).dataset?.testid ?? t?.dataset.testid;
      const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : el.tagName.toLowerCase();
      return id ? `${id}${t === el ? '' : ` .${cls}`}` : `.${cls}`;
    };
    const shown = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      if (r.width < 1 || r.height < 1) return false;
      for (let e: Element | null = el; e; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
      }
      return true;
    };
    const paints = (el: Element): boolean => {
      const s = getComputedStyle(el);
      const bg = s.backgroundColor;
      const clearBg = bg === 'transparent' || /rgba\(.*,\s*0\)$/.test(bg);
      const border = ['Top', 'Right', 'Bottom', 'Left'].some((k) => parseFloat(s.getPropertyValue(`border-${k.toLowerCase()}-width`)) > 0);
      return !clearBg || border || s.boxShadow !== 'none' || el.tagName === 'BUTTON';
    };
    const positioned = (el: Element): boolean => ['absolute', 'fixed'].includes(getComputedStyle(el).position);
    const boxes: Array<{ el: Element; n: string; r: DOMRect; dialog: boolean }> = [];
    // Centre cards and open menus stand over the rest on purpose: left out of the overlap check.
    const OVER = '[role=dialog], [role=listbox], .st-help-backdrop';
    const add = (el: Element, dialog: boolean): void => {
      if (!shown(el)) return;
      dialog = dialog || !!el.closest(OVER);
      if (!paints(el)) {
        for (const c of Array.from(el.children)) add(c, dialog);
        return;
      }
      boxes.push({ el, n: name(el), r: el.getBoundingClientRect(), dialog });
    };
    const app = document.querySelector('.st-app') ?? document.body;
    const all = Array.from(app.querySelectorAll('*')).filter((el) => !canvasBox?.contains(el) && positioned(el));
    // Outermost placed elements only: a panel's own popovers and badges are part of it.
    const roots = all.filter((el) => !all.some((o) => o !== el && o.contains(el) && paints(o)));
    for (const el of roots) {
      if (roots.some((o) => o !== el && o.contains(el))) {
        // Inside a column that paints nothing: a box of its own only if the column gave none for it.
        if (boxes.some((b) => b.el.contains(el))) continue;
      }
      add(el, false);
    }
    const unique = boxes.filter((b, i) => !boxes.some((o, j) => j !== i && o.el !== b.el && o.el.contains(b.el)));
    const overlaps: string[] = [];
    for (let i = 0; i < unique.length; i++) {
      for (let j = i + 1; j < unique.length; j++) {
        const a = unique[i]!;
        const b = unique[j]!;
        if (a.dialog || b.dialog) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 2 && h > 2) overlaps.push(`${a.n} × ${b.n} (${Math.round(w)}×${Math.round(h)} px)`);
      }
    }
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const outside = unique.filter((b) => b.r.left < -1 || b.r.top < -1 || b.r.right > vw + 1 || b.r.bottom > vh + 1).map((b) => b.n);

    // Text cut off: a box narrower (or shorter) than its text that hides the rest without an ellipsis
    // or a line clamp. Scrolling lists (overflow auto/scroll) keep their text reachable.
    const clipped: string[] = [];
    for (const b of unique) {
      for (const el of [b.el, ...Array.from(b.el.querySelectorAll('*'))]) {
        if (!(el instanceof HTMLElement) || !shown(el)) continue;
        const s = getComputedStyle(el);
        if (s.display === 'inline' || el.tagName === 'svg' || el.tagName === 'INPUT' || el.tagName === 'SELECT' || el.tagName === 'TEXTAREA') continue;
        const ownText = Array.from(el.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim() !== '')
          || Array.from(el.children).some((c) => getComputedStyle(c).display === 'inline' && c.textContent!.trim() !== '');
        if (!ownText) continue;
        const scrolls = (o: string) => o === 'auto' || o === 'scroll';
        // A flex or grid box draws no ellipsis for its bare text, whatever its text-overflow says.
        const ellipsis = s.textOverflow === 'ellipsis' && !/flex|grid/.test(s.display);
        const wide = el.scrollWidth > el.clientWidth + 1 && !scrolls(s.overflowX) && !ellipsis;
        const clamp = s.getPropertyValue('-webkit-line-clamp');
        const tall = el.scrollHeight > el.clientHeight + 1 && (s.overflowY === 'hidden' || s.overflowY === 'clip') && (!clamp || clamp === 'none');
        if (wide || tall) clipped.push(`${name(el)}: "${(el.textContent ?? '').trim().slice(0, 60)}" (${wide ? `${el.scrollWidth} > ${el.clientWidth} wide` : `${el.scrollHeight} > ${el.clientHeight} tall`})`);
      }
    }

    // The table's middle: the canvas (or the table's own labels, drawn inside it) is topmost.
    const canvas = document.querySelector('.st-canvas canvas');
    let free = 0;
    let total = 0;
    let centre = false;
    const covering = new Set<string>();
    if (canvas) {
      const r = canvas.getBoundingClientRect();
      const n = 12;
      for (let i = 0; i <= n; i++) {
        for (let j = 0; j <= n; j++) {
          const x = r.left + r.width * (0.5 - mid / 2 + (mid * i) / n);
          const y = r.top + r.height * (0.5 - mid / 2 + (mid * j) / n);
          const top = document.elementFromPoint(x, y);
          total++;
          if (top && canvasBox?.contains(top)) free++;
          else if (top) covering.add(name(top));
        }
      }
      const c = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      centre = !!c && !!canvasBox?.contains(c);
    }
    return { overlaps, clipped, free: total ? free / total : 0, centre, covering: [...covering], outside };
  }, middle);
}

/**
 * The active unit on screen and uncovered: each of its figures (stand and head) projects inside the
 * canvas where the canvas is topmost (no HUD box over it). Returns the figures that are not, with
 * why, once the camera has followed: the follow starts when the canvas's new size is measured and a
 * frame drawn, which a loaded software renderer may take seconds to do, so the camera at rest is read
 * again until the unit is clear or `settle` ms have passed. Empty when the game has no active unit.
 */
export async function activeUnitCovered(page: Page, settle = 12_000): Promise<string[]> {
  const end = Date.now() + settle;
  for (;;) {
    await page.waitForTimeout(250);
    await stillCamera(page);
    const covered = await unitCoveredNow(page);
    if (covered.length === 0 || Date.now() > end) return covered;
  }
}

function unitCoveredNow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const s = window.__sandtable!;
    const p = s.play;
    const tools = s.tools;
    if (!p || !tools) return ['no play or tools hook'];
    const v = p.view.get();
    const unit = v.units.find((u) => u.id === v.activeUnitId);
    if (!unit) return [];
    const bf = p.battlefield.get();
    const out: string[] = [];
    for (const f of unit.figures) {
      if (f.removed || f.hull) continue;
      const y = bf.standHeight(f.at[0], f.at[1], f.floor || undefined);
      for (const [part, h] of [['stand', 0.2], ['head', 2.4]] as const) {
        const c = tools.toCanvas(f.at[0], y + h, f.at[1]);
        if (!c || !c.inView) out.push(`${unit.name} ${f.id} ${part}: off screen`);
        else if (!c.onCanvas) {
          const top = document.elementFromPoint(c.x, c.y)?.closest('[data-testid]') as HTMLElement | null;
          out.push(`${unit.name} ${f.id} ${part}: under ${top?.dataset.testid ?? 'a HUD box'}`);
        }
      }
    }
    return out;
  });
}

/**
 * Share of the canvas (0…1) that shows the table's top: a grid of canvas pixels, each probed as a
 * click would be (the pick surface: ground, water, solids), counted when it lands on the table. HUD
 * boxes over the canvas do not count against it (the camera's framing is measured, not the HUD).
 */
export async function tableCoverage(page: Page, columns = 24, rows = 14): Promise<number> {
  await page.waitForFunction(() => window.__sandtable?.view?.camera()?.flying === false, null, { timeout: 30_000 });
  return page.evaluate(([cols, rws]) => {
    const s = window.__sandtable!;
    const canvas = document.querySelector('.st-canvas canvas') ?? document.querySelector('canvas');
    if (!s.tools || !canvas) return 0;
    const { width, depth } = s.battlefield?.scenario.table ?? { width: Infinity, depth: Infinity };
    const r = canvas.getBoundingClientRect();
    let hits = 0;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rws; j++) {
        const hit = s.tools.probe(r.left + ((i + 0.5) / cols) * r.width, r.top + ((j + 0.5) / rws) * r.height);
        if (hit && hit.point[0] >= 0 && hit.point[0] <= width && hit.point[2] >= 0 && hit.point[2] <= depth) hits++;
      }
    }
    return hits / (cols * rws);
  }, [columns, rows] as const);
}

/**
 * Share of the window (0…1) where a player sees the table: the canvas topmost at the pixel (no HUD box
 * over it, none beside it taking the room) and the table's top under it (as tableCoverage probes it).
 * What the HUD and the camera's framing leave of the table together.
 */
export async function uncoveredTableShare(page: Page, columns = 32, rows = 20): Promise<number> {
  await page.waitForFunction(() => window.__sandtable?.view?.camera()?.flying === false, null, { timeout: 30_000 });
  return page.evaluate(([cols, rws]) => {
    const s = window.__sandtable!;
    const canvasBox = document.querySelector('.st-canvas');
    if (!s.tools || !canvasBox) return 0;
    const { width, depth } = s.battlefield?.scenario.table ?? { width: Infinity, depth: Infinity };
    let hits = 0;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rws; j++) {
        const x = ((i + 0.5) / cols) * window.innerWidth;
        const y = ((j + 0.5) / rws) * window.innerHeight;
        const top = document.elementFromPoint(x, y);
        if (!top || !canvasBox.contains(top)) continue;
        const hit = s.tools.probe(x, y);
        if (hit && hit.point[0] >= 0 && hit.point[0] <= width && hit.point[2] >= 0 && hit.point[2] <= depth) hits++;
      }
    }
    return hits / (cols * rws);
  }, [columns, rows] as const);
}

/**
 * Share of the canvas's uncovered part (its pixels no HUD box stands over) that shows the table's
 * top: how well the camera frames the table in the room the HUD leaves it.
 */
export async function tableShareOfUncovered(page: Page, columns = 32, rows = 20): Promise<number> {
  await page.waitForFunction(() => window.__sandtable?.view?.camera()?.flying === false, null, { timeout: 30_000 });
  return page.evaluate(([cols, rws]) => {
    const s = window.__sandtable!;
    const canvasBox = document.querySelector('.st-canvas');
    const canvas = document.querySelector('.st-canvas canvas');
    if (!s.tools || !canvasBox || !canvas) return 0;
    const { width, depth } = s.battlefield?.scenario.table ?? { width: Infinity, depth: Infinity };
    const r = canvas.getBoundingClientRect();
    let open = 0;
    let hits = 0;
    for (let i = 0; i < cols; i++) {
      for (let j = 0; j < rws; j++) {
        const x = r.left + ((i + 0.5) / cols) * r.width;
        const y = r.top + ((j + 0.5) / rws) * r.height;
        const top = document.elementFromPoint(x, y);
        if (!top || !canvasBox.contains(top)) continue;
        open++;
        const hit = s.tools.probe(x, y);
        if (hit && hit.point[0] >= 0 && hit.point[0] <= width && hit.point[2] >= 0 && hit.point[2] <= depth) hits++;
      }
    }
    return open ? hits / open : 0;
  }, [columns, rows] as const);
}

/**
 * Scrolling boxes (under `within`) that cut a line in half at an edge with more beyond it and say
 * nothing: a box whose content overflows passes if it fades out there (a mask), or if no child row
 * straddles its visible top or bottom edge (its height a whole number of rows). "name: why".
 */
export function unfadedScrolls(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of Array.from(document.querySelectorAll(sel))) {
      for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
        if (!(el instanceof HTMLElement)) continue;
        const s = getComputedStyle(el);
        if (s.display === 'none' || s.visibility === 'hidden' || !/auto|scroll/.test(s.overflowY)) continue;
        if (el.scrollHeight <= el.clientHeight + 1) continue;
        const mask = s.maskImage || s.getPropertyValue('-webkit-mask-image');
        if (mask && mask !== 'none') continue;
        // No fade: every row must be wholly in or wholly out of the view.
        const box = el.getBoundingClientRect();
        const top = box.top + el.clientTop;
        const bottom = top + el.clientHeight;
        const cut = Array.from(el.children).filter((c) => {
          const r = c.getBoundingClientRect();
          return r.height > 0 && ((r.top < top - 1 && r.bottom > top + 1) || (r.top < bottom - 1 && r.bottom > bottom + 1));
        });
        // A box of bare text (the narration) has lines, not rows: without a fade its cut line shows.
        const bareText = el.children.length === 0 || Array.from(el.childNodes).some((c) => c.nodeType === Node.TEXT_NODE && c.textContent!.trim() !== '');
        if (cut.length > 0 || bareText) {
          const id = el.dataset.testid ?? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
          out.push(`${id}: ${el.scrollHeight} px of content in ${el.clientHeight} px, a line cut at its edge and no fade`);
        }
      }
    }
    return out;
  }, within);
}
