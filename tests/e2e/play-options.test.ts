// Game options in a real browser: Kalevankangas opened without ?play, the Play button asks for the
// options (the scenario's optional rules, the bite's reading marked "house", the house values),
// the women's guard osasto switched on (opt-womens-guard, K-ORG-1) is in the Units tab; the save
// downloaded keeps the option and loads back into a game started without it; a reload resumes it.
// Every drop-down value reads as words; a game without the Swedish squad (and the embankment) starts,
// its beats skipping the squad.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStartDialog, startNewGame, tab as openTab } from './play-helpers';
import { browserRequired, hasBrowser, openBrowser, openTable, type Watched } from './browser';

const run = hasBrowser || browserRequired;
const SEARCH = '?scenario=kuularuisku/kalevankangas&seed=4';

describe.runIf(run)('game options in Chromium', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;
  const byId = (id: string) => `[data-testid="${id}"]`;

  // The shared tab opener (play-helpers.ts): it looks again when the HUD's own switch to Orders races the click.
  const tab = (name: 'units' | 'rules' | 'game' | 'log'): Promise<void> => openTab(page, name);

  /** The hand-over card, if up, taken so the HUD is free. */
  async function takeOver(): Promise<void> {
    if (await page.$(byId('handover'))) {
      await page.click(byId('handover-ok'));
      await page.waitForSelector(byId('handover'), { state: 'detached' });
    }
  }

  const hasWomen = async () => {
    await takeOver();
    await tab('units');
    return (await page.$(byId('unit-r_women'))) !== null;
  };

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    w = await openTable(ctx, SEARCH);
    page = w.page;
    await page.setViewportSize({ width: 900, height: 700 });
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('K-ORG-1 the Play button offers the options; with the women\'s guard on, the osasto is in the Units tab, the option in the rules panel and the log', async () => {
    const dialog = await openStartDialog(page);
    expect(dialog).toContain('Start a game of this scenario');
    expect(dialog).not.toContain('Resume game');
    expect(dialog).toContain("women's guard osasto");
    // The bite's reading is a house value, and so is every house option listed.
    expect(await page.textContent('[data-option="opt-white-suits"] .st-play-option-house')).toBe('house');
    expect(await page.$$eval('[data-testid=house-options] [data-option]', (els) => els.length)).toBeGreaterThan(10);
    // The designer's choice is a mark the legend names, not "[design]" in its title; no title is said twice.
    expect(await page.textContent('[data-option="opt-white-suits"] .st-play-option-head [data-mark=design]')).toBe('design');
    expect(await page.$$eval('.st-play-option-head', (els) => els.filter((e) => (e.textContent ?? '').includes('[design]')).length)).toBe(0);
    expect(dialog.match(/Optional bite/g)).toHaveLength(1);
    expect(await page.isChecked(byId('option-rule-opt-womens-guard'))).toBe(false);
    expect(await page.isChecked(byId('option-rule-opt-swedish-squad'))).toBe(true);
    // K-AMB-7 every drop-down value reads as words: the wound table's bands, the bite's readings, never "2-3-serious".
    expect(await page.$$eval('[data-testid="option-house-woundTable"] option', (els) => els.map((e) => e.textContent))).toEqual([
      '1 killed, 2 serious, 3–5 light, 6 scratch (default)', '1 killed, 2–3 serious, 4–5 light, 6 scratch', '1 killed, 2–4 serious, 5 light, 6 scratch',
    ]);
    expect(await page.$$eval('[data-testid="option-reading-opt-white-suits"] option', (els) => els.map((e) => e.textContent))).toEqual(['No cover in the open (default)', 'Not pinned by a failed test']);
    const values = await page.$$eval('[data-testid=game-options] select option', (els) => els.map((e) => e.textContent ?? ''));
    expect(values.length).toBeGreaterThan(60);
    expect(values.filter((v) => /^[a-z]|^[a-z0-9]+(-[a-z0-9]+)+( |$)/.test(v))).toEqual([]);
    await startNewGame(page, { 'opt-womens-guard': true });
    expect(await hasWomen()).toBe(true);
    expect(await page.textContent(byId('unit-r_women'))).toContain("Women's guard osasto (Tammela)");
    expect(await page.textContent(byId('unit-r_women'))).toContain('9/9');
    const save = await page.evaluate(() => JSON.parse(window.__sandtable!.play!.saves.toJson()) as { sandtableSave: number; options: unknown });
    expect(save).toMatchObject({ sandtableSave: 3, options: { rules: { 'opt-womens-guard': true } } });
    await tab('rules');
    expect(await page.textContent('[data-rule-id="opt-womens-guard"]')).toContain('on in this game');
    // Players read the rule the option cites (K-ORG-1), never the option's own id.
    expect(await page.textContent('[data-rule-id="opt-womens-guard"] code')).toBe('K-ORG-1');
    expect(await page.textContent(byId('rules-panel'))).not.toContain('opt-');
    await tab('log');
    // The game's options are logged once, before every event (index -1), at the bottom of the newest-first log.
    expect(await page.$$eval('[data-testid=game-log] li[data-type=GAME_OPTIONS]', (els) => els.map((e) => e.getAttribute('data-index')))).toEqual(['-1']);
    expect(await page.$eval('[data-testid=game-log] > li:last-child', (e) => e.getAttribute('data-type'))).toBe('GAME_OPTIONS');
    expect(await page.textContent('[data-testid=game-log] li[data-type=GAME_OPTIONS]')).toMatch(/Game options: Optional women's guard osasto.*: on/);
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('the save downloaded keeps the option: loaded into a new game without it, the osasto is back; a reload resumes it', async () => {
    // One command played (the turn begins: K-2.1b), so the game is autosaved and the save has a log.
    await takeOver();
    await page.click('[data-testid=action-bar] [data-action="begin-turn"]');
    await expect.poll(() => page.evaluate(() => window.__sandtable!.play!.game().log.length)).toBe(1);
    await tab('game');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(byId('save-download'))]);
    const file = join(mkdtempSync(join(tmpdir(), 'sandtable-options-')), 'kalevankangas-save.json');
    await download.saveAs(file);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ options: { rules: { 'opt-womens-guard': true } } });

    // Leave, and start again from the Play button with the defaults: no women's guard.
    await page.click(byId('play-toggle'));
    await page.waitForSelector(byId('play-hud'), { state: 'detached' });
    expect(await openStartDialog(page)).toContain('Resume game');
    await startNewGame(page);
    expect(await hasWomen()).toBe(false);

    await tab('game');
    await page.setInputFiles(byId('save-load-input'), file);
    // The confirmation sits outside the dock's tabs (the dock may turn to Orders at once for a loaded
    // game that offers a move): in view now, under the hand-over card, and on any tab afterwards.
    await page.waitForSelector(byId('play-notice'), { state: 'visible' });
    expect(await page.textContent(byId('play-notice'))).toContain('Loaded kalevankangas-save.json');
    expect(await page.evaluate(() => window.__sandtable!.play!.game().log.length)).toBe(1);
    expect(await hasWomen()).toBe(true);
    expect(await page.getAttribute(byId('play-dock'), 'data-tab')).toBe('units');
    expect(await page.isVisible(byId('play-notice'))).toBe(true);
    await page.click(byId('play-notice-close'));
    await page.waitForSelector(byId('play-notice'), { state: 'detached' });

    // The autosave now holds the loaded game: a reload offers it, and Resume brings the osasto back.
    await page.reload();
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
    await page.waitForSelector(byId('start-choice'), { timeout: 60_000 });
    await page.click(byId('resume-game'));
    await page.waitForSelector(byId('play-hud'));
    expect(await hasWomen()).toBe(true);
    expect(w.problems).toEqual([]);
  }, 240_000);

  it('K-ORG-3 without the Swedish squad and the railway embankment the game starts (not refused), and the beats skip the squad', async () => {
    if (await page.$(byId('play-hud'))) {
      await page.click(byId('play-toggle'));
      await page.waitForSelector(byId('play-hud'), { state: 'detached' });
    }
    await openStartDialog(page);
    // With a game saved, a new game's options are folded under the saved game's.
    if (await page.$('.st-play-options-new')) await page.click('.st-play-options-new > summary');
    await startNewGame(page, { 'opt-swedish-squad': false, 'opt-rail-embankment': false });
    // The game's own table (no embankment) is built and drawn.
    await expect.poll(() => page.evaluate(() => window.__sandtable!.battlefield!.scenario.features.some((f) => f.id === 'rail_embankment')), { timeout: 30_000 }).toBe(false);
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 60_000 });
    expect(await page.$(byId('play-refused'))).toBeNull();
    expect((await page.evaluate(() => window.__sandtable!.play!.view.get().units.map((u) => u.id)))).not.toContain('w_swedes');
    await takeOver();
    // Beat 1 names the White squads on the start line: the Swedes are skipped, the others ringed.
    await page.click(byId('presenter-toggle'));
    await page.waitForSelector(byId('presenter-panel'));
    const chips = () => page.$$eval('[data-testid=presenter-units] li', (els) => els.map((e) => e.getAttribute('data-unit')));
    expect(await chips()).toEqual(['w_sq1', 'w_sq2', 'w_sq3', 'w_sq4', 'w_sq5']);
    await page.waitForFunction(() => window.__sandtable!.view!.camera()?.flying === false, null, { timeout: 60_000 });
    expect([...(await page.evaluate(() => window.__sandtable!.view!.presenter())).highlightedUnits].sort()).toEqual(['w_sq1', 'w_sq2', 'w_sq3', 'w_sq4', 'w_sq5']);
    // "White on brown" was about the squad: it keeps its narration and its written camera, with no unit named.
    await page.click(byId('presenter-next'));
    await page.click(byId('presenter-next'));
    await page.waitForFunction(() => window.__sandtable!.view!.camera()?.flying === false, null, { timeout: 60_000 });
    expect(await page.textContent(byId('presenter-title'))).toBe('White on brown');
    expect(await page.textContent(byId('presenter-narration'))).toContain('white snow suits');
    expect(await chips()).toEqual([]);
    const cam = await page.evaluate(() => window.__sandtable!.view!.camera()!);
    expect(cam.view).toBe('beat');
    [165, 1, 56].forEach((v, i) => expect(Math.abs(cam.target[i]! - v)).toBeLessThan(0.05));
    await page.keyboard.press('Escape');
    expect(w.problems).toEqual([]);
  }, 240_000);
});
