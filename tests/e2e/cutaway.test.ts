// The floor cutaway aimed at one building, in a real browser: pointing at the farmhouse makes it
// the candidate, "only this building" cuts it alone (its roof fades, the church tower stays whole)
// and the level buttons become the farmhouse's; clicks reach the ground floor through the faded
// roof; "All" cuts every building again. In play on a 640×400 screen, where the row of buildings is
// folded away, the same choice is one button in the levels row: pointing at the farmhouse names it
// there, pressing it and a level cuts the farmhouse alone, pressing it again cuts every building.
import type { Page } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, openTable, saveShot, tablePixel } from './browser';
import { measureLayout } from './layout-probe';
import { openPlay, takeOver } from './play-helpers';

const run = hasBrowser || browserRequired;
const HOUSE = 'house_two_storey';
const TOWER = 'church_tower';

const cutaway = (page: Page) => page.evaluate(() => window.__sandtable!.view!.cutaway());

async function pointAt(page: Page, x: number, y: number, z: number): Promise<void> {
  await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[x, y + 45, z - 22], [x, y, z]] as const);
  await nextFrame(page);
  const px = await tablePixel(page, x, y, z);
  await page.mouse.move(px.x - 15, px.y + 10);
  await page.mouse.move(px.x, px.y, { steps: 3 });
}

describe.runIf(run)('floor cutaway on one building in Chromium', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('cuts only the building pointed at, fading its roof; All cuts every building', async () => {
    const { page, problems } = await openTable(ctx, '?scenario=sandbox/training-ground');
    expect(await page.isDisabled('[data-testid=cutaway-scope-building]')).toBe(true);

    await pointAt(page, 100, 9, 30); // the farmhouse roof
    await page.waitForSelector(`[data-testid=cutaway-scope-building][data-building=${HOUSE}]`, { timeout: 20_000 });
    expect(await page.textContent('[data-testid=cutaway-scope-building]')).toBe('Farmhouse');
    await page.click('[data-testid=cutaway-scope-building]');
    // The farmhouse has two levels: the tower's upper levels are no longer offered.
    expect(await page.$('[data-testid=cutaway-1]')).not.toBeNull();
    expect(await page.$('[data-testid=cutaway-2]')).toBeNull();
    await page.click('[data-testid=cutaway-0]');
    await nextFrame(page);
    expect(await cutaway(page)).toEqual({ level: 0, building: HOUSE, cut: [HOUSE], faded: [HOUSE] });
    const costs = await page.evaluate(() => window.__sandtable!.view!.meshCosts());
    expect(costs.some((c) => c.name === 'solids:roof-faded' && c.triangles > 0)).toBe(true);

    // A click on the ground floor, through where the roof is drawn faded, reaches the floor.
    const inside = await tablePixel(page, 98, 0.2, 28);
    const hit = await page.evaluate(([x, y]) => window.__sandtable!.tools!.probe(x, y), [inside.x, inside.y] as const);
    expect(hit?.object).not.toMatch(/roof/);
    expect(hit!.point[1]).toBeLessThan(2);
    await page.mouse.move(5, 395); // pointer off the buildings for the picture
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([122, 26, 8], [100, 3, 31]));
    await saveShot(page, 'cutaway-one-building.png');

    await page.click('[data-testid=cutaway-scope-all]');
    await nextFrame(page);
    expect(await cutaway(page)).toEqual({ level: 0, building: null, cut: [HOUSE, TOWER].sort(), faded: [HOUSE, TOWER].sort() });
    expect(await page.$('[data-testid=cutaway-4]')).not.toBeNull();
    await saveShot(page, 'cutaway-all-buildings.png');

    // Aimed at the tower instead, at the belfry level: the house stands whole again.
    await pointAt(page, 140, 18, 90);
    await page.waitForSelector(`[data-testid=cutaway-scope-building][data-building=${TOWER}]`, { timeout: 20_000 });
    await page.click('[data-testid=cutaway-scope-building]');
    await page.click('[data-testid=cutaway-3]');
    await nextFrame(page);
    expect(await cutaway(page)).toEqual({ level: 3, building: TOWER, cut: [TOWER], faded: [TOWER] });
    await page.click('[data-testid=cutaway-off]');
    await nextFrame(page);
    expect(await cutaway(page)).toMatchObject({ level: null, cut: [], faded: [] });
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('in play at 640×400 the building choice is one button in the levels row: the farmhouse picked, its floors cut', async () => {
    const { page, problems } = await openPlay(ctx, '?scenario=sandbox/training-ground&play=1&seed=1', { width: 640, height: 400 });
    await takeOver(page);
    const toggle = '[data-testid=cutaway-scope-toggle]';
    // The row of buildings is folded away; the one button stands in its place, on screen.
    expect(await page.isVisible('[data-testid=cutaway-scope-all]')).toBe(false);
    expect(await page.isVisible(toggle)).toBe(true);
    expect(await page.textContent(toggle)).toBe('All');

    await pointAt(page, 100, 9, 30); // the farmhouse roof
    await page.waitForSelector(`${toggle}[data-building=${HOUSE}]`, { timeout: 20_000 });
    expect(await page.textContent(toggle)).toBe('Farmhouse');
    await page.click(toggle);
    expect(await page.getAttribute(toggle, 'aria-pressed')).toBe('true');
    // The farmhouse's two levels only.
    expect(await page.$('[data-testid=cutaway-1]')).not.toBeNull();
    expect(await page.$('[data-testid=cutaway-2]')).toBeNull();
    await page.click('[data-testid=cutaway-0]');
    await nextFrame(page);
    expect(await cutaway(page)).toEqual({ level: 0, building: HOUSE, cut: [HOUSE], faded: [HOUSE] });
    const bar = (await page.locator('[data-testid=cutaway]').boundingBox())!;
    const button = (await page.locator(toggle).boundingBox())!;
    expect(button.x >= bar.x && button.x + button.width <= bar.x + bar.width && button.y + button.height <= 400).toBe(true);
    const layout = await measureLayout(page);
    expect([...layout.overlaps, ...layout.clipped].filter((o) => o.includes('cutaway'))).toEqual([]);
    await page.mouse.move(5, 395);
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([122, 26, 8], [100, 3, 31]));
    await saveShot(page, 'cutaway-play-640x400.png');

    // Pressed again: every building is cut.
    await page.click(toggle);
    await nextFrame(page);
    expect(await page.getAttribute(toggle, 'aria-pressed')).toBe('false');
    expect(await cutaway(page)).toEqual({ level: 0, building: null, cut: [HOUSE, TOWER].sort(), faded: [HOUSE, TOWER].sort() });
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
