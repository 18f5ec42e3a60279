// An owner's decision in a real browser (K-5.5a): at Kalevankangas with seed 11 the Whites' first
// card is a squad whose shot puts one wound on the Reds' Osasto 1. The hot seat hands the screen to
// the Reds, the Orders tab asks them who takes the wound (the default first, soldiers by name), they
// pick the squad leader instead, and the log says so; then the screen goes back to the Whites.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, saveShot } from './browser';
import { act, foldDock, openPlay, playView, tab } from './play-helpers';

const run = hasBrowser || browserRequired;
const SEARCH = '?scenario=kuularuisku/kalevankangas&play=1&seed=11';

describe.runIf(run)('an owner allocates a wound in Chromium', () => {
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

  it('K-5.5a after the Whites\' shot the Reds take the screen and put the wound on their squad leader', async () => {
    for (const id of ['begin-turn', 'draw', 'activate:shoot']) await act(page, id);
    await tab(page, 'orders');
    const before = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
    await page.click(byId('target-r_os1'));
    await page.waitForFunction((n) => window.__sandtable!.play!.log.get().length > n, before, { timeout: 30_000 });
    // The hot seat: the owner of the unit hit decides, so the screen goes to the Reds.
    await page.waitForSelector(byId('handover'), { timeout: 30_000 });
    expect(await page.textContent(byId('handover'))).toMatch(/Reds.* to play/);
    expect(await page.getAttribute(byId('play-hud'), 'data-locked')).toBe('true');
    await page.click(byId('handover-ok'));
    await page.waitForSelector(byId('handover'), { state: 'detached' });
    await tab(page, 'orders');
    await page.waitForSelector(byId('decision'));
    expect(await page.getAttribute(byId('decision'), 'data-side')).toBe('red');
    expect(await page.textContent(byId('decision-label'))).toBe('1 wound on Osasto 1 (cemetery east fence, north of the gate): who takes it?');
    // The question names the unit; the answers name its soldiers, the book's default first.
    expect(await page.textContent(byId('decision-option-0'))).toBe('Default: rifleman 1');
    expect(await page.textContent(byId('decision-option-1'))).toBe('the squad leader');
    const leader = 'the squad leader of Osasto 1 (cemetery east fence, north of the gate)';
    // The same answers are in the action bar, numbered for the digit keys.
    expect(await page.$$eval('[data-testid=action-bar] [data-action]', (els) => els.map((e) => e.getAttribute('data-action')))).toContain('allocate:1');
    // A long list of answers: the default and three more in the bar, a "more" button for the rest, which the panel lists.
    expect(await page.$$eval('[data-testid=action-bar] [data-action^="allocate:"]', (els) => els.length)).toBe(4);
    const more = Number(/^(\d+) more…$/.exec((await page.textContent(byId('action-more'))) ?? '')?.[1]);
    expect(await page.$$eval('[data-testid^=decision-option-]', (els) => els.length)).toBe(4 + more);
    // "more" opens the Orders tab with the panel when the dock was folded.
    await foldDock(page);
    expect(await page.$(byId('decision'))).toBeNull();
    await page.click(byId('action-more'));
    await page.waitForSelector(byId('decision'));
    await saveShot(page, 'play-decision-wounds.png');
    const n = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
    await page.click(byId('decision-option-1'));
    await page.waitForFunction((k) => window.__sandtable!.play!.log.get().length > k, n, { timeout: 30_000 });
    const line = await page.evaluate(() => window.__sandtable!.play!.log.get().find((l) => l.type === 'WOUNDS_ALLOCATED')!);
    expect(line.text).toMatch(new RegExp(`^Reds.* \\(owner of Osasto 1 \\(cemetery east fence, north of the gate\\)\\) put the wound on ${leader.replace(/[()]/g, '\\$&')}$`));
    const view = await playView(page);
    expect(view.decision).toBeUndefined();
    expect(view.prompt.side).toBe('white');
    // Back to the Whites' activation: the screen is handed back.
    await page.waitForSelector(byId('handover'), { timeout: 30_000 });
    expect(await page.textContent(byId('handover'))).toMatch(/Whites.* to play/);
  });
});
