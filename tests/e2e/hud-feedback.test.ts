// The HUD's small answers to what the player does, in Chromium: Esc with the help overlay open closes
// only the overlay (the selected figure stays selected); a wheel zoom unlights the Home view button;
// in presenter mode H hides the tools for a clean view and H brings them back; during a game the
// scenario picker is still there, the Log lists the newest event first, and a saved game's options
// show read only in the resume dialog.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, clickTable, hasBrowser, nextFrame, openBrowser, openTable, saveShot, type Watched } from './browser';

const run = hasBrowser || browserRequired;
const byId = (id: string) => `[data-testid="${id}"]`;

describe.runIf(run)('HUD feedback', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('Esc with the help open keeps the selection; a wheel zoom unlights Home', async () => {
    w = await openTable(ctx, '?scenario=sandbox/training-ground');
    page = w.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    const ground = await page.evaluate(() => window.__sandtable!.battlefield!.standHeight(100, 47));
    await page.evaluate(([y]) => window.__sandtable!.tools!.setCamera([100, y + 34, 47 - 6.8], [100, y, 47]), [ground] as const);
    await nextFrame(page);
    await clickTable(page, 100, ground + 1.1, 47);
    await expect.poll(() => page.evaluate(() => window.__sandtable!.tools!.selected)).toBe('behind_wall_1');
    await page.keyboard.press('?');
    await page.waitForSelector(byId('help-overlay'));
    await page.keyboard.press('Escape');
    await page.waitForSelector(byId('help-overlay'), { state: 'detached' });
    expect(await page.evaluate(() => window.__sandtable!.tools!.selected)).toBe('behind_wall_1');

    await page.click(byId('view-home'));
    await expect.poll(() => page.getAttribute(byId('view-home'), 'aria-pressed')).toBe('true');
    await page.waitForTimeout(900); // the flight home ends
    const box = (await page.locator('.st-canvas canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -240);
    await expect.poll(() => page.getAttribute(byId('view-home'), 'aria-pressed')).toBe('false');
    expect(w.problems).toEqual([]);
  }, 300_000);

  it('H in presenter mode hides the tools and shows them again', async () => {
    w = await openTable(ctx, '?scenario=kuularuisku/kalevankangas');
    page = w.page;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.click(byId('presenter-toggle'));
    await page.waitForSelector(byId('presenter-panel'));
    await page.keyboard.press('h');
    await expect.poll(() => page.getAttribute('.st-app', 'data-clean')).toBe('true');
    expect(await page.isVisible(byId('toolbar'))).toBe(false);
    expect(await page.isVisible(byId('tool-rail'))).toBe(false);
    expect(await page.isVisible(byId('presenter-panel'))).toBe(true);
    await saveShot(page, 'hud-feedback-clean-view.png');
    await page.keyboard.press('h');
    await expect.poll(() => page.isVisible(byId('toolbar'))).toBe(true);
    // Leaving presenter mode never leaves the tools hidden.
    await page.keyboard.press('h');
    await page.keyboard.press('p');
    await expect.poll(() => page.isVisible(byId('toolbar'))).toBe(true);
    expect(w.problems).toEqual([]);
  }, 300_000);

  it('in a game: the picker stays, the Log lists the newest first, and the resume dialog shows the options read only', async () => {
    await page.evaluate(() => localStorage.clear());
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('start-choice'));
    await page.click(byId('option-rule-opt-womens-guard'));
    await page.click(byId('new-game'));
    await page.waitForSelector(byId('play-hud'));
    expect(await page.isVisible(byId('scenario-picker-toggle'))).toBe(true);
    await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (const id of ['begin-turn', 'draw']) {
        // The preparation barrage before turn 1 may ask an owner where its wounds fall (K-5.5a): the default.
        for (let d = p.view.get().decision; d; d = p.view.get().decision) p.control.send(d.options[0]!.command);
        p.control.send(p.view.get().actions.find((a) => a.id === id)!.command);
      }
    });
    if (await page.$(byId('handover'))) await page.click(byId('handover-ok'));
    await page.click(byId('tab-log'));
    await page.waitForSelector(byId('game-log'));
    const indexes = await page.$$eval('[data-testid=game-log] > li', (els) => els.map((e) => Number(e.getAttribute('data-index'))));
    expect(indexes.length).toBeGreaterThan(2);
    expect(indexes[0]).toBeGreaterThan(indexes[indexes.length - 1]!);

    // Leave and come back: the saved game's options, read only.
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('play-hud'), { state: 'detached' });
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('start-choice'));
    const saved = page.locator(`${byId('saved-options')} [data-option="opt-womens-guard"] input`);
    expect(await saved.isChecked()).toBe(true);
    expect(await saved.isDisabled()).toBe(true);
    await saveShot(page, 'hud-feedback-resume.png');
    await page.click(byId('resume-game'));
    await page.waitForSelector(byId('play-hud'));
    expect(w.problems).toEqual([]);
  }, 300_000);
});
