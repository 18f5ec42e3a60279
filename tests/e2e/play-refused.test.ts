// Play refused in a real browser: the armour yard (a sandbox table, played with Kuularuisku) has
// vehicles, which Kuularuisku refuses (K-GAP-3, a house value on by default). Opened with ?play=1 the
// page says why — the table's title, the ruleset's name and message with its rule id, the vehicles by
// name — the message dismisses, the table's tools still work and the Play button tries again. Before
// any try, the Play button's tooltip already says so. An autosave that does not load is explained too.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autosaveKeyFor } from '../../src/app/play';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { parseScenarioOrThrow } from '../../src/scenario';
import { browserRequired, clickTable, hasBrowser, nextFrame, openBrowser, openTable, saveShot, type Watched } from './browser';

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/sandbox/armour-yard.json';
const byId = (id: string) => `[data-testid="${id}"]`;

describe.runIf(run)('play refused in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;

  /** The refusal box lies inside the page and no line of it is cut off sideways. */
  async function expectUnclipped(on: Page = page): Promise<void> {
    const fit = await on.evaluate((sel) => {
      const box = document.querySelector(sel)!;
      const r = box.getBoundingClientRect();
      const inside = r.left >= 0 && r.top >= 0 && r.right <= window.innerWidth && r.bottom <= window.innerHeight;
      const cut = [...box.querySelectorAll('h2, li, p, button')].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent);
      return { inside, cut };
    }, byId('play-refused'));
    expect(fit).toEqual({ inside: true, cut: [] });
  }

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE));
    ctx = await openBrowser();
    w = await openTable(ctx, '?scenario=sandbox/armour-yard&play=1');
    page = w.page;
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 240_000);

  afterAll(async () => {
    bf?.free();
    await ctx?.close();
  });

  it('K-GAP-3 ?play=1 on the armour yard says in the page why it cannot be played, with names, not ids', async () => {
    await page.waitForSelector(byId('play-refused'), { timeout: 90_000 });
    expect(await page.textContent('#st-refused-title')).toBe('Armour yard cannot be played with Kuularuisku 1918');
    const reasons = await page.$$eval(`${byId('play-refused-reasons')} li`, (els) => els.map((e) => e.textContent));
    expect(reasons).toEqual([
      'K-GAP-3: Kuularuisku has no rules for vehicle units (only infantry, MG teams and leaders): '
        + 'T-34/85 platoon, BA-64 armoured car, Panzer IV (Zug leader), Panzer IV, Sd.Kfz. 251 half-track',
    ]);
    // Play was left: no HUD, no game, the URL no longer asks for play, the button is off and says why.
    expect(await page.$(byId('play-hud'))).toBeNull();
    expect(await page.evaluate(() => window.__sandtable!.play)).toBeNull();
    expect(new URL(page.url()).searchParams.get('play')).toBeNull();
    expect(await page.getAttribute(byId('play-toggle'), 'aria-pressed')).toBe('false');
    expect(await page.getAttribute(byId('play-toggle'), 'title')).toContain('Cannot play: Armour yard cannot be played with Kuularuisku 1918 — K-GAP-3: Kuularuisku has no rules for vehicle units');
    await expectUnclipped();
    await saveShot(page, 'play-refused-1280x800.png');
    await page.setViewportSize({ width: 640, height: 400 });
    await expectUnclipped();
    await saveShot(page, 'play-refused-640x400.png');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 180_000);

  it('the message dismisses, the tape still measures, and Play tries again', async () => {
    await page.click(byId('play-refused-dismiss'));
    await page.waitForSelector(byId('play-refused'), { state: 'detached' });
    // The table is explored as before: the measuring tape between two ground points.
    await page.click(byId('tool-measure'));
    expect(await page.evaluate(() => window.__sandtable!.tools!.tool)).toBe('measure');
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([60, 90, 25], [60, 0, 40]));
    await nextFrame(page);
    await clickTable(page, 50, bf.standHeight(50, 40), 40);
    await clickTable(page, 70, bf.standHeight(70, 40), 40);
    const m = await page.evaluate(() => window.__sandtable!.tools!.measure);
    expect(m).not.toBeNull();
    expect(m!.distance).toBeGreaterThan(15);
    expect(await page.textContent(byId('measure-distance'))).toContain(`${m!.distance.toFixed(1)} cm`);
    // The Play button is still live: another try is refused again, with the same reason.
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('play-refused'), { timeout: 60_000 });
    expect(await page.textContent(byId('play-refused-reasons'))).toContain('K-GAP-3');
    await page.click(byId('play-refused-dismiss'));
    await page.waitForSelector(byId('play-refused'), { state: 'detached' });
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('K-GAP-3 before any try, the Play button\'s tooltip already says the table cannot be played, and why', async () => {
    const plain = await openTable(ctx, '?scenario=sandbox/armour-yard');
    await plain.page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('title')?.startsWith('Cannot play'), byId('play-toggle'), { timeout: 30_000 });
    expect(await plain.page.getAttribute(byId('play-toggle'), 'title')).toBe('Cannot play: Armour yard cannot be played with Kuularuisku 1918 — K-GAP-3: Kuularuisku has no rules for vehicle units '
      + '(only infantry, MG teams and leaders): T-34/85 platoon, BA-64 armoured car, Panzer IV (Zug leader), Panzer IV, Sd.Kfz. 251 half-track (press Play to see why in full)');
    expect(await plain.page.$(byId('play-refused'))).toBeNull();
    expect(plain.problems).toEqual([]);
    await plain.page.close();
  }, 180_000);

  it('an autosave that does not load is explained in the page; the new game that replaces it starts on dismissal', async () => {
    const key = autosaveKeyFor({ id: 'training-ground' });
    const bad = await openTable(ctx, '?scenario=sandbox/training-ground');
    await bad.page.evaluate((k) => window.localStorage.setItem(k, '{"format": "not a save"'), key);
    await bad.page.goto(new URL('?scenario=sandbox/training-ground&play=1', bad.page.url()).href);
    await bad.page.waitForSelector(byId('play-refused'), { timeout: 90_000 });
    expect(await bad.page.textContent('#st-refused-title')).toBe('The saved game of Training Ground could not be resumed');
    expect(await bad.page.textContent(byId('play-refused-reasons'))).toContain(key);
    expect(await bad.page.$(byId('play-hud'))).toBeNull();
    await bad.page.setViewportSize({ width: 640, height: 400 });
    await expectUnclipped(bad.page);
    await saveShot(bad.page, 'play-resume-failed-640x400.png');
    await bad.page.click(byId('play-refused-dismiss'));
    await bad.page.waitForSelector(byId('play-hud'), { timeout: 60_000 });
    expect(await bad.page.$(byId('play-refused'))).toBeNull();
    expect(bad.problems).toEqual([]);
    await bad.page.close();
  }, 180_000);
});
