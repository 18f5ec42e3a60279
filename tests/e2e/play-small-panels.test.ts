// An open dock panel on a small screen (640×400) leaves the table its middle and the acting unit, in
// Chromium: in a Kalevankangas activation with targets, the Log panel opens beside the table and the
// Orders as a compact sheet over its lower edge, neither over its middle — the canvas's middle stays the table's (layout-probe.ts measures
// it), every figure of the active unit stands on screen in the clear (the camera brings it there),
// the panel stays wide enough to read, and no HUD boxes overlap. At 1024×768 the same holds (the
// dock is docked there already).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, type Watched } from './browser';
import { activeUnitCovered, measureLayout } from './layout-probe';
import { openPlay, playToTargets, tab, takeOver } from './play-helpers';

const run = hasBrowser || browserRequired;

describe.runIf(run)('an open panel on a small screen leaves the table its middle', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=7', { width: 640, height: 400 });
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  /** What is wrong with the page as it stands, with an open panel. */
  async function problems(at: string): Promise<string[]> {
    await nextFrame(page);
    await page.waitForTimeout(150);
    const r = await measureLayout(page);
    const out = [...r.overlaps.map((o) => `overlap ${o}`), ...r.clipped.map((c) => `clipped ${c}`), ...r.outside.map((o) => `off screen ${o}`)];
    if (!r.centre || r.free < 0.95) out.push(`the table's middle is ${Math.round(r.free * 100)}% free${r.centre ? '' : ', its centre covered'} (by ${r.covering.join(', ')})`);
    out.push(...(await activeUnitCovered(page)).map((u) => `the active unit is not in the clear: ${u}`));
    const panel = await page.locator('.st-play-dock-body').boundingBox();
    if (!panel || panel.width < 200) out.push(`the panel is ${panel?.width ?? 0} px wide, too narrow to read`);
    return out.map((p) => `${at}: ${p}`);
  }

  it('the Orders and the Log panels open beside the table at 640×400 and 1024×768', async () => {
    await playToTargets(page);
    await takeOver(page);
    const found: string[] = [];
    for (const [width, height] of [[640, 400], [1024, 768]] as const) {
      await page.setViewportSize({ width, height });
      for (const name of ['orders', 'log'] as const) {
        await tab(page, name);
        found.push(...(await problems(`${name} @${width}×${height}`)));
        await saveShot(page, `play-small-panels-${name}-${width}x${height}.png`);
      }
    }
    expect(found).toEqual([]);
    expect(w.problems).toEqual([]);
  }, 300_000);
});
