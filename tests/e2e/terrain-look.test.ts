// The terrain pieces as drawn in Chromium (issue 17 "the look"), at 1280×800 and 640×400: the stone
// mortuary's door and window frames, the Old Church belfry's arches, Hämeensilta on its piers with
// posts and rails, and white water on the Tammerkoski rapids. The pieces are one extra mesh, the
// rapids show foam-white pixels, and nothing is logged. Screenshots go to test-results/ for review.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, openTable, saveShot } from './browser';

const run = hasBrowser || browserRequired;
const SIZES = [{ width: 1280, height: 800 }, { width: 640, height: 400 }] as const;

async function look(page: Page, position: [number, number, number], target: [number, number, number]): Promise<void> {
  await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [position, target] as const);
  await nextFrame(page);
}

/**
 * Share of the canvas's pixels (scaled to 80 × 50) at least twice as bright as the frame's median and
 * nearly grey: foam on dark water (white by day, blue-grey under the night's moon).
 */
async function foamShare(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const c = document.createElement('canvas');
    c.width = 80;
    c.height = 50;
    const g = c.getContext('2d')!;
    g.drawImage(canvas, 0, 0, 80, 50);
    const d = g.getImageData(0, 0, 80, 50).data;
    const lum: number[] = [];
    const grey: boolean[] = [];
    for (let i = 0; i < d.length; i += 4) {
      const [r, gr, b] = [d[i]!, d[i + 1]!, d[i + 2]!];
      lum.push(0.2126 * r + 0.7152 * gr + 0.0722 * b);
      grey.push(Math.max(r, gr, b) - Math.min(r, gr, b) < 50);
    }
    const median = [...lum].sort((a, b) => a - b)[lum.length >> 1]!;
    return lum.filter((l, i) => grey[i] && l > 2 * median + 10).length / lum.length;
  });
}

/** A new viewport size; the presets refit to it, so wait for that before a pose is set. */
async function resize(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await nextFrame(page);
  await page.waitForTimeout(1000);
  await settle(page);
}

/** Wait until the camera's opening flight has landed (a set pose is not then overridden). */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__sandtable?.view?.camera()?.flying === false, null, { timeout: 60_000 });
}

describe.runIf(run)('terrain pieces in Chromium', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    ctx = await openBrowser();
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('Tammerkoski: the bridge on piers over white water, the belfry\'s arches; few draw calls', async () => {
    const w = await openTable(ctx, '?scenario=kuularuisku/tammerkoski');
    const page = w.page;
    await settle(page);
    for (const size of SIZES) {
      await resize(page, size);
      const tag = `${size.width}x${size.height}`;
      // Over the rapids, looking at the water north of the bridge (light: the opening turn's night).
      await look(page, [103, 26, 30], [103, 0, 55]);
      const foam = await foamShare(page);
      await saveShot(page, `terrain-rapids-${tag}.png`);
      await look(page, [128, 9, 52], [103, -1, 68]);
      await saveShot(page, `terrain-bridge-${tag}.png`);
      await look(page, [30, 18, 92], [18, 9, 78]);
      await saveShot(page, `terrain-belfry-${tag}.png`);
      await look(page, [90, 150, -60], [90, 0, 60]);
      await saveShot(page, `terrain-tammerkoski-${tag}.png`);
      const stats = await page.evaluate(() => window.__sandtable!.view!.frameStats());
      expect(stats!.calls, tag).toBeLessThanOrEqual(60);
      expect(foam, tag).toBeGreaterThan(0.04);
    }
    const meshes = await page.evaluate(() => window.__sandtable!.view!.meshCosts().map((m) => m.name));
    expect(meshes).toContain('solids:pieces');
    expect(w.problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('Kalevankangas: the stone mortuary with its doors and windows framed', async () => {
    const w = await openTable(ctx, '?scenario=kuularuisku/kalevankangas');
    const page = w.page;
    await settle(page);
    const g = await page.evaluate(() => window.__sandtable!.battlefield!.groundHeight(80, 65));
    for (const size of SIZES) {
      await resize(page, size);
      const tag = `${size.width}x${size.height}`;
      // From the south-east (its east door and south windows), then from the north-west.
      await look(page, [97, g + 10, 50], [80, g + 2, 65]);
      await saveShot(page, `terrain-mortuary-${tag}.png`);
      await look(page, [63, g + 10, 80], [80, g + 2, 65]);
      await saveShot(page, `terrain-mortuary-west-${tag}.png`);
    }
    expect(w.problems).toEqual([]);
    await page.close();
  }, 300_000);
});
