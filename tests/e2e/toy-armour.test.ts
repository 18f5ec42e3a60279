// The toy armour ruleset (tests/toys/rules/toyarmour: initiative, alternating activation, a vehicle
// with a hull facing and a turret arc, cm) in a real browser, from the test-only build that registers
// the toys (global-setup.ts): its scenario opens in play, the banner shows the ruleset's phase labels,
// the tank's turret and armour arcs are drawn on the table and its card lists them, and its targets
// say which squad lies outside the turret's arc (TA-5). The normal build ships nothing of the toys.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, captureScenes, foldDock, openPlay, playView, tab, takeOver } from './play-helpers';
import { appDir, browserRequired, hasBrowser, openBrowser, saveShot, toyAppUrl, type Watched } from './browser';

const run = hasBrowser || browserRequired;
const SEARCH = '?scenario=local/toyarmour&play=1&seed=1';

/** Every file under `dir`. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [join(dir, name)]));
}

describe.runIf(run)('toy armour in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;
  const text = async (id: string) => (await page.textContent(`[data-testid="${id}"]`))?.trim() ?? '';

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    await captureScenes(ctx);
    w = await openPlay(ctx, SEARCH, { width: 1280, height: 800 }, toyAppUrl());
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('the normal build ships nothing of the toy rulesets', () => {
    const files = filesUnder(appDir());
    expect(files.some((f) => f.endsWith('.js'))).toBe(true);
    const holding = files.filter((f) => /toyarmour|toylines|Toy armour|Toy lines/.test(readFileSync(f, 'latin1')));
    expect(holding).toEqual([]);
  });

  it('TA-1, TA-2 the banner shows the ruleset\'s phase: initiative, then the side to act selecting a unit', async () => {
    expect(await page.evaluate(() => window.__sandtable!.status)).toBe('ready');
    expect((await playView(page)).rulesetId).toBe('toyarmour');
    expect(await text('play-headline')).toBe('Round 1: roll for initiative');
    await act(page, 'begin-turn');
    expect(await text('play-headline')).toBe('Round 1: select a unit');
    // Until Red's turn comes, the side to act activates a unit and holds (TA-2 alternate activations).
    for (let i = 0; i < 4 && !(await playView(page)).actions.some((a) => a.id === 'select:tank'); i++) {
      const pick = (await playView(page)).actions.find((a) => a.id.startsWith('select:'))!;
      await act(page, pick.id);
      await act(page, 'hold');
    }
    await act(page, 'select:tank');
    expect(await text('play-headline')).toBe('Round 1: the selected unit acts');
    expect(await text('play-side')).toContain('Reds');
    expect(w.problems).toEqual([]);
  });

  it('TA-5 the tank\'s targets: Blue squad A inside the turret arc may be fired at, Blue squad B outside it is refused naming the arc', async () => {
    await takeOver(page);
    await tab(page, 'orders');
    const a = page.locator('[data-testid="target-blue_a"]');
    const b = page.locator('[data-testid="target-blue_b"]');
    expect(await a.evaluate((e) => e.tagName)).toBe('BUTTON');
    expect(await a.textContent()).toMatch(/Blue squad A.*\d+\.\d cm/);
    expect(await b.getAttribute('aria-disabled')).toBe('true');
    expect(await b.textContent()).toContain('outside the turret arc 0°–90°');
    await saveShot(page, 'toy-armour-targets.png');
  });

  it('TA-5, TA-7 the tank\'s arcs are drawn on the table and listed on its card: hull facing, turret facing, turret arc', async () => {
    await tab(page, 'units');
    const card = page.locator('[data-testid="unit-tank"]');
    const chips = await card.locator('.st-status').allTextContents();
    expect(chips).toEqual(expect.arrayContaining(['hull 90° (E)', 'turret 45° (NE)', 'turret arc 0°–90°']));
    const drawn = await page.evaluate(() => {
      type O = { name: string; children: O[]; getObjectByName(n: string): O | undefined };
      const scene = (window.__testScenes as O[] | undefined)?.find((s) => s.getObjectByName('play'));
      return scene?.getObjectByName('play:arcs')?.children.map((c) => c.name) ?? [];
    });
    // The turret arc and the four armour arcs (front, side, rear, side) around the tank's one figure.
    expect(drawn.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `play:arc:tank_1:${i}`));
    await foldDock(page);
    await saveShot(page, 'toy-armour.png');
    expect(w.problems).toEqual([]);
  });
});
