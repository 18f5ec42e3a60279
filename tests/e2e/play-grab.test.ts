// A press a hair off a small figure of the unit that may move still grabs it, in Chromium: on the
// training ground (seed 1) "South of the wall" may move; seen from far off, so the soldier is a few
// pixels wide, a mouse drag that starts just beside him (outside his body, inside the grab handle's
// screen tolerance) moves the unit 4 cm east and leaves the camera where it was; a press well away from him
// turns the camera and moves nobody.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, tablePixel, type Watched } from './browser';
import { act, look, mouseDrag, openPlay, playView } from './play-helpers';
import { GRAB_PX } from '../../src/view/play/GrabHandles';

const run = hasBrowser || browserRequired;

describe.runIf(run)('grabbing a small figure', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=sandbox/training-ground&play=1&seed=1');
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  const ground = (x: number, z: number) => page.evaluate(([a, b]) => window.__sandtable!.battlefield!.standHeight(a, b), [x, z] as const);
  const camera = () => page.evaluate(() => window.__sandtable!.view!.camera()!.position);
  const at = async (id: string) => (await playView(page)).units.flatMap((u) => u.figures).find((f) => f.id === id)!.at;

  it('a drag starting beside the soldier moves him; one far off turns the camera', async () => {
    await act(page, 'begin-turn');
    await act(page, 'draw');
    await act(page, 'activate:move-shoot');
    expect((await playView(page)).move?.unitId).toBe('wall_south');
    expect(await at('wall_south_1')).toEqual([104, 38]);
    const heights = new Map<string, number>();
    for (const [x, z] of [[104, 38], [108, 38]] as const) heights.set(`${x},${z}`, await ground(x, z));
    const h = (x: number, z: number) => heights.get(`${x},${z}`) ?? heights.get('104,38')!;
    // Far off: the soldier is a few pixels wide.
    await look(page, h, 104, 38, 120);
    await page.waitForTimeout(300);
    const y = h(104, 38) + 1.3;
    const axis = await tablePixel(page, 104, y, 38);
    const side = await tablePixel(page, 105, y, 38);
    const body = Math.abs(side.x - axis.x); // a centimetre on screen: wider than his body's half-width with the rifle
    const off = GRAB_PX - 3;
    expect(body + 2, 'the press must miss the figure itself').toBeLessThan(off);

    // A press well away from him (three handles' widths): the camera turns, nobody moves.
    const before = await camera();
    const far = { x: axis.x + 3 * GRAB_PX, y: axis.y };
    await mouseDrag(page, far, { x: far.x + 40, y: far.y });
    await page.waitForTimeout(400);
    expect(await camera()).not.toEqual(before);
    expect(await at('wall_south_1')).toEqual([104, 38]);

    // Back to the far view, then the near miss: he is dragged 4 cm east, the camera stays.
    await look(page, h, 104, 38, 120);
    await page.waitForTimeout(300);
    const a = await tablePixel(page, 104, y, 38);
    const b = await tablePixel(page, 108, h(108, 38) + 1.3, 38);
    const still = await camera();
    const logBefore = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
    await mouseDrag(page, { x: a.x + off, y: a.y }, { x: b.x + off, y: b.y });
    await page.waitForFunction((n) => window.__sandtable!.play!.log.get().length > n, logBefore, { timeout: 10_000 });
    await nextFrame(page);
    await saveShot(page, 'play-grab-near-miss.png');
    const moved = await at('wall_south_1');
    expect(moved[0]).toBeGreaterThan(106);
    expect(Math.abs(moved[1] - 38)).toBeLessThan(1);
    expect(await camera()).toEqual(still);
    expect(w.problems).toEqual([]);
  }, 300_000);
});
