// The camera following a unit at the table's edge keeps the table in frame: at Kalevankangas (seed 11)
// the Whites' MG team 2 stands by the east edge under the open Orders panel; at each of the four
// screen sizes the follow brings it into the canvas's clear part and the table still fills at least
// half of the canvas (centring the unit alone showed the void beyond the edge on three quarters of it).
// At 1920×1080 the Orders panel lies over the canvas without resizing it: opened after the unit's
// activation, the camera follows again so the unit stands beside it; a camera the user has moved stays.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, saveShot, stillCamera } from './browser';
import { activeUnitCovered, tableCoverage } from './layout-probe';
import { openPlay, takeOver } from './play-helpers';

const run = hasBrowser || browserRequired;
const SIZES = [[1920, 1080], [1280, 800], [1024, 768], [640, 400]] as const;
/** The least share of the canvas the table must fill (the home view shows it on 45–55%). */
const LEAST_COVER = 0.5;

describe.runIf(run)('the follow camera keeps the table in frame', () => {
  let ctx: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser();
  }, 240_000);

  async function openOrders(): Promise<void> {
    const dock = '[data-testid=play-dock]';
    for (let i = 0; i < 5; i++) {
      if ((await page.getAttribute(dock, 'data-tab')) !== 'orders' || (await page.getAttribute(dock, 'data-open')) !== 'true') await page.click('[data-testid=tab-orders]');
      if (await page.waitForSelector('[data-testid=panel-orders]', { timeout: 5000 }).catch(() => null)) return;
    }
    throw new Error('the Orders panel did not open');
  }

  /** Plays on until the Whites' MG team 2 is active with targets to pick; false if it never comes. */
  function playToMgShooting(): Promise<boolean> {
    return page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 600; k++) {
        const v = p.view.get();
        if (v.activeUnitId === 'w_mg2' && v.targets.some((t) => t.command)) return true;
        const pick = (id: string) => v.actions.find((a) => a.id === id || a.id.startsWith(`${id}:`));
        const mine = v.activeUnitId === 'w_mg2' ? pick('activate:shoot') ?? pick('activate:move-shoot') : undefined;
        const a = pick('begin-turn') ?? pick('draw') ?? mine ?? pick('pass') ?? pick('end-activation') ?? v.actions[0];
        if (!a || !p.control.send(a.command).ok) return false;
      }
      return false;
    });
  }

  async function foldDock(): Promise<void> {
    const dock = '[data-testid=play-dock]';
    if ((await page.getAttribute(dock, 'data-open')) === 'true') await page.click('[data-testid=dock-toggle]');
    await page.waitForSelector(`${dock}[data-open=false]`);
  }

  afterAll(async () => {
    await ctx?.close();
  });

  it('the Orders panel opened over the canvas after the activation: the camera follows again; a camera the user moved stays', async () => {
    // A context of its own: the game this page plays is not the next test's.
    const own = await openBrowser();
    page = (await openPlay(own, '?scenario=kuularuisku/kalevankangas&play=1&seed=11', { width: 1920, height: 1080 })).page;
    await takeOver(page);
    await foldDock();
    expect(await playToMgShooting(), 'MG team 2 never came to shoot').toBe(true);
    await takeOver(page);
    await foldDock();
    await page.waitForTimeout(1000);
    expect(await activeUnitCovered(page), 'before the panel opens').toEqual([]);
    await openOrders();
    await page.waitForTimeout(1500);
    const covered = await activeUnitCovered(page);
    if (covered.length > 0) await saveShot(page, 'layout-follow-edge-panel-after.png');
    expect(covered).toEqual([]);
    // The user zooms: folding the panel again leaves his camera where he put it.
    const box = (await page.$('.st-canvas canvas'))!;
    const r = (await box.boundingBox())!;
    await page.mouse.move(r.x + r.width * 0.3, r.y + r.height * 0.5);
    await page.mouse.wheel(0, -200);
    const moved = await stillCamera(page);
    await foldDock();
    // A follow would start at the fold's resize and move the camera by centimetres.
    await page.waitForTimeout(1500);
    const drift = Math.max(...(await stillCamera(page)).map((c, i) => Math.abs(c - moved[i]!)));
    expect(drift).toBeLessThan(0.05);
    await own.close();
  }, 300_000);

  it('a unit at the east edge, picking its target: on screen, uncovered, with the table over half the canvas', async () => {
    // The Orders panel open before the unit's turn comes, as a player picking targets has it: the
    // camera follows at the activation, the panel already there.
    page = (await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=11', { width: 1920, height: 1080 })).page;
    await takeOver(page);
    await openOrders();
    expect(await playToMgShooting(), 'MG team 2 never came to shoot').toBe(true);
    await takeOver(page);
    const problems: string[] = [];
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      // The Orders panel open, as a player picking a target has it (a small window folds it: opened again).
      await openOrders();
      await page.waitForTimeout(1000); // the follow starts a moment after the canvas takes its new size
      const at = `@${width}×${height}`;
      const had = problems.length;
      problems.push(...(await activeUnitCovered(page)).map((u) => `${at}: the unit is not in the clear: ${u}`));
      const cover = await tableCoverage(page);
      if (cover < LEAST_COVER) problems.push(`${at}: the table fills ${Math.round(cover * 100)}% of the canvas`);
      if (problems.length > had) await saveShot(page, `layout-follow-edge-${width}x${height}.png`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
