// The table gets the room the HUD leaves it, in Chromium. The home view of every scenario, at
// 1920×1080, 1280×800, 1024×768 and 640×400, frames the table so that it fills most of the canvas's
// uncovered part (the fixed view showed it on 45–55% of the canvas). On a 640×400 screen a Tammerkoski
// game, a unit picking its target with the dock folded, leaves the table half the window, uncovered
// (the banner, the dock's tab column, the tool rail and the floors bars left 40%), with no HUD boxes
// overlapping, no text cut, and the acting unit in the clear (layout-probe.ts says how each is measured).
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, openTable, saveShot, stillCamera } from './browser';
import { activeUnitCovered, measureLayout, tableShareOfUncovered, uncoveredTableShare } from './layout-probe';
import { foldDock, openPlay, takeOver } from './play-helpers';

const run = hasBrowser || browserRequired;
const SIZES = [[1920, 1080], [1280, 800], [1024, 768], [640, 400]] as const;
const SCENARIOS = ['sandbox/training-ground', 'sandbox/armour-yard', 'kuularuisku/kalevankangas', 'kuularuisku/tammerkoski'];
/** The least share of the canvas's uncovered part the home view fills with table. */
const HOME_LEAST = 0.6;
/** The least share of a 640×400 window where a Tammerkoski player sees the table, uncovered. */
const SMALL_PLAY_LEAST = 0.5;

describe.runIf(run)('the table gets the room the HUD leaves it', () => {
  let ctx: BrowserContext;

  beforeAll(async () => {
    ctx = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('the home view of every scenario fills the canvas\u2019s uncovered part with the table at the four sizes', async () => {
    const problems: string[] = [];
    for (const id of SCENARIOS) {
      const { page } = await openTable(ctx, `?scenario=${id}`);
      await page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
      for (const [width, height] of SIZES) {
        await page.setViewportSize({ width, height });
        await nextFrame(page);
        await page.waitForTimeout(250); // the home view is framed again once the HUD has laid out
        await stillCamera(page);
        const share = await tableShareOfUncovered(page);
        if (share < HOME_LEAST) {
          problems.push(`${id} @${width}×${height}: the table fills ${Math.round(share * 100)}% of the uncovered canvas`);
          await saveShot(page, `layout-table-room-home-${id.replace(/\W+/g, '-')}-${width}x${height}.png`);
        }
      }
      await page.close();
    }
    expect(problems).toEqual([]);
  }, 600_000);

  it('a Tammerkoski game at 640×400: the table keeps half the window, the HUD whole and apart, the acting unit in the clear', async () => {
    const { page } = await openPlay(ctx, '?scenario=kuularuisku/tammerkoski&play=1&seed=7', { width: 640, height: 400 });
    await takeOver(page);
    const ok = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 400; k++) {
        const v = p.view.get();
        if (v.targets.some((t) => t.command)) return true;
        const pick = (id: string) => v.actions.find((a) => a.id === id || a.id.startsWith(`${id}:`));
        const a = pick('begin-turn') ?? pick('draw') ?? pick('activate:shoot') ?? pick('activate:move-shoot') ?? pick('pass') ?? pick('end-activation') ?? v.actions[0];
        if (!a || !p.control.send(a.command).ok) return false;
      }
      return false;
    });
    expect(ok, 'no activation with targets').toBe(true);
    await takeOver(page);
    await foldDock(page);
    await page.waitForTimeout(400); // the camera follows once the HUD has laid out
    await stillCamera(page);
    const problems = await smallProblems(page);
    const share = await uncoveredTableShare(page);
    if (share < SMALL_PLAY_LEAST) problems.push(`the table shows on ${Math.round(share * 100)}% of the window, uncovered`);
    if (problems.length > 0) await saveShot(page, 'layout-table-room-tammerkoski-640x400.png');
    expect(problems).toEqual([]);
  }, 300_000);
});

/** Overlapping HUD boxes, cut text, boxes off screen and an acting unit out of the clear. */
async function smallProblems(page: Page): Promise<string[]> {
  const r = await measureLayout(page);
  return [
    ...r.overlaps.map((o) => `overlap ${o}`),
    ...r.clipped.map((c) => `clipped ${c}`),
    ...r.outside.map((o) => `off screen ${o}`),
    ...(await activeUnitCovered(page)).map((u) => `the active unit is not in the clear: ${u}`),
  ];
}
