// The preparation barrage's wounds allocated by their owner in a real browser (failed-preparation,
// K-5.5a): at Kalevankangas with seed 1 the shells fall on a Red unit in the cemetery before turn 1.
// Beginning the turn, the Reds are asked who takes the wounds (the default first, soldiers by name); they
// pick another answer, the log says who chose, and the turn opens: the first card can be drawn.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, saveShot } from './browser';
import { act, openPlay, playView, tab } from './play-helpers';

const run = hasBrowser || browserRequired;
const SEARCH = '?scenario=kuularuisku/kalevankangas&play=1&seed=1';

describe.runIf(run)('the owner allocates the preparation barrage\'s wounds in Chromium', () => {
  let ctx: BrowserContext;
  let page: Page;
  const byId = (id: string) => `[data-testid="${id}"]`;

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    page = (await openPlay(ctx, SEARCH)).page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('failed-preparation K-5.5a beginning turn 1, the Reds put the barrage\'s wound on their machine gunner; then the first card is drawn', async () => {
    await act(page, 'begin-turn');
    await tab(page, 'orders');
    await page.waitForSelector(byId('decision'), { timeout: 30_000 });
    expect(await page.getAttribute(byId('decision'), 'data-side')).toBe('red');
    const team = 'Maxim team 3 (by the mortuary, covering the gate)';
    expect(await page.textContent(byId('decision-label'))).toBe(`1 wound from the preparation fire on ${team}: who takes it?`);
    expect(await page.textContent(byId('decision-option-0'))).toBe('Default: rifleman 1');
    expect(await page.textContent(byId('decision-option-1'))).toBe('the machine gunner');
    const view = await playView(page);
    expect(view.decision).toMatchObject({ side: 'red', kind: 'wound-allocation', rule: 'K-5.5a' });
    // Not yet turn 1: nothing to draw while the Reds decide.
    expect(view.actions.some((a) => a.id === 'draw')).toBe(false);
    await saveShot(page, 'play-barrage-wounds.png');
    const n = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
    await page.click(byId('decision-option-1'));
    await page.waitForFunction((k) => window.__sandtable!.play!.log.get().length > k, n, { timeout: 30_000 });
    const texts = (await page.evaluate(() => window.__sandtable!.play!.log.get())).map((l) => l.text);
    expect(texts).toContain(`Reds — Tampere Red Guard (owner of ${team}) put the wound on the machine gunner of ${team}`);
    expect(texts).toContain('Turn 1 begins');
    expect((await playView(page)).decision).toBeUndefined();
    await act(page, 'draw');
  });
});
