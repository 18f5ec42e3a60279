// The app in a real browser: the default scenario loads with no console errors and no network
// requests off the app's origin, the canvas is not blank, and the battlefield built in the browser
// answers line of sight exactly as the Node battlefield does.
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { eye, loadTrainingGround } from '../battlefield/fixture';
import { appUrl, browserRequired, hasBrowser, openBrowser, watchedPage } from './browser';

const run = hasBrowser || browserRequired;

describe.runIf(run)('app in Chromium', () => {
  let url: string;
  let ctx: BrowserContext;
  let bf: Battlefield;

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    url = appUrl();
    ctx = await openBrowser();
    bf = await loadTrainingGround();
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('loads the training ground, draws a table and asks nothing of the network', async () => {
    const { page, problems } = await watchedPage(ctx, new URL(url).origin);
    await page.goto(url);
    await page.waitForFunction(() => window.__sandtable?.ready === true || ['missing', 'invalid', 'failed'].includes(window.__sandtable?.status ?? ''), null, { timeout: 120_000 });
    const hook = await page.evaluate(() => ({ status: window.__sandtable?.status, id: window.__sandtable?.scenarioId }));
    expect(hook).toEqual({ status: 'ready', id: 'sandbox/training-ground' });

    const shot = await page.screenshot();
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/app-training-ground.png', shot);
    const png = PNG.sync.read(shot);
    let sum = 0, sum2 = 0;
    const n = png.width * png.height;
    for (let i = 0; i < n; i++) {
      const l = (png.data[i * 4]! + png.data[i * 4 + 1]! + png.data[i * 4 + 2]!) / 3;
      sum += l; sum2 += l * l;
    }
    const sd = Math.sqrt(sum2 / n - (sum / n) ** 2);
    expect(sd, 'the canvas looks blank').toBeGreaterThan(12);
    expect(problems).toEqual([]);
  }, 180_000);

  it('the battlefield in the browser agrees with Node on line of sight and floor heights', async () => {
    const { page, problems } = await watchedPage(ctx, new URL(url).origin);
    await page.goto(url);
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
    const cases: Array<[[number, number, number?], [number, number, number?]]> = [
      [[15, 60], [65, 60]], // hill between: blocked
      [[40, 60], [65, 60]], // from the hill top: clear
      [[100, 33, 1], [100, 47]], // first-floor window over the stone wall: clear
      [[104, 38], [100, 47]], // ground behind the wall: blocked
    ];
    for (const [a, b] of cases) {
      const p = eye(bf, a[0], a[1], a[2]);
      const q = eye(bf, b[0], b[1], b[2]);
      const node = bf.lineOfSight(p, q);
      const browser = await page.evaluate(([pp, qq]) => {
        const r = window.__sandtable!.battlefield!.lineOfSight(pp, qq);
        return { clear: r.clear, blocker: r.blocker?.featureId ?? null, distance: r.blocker?.distance ?? null };
      }, [p, q] as const);
      expect(browser.clear).toBe(node.clear);
      expect(browser.blocker).toBe(node.blocker?.featureId ?? null);
      if (node.blocker) expect(browser.distance!).toBeCloseTo(node.blocker.distance, 3);
    }
    const floors = await page.evaluate(() => [0, 1, 2, 3, 4].map((f) => window.__sandtable!.battlefield!.standHeight(140, 90, f)));
    expect(floors).toEqual([0, 4, 8, 12, 16]);
    expect(problems).toEqual([]);
  }, 180_000);
});
