// The table's Rapier world is built while the page is idle after the table shows (src/app/world-ahead.ts),
// so the sight tool's first line past a fence does not pause for it: on Kalevankangas, where nothing at
// load needs the world, it is built with no sight line asked, the build is recorded as a performance
// measure, and a line through a fence then names the fence it crosses.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, openTable, type Watched } from './browser';

const run = hasBrowser || browserRequired;

describe.runIf(run)('the Rapier world built ahead of need in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    w = await openTable(ctx, '?scenario=kuularuisku/kalevankangas');
    page = w.page;
    expect(await page.evaluate(() => window.__sandtable?.status)).toBe('ready');
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('is built once the table shows, with no sight line asked, and answers the first fence line', async () => {
    // Private in TypeScript, a plain property in the bundle: the battlefield's world once built.
    const builtWorld = () => page.evaluate(() => (window.__sandtable!.battlefield as unknown as { tableWorld?: unknown }).tableWorld !== undefined);
    await expect.poll(builtWorld, { timeout: 60_000, interval: 250 }).toBe(true);
    const measures = await page.evaluate(() => performance.getEntriesByName('sandtable:table-world').map((e) => e.duration));
    expect(measures).toHaveLength(1);
    expect(measures[0]).toBeGreaterThan(0);
    // A level line through the middle of a fence's first piece: Rapier's answer, from the world built ahead.
    const crossed = await page.evaluate(() => {
      const bf = window.__sandtable!.battlefield!;
      const fence = bf.solids.find((s) => s.shape === 'box' && s.featureKind === 'fence');
      if (!fence || fence.shape !== 'box') throw new Error('no fence on Kalevankangas');
      const [x, y, z] = fence.center;
      return { id: fence.featureId, crossed: bf.lineOfSight([x - 10, y, z - 10], [x + 10, y, z + 10]).crossed.map((c) => c.featureId) };
    });
    expect(crossed.crossed).toContain(crossed.id);
    expect(w.problems).toEqual([]);
  });
});
