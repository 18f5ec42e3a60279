// The HUD gives the table room, at 1920×1080, 1280×800, 1024×768 and 640×400 in Chromium: for the
// scenario picker (listing every ruleset's scenarios), every scenario's table, and the main play states of a Kalevankangas game (the start
// dialog, a card offered with many choices, a unit's activation with its targets listed, the dice of a
// shot, the log), no two
// HUD boxes overlap, no text is cut off without an ellipsis, nothing lies off screen, the middle of
// the table stays the table's, and in play the camera has brought the active unit's figures into the
// part of the canvas no HUD box covers (layout-probe.ts says how each is measured). One browser and one page;
// each state is set up once and measured at every size.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUrl, browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, watchedPage, type Watched } from './browser';
import { activeUnitCovered, measureLayout, unfadedScrolls } from './layout-probe';

const run = hasBrowser || browserRequired;
const SIZES = [[1920, 1080], [1280, 800], [1024, 768], [640, 400]] as const;
const SCENARIOS = ['sandbox/training-ground', 'sandbox/armour-yard', 'kuularuisku/kalevankangas', 'kuularuisku/tammerkoski', 'cobi/skirmish'];
const PLAYED = ['kuularuisku/kalevankangas'];

describe.runIf(run)('the HUD leaves the table room at four screen sizes', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser();
    w = await watchedPage(ctx, new URL(appUrl()).origin);
    page = w.page;
    // Loading a scenario warns of nothing either (a deprecation notice is a warning).
    page.on('console', (m) => { if (m.type() === 'warning') w.problems.push(`console.warning: ${m.text()}`); });
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  async function open(search: string): Promise<void> {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(new URL(search, appUrl()).href);
    await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
  }

  /**
   * Measure the page at every size and return what is wrong, each prefixed with the state and size.
   * `middle`: whether the table's middle must be free (not while a centre card asks a question);
   * `unit`: whether the active unit's figures must stand on screen, uncovered (the camera brings it).
   */
  async function check(state: string, opts: { middle?: boolean; unit?: boolean; before?: () => Promise<void>; extra?: () => Promise<string[]> } = {}): Promise<string[]> {
    const out: string[] = [];
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await opts.before?.();
      // The app answers the new size (a small window folds the dock) and lays the HUD out again.
      await nextFrame(page);
      await nextFrame(page);
      const r = await measureLayout(page);
      const at = `${state} @${width}×${height}`;
      const had = out.length;
      out.push(...r.overlaps.map((o) => `${at}: overlap ${o}`), ...r.clipped.map((c) => `${at}: clipped ${c}`), ...r.outside.map((o) => `${at}: off screen ${o}`));
      if (opts.middle !== false && (!r.centre || r.free < 0.95)) out.push(`${at}: the table's middle is ${Math.round(r.free * 100)}% free${r.centre ? '' : ', its centre covered'} (by ${r.covering.join(', ')})`);
      if (opts.unit) out.push(...(await activeUnitCovered(page)).map((u) => `${at}: the active unit is not in the clear: ${u}`));
      if (opts.extra) out.push(...(await opts.extra()).map((e) => `${at}: ${e}`));
      if (out.length > had) await saveShot(page, `layout-${state.replace(/\W+/g, '-')}-${width}x${height}.png`);
    }
    return out;
  }

  /** Send the play view's actions from inside the page until `done` holds (drawing cards, passing). */
  async function playUntil(goal: 'many-actions' | 'targets'): Promise<void> {
    const ok = await page.evaluate((g) => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 400; k++) {
        const v = p.view.get();
        if (g === 'many-actions' && v.actions.length >= 8) return true;
        if (g === 'targets' && v.targets.some((t) => t.command)) return true;
        const pick = (id: string) => v.actions.find((a) => a.id === id || a.id.startsWith(`${id}:`));
        const a = pick('begin-turn') ?? pick('draw') ?? (g === 'targets' ? pick('activate:shoot') ?? pick('activate:move-shoot') : undefined) ?? pick('pass') ?? pick('end-activation') ?? v.actions[0];
        if (!a || !p.control.send(a.command).ok) return false;
      }
      return false;
    }, goal);
    expect(ok, `no play state with ${goal}`).toBe(true);
    await takeOver();
  }

  /** The card's side dot and name on one line (an inline box that wraps has two client rects; a hidden one, on a small screen, none). */
  async function cardSideWhole(): Promise<string[]> {
    const rects = await page.evaluate(() => document.querySelector('[data-testid=play-card-side]')?.getClientRects().length ?? 0);
    return rects <= 1 ? [] : [`the card's side dot and name split over ${rects} lines`];
  }

  /** A scrolling action row that hides choices says so: an arrow over a fade at the edge that has more. */
  async function barSaysMore(): Promise<string[]> {
    const r = await page.evaluate(() => {
      const l = document.querySelector<HTMLElement>('[data-testid=action-list]');
      const f = document.querySelector<HTMLElement>('[data-testid=action-frame]');
      if (!l || !f) return null;
      const arrow = (at: '::before' | '::after') => getComputedStyle(f, at).content;
      return { over: l.scrollWidth - l.clientWidth > 1, at: l.scrollLeft, more: f.dataset.more ?? '', start: arrow('::before'), end: arrow('::after') };
    });
    if (!r || !r.over) return [];
    const shown = r.at > 1 ? r.start : r.end;
    return shown !== 'none' && shown !== 'normal' && r.more ? [] : [`the action row hides choices with no arrow at that edge (data-more "${r.more}", ${r.start} / ${r.end})`];
  }

  async function takeOver(): Promise<void> {
    if (await page.$('[data-testid=handover]')) {
      await page.click('[data-testid=handover-ok]');
      await page.waitForSelector('[data-testid=handover]', { state: 'detached' });
    }
  }

  // A new window size may fold the dock a frame or two after it was read as open (the app answers the
  // window's resize event): ask again until the panel shows and is still open after two drawn frames.
  async function openTab(name: string): Promise<void> {
    const dock = '[data-testid=play-dock]';
    const isOpen = async () => (await page.getAttribute(dock, 'data-tab')) === name && (await page.getAttribute(dock, 'data-open')) === 'true';
    for (let i = 0; ; i++) {
      if (!(await isOpen())) await page.click(`[data-testid=tab-${name}]`);
      try {
        await page.waitForSelector(`[data-testid=panel-${name}]`, { timeout: i < 4 ? 5000 : 60_000 });
      } catch (e) {
        if (i >= 4) throw e;
        continue;
      }
      await nextFrame(page);
      await nextFrame(page);
      if (await isOpen()) return;
      if (i >= 4) throw new Error(`the ${name} panel folds again after opening`);
    }
  }

  it('the scenario picker and every scenario\u2019s table', async () => {
    const problems: string[] = [];
    for (const id of SCENARIOS) {
      await open(`?scenario=${id}`);
      problems.push(...(await check(id)));
    }
    // The picker's list, open over the table (it closes on a click away, so it is opened at each size).
    await page.click('[data-testid=scenario-picker-toggle]');
    await page.waitForSelector('[data-testid=scenario-list] [data-scenario]');
    // Every ruleset's scenarios are offered (COBI's skirmish among them).
    expect(await page.$$eval('[data-testid=scenario-list] [data-scenario]', (bs) => bs.map((b) => b.getAttribute('data-scenario')))).toEqual(expect.arrayContaining(SCENARIOS));
    problems.push(...(await check('picker', {
      middle: false,
      before: async () => {
        if (!(await page.$('[data-testid=scenario-list]'))) await page.click('[data-testid=scenario-picker-toggle]');
      },
    })));
    expect(problems).toEqual([]);
    expect(w.problems).toEqual([]);
  }, 600_000);

  for (const id of PLAYED) {
    it(`the play states of ${id}`, async () => {
      const problems: string[] = [];
      await open(`?scenario=${id}&seed=7`);
      await page.evaluate(() => localStorage.clear());
      await page.click('[data-testid=play-toggle]');
      await page.waitForSelector('[data-testid=start-choice]', { timeout: 60_000 });
      problems.push(...(await check('start dialog', { middle: false })));
      await page.click('[data-testid=new-game]');
      await page.waitForSelector('[data-testid=play-hud]');

      await playUntil('many-actions');
      problems.push(...(await check('a card with many choices', { unit: true, extra: cardSideWhole })));

      await playUntil('targets');
      await openTab('orders');
      // A window made small folds the dock: the panel is opened again at each size, as a player would.
      problems.push(...(await check('an activation with its target list', { unit: true, before: () => openTab('orders'), extra: async () => [...(await cardSideWhole()), ...(await barSaysMore()), ...(await unfadedScrolls(page, '.st-play'))] })));

      // A shot: the dice tray fills.
      await page.evaluate(() => {
        const p = window.__sandtable!.play!;
        const t = p.view.get().targets.find((x) => x.command)!;
        p.control.send(t.command!);
        // An owner's decision after the shot: the book's default.
        for (let k = 0; k < 10 && p.view.get().decision; k++) p.control.send(p.view.get().actions[0]!.command);
      });
      await takeOver();
      await page.waitForSelector('[data-testid=dice-tray]');
      // At every size, a scrolling box in the HUD (the tray, the Orders) that cuts a row fades out at that edge.
      problems.push(...(await check('the dice of a shot', { unit: true, extra: () => unfadedScrolls(page, '.st-play') })));

      await openTab('log');
      problems.push(...(await check('the log', { unit: true, before: () => openTab('log') })));
      expect(problems).toEqual([]);
      expect(w.problems).toEqual([]);
    }, 600_000);
  }

  // COBI: the round plate (three lines of detail) beside the camera bar, a squad's activation with its
  // orders, and the surrender under the Game tab, not among the orders.
  it('the play states of cobi/skirmish', async () => {
    const problems: string[] = [];
    await open('?scenario=cobi/skirmish&seed=3');
    await page.evaluate(() => localStorage.clear());
    await page.click('[data-testid=play-toggle]');
    // A game with no options to choose starts at once.
    await page.waitForSelector('[data-testid=start-choice], [data-testid=play-hud]', { timeout: 60_000 });
    if (await page.$('[data-testid=start-choice]')) await page.click('[data-testid=new-game]');
    await page.waitForSelector('[data-testid=play-hud]');
    const ok = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 40; k++) {
        const v = p.view.get();
        if (v.activeUnitId && v.actions.some((a) => a.command.type === 'MOVE')) return true;
        const a = v.actions.find((x) => x.place !== 'game');
        if (!a || !p.control.send(a.command).ok) return false;
      }
      return false;
    });
    expect(ok, 'no squad activation').toBe(true);
    await takeOver();
    await openTab('orders');
    problems.push(...(await check('a COBI activation with its orders', { unit: true, before: () => openTab('orders') })));
    // The orders hold no surrender; the Game tab offers each side's, asking once more.
    expect(await page.$$eval('[data-testid=panel-orders] [data-choice^="surrender:"]', (b) => b.length)).toBe(0);
    await openTab('game');
    expect(await page.$$eval('[data-testid=standing-choices] [data-choice^="surrender:"]', (b) => b.length)).toBe(2);
    problems.push(...(await check('the COBI game tab', { unit: true, before: () => openTab('game') })));
    await page.click('[data-testid=standing-choices] [data-choice^="surrender:"]');
    await page.waitForSelector('[data-testid=standing-confirm]');
    await page.click('[data-testid=standing-no]');
    expect(await page.evaluate(() => window.__sandtable!.play!.view.get().victory ?? null)).toBeNull();
    expect(problems).toEqual([]);
    expect(w.problems).toEqual([]);
  }, 600_000);
});
