// The toy lines ruleset (tests/toys/rules/toylines: you go, I go in phases, d20s, lines of figures,
// inches) in a real browser, from the test-only build that registers the toys (global-setup.ts): its
// scenario opens in play, the banner shows each phase (TL-1), the move buttons read in inches (TL-2),
// and in the fire phase the target list gives the range the rules measure, in inches (TL-3); the
// volley's d20s reach the dice tray named by the line that fired.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CM_PER_INCH } from '../toys/rules/toylines/rules';
import { act, openPlay, playView, tab, takeOver } from './play-helpers';
import { browserRequired, hasBrowser, openBrowser, saveShot, toyAppUrl, type Watched } from './browser';

const run = hasBrowser || browserRequired;
const SEARCH = '?scenario=local/toylines&play=1&seed=1';

describe.runIf(run)('toy lines in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;
  const text = async (id: string) => (await page.textContent(`[data-testid="${id}"]`))?.trim() ?? '';
  const labels = () => page.$$eval('[data-testid=action-bar] [data-action]', (els) => els.map((e) => e.textContent ?? ''));

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    w = await openPlay(ctx, SEARCH, { width: 1280, height: 800 }, toyAppUrl());
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('TL-1, TL-2 the banner shows the move phase and the move buttons read in inches', async () => {
    expect((await playView(page)).rulesetId).toBe('toylines');
    expect(await text('play-headline')).toBe('Turn 1 is about to begin');
    await act(page, 'begin-turn');
    expect(await text('play-headline')).toBe('Turn 1: move phase');
    expect(await text('play-side')).toContain('Reds');
    expect(await text('play-detail')).toContain('up to 6.0″');
    const moves = (await labels()).filter((l) => l.includes('Red line'));
    expect(moves.length).toBeGreaterThanOrEqual(3);
    for (const l of moves) expect(l).toMatch(/Red line: \d\.0″ (ahead|obliquely (left|right))/);
    expect(w.problems).toEqual([]);
  });

  it('TL-2, TL-3 after a 2″ move the fire phase: the target list gives the measured range in inches', async () => {
    await act(page, 'move:red_line:2:0');
    expect((await playView(page)).units.find((u) => u.id === 'red_line')!.status).toEqual(['moved']);
    await act(page, 'end-phase');
    expect(await text('play-headline')).toBe('Turn 1: fire phase');
    await takeOver(page);
    await tab(page, 'orders');
    const target = (await playView(page)).targets.find((t) => t.unitId === 'blue_line')!;
    const shown = `${(target.distance / CM_PER_INCH).toFixed(1)}″`;
    // The lines start 52 cm (20.5″) apart, centre to centre; 2″ closer, less the bases.
    expect(target.distance / CM_PER_INCH).toBeGreaterThan(17);
    expect(target.distance / CM_PER_INCH).toBeLessThan(18.5);
    const item = await page.textContent('[data-testid="target-blue_line"]');
    expect(item).toContain('Blue line');
    expect(item).toContain(shown);
    expect(item).not.toMatch(/\bcm\b/);
    expect(item).toContain('19+ to hit');
    await saveShot(page, 'toy-lines-fire.png');
  });

  it('TL-3 a volley: the line\'s d20s in the dice tray, named by the line, and the log in inches', async () => {
    const before = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
    await page.click('[data-testid="target-blue_line"]');
    await page.waitForFunction((n) => window.__sandtable!.play!.log.get().length > n, before);
    const rolls = await page.$$eval('[data-testid=dice-roll]', (els) => els.map((e) => e.textContent ?? ''));
    expect(rolls.length).toBeGreaterThan(0);
    expect(rolls.join(' ')).toContain('fire of Red line');
    expect(rolls.join(' ')).not.toMatch(/red_line/);
    const fired = (await page.evaluate(() => window.__sandtable!.play!.log.get())).find((l) => l.type === 'LINE_FIRED')!;
    expect(fired.text).toMatch(/^Red line fire at Blue line, \d+\.\d" away/);
    await saveShot(page, 'toy-lines.png');
    expect(w.problems).toEqual([]);
  });
});
