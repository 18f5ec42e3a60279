// The play HUD on a small screen (640×400) in Chromium: the dock starts folded, the turn plate and
// the action bar stay compact, and the table's centre stays free — measured by asking the page which
// element is topmost on a grid over the canvas's central area (the canvas must be, nearly everywhere,
// and at the very centre), in the states that fill the HUD most: a card offered (many choices), an
// activation with targets (its dice tray starts empty). The Orders tab opens as a compact sheet above
// the action bar, the table's canvas keeping its whole width and its centre free, and folds back.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayView } from '../../src/game';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, type Watched } from './browser';
import { openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;

/** Share of a grid over the canvas's central box (fraction of its width and height) where the canvas is topmost. */
async function freeCentre(page: Page, box = 0.5, steps = 16): Promise<{ free: number; centre: boolean; covered: string[] }> {
  return page.evaluate(([b, n]) => {
    const canvas = document.querySelector('canvas')!;
    const r = canvas.getBoundingClientRect();
    let free = 0;
    const covered = new Set<string>();
    for (let i = 0; i <= n; i++) {
      for (let j = 0; j <= n; j++) {
        const x = r.left + r.width * (0.5 - b / 2 + (b * i) / n);
        const y = r.top + r.height * (0.5 - b / 2 + (b * j) / n);
        const top = document.elementFromPoint(x, y);
        if (top === canvas) free++;
        else if (top) covered.add((top.closest('[data-testid]') as HTMLElement | null)?.dataset.testid ?? top.className.toString());
      }
    }
    const mid = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { free: free / ((n + 1) * (n + 1)), centre: mid === canvas, covered: [...covered] };
  }, [box, steps] as const);
}

describe.runIf(run)('the play HUD on a 640×400 screen', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;
  const view = (): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());

  beforeAll(async () => {
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=7', { width: 640, height: 400 });
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('leaves the centre of the table free with a card offered and in an activation with targets and dice', async () => {
    expect(await page.locator('[data-testid=play-dock]').getAttribute('data-open')).toBe('false');
    // A card offered: the widest choice of buttons.
    await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (const id of ['begin-turn', 'draw']) {
        // The preparation barrage before turn 1 may ask an owner where its wounds fall (K-5.5a): the default.
        for (let d = p.view.get().decision; d; d = p.view.get().decision) p.control.send(d.options[0]!.command);
        p.control.send(p.view.get().actions.find((a) => a.id === id)!.command);
      }
    });
    await page.waitForSelector('[data-testid=handover]');
    await page.click('[data-testid=handover-ok]');
    await nextFrame(page);
    expect((await view()).actions.length).toBeGreaterThanOrEqual(4);
    const offered = await freeCentre(page);
    await saveShot(page, 'play-small-offer.png');
    expect(offered.centre, `covered: ${offered.covered.join(', ')}`).toBe(true);
    expect(offered.free, `covered: ${offered.covered.join(', ')}`).toBeGreaterThanOrEqual(0.95);
    // The turn plate and the action bar stay compact: together under a third of the height.
    const plate = (await page.locator('[data-testid=play-banner]').boundingBox())!;
    const bar = (await page.locator('[data-testid=action-bar]').boundingBox())!;
    expect(plate.height + bar.height).toBeLessThan(400 / 3);

    // In the activation: targets (the Orders badge); the dice tray starts empty with each activation
    // (the turn's shuffle dice are in the Log). tests/e2e/layout.test.ts measures a shot's dice.
    await page.click('[data-testid=action-bar] [data-action="activate:move-shoot"]');
    await nextFrame(page);
    const v = await view();
    expect(v.targets.length).toBeGreaterThan(0);
    expect(await page.locator('[data-testid=dice-tray]').count()).toBe(0);
    const acting = await freeCentre(page);
    await saveShot(page, 'play-small-activation.png');
    expect(acting.centre, `covered: ${acting.covered.join(', ')}`).toBe(true);
    expect(acting.free, `covered: ${acting.covered.join(', ')}`).toBeGreaterThanOrEqual(0.95);

    // The Orders tab opens as a compact sheet over the table's lower edge (the canvas keeps its width) and folds back.
    const fullWidth = await page.evaluate(() => document.querySelector('canvas')!.getBoundingClientRect().width);
    await page.click('[data-testid=tab-orders]');
    await page.waitForSelector('[data-testid=panel-orders]');
    await saveShot(page, 'play-small-orders.png');
    // The open sheet ends above the action bar, which stays usable, and lists the unit's targets (under its move, scrolling).
    const panel = (await page.locator('[data-testid=panel-orders]').boundingBox())!;
    const actions = (await page.locator('[data-testid=action-bar]').boundingBox())!;
    expect(panel.y + panel.height).toBeLessThanOrEqual(actions.y);
    expect(panel.width).toBeGreaterThanOrEqual(200);
    expect(await page.locator('[data-testid=panel-orders] .st-play-target').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.querySelector('canvas')!.getBoundingClientRect().width)).toBeGreaterThanOrEqual(fullWidth - 1);
    const open = await freeCentre(page);
    expect(open.free, `covered: ${open.covered.join(', ')}`).toBeGreaterThanOrEqual(0.95);
    await page.click('[data-testid=dock-toggle]');
    await page.waitForSelector('[data-testid=panel-orders]', { state: 'detached' });
    // The table takes its whole width back once the dock has folded (the canvas follows a layout pass later).
    await page.waitForFunction((w) => document.querySelector('canvas')!.getBoundingClientRect().width >= w - 1, fullWidth);
    expect((await freeCentre(page)).free).toBeGreaterThanOrEqual(0.95);
    expect(w.problems).toEqual([]);
  }, 300_000);
});
