// The referee's sight line in a real browser: the belfry clicked from the default camera and from
// the top view gives the same observer (the belfry's centre) and verdict; standing at a chosen
// window, a typed and a nudged point, all as the CLI answers; a click after a finished line changes
// the target; a whole unit at once, by figure names with each hidden point's first blocker; the
// share link opens the same verdict; the viewshed says why a walled floor sees nothing; eye view
// frames the target, a wall beside the eye ghosted; the panel fits at 1280×800 and 640×400.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { parseScenarioOrThrow } from '../../src/scenario';
import { figureLabel } from '../../src/view/tools/sight';
import { figureIndex } from '../../src/view/tools/tool-model';
import { loadTrainingGround } from '../battlefield/fixture';
import { browserRequired, clickTable, hasBrowser, nextFrame, openBrowser, openTable, saveShot, tablePixel, type Watched } from './browser';
import { clickFigureAt, cliLos as cliLosOf, focusAt, lastLos } from './play-helpers';

const run = hasBrowser || browserRequired;
const SCENARIO = 'scenarios/sandbox/training-ground.json';

const cliLos = (from: string, to: string, file = SCENARIO) => cliLosOf(file, from, to);

/** The observer eye marker's labels drawn in the scene. */
const eyeLabels = (page: Page) =>
  page.evaluate(() => window.__sandtable!.tools!.objectNames('tools:eye-label:').map((n) => n.slice('tools:eye-label:'.length)));

const los = (page: Page) => page.evaluate(() => window.__sandtable!.tools!.los);
const losState = (page: Page) => page.evaluate(() => window.__sandtable!.tools!.losState);

/** The browser's line from a point observer to a point target agrees with the CLI for the exact points the panel states. */
async function expectPanelPointsAsCli(page: Page, file = SCENARIO): Promise<void> {
  const r = await lastLos(page);
  const from = await page.textContent('[data-testid=point-observer]');
  const to = await page.textContent('[data-testid=point-target]');
  const cli = await cliLos(from!, to!, file);
  expect(r.result.clear).toBe(cli.clear);
  expect(r.result.distance).toBeCloseTo(cli.distance, 2);
  expect(r.result.blocker?.featureId ?? null).toBe(cli.blocker?.featureId ?? null);
}

describe.runIf(run)('the referee\'s sight line in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;
  const extra: Watched[] = [];

  const focus = (x: number, z: number, y: number, dist = 34) => focusAt(page, x, z, y, dist);
  const clickFigure = (x: number, z: number, floor?: number) => clickFigureAt(page, bf, x, z, floor);

  /** Click the first of these table points the camera shows (not under a panel). */
  async function clickFirstVisible(points: ReadonlyArray<readonly [number, number, number]>): Promise<readonly [number, number, number]> {
    const seen: string[] = [];
    for (const p of points) {
      const px = await page.evaluate(([a, b, c]) => window.__sandtable!.tools!.toCanvas(a, b, c), p);
      if (px?.inView && px.onCanvas) {
        await page.mouse.click(px.x, px.y);
        return p;
      }
      seen.push(JSON.stringify(px));
    }
    throw new Error(`none of the belfry points is in view: ${seen.join(' ')}`);
  }

  /** Wait until the camera stops moving (a preset view flies there). */
  async function settle(): Promise<void> {
    let last = '';
    for (let i = 0; i < 60; i++) {
      await nextFrame(page);
      const cam = JSON.stringify((await page.evaluate(() => window.__sandtable!.tools!.camera))?.position.map((v) => v.toFixed(2)));
      if (cam === last) return;
      last = cam;
      await page.waitForTimeout(150);
    }
  }

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    bf = await loadTrainingGround();
    w = await openTable(ctx, '?scenario=sandbox/training-ground');
    page = w.page;
    expect(await page.evaluate(() => window.__sandtable?.status)).toBe('ready');
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('the belfry clicked from the default camera and from the top view: the same observer and the same verdict', async () => {
    await page.setViewportSize({ width: 1280, height: 800 }); // the tower clear of the panel in the default view
    await nextFrame(page);
    await page.click('[data-testid=tool-los]');
    await page.click('[data-testid=cutaway-4]'); // the spire off, so the belfry floor shows
    const y4 = bf.standHeight(140, 90, 4);
    // From the default camera: a spot near the belfry's south-west edge, where the first report landed.
    const edge = await clickFirstVisible([[139.3, y4, 88], [139, y4, 87.8], [141, y4, 88], [140, y4 + 1, 87]]);
    let st = await losState(page);
    expect(st.first?.at, `clicked ${edge.join(', ')}`).toEqual([140, 90]);
    expect(st.first?.floor).toBe(4);
    expect(st.first?.spot).toBe('centre');
    await expect.poll(() => eyeLabels(page)).toEqual(['belfry · eye 1.6 cm']);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[128, y4 + 14, 78], [140, y4, 90]] as const);
    await saveShot(page, 'referee-belfry-marker.png'); // the eye marker and its label, for a person to look at
    await clickFigure(65, 60);
    const fromDefault = await lastLos(page);
    expect(fromDefault.target.unitId).toBe('tgt_east');
    const cli = await cliLos('140,90,4', '65,60');
    expect(fromDefault.result.clear).toBe(cli.clear);
    expect(fromDefault.result.distance).toBeCloseTo(cli.distance, 2);
    await saveShot(page, 'referee-belfry-default.png');

    // A new observer, from the top view, clicked elsewhere on the belfry floor: the same spot, the same verdict.
    await page.click('[data-testid=los-new-observer]');
    await page.keyboard.press('t');
    await settle();
    await clickFirstVisible([[140.6, y4, 90.8], [140.4, y4, 89.4], [140, y4, 90]]);
    const fromTop = await lastLos(page);
    expect(fromTop.observer.at).toEqual(fromDefault.observer.at);
    expect(fromTop.observer.floor).toBe(4);
    expect(fromTop.target.unitId).toBe('tgt_east'); // the target stayed
    expect(fromTop.result.clear).toBe(fromDefault.result.clear);
    expect(fromTop.result.distance).toBe(fromDefault.result.distance);
    expect(fromTop.figures).toEqual(fromDefault.figures);
  }, 240_000);

  it('stand at a chosen window, then at a typed and a nudged point: each verdict as the CLI gives it', async () => {
    // Target a ground point west of the tower, then stand at the west arch.
    await page.setViewportSize({ width: 640, height: 400 });
    await page.click('[data-testid=los-new-observer]');
    const y4 = bf.standHeight(140, 90, 4);
    await focus(140, 90, y4);
    await clickTable(page, 141.6, y4, 91.6); // a point on the belfry floor, clear of the lookout figure
    await focus(110, 90, bf.standHeight(110, 90));
    await clickTable(page, 110, bf.standHeight(110, 90), 90);
    expect((await lastLos(page)).target.kind).toBe('point');
    await page.selectOption('[data-testid=spot-observer]', 'tower_bell_w');
    let r = await lastLos(page);
    const west = bf.standingSpots('church_tower', 4).find((s) => s.id === 'tower_bell_w')!;
    expect(r.observer.at).toEqual(west.at);
    expect(r.observer.spot).toBe('tower_bell_w');
    expect(await page.textContent('[data-testid=point-observer]')).toBe(`${Number(west.at[0].toFixed(3))},${west.at[1]},4,@1.598`);
    await expectPanelPointsAsCli(page);
    const centre = await cliLos('140,90,4', (await page.textContent('[data-testid=point-target]'))!);
    expect(r.result.distance).toBeLessThan(centre.distance); // nearer the target, at the arch
    await saveShot(page, 'referee-west-window.png');

    // Typed exactly: x, z, floor, eye height.
    await page.click('[data-testid=edit-observer]');
    await page.fill('[data-testid=exact-observer-x]', '138.2');
    await page.fill('[data-testid=exact-observer-z]', '90.4');
    await page.fill('[data-testid=exact-observer-floor]', '4');
    await page.fill('[data-testid=exact-observer-above]', '1.2');
    await page.click('[data-testid=exact-observer-apply]');
    r = await lastLos(page);
    expect(r.observer.at).toEqual([138.2, 90.4]);
    expect(r.observer.above).toBeCloseTo(1.2, 9);
    expect(await page.textContent('[data-testid=point-observer]')).toBe('138.2,90.4,4,@1.2');
    await expectPanelPointsAsCli(page);
    await expect.poll(() => eyeLabels(page)).toEqual(['belfry · eye 1.2 cm']);

    // Nudged with the keys: half a centimetre east, the eye a millimetre up.
    await page.locator('body').focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+PageUp');
    r = await lastLos(page);
    expect(r.observer.at).toEqual([138.7, 90.4]);
    expect(r.observer.above).toBeCloseTo(1.3, 9);
    await expectPanelPointsAsCli(page);
  }, 240_000);

  it('after a finished line a click changes only the target', async () => {
    const before = await lastLos(page);
    await clickFigure(62, 90);
    const r = await lastLos(page);
    expect(r.observer.at).toEqual(before.observer.at);
    expect(r.target.figureId).toBe('beyond_woods_1');
    expect(await page.textContent('[data-testid=los-hint]')).toContain('change the target');
  }, 120_000);

  it('Copy link: the link opens the same sight line and verdict', async () => {
    const r = await lastLos(page);
    await page.click('[data-testid=los-copy-link]');
    const href = await page.inputValue('[data-testid=los-link]');
    expect(href).toContain('scenario=sandbox/training-ground');
    expect(href).toContain('from=138.7,90.4,4,@1.3');
    expect(href).toContain('to=figure:beyond_woods_1');
    expect(new URL(page.url()).search).toBe(new URL(href).search); // the address bar holds it too
    const other = await openTable(ctx, new URL(href).search);
    extra.push(other);
    await expect.poll(() => los(other.page).then((x) => x?.observer.at ?? null)).toEqual(r.observer.at);
    const opened = (await los(other.page))!;
    expect(opened.observer.floor).toBe(4);
    expect(opened.observer.above).toBeCloseTo(r.observer.above, 9);
    expect(opened.target.figureId).toBe('beyond_woods_1');
    expect(opened.result).toEqual(r.result);
    expect(opened.figures).toEqual(r.figures);
    expect(await other.page.textContent('[data-testid=los-verdict]')).toBe(await page.textContent('[data-testid=los-verdict]'));
    await other.page.close();
  }, 240_000);

  it('the viewshed from a tower floor without openings says why it sees nothing', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur()); // out of the link field
    await page.keyboard.press('v');
    await page.click('[data-testid=viewshed-floors] [data-floor="2"]');
    await expect.poll(() => page.textContent('[data-testid=viewshed-stat]'), { timeout: 60_000 }).toMatch(/^0 % seen/);
    expect(await page.textContent('[data-testid=viewshed-reason]')).toBe('No openings on floor 2 of the Church tower: its walls hide everything.');
    expect(await page.getAttribute('[data-testid=viewshed-floors] [data-floor="2"]', 'title')).toContain('no openings');
    await page.click('[data-testid=viewshed-floors] [data-floor="4"]');
    await expect.poll(() => page.locator('[data-testid=viewshed-reason]').count(), { timeout: 60_000 }).toBe(0);
    await page.keyboard.press('v');
  }, 180_000);

  it('eye view frames the target from the exact eye; by a blind wall the wall beside the eye is a ghost', async () => {
    const r = await lastLos(page);
    await page.click('[data-testid=los-eye]');
    await nextFrame(page);
    let cam = (await page.evaluate(() => window.__sandtable!.tools!.camera))!;
    expect(cam.mode).toBe('eye');
    for (let i = 0; i < 3; i++) expect(cam.position[i]).toBeCloseTo(r.from[i]!, 3);
    const d = r.to.map((v, i) => v - r.from[i]!);
    const len = Math.hypot(...d);
    expect(cam.direction.reduce((sum, v, i) => sum + v * d[i]! / len, 0)).toBeGreaterThan(0.999);
    await saveShot(page, 'referee-eye-view.png');
    await page.click('[data-testid=eye-exit]');

    // Floor 3 has no openings: an eye 0.3 cm from its south wall looks at the target past a ghost of it.
    await page.click('[data-testid=edit-observer]');
    await page.fill('[data-testid=exact-observer-x]', '140');
    await page.fill('[data-testid=exact-observer-z]', '87.9');
    await page.fill('[data-testid=exact-observer-floor]', '3');
    await page.fill('[data-testid=exact-observer-above]', '1.598');
    await page.click('[data-testid=exact-observer-apply]');
    expect((await lastLos(page)).result.blocker?.featureId).toBe('church_tower');
    await page.click('[data-testid=los-eye]');
    await nextFrame(page);
    cam = (await page.evaluate(() => window.__sandtable!.tools!.camera))!;
    expect(cam.mode).toBe('eye');
    expect(await page.evaluate(() => window.__sandtable!.tools!.objectNames('solids:wall-faded'))).toHaveLength(1);
    await saveShot(page, 'referee-eye-view-blind-wall.png');
    await page.click('[data-testid=eye-exit]');
    expect(await page.evaluate(() => window.__sandtable!.tools!.objectNames('solids:wall-faded'))).toHaveLength(0);
  }, 180_000);

  it('a whole unit at once: each figure by name, head / chest / base, the first blocker of each hidden point', async () => {
    const file = 'scenarios/kuularuisku/kalevankangas.json';
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const kb = await createBattlefield(scenario);
    try {
      const k = await openTable(ctx, '?scenario=kuularuisku/kalevankangas');
      extra.push(k);
      const kp = k.page;
      await kp.click('[data-testid=tool-los]');
      const at = (x: number, z: number) => kp.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[x, kb.standHeight(x, z) + 30, z - 6], [x, kb.standHeight(x, z), z]] as const);
      const unitOf = (id: string) => scenario.units!.find((u) => u.id === id)!;
      const gunner = unitOf('r_mg1').figures[0]!;
      await at(...gunner.at);
      await nextFrame(kp);
      const g = await tablePixel(kp, gunner.at[0], kb.standHeight(...gunner.at) + 1.1, gunner.at[1]);
      await kp.mouse.click(g.x, g.y);
      const squad = unitOf('w_sq4'); // 3 figures seen from the Maxim, 6 hidden
      const leader = squad.figures[0]!;
      await at(...leader.at);
      await nextFrame(kp);
      const l = await tablePixel(kp, leader.at[0], kb.standHeight(...leader.at) + 1.1, leader.at[1]);
      await kp.mouse.click(l.x, l.y);
      await expect.poll(() => los(kp).then((x) => x?.figures.length ?? 0)).toBe(squad.figures.length);
      const r = (await los(kp))!;
      expect(r.observer.figureId).toBe(gunner.id);
      const refs = figureIndex(scenario);
      const names = await kp.locator('[data-testid=figure-name]').allTextContents();
      expect(names).toEqual(squad.figures.map((f) => figureLabel(refs.get(f.id)!)));
      for (const n of names) expect(squad.figures.some((f) => n.includes(f.id))).toBe(false);
      for (const f of squad.figures) {
        const v = kb.visibility({ id: gunner.id, at: gunner.at }, { id: f.id, at: f.at });
        const row = r.figures.find((x) => x.figureId === f.id)!;
        expect(row.samples.map((s) => [s.name, s.clear, s.blocker])).toEqual(v.samples.map((s) => [s.name, s.result.clear, s.result.blocker?.featureId ?? null]));
        const blockers = kp.locator(`[data-figure="${f.id}"] [data-testid=figure-blockers]`);
        if (v.visibleCount === v.samples.length) expect(await blockers.count()).toBe(0);
        else {
          const text = await blockers.textContent();
          for (const s of v.samples.filter((x) => !x.result.clear)) expect(text).toContain(s.name);
        }
      }

      // The panel at 1280×800 and 640×400: inside the window, nothing clipped sideways, clear of the rail and the toolbar.
      for (const [width, height] of [[1280, 800], [640, 400]] as const) {
        await kp.setViewportSize({ width, height });
        await nextFrame(kp);
        await saveShot(kp, `referee-unit-panel-${width}x${height}.png`);
        const fit = await kp.evaluate(() => {
          const panel = document.querySelector('[data-testid=los-panel]')!;
          const box = panel.getBoundingClientRect();
          const rail = document.querySelector('.st-rail')?.getBoundingClientRect();
          const bar = document.querySelector('[data-testid=toolbar]')?.getBoundingClientRect();
          const clipped = [...panel.querySelectorAll('*')].filter((el) => el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && el.tagName !== 'SELECT' && el.tagName !== 'INPUT')
            .map((el) => `${el.tagName}.${el.className}`);
          const meets = (o: DOMRect | undefined) => !!o && box.left < o.right && o.left < box.right && box.top < o.bottom && o.top < box.bottom;
          return { box: [box.left, box.top, box.right, box.bottom], inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight, clipped, overlapsRail: meets(rail), overlapsToolbar: meets(bar) };
        });
        expect(fit.inside, `panel ${fit.box.join(', ')} at ${width}×${height}`).toBe(true);
        expect(fit.clipped).toEqual([]);
        expect(fit.overlapsRail).toBe(false);
        expect(fit.overlapsToolbar).toBe(false);
      }
      await kp.close();
    } finally {
      kb.free();
    }
  }, 300_000);

  it('nothing went wrong on the pages: no console errors, no requests off the origin', () => {
    expect(w.problems).toEqual([]);
    for (const x of extra) expect(x.problems).toEqual([]);
  });
});
