// Optional terrain in a real browser (K-3.0a): Tammerkoski's Play button lists the Old Church belfry
// switch, on by default; switched off, the game is played and drawn on a table without it — the test
// hook's battlefield has no belfry, its first frame is drawn, and the merged solids draw fewer
// triangles than the file's table did; the save states the option.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, openTable, type Watched } from './browser';
import { openStartDialog, startNewGame } from './play-helpers';

const run = hasBrowser || browserRequired;
const SEARCH = '?scenario=kuularuisku/tammerkoski&seed=4';

describe.runIf(run)('optional terrain in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;
  const byId = (id: string) => `[data-testid="${id}"]`;

  /** Triangles of the table's solids as drawn (the merged solid meshes). */
  const solidTriangles = () => page.evaluate(() => window.__sandtable!.view!.meshCosts()
    .filter((m) => /solid/i.test(m.name)).reduce((n, m) => n + m.triangles, 0));
  const hasBelfry = () => page.evaluate(() => window.__sandtable!.battlefield!.scenario.features.some((f) => f.id === 'old_church_belfry'));

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    w = await openTable(ctx, SEARCH);
    page = w.page;
    await page.setViewportSize({ width: 900, height: 700 });
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('K-3.0a the start dialog lists the belfry switch; off, the game\'s table has no belfry and draws fewer solid triangles', async () => {
    expect(await hasBelfry()).toBe(true);
    const before = await solidTriangles();
    expect(before).toBeGreaterThan(0);
    expect(await openStartDialog(page)).toContain('Optional Old Church belfry');
    expect(await page.isChecked(byId('option-rule-opt-old-church-belfry'))).toBe(true);
    await startNewGame(page, { 'opt-old-church-belfry': false });
    await expect.poll(hasBelfry, { timeout: 30_000 }).toBe(false);
    // The game's own table has been drawn (the test hook's ready follows the table on show).
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 60_000 });
    await expect.poll(solidTriangles, { timeout: 30_000 }).toBeLessThan(before);
    const save = await page.evaluate(() => JSON.parse(window.__sandtable!.play!.saves.toJson()) as { options: unknown });
    expect(save.options).toEqual({ rules: { 'opt-old-church-belfry': false } });
    expect(w.problems).toEqual([]);
  }, 240_000);
});
