// The light follows the scenario's turns in Chromium (issue 15): Tammerkoski opens at night, and when
// the game reaches turn 5 (first light, brief "Turns 1–4 are night") the table is drawn brighter; a
// presenter beat that names a turn is lit for that turn (day from turn 6; Kalevankangas' preparation
// beat at first light). The view's lighting probe says which light is drawn, and the canvas's own
// pixels say it got brighter.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, openTable, saveShot, type Watched } from './browser';
import { holdFireThrough, openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;
const lighting = (page: Page) => page.evaluate(() => window.__sandtable!.view!.lighting());

/** Mean luminance (0–255) of the drawn table, from the canvas scaled down to 64 × 40. */
async function meanLuminance(page: Page): Promise<number> {
  await nextFrame(page);
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const c = document.createElement('canvas');
    c.width = 64;
    c.height = 40;
    const g = c.getContext('2d')!;
    g.drawImage(canvas, 0, 0, 64, 40);
    const d = g.getImageData(0, 0, 64, 40).data;
    let sum = 0;
    for (let i = 0; i < d.length; i += 4) sum += 0.2126 * d[i]! + 0.7152 * d[i + 1]! + 0.0722 * d[i + 2]!;
    return sum / (d.length / 4);
  });
}

/** The same oblique view over the bridge each time, so only the light differs between grabs. */
async function lookOverTheBridge(page: Page): Promise<void> {
  await page.evaluate(() => window.__sandtable!.tools!.setCamera([130, 70, -20], [90, 0, 70]));
}

/** Start the next turn (the game's own button, sent through the play hook). */
function beginTurn(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const p = window.__sandtable!.play!;
    const a = p.view.get().actions.find((x) => x.id === 'begin-turn');
    return !!a && p.control.send(a.command).ok;
  });
}

describe.runIf(run)('first light at Tammerkoski in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;

  beforeAll(async () => {
    ctx = await openBrowser();
  }, 60_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('night on turns 1–4, first light drawn (and brighter) from turn 5 of a game', async () => {
    w = await openPlay(ctx, '?scenario=kuularuisku/tammerkoski&play=1&seed=18', { width: 880, height: 620 });
    const page = w.page;
    // Before the first turn (the set-up, turn 0) the scenario's dusk; turn 1 is night.
    expect(await lighting(page)).toMatchObject({ light: 'dusk', turn: 0 });
    expect(await beginTurn(page)).toBe(true);
    await expect.poll(async () => (await lighting(page)).turn).toBe(1);
    const first = await lighting(page);
    expect(first.light).toBe('night');
    await lookOverTheBridge(page);
    const night = await meanLuminance(page);
    await saveShot(page, 'first-light-turn-1.png');

    expect(await holdFireThrough(page, 4)).toBe('turn 4 over');
    await nextFrame(page);
    expect(await lighting(page)).toMatchObject({ light: 'night', turn: 4 });

    expect(await beginTurn(page)).toBe(true);
    await expect.poll(async () => (await lighting(page)).turn).toBe(5);
    const dawn = await lighting(page);
    expect(dawn.light).toBe('dawn');
    await lookOverTheBridge(page);
    const light = await meanLuminance(page);
    await saveShot(page, 'first-light-turn-5.png');
    expect(light).toBeGreaterThan(night * 1.3);
    expect(dawn.brightness!).toBeGreaterThan(first.brightness!);
    expect(w.problems).toEqual([]);
    await w.page.close();
  }, 240_000);

  it('a presenter beat is lit for its turn: dusk at turn 0, day at turn 6 (after first light on turn 5)', async () => {
    w = await openTable(ctx, '?scenario=kuularuisku/tammerkoski&beat=1');
    const page = w.page;
    await expect.poll(async () => (await lighting(page)).light).toBe('dusk');
    const dusk = await lighting(page);
    expect(dusk.turn).toBe(0);
    await page.goto(page.url().replace('beat=1', 'beat=4'));
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 90_000 });
    await expect.poll(async () => (await lighting(page)).light).toBe('day');
    const day = await lighting(page);
    expect(day.turn).toBe(6);
    expect(day.brightness!).toBeGreaterThan(dusk.brightness!);
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('Kalevankangas: the preparation beat ("Maundy Thursday, first light", turn 0) is drawn at first light, the table without a game in day', async () => {
    w = await openTable(ctx, '?scenario=kuularuisku/kalevankangas&beat=1');
    const page = w.page;
    await expect.poll(async () => (await lighting(page)).light).toBe('dawn');
    expect((await lighting(page)).turn).toBe(0);
    await page.goto(page.url().replace('&beat=1', ''));
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 90_000 });
    await expect.poll(async () => (await lighting(page)).light).toBe('day');
    expect(w.problems).toEqual([]);
  }, 180_000);
});
