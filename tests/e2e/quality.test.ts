// The automatic quality tier in a real browser: on SwiftShader (a software renderer), a page that
// is not driven by webdriver picks the low tier (no antialiasing, Lambert ground), ?quality= still
// wins, and an automated page keeps the test tier.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, openTable } from './browser';

const run = hasBrowser || browserRequired;

/** What the page's canvas was made with, and the renderer the page sees. */
async function canvasFacts(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector('canvas')!;
    const gl = canvas.getContext('webgl2')!;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return {
      antialias: gl.getContextAttributes()!.antialias,
      preserveDrawingBuffer: gl.getContextAttributes()!.preserveDrawingBuffer,
      renderer: String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER)),
    };
  });
}

describe.runIf(run)('automatic quality tier in Chromium', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('a person on a software renderer gets the low tier; ?quality= overrides it', async () => {
    // As a person's browser would be: not automated.
    await ctx.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
    const low = await openTable(ctx, '?scenario=sandbox/armour-yard');
    expect(await low.page.evaluate(() => navigator.webdriver)).toBe(false);
    const facts = await canvasFacts(low.page);
    expect(facts.renderer).toMatch(/swiftshader/i);
    expect(facts.antialias).toBe(false); // low: no MSAA (medium would ask for it)
    expect(facts.preserveDrawingBuffer).toBe(false); // and not the test tier
    expect(low.problems).toEqual([]);
    await low.page.close();

    const medium = await openTable(ctx, '?scenario=sandbox/armour-yard&quality=medium');
    expect((await canvasFacts(medium.page)).antialias).toBe(true);
    expect(medium.problems).toEqual([]);
    await medium.page.close();
  }, 240_000);
});
