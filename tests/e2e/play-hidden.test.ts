// Hidden units at the hot-seat screen, in Chromium: Tammerkoski's marksmen (hidden-units, K-5.2a).
// While the Whites hold the screen the marksmen are not drawn (the pointer over their place hovers
// nothing, a click selects nothing for the sight tools), not listed in the Units tab and carry no
// chip; once the Reds take the screen at the hand-over, the same pixel hovers a marksman, the Units
// tab lists them and a "hidden" chip stands over them, and the figures are drawn (the picture there
// changes). The game is stepped through the test hook; the hand-over through its real button.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { PlayView } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, tablePixel, type Watched } from './browser';
import { openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/kuularuisku/tammerkoski.json';

describe.runIf(run)('hidden units at the hot-seat screen in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;

  const view = (): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());

  /** Step the game with its own offered commands (begin, draw, pass…) until `side` must act. */
  async function stepUntil(side: string): Promise<void> {
    const ok = await page.evaluate((want) => {
      const p = window.__sandtable!.play!;
      for (let i = 0; i < 80; i++) {
        const v = p.view.get();
        if (v.prompt.side === want) return true;
        const ids = v.actions.map((a) => a.id);
        const next = ['begin-turn', 'draw', 'pass', 'readiness:pass', 'end-activation', 'end-turn'].find((x) => ids.includes(x)) ?? ids[0];
        const a = v.actions.find((x) => x.id === next);
        if (!a || !p.control.send(a.command).ok) return false;
      }
      return false;
    }, side);
    expect(ok).toBe(true);
  }

  /** Take the screen at the hand-over card for the side now to act. */
  async function takeScreen(): Promise<void> {
    await page.waitForSelector('[data-testid=handover]', { timeout: 15_000 });
    await page.click('[data-testid=handover-ok]');
    await page.waitForSelector('[data-testid=handover]', { state: 'detached' });
    await nextFrame(page);
  }

  /** Look down at the marksmen; returns the page pixel of the first one's body. */
  async function lookAtMarksmen(): Promise<{ x: number; y: number; at: [number, number] }> {
    const m = (await view()).units.find((u) => u.id === 'r_marksmen')!.figures[0]!;
    const [x, z] = m.at;
    // They hold the factory's upper floor: cut the building there so they can be seen at all.
    expect(m.floor).toBe(1);
    const y = bf.standHeight(x, z, 1);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[x, y + 26, z - 10], [x, y, z]] as const);
    await nextFrame(page);
    const px = await tablePixel(page, x, y + 0.9, z);
    return { ...px, at: [x, z] };
  }

  /** What the pointer over a page pixel hovers (the figures' own picking), after moving off and back. */
  async function hoverAt(p: { x: number; y: number }): Promise<string | null> {
    await page.mouse.move(p.x + 120, p.y + 60);
    await nextFrame(page);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await nextFrame(page);
    return page.evaluate(() => window.__sandtable!.tools!.hovered);
  }

  /** Grey levels of a small square of the canvas around a pixel (the picture there). */
  async function patch(p: { x: number; y: number }): Promise<number[]> {
    await page.mouse.move(5, 395);
    await nextFrame(page);
    const png = await page.screenshot({ clip: { x: p.x - 12, y: p.y - 16, width: 24, height: 24 } });
    return [...png];
  }

  beforeAll(async () => {
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE));
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=kuularuisku/tammerkoski&play=1&seed=4', { width: 880, height: 620 });
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('the Whites\' screen neither draws nor lists the marksmen; the Reds\' screen draws them see-through with a "hidden" chip', async () => {
    expect((await view()).units.find((u) => u.id === 'r_marksmen')!.hiddenFrom).toEqual(['white']);

    await stepUntil('white');
    await takeScreen();
    await page.click('[data-testid=cutaway-1]');
    const p = await lookAtMarksmen();
    expect(await hoverAt(p)).toBeNull();
    await page.mouse.click(p.x, p.y);
    await nextFrame(page);
    expect((await page.evaluate(() => window.__sandtable!.tools!.selected)) ?? 'nothing').not.toMatch(/^r_marksmen/);
    expect(await page.locator('[data-testid=play-status-chip][data-unit=r_marksmen]').count()).toBe(0);
    await page.click('[data-testid=tab-units]');
    await page.waitForSelector('[data-testid=unit-cards]');
    expect(await page.locator('[data-testid=unit-r_os1]').count()).toBe(1);
    expect(await page.locator('[data-testid=unit-r_marksmen]').count()).toBe(0);
    await page.click('[data-testid=dock-toggle]');
    const whites = await patch(p);
    await saveShot(page, 'play-hidden-white.png');

    await stepUntil('red');
    // Behind the hand-over card the Whites still hold the screen: still nothing there.
    await page.waitForSelector('[data-testid=handover]', { timeout: 15_000 });
    expect(await page.locator('[data-testid=play-status-chip][data-unit=r_marksmen]').count()).toBe(0);
    await takeScreen();
    const q = await lookAtMarksmen();
    expect(q).toMatchObject({ x: p.x, y: p.y });
    expect(await hoverAt(q)).toMatch(/^r_marksmen/);
    await page.mouse.click(q.x, q.y);
    await nextFrame(page);
    expect(await page.evaluate(() => window.__sandtable!.tools!.selected)).toMatch(/^r_marksmen/);
    // Their own floor cut away (ground level only), the see-through marksmen go with it like any figure.
    await page.click('[data-testid=cutaway-0]');
    expect(await hoverAt(q)).toBeNull();
    await page.click('[data-testid=cutaway-1]');
    expect(await hoverAt(q)).toMatch(/^r_marksmen/);
    await expect.poll(async () => page.locator('[data-testid=play-status-chip][data-unit=r_marksmen]').textContent()).toBe('hidden');
    await page.click('[data-testid=tab-units]');
    await page.waitForSelector('[data-testid=unit-r_marksmen]');
    expect(await page.locator('[data-testid=unit-r_marksmen] .st-status-hidden').textContent()).toBe('hidden');
    await page.click('[data-testid=dock-toggle]');
    const reds = await patch(q);
    await saveShot(page, 'play-hidden-red.png');
    expect(reds).not.toEqual(whites);
    expect(w.problems).toEqual([]);
  }, 300_000);
});
