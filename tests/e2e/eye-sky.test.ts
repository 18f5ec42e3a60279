// The sight tool's eye view looking over the table's edge: above the horizon the picture is the sky
// dome made in code (pale at the horizon, bluer above), not a black void, and no request leaves the
// app for it. The observer and target come from a share link (an eye near the west edge, looking west).
import type { BrowserContext, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, openTable, saveShot, type Watched } from './browser';

const run = hasBrowser || browserRequired;

/** Relative luminance of an sRGB pixel, 0–1 (near 0: black). */
const lum = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

describe.runIf(run)('eye view over the table edge in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    // An eye 6 cm in from the west edge, the target 5 cm further west at the same height: level, outward.
    w = await openTable(ctx, '?scenario=sandbox/training-ground&from=6,60&to=1,60');
    page = w.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await page.evaluate(() => window.__sandtable?.status)).toBe('ready');
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('above the horizon beyond the edge the eye sees the sky dome: light, bluer and darker higher up, no black', async () => {
    await expect.poll(() => page.evaluate(() => window.__sandtable!.tools!.los?.observer.at ?? null), { timeout: 60_000 }).toEqual([6, 60]);
    await page.click('[data-testid=los-eye]');
    await nextFrame(page);
    const cam = (await page.evaluate(() => window.__sandtable!.tools!.camera))!;
    expect(cam.mode).toBe('eye');
    expect(cam.direction[0]).toBeLessThan(-0.99); // looking west, over the edge at x = 0

    // Directions from the eye 3°–20° above the horizon, far beyond the table: where they fall on the canvas.
    const eye = cam.position;
    const points: Array<{ deg: number; x: number; y: number }> = [];
    for (const deg of [3, 6, 10, 15, 20]) {
      for (const side of [-0.25, 0, 0.25]) {
        const far = 400;
        const p = await page.evaluate(([a, b, c]) => window.__sandtable!.tools!.toCanvas(a, b, c), [eye[0] - far, eye[1] + far * Math.tan((deg * Math.PI) / 180), eye[2] + far * side] as const);
        if (p?.inView && p.onCanvas) points.push({ deg, x: Math.round(p.x), y: Math.round(p.y) });
      }
    }
    expect(points.length, 'sky directions on the canvas, not under a panel').toBeGreaterThanOrEqual(6);

    const shot = PNG.sync.read(await saveShot(page, 'eye-view-sky.png'));
    const scale = shot.width / 1280;
    const pixels = points.map(({ deg, x, y }) => {
      const i = (Math.round(y * scale) * shot.width + Math.round(x * scale)) * 4;
      return { deg, rgb: [shot.data[i]!, shot.data[i + 1]!, shot.data[i + 2]!] as const };
    });
    for (const { rgb: [r, g, b] } of pixels) {
      // The day sky runs from #d3dbe3 at the horizon to #7f97b3 overhead: light and blue-grey.
      expect(lum(r, g, b), `sky pixel rgb(${r}, ${g}, ${b})`).toBeGreaterThan(0.3);
      expect(b, `sky pixel rgb(${r}, ${g}, ${b})`).toBeGreaterThanOrEqual(r);
    }
    // The dome, not a flat backdrop: higher up, darker and bluer than just above the horizon.
    const low = pixels.filter((p) => p.deg === Math.min(...pixels.map((q) => q.deg)));
    const high = pixels.filter((p) => p.deg === Math.max(...pixels.map((q) => q.deg)));
    expect(high[0]!.deg - low[0]!.deg).toBeGreaterThanOrEqual(10);
    const mean = (ps: typeof pixels, f: (r: number, g: number, b: number) => number) => ps.reduce((s, p) => s + f(...p.rgb), 0) / ps.length;
    expect(mean(high, lum)).toBeLessThan(mean(low, lum) - 0.03);
    expect(mean(high, (r, _g, b) => b - r)).toBeGreaterThan(mean(low, (r, _g, b) => b - r) + 5);
    // Nowhere in the upper third of the picture is the old black void.
    let black = 0, seen = 0;
    for (let y = 0; y < Math.floor(shot.height / 3); y += 4) {
      for (let x = 0; x < shot.width; x += 4) {
        const i = (y * shot.width + x) * 4;
        seen++;
        if (lum(shot.data[i]!, shot.data[i + 1]!, shot.data[i + 2]!) < 0.03) black++;
      }
    }
    expect(black / seen).toBeLessThan(0.01);
    await page.click('[data-testid=eye-exit]');
  }, 180_000);

  it('nothing went wrong on the page: no console errors, no requests off the origin (the sky is made in code)', () => {
    expect(w.problems).toEqual([]);
  });
});
