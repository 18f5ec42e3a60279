// The table tools in a real browser, driven by clicks on the canvas (exact pixels from the test
// hook's table → page helper): the LOS tool agrees with the CLI (`los --json`, run in-process) on
// verdict, blocker and distance for the same points; the floor selector and cutaway; eye view from
// the belfry; the tape against the CLI's 3D distance; hover card and selection; the scenario picker.
import { readdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { LosReport } from '../../src/view';
import { loadTrainingGround } from '../battlefield/fixture';
import { browserRequired, clickTable, hasBrowser, nextFrame, openBrowser, openTable, saveShot, tablePixel, type Watched } from './browser';
import { clickFigureAt, cliLos as cliLosOf, type CliLos, focusAt, lastLos as lastLosOf } from './play-helpers';

const run = hasBrowser || browserRequired;
const SCENARIO = 'scenarios/sandbox/training-ground.json';

const cliLos = (from: string, to: string) => cliLosOf(SCENARIO, from, to);

/** The CLI point of an LOS end: x,z plus the floor when there is one (full precision). */
const spec = (e: LosReport['observer']) => `${e.at[0]},${e.at[1]}${e.floor ? `,${e.floor}` : ''}`;

const hook = <T,>(page: Page, f: () => T) => page.evaluate(f);

describe.runIf(run)('table tools in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;

  const focus = (x: number, z: number, y = bf.standHeight(x, z), dist = 34) => focusAt(page, x, z, y, dist);
  const clickFigure = (x: number, z: number, floor?: number) => clickFigureAt(page, bf, x, z, floor);

  /** Click the ground (or the floor surface drawn) at a table point. */
  async function clickGround(x: number, z: number, y = bf.standHeight(x, z)): Promise<void> {
    await focus(x, z, y);
    await clickTable(page, x, y, z);
  }

  async function useTool(tool: 'select' | 'los' | 'measure'): Promise<void> {
    await page.click(`[data-testid=tool-${tool}]`);
    expect(await hook(page, () => window.__sandtable!.tools!.tool)).toBe(tool);
  }

  /** After a finished line a click changes the target: ask for a new observer first. */
  async function newObserver(): Promise<void> {
    await page.click('[data-testid=los-new-observer]');
  }

  const lastLos = () => lastLosOf(page);

  /** The browser's LOS for the picked ends equals the CLI's for the same points. */
  async function expectSameAsCli(r: LosReport): Promise<CliLos> {
    const cli = await cliLos(spec(r.observer), spec(r.target));
    expect(r.result.clear).toBe(cli.clear);
    expect(r.result.blocker?.featureId ?? null).toBe(cli.blocker?.featureId ?? null);
    expect(r.result.blocker?.part ?? null).toBe(cli.blocker?.part ?? null);
    expect(r.result.distance).toBeCloseTo(cli.distance, 2);
    if (cli.blocker) expect(r.result.blocker!.distance).toBeCloseTo(cli.blocker.distance, 2);
    expect(r.from[1]).toBeCloseTo(cli.from[1], 2);
    expect(r.to[1]).toBeCloseTo(cli.to[1], 2);
    return cli;
  }

  /**
   * Camera for a screenshot: from the south-west and above, framing (x, y, z) left of centre so
   * the tool panel (top right) does not cover it.
   */
  async function overview(x: number, z: number, y: number, dist: number): Promise<void> {
    const t = [x + dist * 0.2, y, z - dist * 0.05] as const;
    await page.evaluate(([p, q]) => window.__sandtable!.tools!.setCamera(p, q), [[t[0] - dist * 0.3, y + dist * 0.75, t[2] - dist * 0.6], t] as const);
    await nextFrame(page);
  }

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    bf = await loadTrainingGround();
    w = await openTable(ctx);
    page = w.page;
    expect(await hook(page, () => window.__sandtable?.status)).toBe('ready');
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('LOS tool: clear from the hill top, blocked by the hill from the ground — as the CLI says', async () => {
    await useTool('los');
    // Figure to figure: hill top (40, 60) → target east of the hill (65, 60).
    await clickFigure(40, 60);
    await clickFigure(65, 60);
    let r = await lastLos();
    expect(r.observer.figureId).toBe('hill_top_1');
    expect(r.target.unitId).toBe('tgt_east');
    expect(spec(r.observer)).toBe('40,60');
    expect(spec(r.target)).toBe('65,60');
    const clear = await expectSameAsCli(r);
    expect(clear.clear).toBe(true);
    expect(r.figures.map((f) => f.figureId)).toEqual(['tgt_east_1']);
    expect(r.figures[0]!.fraction).toBeGreaterThan(0);
    await expect.poll(() => page.textContent('[data-testid=los-verdict]')).toContain('CLEAR');
    await overview(52, 60, 4, 70);
    await saveShot(page, 'tools-los-hill-clear.png');

    // Ground observer (15, 60) → the same target: the hill is in the way.
    await newObserver();
    await clickFigure(15, 60);
    await clickFigure(65, 60);
    r = await lastLos();
    expect(spec(r.observer)).toBe('15,60');
    const blocked = await expectSameAsCli(r);
    expect(blocked.clear).toBe(false);
    expect(blocked.blocker?.featureId).toBe('terrain');
    expect(await page.textContent('[data-testid=los-blocker]')).toContain('terrain');
    await overview(34, 60, 3, 100);
    await saveShot(page, 'tools-los-hill-blocked.png');

    // Ground points, not figures: (20, 55) → (60, 55) across the hill's flank.
    await newObserver();
    await clickGround(20, 55);
    await clickGround(60, 55);
    r = await lastLos();
    expect(r.observer.kind).toBe('point');
    expect(r.target.kind).toBe('point');
    expect(Math.hypot(r.observer.at[0] - 20, r.observer.at[1] - 55)).toBeLessThan(0.5);
    expect(Math.hypot(r.target.at[0] - 60, r.target.at[1] - 55)).toBeLessThan(0.5);
    const ground = await expectSameAsCli(r);
    expect(ground.blocker?.featureId).toBe('terrain');
  }, 180_000);

  it('LOS tool: from the farmhouse first floor the wall is no obstacle; from the ground it is', async () => {
    await useTool('los');
    await page.click('[data-testid=cutaway-1]');
    expect(await hook(page, () => window.__sandtable!.tools!.cutaway)).toBe(1);
    // The first-floor figure (100, 33, floor 1) → the figure behind the wall (100, 47).
    await newObserver();
    await clickFigure(100, 33, 1);
    await clickFigure(100, 47);
    let r = await lastLos();
    expect(r.observer.figureId).toBe('house_upper_1');
    expect(spec(r.observer)).toBe('100,33,1');
    expect((await expectSameAsCli(r)).clear).toBe(true);
    await overview(100, 40, 4, 45);
    await saveShot(page, 'tools-los-upper-floor-clear.png');

    // The ground figure south of the wall (104, 38) → the same target: the stone wall blocks.
    await newObserver();
    await clickFigure(104, 38);
    await clickFigure(100, 47);
    r = await lastLos();
    expect(r.observer.figureId).toBe('wall_south_1');
    expect(r.target.unitId).toBe('behind_wall');
    const wall = await expectSameAsCli(r);
    expect(wall.clear).toBe(false);
    expect(wall.blocker?.featureId).toBe('stone_wall');

    // A picked point inside the house: the floor drawn there (floor 1, roof cut away) is the guess and
    // the observer stands at the room's centre, where the house's own north wall hides the target; at
    // the north window it does not. The floor selector moves the observer down and the stone wall blocks.
    await newObserver();
    await clickGround(100, 31, bf.standHeight(100, 31, 1));
    r = await lastLos();
    expect(r.observer.kind).toBe('point');
    expect(r.observer.building).toBe('house_two_storey');
    expect(r.observer.floor).toBe(1);
    expect(r.observer.at).toEqual([100, 30]);
    expect((await expectSameAsCli(r)).blocker?.featureId).toBe('house_two_storey');
    await page.selectOption('[data-testid=spot-observer]', 'house_win_n1');
    r = await lastLos();
    expect(r.observer.at).toEqual([100, 33.9]);
    expect((await expectSameAsCli(r)).clear).toBe(true);
    await page.click('[data-testid=floor-observer-0]');
    r = await lastLos();
    expect(r.observer.floor).toBe(0);
    const low = await expectSameAsCli(r);
    expect(low.clear).toBe(false);
    expect(low.blocker?.featureId).toBe('stone_wall');
    await expect.poll(() => page.textContent('[data-testid=los-verdict]')).toContain('BLOCKED');
    await page.click('[data-testid=floor-observer-1]');
    await page.selectOption('[data-testid=spot-observer]', 'house_win_n1');
    expect((await lastLos()).result.clear).toBe(true);
    await page.click('[data-testid=cutaway-off]');
  }, 180_000);

  it('floor cutaway hides the house roof, then its upper floor', async () => {
    await useTool('select');
    const top = async () => {
      await page.evaluate(() => window.__sandtable!.tools!.setCamera([100, 60, 29.9], [100, 0, 30]));
      await nextFrame(page);
      const p = await tablePixel(page, 101, 4, 31);
      return page.evaluate(([x, y]) => window.__sandtable!.tools!.probe(x, y), [p.x, p.y] as const);
    };
    await page.click('[data-testid=cutaway-off]');
    let hit = await top();
    expect(hit?.object).toBe('solids:roof');
    await overview(100, 30, 4, 40);
    await saveShot(page, 'tools-cutaway-roofs.png');

    await page.click('[data-testid=cutaway-1]');
    hit = await top();
    expect(hit?.object).toBe('solids:floor');
    expect(hit!.point[1]).toBeCloseTo(bf.standHeight(100, 30, 1), 1);

    await page.click('[data-testid=cutaway-0]');
    expect(await hook(page, () => window.__sandtable!.tools!.cutaway)).toBe(0);
    hit = await top();
    // Down to the ground floor (its foundation is flush with the ground).
    expect(['solids:foundation', 'terrain']).toContain(hit?.object);
    expect(hit!.point[1]).toBeCloseTo(bf.standHeight(100, 30, 0), 1);
    await overview(100, 30, 4, 40);
    await saveShot(page, 'tools-cutaway-ground.png');
    await page.click('[data-testid=cutaway-off]');
  }, 120_000);

  it('eye view from the belfry figure puts the camera at its eye; Escape returns', async () => {
    await useTool('select');
    await page.click('[data-testid=cutaway-4]'); // roofs off, so the belfry figure can be clicked
    await clickFigure(140, 90, 4);
    expect(await hook(page, () => window.__sandtable!.tools!.selected)).toBe('tower_top_1');
    const before = await hook(page, () => window.__sandtable!.tools!.camera);
    expect(before?.mode).toBe('orbit');
    await page.click('[data-testid=selection-eye]');
    await nextFrame(page);
    const eye = bf.eyePoint({ id: 'tower_top_1', at: [140, 90], floor: 4 });
    const cam = await hook(page, () => window.__sandtable!.tools!.camera);
    expect(cam?.mode).toBe('eye');
    for (let i = 0; i < 3; i++) expect(cam!.position[i]).toBeCloseTo(eye[i]!, 3);
    // Facing 270 (west): looking along −x, over the wood.
    expect(cam!.direction[0]).toBeLessThan(-0.9);
    await expect.poll(() => page.isVisible('[data-testid=eye-bar]')).toBe(true);
    await saveShot(page, 'tools-eye-belfry.png');

    await page.keyboard.press('Escape');
    await nextFrame(page);
    const after = await hook(page, () => window.__sandtable!.tools!.camera);
    expect(after?.mode).toBe('orbit');
    for (let i = 0; i < 3; i++) expect(after!.position[i]).toBeCloseTo(before!.position[i]!, 3);

    // From the LOS observer toward its target: the belfry sees the figure beyond the wood.
    await useTool('los');
    await newObserver();
    await clickFigure(140, 90, 4);
    await clickFigure(62, 90);
    const r = await lastLos();
    expect((await expectSameAsCli(r)).clear).toBe(true);
    await page.click('[data-testid=los-eye]');
    await nextFrame(page);
    const look = await hook(page, () => window.__sandtable!.tools!.camera);
    expect(look?.mode).toBe('eye');
    const d = [r.to[0] - r.from[0], r.to[1] - r.from[1], r.to[2] - r.from[2]];
    const n = Math.hypot(d[0]!, d[1]!, d[2]!);
    for (let i = 0; i < 3; i++) expect(look!.direction[i]).toBeCloseTo(d[i]! / n, 3);
    await saveShot(page, 'tools-eye-belfry-to-target.png');
    await page.click('[data-testid=eye-exit]');
    expect((await hook(page, () => window.__sandtable!.tools!.camera))?.mode).toBe('orbit');
    await page.click('[data-testid=cutaway-off]');
  }, 180_000);

  it('measure tool: the tape is the 3D distance the CLI reports, in cm and inches', async () => {
    await useTool('measure');
    // Figure to figure (bases): hill top → target east of the hill.
    await clickFigure(40, 60);
    await clickFigure(65, 60);
    let m = await hook(page, () => window.__sandtable!.tools!.measure);
    expect(m).not.toBeNull();
    let cli = await cliLos('40,60', '65,60');
    expect(m!.distance).toBeCloseTo(cli.distance, 2);
    const text = await page.textContent('[data-testid=measure-distance]');
    expect(text).toContain(`${m!.distance.toFixed(1)} cm`);
    expect(text).toContain(`${(m!.distance / 2.54).toFixed(1)}″`);
    // Range rings around the first figure, edited in the panel.
    expect(await hook(page, () => window.__sandtable!.tools!.selected)).toBe('hill_top_1');
    await page.fill('[data-testid=rings-radii]', '10, 20, 40');
    await page.press('[data-testid=rings-radii]', 'Enter');
    expect((await hook(page, () => window.__sandtable!.tools!.rings)).radii).toEqual([10, 20, 40]);
    await overview(50, 60, 4, 90);
    await saveShot(page, 'tools-measure-figures.png');

    // Ground to ground, up the hill: the same points' distance from the CLI and from Node.
    await clickGround(28, 52);
    await clickGround(44, 66);
    m = await hook(page, () => window.__sandtable!.tools!.measure);
    const a = m!.a.at;
    const b = m!.b.at;
    cli = await cliLos(`${a[0]},${a[1]}`, `${b[0]},${b[1]}`);
    expect(m!.distance).toBeCloseTo(cli.distance, 2);
    const node = Math.hypot(b[0] - a[0], bf.standHeight(b[0], b[1]) - bf.standHeight(a[0], a[1]), b[1] - a[1]);
    expect(m!.distance).toBeCloseTo(node, 3);
    expect(m!.rise).toBeGreaterThan(1);
    await overview(36, 59, 4, 50);
    await saveShot(page, 'tools-measure-hill.png');
  }, 180_000);

  it('hover shows the figure card; a click selects the figure and highlights it', async () => {
    await useTool('select');
    await focus(100, 47);
    const p = await tablePixel(page, 100, bf.standHeight(100, 47) + 1.1, 47);
    await page.mouse.move(p.x - 30, p.y - 30);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await expect.poll(() => hook(page, () => window.__sandtable!.tools!.hovered)).toBe('behind_wall_1');
    await expect.poll(() => page.isVisible('[data-testid=figure-tooltip]')).toBe(true);
    await saveShot(page, 'tools-hover-card.png');
    const card = await page.textContent('[data-testid=figure-tooltip]');
    expect(card).toContain('Behind the wall');
    expect(card).toContain('rifleman');
    // Players read names, never ids.
    expect(card).not.toContain('behind_wall_1');
    await page.mouse.click(p.x, p.y);
    expect(await hook(page, () => window.__sandtable!.tools!.selected)).toBe('behind_wall_1');
    expect(await page.textContent('[data-testid=selection-panel]')).toContain('Behind the wall');
    // The selected figure is the viewshed's observer too.
    expect(await hook(page, () => window.__sandtable!.view!.viewshed().observer)).toMatchObject({ x: 100, z: 47, label: 'Behind the wall' });
    await saveShot(page, 'tools-hover-select.png');
    await page.keyboard.press('Escape');
    expect(await hook(page, () => window.__sandtable!.tools!.selected)).toBeNull();
  }, 120_000);

  it('the scenario picker lists every scenario file and switching sets ?scenario=', async () => {
    const files = readdirSync('scenarios', { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => readdirSync(`scenarios/${d.name}`).filter((f) => f.endsWith('.json')).map((f) => `${d.name}/${f.replace(/\.json$/, '')}`))
      .sort();
    await page.click('[data-testid=scenario-picker-toggle]');
    await page.waitForSelector('[data-testid=scenario-list] [data-scenario]');
    const listed = await page.$$eval('[data-testid=scenario-list] [data-scenario]', (els) => els.map((e) => e.getAttribute('data-scenario')));
    expect(listed).toEqual(files);
    const entry = await page.textContent('[data-scenario="sandbox/training-ground"]');
    expect(entry).toContain('Training Ground');
    expect(entry).toContain('Sandbox');
    await saveShot(page, 'tools-scenario-picker.png');
    await page.keyboard.press('Escape');

    // From a page whose scenario does not exist, the picker switches to a real one in place.
    const lost = await openTable(ctx, '?scenario=sandbox/no-such-table');
    expect(await hook(lost.page, () => window.__sandtable?.status)).toBe('missing');
    await lost.page.click('[data-scenario="sandbox/training-ground"]');
    await lost.page.waitForFunction(() => window.__sandtable?.ready === true, null, { timeout: 120_000 });
    expect(new URL(lost.page.url()).searchParams.get('scenario')).toBe('sandbox/training-ground');
    expect(await hook(lost.page, () => window.__sandtable?.scenarioId)).toBe('sandbox/training-ground');
    await lost.page.goBack();
    await lost.page.waitForFunction(() => window.__sandtable?.status === 'missing', null, { timeout: 60_000 });
    expect(lost.problems).toEqual([]);
    await lost.page.close();
  }, 180_000);

  it('nothing went wrong on the page: no console errors, no requests off the origin', () => {
    expect(w.problems).toEqual([]);
  });
});
