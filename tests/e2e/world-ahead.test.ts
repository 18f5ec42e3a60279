// The table's Rapier world is built in short slices while the page is idle after the table shows
// (src/app/world-ahead.ts), so the sight tool's first line past a fence does not pause for it: on
// Kalevankangas, where nothing at load needs the world, it is built with no sight line asked, in many
// slices after Rapier's warm-up at load, the build is recorded as a performance measure, and a line
// through a fence then names the fence it crosses.
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
    const worldState = () => page.evaluate(() => window.__sandtable!.battlefield!.worldState);
    await expect.poll(worldState, { timeout: 60_000, interval: 250 }).toBe('built');
    const measures = await page.evaluate(() => performance.getEntriesByName('sandtable:table-world')
      .map((e) => ({ span: e.duration, ...((e as PerformanceMeasure).detail as { workMs: number; slices: number; longestSliceMs: number }) })));
    expect(measures).toHaveLength(1);
    const [m] = measures;
    expect(m!.workMs).toBeGreaterThan(0);
    // Built in several slices, none of them the whole build. Each slice aims at 8 ms of work, so how many
    // there are depends on the machine's speed (9 on a quick box, 13–19 on a loaded one): only a split is asserted.
    expect(m!.slices).toBeGreaterThanOrEqual(3);
    expect(m!.longestSliceMs).toBeLessThan(m!.workMs / 2);
    expect(m!.span).toBeGreaterThanOrEqual(m!.workMs);
    // Rapier's code was warmed up once while the table loaded (a tiny world built, stepped and asked), before the first slice.
    const warm = await page.evaluate(() => performance.getEntriesByName('sandtable:rapier-warm-up').map((e) => ({ start: e.startTime, end: e.startTime + e.duration })));
    const build = await page.evaluate(() => performance.getEntriesByName('sandtable:table-world')[0]!.startTime);
    expect(warm).toHaveLength(1);
    expect(warm[0]!.end).toBeGreaterThan(warm[0]!.start);
    expect(warm[0]!.end).toBeLessThanOrEqual(build);
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
