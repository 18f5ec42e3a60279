// Moving by touch and by pen in a real Chromium, as the mouse drag of play-table.test.ts does: the
// training ground with ?play=1&seed=1 ("South of the wall" moves first), its soldier dragged with a
// one-finger touch (CDP Input.dispatchTouchEvent: pointerType "touch") and with a pen (CDP
// Input.dispatchMouseEvent with pointerType "pen") lands where the drag ended and the camera stays
// put meanwhile; a touch the browser cancels drops the drag; one finger on open ground orbits the
// camera and two fingers pan it, and neither moves a figure; the sight tool and the tape pick a
// figure and a ground point by touch taps and by pen taps, from where the game put the figure.
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { PlayView } from '../../src/game';
import { loadTrainingGround } from '../battlefield/fixture';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, type Watched } from './browser';
import { act, look, openPlay, pixel, playView } from './play-helpers';

const run = hasBrowser || browserRequired;
const START: [number, number] = [104, 38];

type Px = { x: number; y: number };

describe.runIf(run)('play by touch and pen in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;
  let cdp: CDPSession;

  const figureAt = async (id = 'wall_south_1'): Promise<[number, number]> => (await playView(page)).units.flatMap((u) => u.figures).find((f) => f.id === id)!.at;
  const camera = () => page.evaluate(() => window.__sandtable!.view!.camera()!);
  const base = (x: number, z: number) => pixel(page, x, bf.standHeight(x, z), z, 'play-touch-failed-pixel.png');
  const steps = (a: Px, b: Px, n = 6) => Array.from({ length: n }, (_, i) => ({ x: a.x + ((b.x - a.x) * (i + 1)) / n, y: a.y + ((b.y - a.y) * (i + 1)) / n }));

  /** One finger from a to b (CDP touch events; Chromium makes "touch" pointer events of them). */
  async function touchDrag(a: Px, b: Px, end: 'touchEnd' | 'touchCancel' = 'touchEnd', beforeEnd?: () => Promise<void>): Promise<void> {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y, id: 1 }] });
    for (const p of steps(a, b)) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: p.x, y: p.y, id: 1 }] });
    await nextFrame(page);
    if (beforeEnd) await beforeEnd();
    await cdp.send('Input.dispatchTouchEvent', { type: end, touchPoints: [] });
    await nextFrame(page);
  }

  /** Two fingers side by side, both moved by (dx, dy). */
  async function twoFingerPan(c: Px, dx: number, dy: number): Promise<void> {
    const fingers = (ox: number, oy: number) => [{ x: c.x - 40 + ox, y: c.y + oy, id: 1 }, { x: c.x + 40 + ox, y: c.y + oy, id: 2 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(0, 0) });
    for (let i = 1; i <= 6; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers((dx * i) / 6, (dy * i) / 6) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await nextFrame(page);
  }

  /** A one-finger tap. */
  async function touchTap(a: Px): Promise<void> {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y, id: 1 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await nextFrame(page);
  }

  /** A pen tap (press and release in place). */
  async function penTap(a: Px): Promise<void> {
    const pen = { pointerType: 'pen' as const, force: 0.5 };
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: a.x, y: a.y, ...pen });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: a.x, y: a.y, button: 'left', buttons: 1, clickCount: 1, ...pen });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: a.x, y: a.y, button: 'left', buttons: 0, clickCount: 1, ...pen });
    await nextFrame(page);
  }

  /** A pen stroke from a to b (CDP mouse events with pointerType "pen": trusted pen pointer events). */
  async function penDrag(a: Px, b: Px): Promise<void> {
    const pen = { pointerType: 'pen' as const, force: 0.5 };
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: a.x, y: a.y, ...pen });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x: a.x, y: a.y, button: 'left', buttons: 1, clickCount: 1, ...pen });
    for (const p of steps(a, b)) await cdp.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x: p.x, y: p.y, button: 'left', buttons: 1, ...pen });
    await nextFrame(page);
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x: b.x, y: b.y, button: 'left', buttons: 0, clickCount: 1, ...pen });
    await nextFrame(page);
  }

  /** The pointer types the page saw on its canvas (recorded from here on). */
  const seenPointerTypes = () => page.evaluate(() => (window as unknown as { __pointerTypes: string[] }).__pointerTypes.splice(0));

  /** Take back the last move (it rolled no dice): the soldier is back at the start and may move again. */
  async function undoMove(): Promise<void> {
    await page.click('[data-testid=undo]');
    await expect.poll(figureAt).toEqual(START);
    expect((await playView(page)).move?.unitId).toBe('wall_south');
  }

  const expectSameCamera = async (before: Awaited<ReturnType<typeof camera>>) => {
    const after = await camera();
    for (let i = 0; i < 3; i++) {
      expect(after.position[i]).toBeCloseTo(before.position[i]!, 3);
      expect(after.target[i]).toBeCloseTo(before.target[i]!, 3);
    }
  };

  beforeAll(async () => {
    bf = await loadTrainingGround();
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=sandbox/training-ground&play=1&seed=1');
    page = w.page;
    cdp = await ctx.newCDPSession(page);
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __pointerTypes: string[] }).__pointerTypes = seen;
      document.querySelector('.st-canvas canvas')!.addEventListener('pointerdown', (e) => seen.push((e as PointerEvent).pointerType), true);
    });
    await act(page, 'begin-turn');
    await act(page, 'draw');
    await act(page, 'activate:move-shoot');
    const v: PlayView = await playView(page);
    expect(v.move?.unitId).toBe('wall_south');
    expect(await figureAt()).toEqual(START);
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('a one-finger touch drag moves the unit by the dragged offset, and the camera stays put', async () => {
    await look(page, (x, z) => bf.groundHeight(x, z), 101, 38, 40);
    const cam = await camera();
    await touchDrag(await base(...START), await base(98, 38), 'touchEnd', async () => {
      // While the finger is down the ghost's distance reads the drag (6 cm).
      await expect.poll(async () => page.locator('[data-testid=play-drag-distance]').textContent()).toMatch(/^[56]\.\d cm$/);
    });
    expect(await seenPointerTypes()).toEqual(['touch']);
    await expect.poll(figureAt).not.toEqual(START);
    const end = await figureAt();
    expect(Math.abs(end[0] - 98)).toBeLessThan(0.3);
    expect(Math.abs(end[1] - 38)).toBeLessThan(0.3);
    expect((await playView(page)).move).toBeUndefined();
    await expectSameCamera(cam);
    await saveShot(page, 'play-touch-moved.png');
    await undoMove();
  }, 120_000);

  it('a touch the browser cancels (touchcancel → pointercancel) drops the drag: nothing moves', async () => {
    const before = (await playView(page)).prompt.detail;
    // The drag is under way (its distance label shows) when the browser cancels the touch.
    await touchDrag(await base(...START), await base(99, 38), 'touchCancel', async () => {
      await expect.poll(async () => page.locator('[data-testid=play-drag-distance]').textContent()).toMatch(/^[45]\.\d cm$/);
    });
    expect(await seenPointerTypes()).toEqual(['touch']);
    expect(await figureAt()).toEqual(START);
    expect((await playView(page)).prompt.detail).toBe(before);
    expect(await page.locator('[data-testid=play-drag-distance]').count()).toBe(0);
  }, 60_000);

  it('a pen stroke moves the unit like the mouse, and the camera stays put', async () => {
    await look(page, (x, z) => bf.groundHeight(x, z), 101, 38, 40);
    const cam = await camera();
    await penDrag(await base(...START), await base(99, 37));
    expect(await seenPointerTypes()).toEqual(['pen']);
    await expect.poll(figureAt).not.toEqual(START);
    const end = await figureAt();
    expect(Math.abs(end[0] - 99)).toBeLessThan(0.3);
    expect(Math.abs(end[1] - 37)).toBeLessThan(0.3);
    await expectSameCamera(cam);
    await undoMove();
  }, 60_000);

  it('off the figures, one finger orbits the camera and two fingers pan it; no figure moves', async () => {
    await look(page, (x, z) => bf.groundHeight(x, z), 101, 38, 40);
    // Open ground west of the soldier, away from every figure.
    const a = await base(96, 36);
    const before = await camera();
    const detail = (await playView(page)).prompt.detail;
    await touchDrag(a, { x: a.x + 120, y: a.y + 10 });
    expect(await seenPointerTypes()).toEqual(['touch']);
    await expect.poll(async () => (await camera()).position[0]).not.toBeCloseTo(before.position[0], 1);
    const orbited = await camera();
    // An orbit turns about the target: the target stays, the distance to it too.
    for (let i = 0; i < 3; i++) expect(orbited.target[i]).toBeCloseTo(before.target[i]!, 1);
    const dist = (c: typeof before) => Math.hypot(c.position[0] - c.target[0], c.position[1] - c.target[1], c.position[2] - c.target[2]);
    expect(dist(orbited)).toBeCloseTo(dist(before), 0);
    expect(await figureAt()).toEqual(START);
    expect((await playView(page)).prompt.detail).toBe(detail);
    await saveShot(page, 'play-touch-orbited.png');

    // Two fingers moved together pan: the target moves.
    await look(page, (x, z) => bf.groundHeight(x, z), 101, 38, 40);
    const flat = await camera();
    const c = await base(96, 36);
    await twoFingerPan(c, 0, 90);
    expect((await seenPointerTypes()).every((t) => t === 'touch')).toBe(true);
    await expect.poll(async () => {
      const now = await camera();
      return Math.hypot(now.target[0] - flat.target[0], now.target[2] - flat.target[2]);
    }).toBeGreaterThan(1);
    expect(await figureAt()).toEqual(START);
    expect((await playView(page)).move?.unitId).toBe('wall_south');
    expect(w.problems).toEqual([]);
  }, 120_000);

  it('the sight tool and the tape take touch taps and pen taps: the soldier where the game put him, then a ground point', async () => {
    await look(page, (x, z) => bf.groundHeight(x, z), 106, 38, 40);
    const soldier = await pixel(page, START[0], bf.standHeight(...START) + 1.1, START[1]);
    // Open ground east of the soldier, clear of the farmhouse (south-west) and the stone wall (north).
    const spot: [number, number] = [109, 38];
    const spotPx = await base(...spot);

    // Sight by touch: the observer is the soldier, the target the ground point; no move is made.
    await page.click('[data-testid=tool-los]');
    await touchTap(soldier);
    await touchTap(spotPx);
    expect(await seenPointerTypes()).toEqual(['touch', 'touch']);
    await expect.poll(() => page.evaluate(() => window.__sandtable!.tools!.los?.target.at ?? null)).not.toBeNull();
    let los = (await page.evaluate(() => window.__sandtable!.tools!.los))!;
    expect(los.observer.figureId).toBe('wall_south_1');
    expect(los.observer.at).toEqual(START);
    expect(Math.hypot(los.target.at[0] - spot[0], los.target.at[1] - spot[1])).toBeLessThan(0.3);
    expect(await figureAt()).toEqual(START);
    expect((await playView(page)).move?.unitId).toBe('wall_south');

    // The same by pen, to another point.
    const spot2: [number, number] = [108, 39.5];
    await page.click('[data-testid=tool-select]');
    await page.click('[data-testid=tool-los]');
    await penTap(soldier);
    await penTap(await base(...spot2));
    expect(await seenPointerTypes()).toEqual(['pen', 'pen']);
    await expect.poll(async () => {
      const r = await page.evaluate(() => window.__sandtable!.tools!.los);
      return r ? Math.hypot(r.target.at[0] - spot2[0], r.target.at[1] - spot2[1]) : Infinity;
    }).toBeLessThan(0.3);
    los = (await page.evaluate(() => window.__sandtable!.tools!.los))!;
    expect(los.observer.figureId).toBe('wall_south_1');
    await saveShot(page, 'play-touch-sight.png');

    // The tape by touch, then by pen: from the soldier to a point 6 cm east (horizontal 6 cm).
    for (const [tap, kind] of [[touchTap, 'touch'], [penTap, 'pen']] as const) {
      await page.click('[data-testid=tool-select]');
      await page.click('[data-testid=tool-measure]');
      await tap(soldier);
      await tap(await base(START[0] + 6, START[1]));
      expect(await seenPointerTypes()).toEqual([kind, kind]);
      await expect.poll(() => page.evaluate(() => window.__sandtable!.tools!.measure?.horizontal ?? null)).not.toBeNull();
      const tape = (await page.evaluate(() => window.__sandtable!.tools!.measure))!;
      expect(tape.a.figureId).toBe('wall_south_1');
      expect(tape.a.at).toEqual(START);
      expect(Math.abs(tape.horizontal - 6)).toBeLessThan(0.3);
    }
    await page.click('[data-testid=tool-select]');
    expect(await figureAt()).toEqual(START);
    expect(w.problems).toEqual([]);
  }, 180_000);
});
