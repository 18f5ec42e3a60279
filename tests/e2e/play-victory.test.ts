// A decided game in Chromium: a whole Tammerkoski game played headless by the CLI (random legal
// commands to the turn limit; the Reds hold the west bank, K-GAP-1 "anything else" is their win),
// saved, loaded through the Game tab: the victory dialog names the winning side in its colour with the
// reason and rule, the turn plate says the game is over, no choice is offered, and at the end nothing
// is hidden any more (the marksmen are listed for whoever sits at the screen). New game starts afresh.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import type { PlayView } from '../../src/game';
import { browserRequired, hasBrowser, openBrowser, saveShot, type Watched } from './browser';
import { openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/kuularuisku/tammerkoski.json';

describe.runIf(run)('a won game in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;
  const byId = (id: string) => `[data-testid="${id}"]`;
  const view = (): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());

  beforeAll(async () => {
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=kuularuisku/tammerkoski&play=1&seed=3', { width: 880, height: 620 });
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('the victory dialog names the winner in its colour with the reason and rule; nothing is hidden at the end; New game starts afresh', async () => {
    const file = join(tmpdir(), `sandtable-play-win-${process.pid}.json`);
    let out = '';
    let err = '';
    const code = await runCli(['play', FILE, '--seed', '1', '--random-legal', '--save', file], { out: (t) => void (out += t), err: (t) => void (err += t) });
    expect(code, err).toBe(0);
    expect(out).toMatch(/Result: .*Red win/);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ scenario: expect.anything() });

    await page.click(byId('tab-game'));
    await page.setInputFiles(byId('save-load-input'), file);
    await page.waitForSelector(byId('victory'), { timeout: 120_000 });
    const v = await view();
    expect(v.victory).toMatchObject({ winner: 'red', rule: 'K-GAP-1' });
    const reds = v.sides.find((s) => s.id === 'red')!;
    expect(await page.textContent(byId('victory-winner'))).toMatch(/ win$/);
    expect(await page.textContent(byId('victory-winner'))).not.toBe('A draw');
    expect(await page.textContent(byId('victory-winner'))).toContain(reds.name.split(/\s+—\s+/)[0]!);
    expect(await page.textContent(byId('victory'))).toContain(v.victory!.reason);
    expect(await page.getAttribute(`${byId('victory')} [data-testid=rule-link]`, 'data-rule')).toBe('K-GAP-1');
    // The card's top edge in the winner's colour.
    const border = await page.$eval(byId('victory'), (el) => getComputedStyle(el).borderTopColor);
    const hex = reds.colour!.replace('#', '');
    const rgb = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
    expect(border).toBe(`rgb(${rgb.join(', ')})`);
    expect(await page.textContent(byId('play-headline'))).toMatch(/^Game over — .* win$/);
    expect(await page.locator(`${byId('action-bar')} [data-action]`).count()).toBe(0);
    expect(await page.$(byId('handover'))).toBeNull();
    await saveShot(page, 'play-victory-win.png');

    // The end reveals everything: no unit is hidden from anyone, and the Units tab lists the marksmen.
    expect(v.units.some((u) => u.hiddenFrom)).toBe(false);
    await page.click(byId('tab-units'));
    await page.waitForSelector(byId('unit-r_marksmen'));

    await page.click(byId('victory-new'));
    await expect.poll(async () => page.textContent(byId('play-headline'))).toBe('The game begins');
    expect(await page.$(byId('victory'))).toBeNull();
    expect((await view()).victory).toBeUndefined();
    expect(w.problems).toEqual([]);
  }, 300_000);
});
