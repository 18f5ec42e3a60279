// Buildings and floors in play, in a real Chromium, on the training ground's two-storey farmhouse
// (floors at 0 and 4 cm; walls with a door on the south side only). Checks: a drag of "South of the
// wall" into the farmhouse through its north wall is refused with the rules' reason (K-4.0, "go
// through a door") shown over the unit and in the HUD, and nothing moves; the first-floor soldier
// and the belfry soldier are drawn at their floors' heights; a real drag of "First-floor window"
// stepped down a storey with PageDown (up again with ], down with the wheel) shows its ghost at the
// chosen floor's height and the floor and the rules' tape in the label, ends with the soldier on the
// ground floor drawn there, and the sight tool from him starts at that floor's eye and agrees with
// the CLI's `los` for the same points, and the click on him leaves the camera's controls on; the
// Orders tab's "to floor" buttons follow the keys and the wheel meanwhile, and the reach on the chosen storey is drawn (the offer's cells) with the ghost inside it. With only those buttons and a one-finger touch drag (no keys, no wheel), the same
// soldier, back on the ground floor in his next activation, goes up to floor 1: the pressed button,
// the ghost and the label show floor 1 during the drag, and he ends upstairs, drawn there. At Tammerkoski, the Whites' commander's fast move by a real
// drag through the east door of an east-bank house ends inside it on the ground floor, drawn there;
// the same drag aimed past the door is refused by the wall.
import { readFileSync } from 'node:fs';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlay } from '../../src/app/play';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { loadTrainingGround, trainingGroundScenario } from '../battlefield/fixture';
import { browserRequired, clickTable, hasBrowser, nextFrame, openBrowser, saveShot, type Watched } from './browser';
import { act, captureScenes, cliLos as cliLosOf, drawnAt, drawnFigures, foldDock, loadSaveFile, look, mouseDrag, openPlay, pixel, playView, saveAfterActions, saveFile, tab } from './play-helpers';

const run = hasBrowser || browserRequired;
const SCENARIO = 'scenarios/sandbox/training-ground.json';
const TAMMERKOSKI = 'scenarios/kuularuisku/tammerkoski.json';

/**
 * A game where `unitId` becomes the active unit with `action` offered: the first seed (1–20) that
 * gets there in turn 1 when every other card is passed; the actions pressed, `action` last.
 */
function actionsUntilActive(scenario: Scenario, bf: Battlefield, unitId: string, action: string): { seed: number; actions: string[] } {
  for (let seed = 1; seed <= 20; seed++) {
    const p = createPlay(scenario, bf, { seed, storage: null });
    try {
      const actions: string[] = [];
      for (let i = 0; i < 40; i++) {
        const v = p.view.get();
        const ids = v.actions.map((a) => a.id);
        if (v.activeUnitId === unitId && ids.includes(action)) return { seed, actions: [...actions, action] };
        const next = ['begin-turn', 'draw', 'readiness:pass', 'pass', 'end-activation'].find((a) => ids.includes(a));
        if (!next || (v.prompt.turn ?? 0) > 1) break;
        if (!p.control.send(v.actions.find((a) => a.id === next)!.command).ok) break;
        actions.push(next);
      }
    } finally {
      p.dispose();
    }
  }
  throw new Error(`no seed 1–20 makes ${unitId} active with ${action} in turn 1`);
}

/** The first seed (1–60) whose first card drawn is `unitId`'s. */
function seedDrawingFirst(scenario: Scenario, bf: Battlefield, unitId: string): number {
  for (let seed = 1; seed <= 60; seed++) {
    const p = createPlay(scenario, bf, { seed, storage: null });
    try {
      for (const id of ['begin-turn', 'draw']) {
        const a = p.view.get().actions.find((x) => x.id === id)!;
        if (!p.control.send(a.command).ok) throw new Error(`seed ${seed}: ${id} refused`);
      }
      if (p.view.get().activeUnitId === unitId) return seed;
    } finally {
      p.dispose();
    }
  }
  throw new Error(`no seed 1–60 draws ${unitId} first`);
}

/**
 * A save where "First-floor window" (house_upper) went down to the ground floor at (99, 33) in turn 1
 * and is the active unit again in turn 2, with "activate:move-shoot" offered (every other card passed).
 */
function saveUpperOnGroundTurn2(scenario: Scenario, bf: Battlefield, seed: number): string {
  const p = createPlay(scenario, bf, { seed, storage: null });
  try {
    const send = (id: string) => {
      const a = p.view.get().actions.find((x) => x.id === id);
      if (!a) throw new Error(`seed ${seed}: no action ${id}`);
      const r = p.control.send(a.command);
      if (!r.ok) throw new Error(`seed ${seed}: ${id} refused: ${r.reason}`);
    };
    for (const id of ['begin-turn', 'draw', 'activate:move-shoot']) send(id);
    const r = p.control.move([{ figureId: 'house_upper_1', to: [99, 33], floor: 0 }]);
    if (!r.ok) throw new Error(`seed ${seed}: the move down refused: ${r.reason}`);
    for (let i = 0; i < 100; i++) {
      const v = p.view.get();
      const ids = v.actions.map((a) => a.id);
      if ((v.prompt.turn ?? 0) >= 2 && v.activeUnitId === 'house_upper' && ids.includes('activate:move-shoot')) return p.saves.toJson();
      const next = ['end-activation', 'end-turn', 'begin-turn', 'draw', 'readiness:pass', 'pass'].find((a) => ids.includes(a));
      if (!next) break;
      send(next);
    }
    throw new Error(`seed ${seed}: house_upper is not offered a move in turn 2`);
  } finally {
    p.dispose();
  }
}

const cliLos = (from: string, to: string) => cliLosOf(SCENARIO, from, to);

describe.runIf(run)('play in buildings and on floors in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;
  const scenario = trainingGroundScenario();

  const figure = async (id: string) => (await playView(page)).units.flatMap((u) => u.figures).find((f) => f.id === id)!;
  const ground = (x: number, z: number) => bf.groundHeight(x, z);
  /** Height (table y) of the dragged figure's ghost — the one drawn at a one-figure unit's destination. */
  const ghostHeight = async () => {
    await nextFrame(page);
    return page.evaluate(() => {
      type O = { name: string; position: { y: number }; children: O[]; getObjectByName(n: string): O | undefined };
      const scene = (window.__testScenes as O[] | undefined)?.find((x) => x.getObjectByName('play:ghosts'));
      const ghosts = scene?.getObjectByName('play:ghosts')?.children.filter((c) => c.name.startsWith('play:ghost')) ?? [];
      if (ghosts.length !== 1) throw new Error(`${ghosts.length} ghosts drawn`);
      return ghosts[0]!.position.y;
    });
  };

  /** The reach cells drawn for another storey (MoveGizmo's "play:floor-reach"): its floor and cell count, or null. */
  const floorReachDrawn = async () => {
    await nextFrame(page);
    return page.evaluate(() => {
      type O = { name: string; userData: { floor?: number; cells?: number }; getObjectByName(n: string): O | undefined };
      const scene = (window.__testScenes as O[] | undefined)?.find((x) => x.getObjectByName('play:floor-reach'));
      const m = scene?.getObjectByName('play:floor-reach');
      return m ? { floor: m.userData.floor!, cells: m.userData.cells! } : null;
    });
  };
  /** Names of the ghosts drawn ("play:ghost", or "play:ghost:beyond" outside the reach). */
  const ghostNames = async () => {
    await nextFrame(page);
    return page.evaluate(() => {
      type O = { name: string; children: O[]; getObjectByName(n: string): O | undefined };
      const scene = (window.__testScenes as O[] | undefined)?.find((x) => x.getObjectByName('play:ghosts'));
      return scene?.getObjectByName('play:ghosts')?.children.filter((c) => c.name.startsWith('play:ghost')).map((c) => c.name) ?? [];
    });
  };
  /** How many cells of `floor` the view's move offer gives the figure. */
  const offeredCells = async (figureId: string, floor: number) =>
    ((await playView(page)).move?.floorReach?.[figureId] ?? []).filter((r) => r.floor === floor).reduce((n, r) => n + r.cells.length, 0);

  beforeAll(async () => {
    bf = await loadTrainingGround();
    ctx = await openBrowser();
    await captureScenes(ctx);
    // Seed 1 draws "South of the wall" first (see play-table.test.ts).
    w = await openPlay(ctx, '?scenario=sandbox/training-ground&play=1&seed=1');
    page = w.page;
  }, 300_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('K-4.0: a drag into the farmhouse through its north wall is refused with the reason shown, and nothing moves', async () => {
    await act(page, 'begin-turn');
    await act(page, 'draw');
    await act(page, 'activate:move-shoot');
    expect((await playView(page)).move?.unitId).toBe('wall_south');
    const start = (await figure('wall_south_1')).at;
    expect(start).toEqual([104, 38]);
    // 5 cm north: inside the house, past the north wall (x 94–106, z 25–35), which has no door.
    await look(page, ground, 104, 35, 40);
    const a = await pixel(page, 104, bf.standHeight(104, 38), 38);
    const b = await pixel(page, 104, bf.standHeight(104, 33), 33);
    await mouseDrag(page, a, b);

    const label = page.locator('[data-testid=play-refusal]');
    await expect.poll(async () => label.getAttribute('data-rule')).toBe('K-4.0');
    expect(await label.textContent()).toMatch(/runs into a wall of Farmhouse \(go through a door\)/);
    await page.waitForSelector('[data-testid=refusal]');
    expect(await page.textContent('[data-testid=refusal-reason]')).toMatch(/the squad leader of South of the wall: the move runs into a wall of Farmhouse/);
    await saveShot(page, 'play-floors-wall-refused.png');
    expect((await figure('wall_south_1')).at).toEqual(start);
    expect((await figure('wall_south_1')).floor ?? 0).toBe(0);
    expect((await playView(page)).move?.unitId).toBe('wall_south');
    await page.click('[data-testid=refusal-close]');
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('the first-floor and belfry soldiers are drawn at their floors\' heights, not on the ground', async () => {
    const drawn = await drawnFigures(page);
    for (const [id, x, z, floor] of [['house_upper_1', 100, 33, 1], ['tower_top_1', 140, 90, 4]] as const) {
      const f = await figure(id);
      expect(f.at).toEqual([x, z]);
      expect(f.floor).toBe(floor);
      const d = drawnAt(drawn, x, z);
      expect(d, `${id} drawn`).toBeDefined();
      expect(d!.at[1]).toBeCloseTo(bf.standHeight(x, z, floor), 4);
      expect(d!.at[1]).toBeGreaterThan(bf.groundHeight(x, z) + 3.5);
    }
  }, 60_000);

  it('a real drag steps the first-floor soldier down a storey (PageDown / ] keys, the wheel): ghost and label follow, he is drawn on the ground floor, and sight from him starts at that floor\'s eye', async () => {
    // A game where "First-floor window" (house_upper, floor 1 at (100, 33)) is drawn first, loaded from a save.
    const seed = seedDrawingFirst(scenario, bf, 'house_upper');
    const { text } = saveAfterActions(scenario, bf, seed, ['begin-turn', 'draw']);
    await loadSaveFile(page, saveFile(text, 'floors-upper'));
    expect((await playView(page)).activeUnitId).toBe('house_upper');
    await act(page, 'activate:move-shoot');
    expect((await playView(page)).move?.unitId).toBe('house_upper');

    // From above, the roof and everything over the first floor cut away so the soldier can be grabbed.
    await page.click('[data-testid=cutaway-1]');
    const up = bf.standHeight(100, 33, 1);
    const gy = ground(100, 33);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[99, gy + 40, 33 - 4], [99, gy, 33]] as const);
    await nextFrame(page);
    const a = await pixel(page, 100, up + 1.1, 33);
    // The drag follows the ground under the pointer: move by the screen step between two ground points 2 cm apart.
    const g0 = await pixel(page, 100, gy, 33);
    const g1 = await pixel(page, 98, ground(98, 33), 33);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(a.x + ((g1.x - g0.x) * i) / 6, a.y + ((g1.y - g0.y) * i) / 6);
    await nextFrame(page);
    const floorLabel = page.locator('[data-testid=play-drag-floor]');
    // The Orders tab's floor buttons (the dock turned to Orders for the move) follow the keys and the wheel.
    const pressed = async () => page.getAttribute('[data-testid=move-floor] [aria-pressed=true]', 'data-testid');
    expect(await pressed()).toBe('move-floor-1');
    const tape = async () => Number((await page.locator('[data-testid=play-drag-distance]').textContent())!.replace(' cm', ''));
    // By default he stays on his floor inside the building.
    await expect.poll(async () => floorLabel.getAttribute('data-floor')).toBe('1');
    expect(await floorLabel.textContent()).toMatch(/→ floor 1/);
    expect(await ghostHeight()).toBeCloseTo(up, 3);
    expect(await tape()).toBeCloseTo(2, 0);

    await page.keyboard.press('PageDown');
    await expect.poll(async () => floorLabel.getAttribute('data-floor')).toBe('0');
    expect(await floorLabel.textContent()).toMatch(/→ ground floor/);
    expect(await pressed()).toBe('move-floor-0');
    const down = bf.standHeight(98, 33, 0);
    expect(await ghostHeight()).toBeCloseTo(down, 1);
    // The ground floor's reach inside the farmhouse is drawn (the cells the rules would take), and the ghost is within it.
    const cellsDown = await offeredCells('house_upper_1', 0);
    expect(cellsDown).toBeGreaterThan(10);
    expect(await floorReachDrawn()).toEqual({ floor: 0, cells: cellsDown });
    expect(await ghostNames()).toEqual(['play:ghost']);
    // The rules' tape: 2 cm across and the 4 cm storey down, hypot(2, 4) ≈ 4.5 cm.
    expect(await tape()).toBeGreaterThan(4.3);
    expect(await tape()).toBeLessThan(4.7);
    await saveShot(page, 'play-floors-drag-down.png');
    // Up again with ], then the wheel: up stays on floor 1 (the farmhouse has no floor 2), down for good.
    await page.keyboard.press(']');
    await expect.poll(async () => floorLabel.getAttribute('data-floor')).toBe('1');
    expect(await ghostHeight()).toBeCloseTo(up, 3);
    expect(await pressed()).toBe('move-floor-1');
    await page.mouse.wheel(0, -100);
    await nextFrame(page);
    expect(await floorLabel.getAttribute('data-floor')).toBe('1');
    await page.mouse.wheel(0, 100);
    await expect.poll(async () => floorLabel.getAttribute('data-floor')).toBe('0');
    expect(await ghostHeight()).toBeCloseTo(down, 1);
    expect(await pressed()).toBe('move-floor-0');
    await page.mouse.up();
    await nextFrame(page);

    await expect.poll(async () => (await figure('house_upper_1')).floor, { timeout: 20_000 }).toBe(0);
    const f = await figure('house_upper_1');
    expect(Math.abs(f.at[0] - 98)).toBeLessThan(0.3);
    expect(Math.abs(f.at[1] - 33)).toBeLessThan(0.3);
    expect(bf.buildingAt(...f.at)?.id).toBe('house_two_storey');
    const drawn = await drawnFigures(page);
    const d = drawnAt(drawn, f.at[0], f.at[1]);
    expect(d, 'house_upper_1 drawn at its new place').toBeDefined();
    expect(d!.at[1]).toBeCloseTo(bf.standHeight(f.at[0], f.at[1], 0), 4);
    expect(d!.at[1]).toBeLessThan(up - 3.5);
    expect(drawnAt(drawn, 100, 33)).toBeUndefined();

    // The sight tool from the soldier's new place: cut away to the ground floor, a click on him, then
    // on a ground point behind the stone wall (a click on an enemy figure would be a shot).
    await page.click('[data-testid=tool-los]');
    await page.click('[data-testid=cutaway-0]');
    const y = bf.standHeight(f.at[0], f.at[1], 0);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[f.at[0], y + 34, f.at[1] - 6.8], [f.at[0], y, f.at[1]]] as const);
    await nextFrame(page);
    await clickTable(page, f.at[0], y + 1.1, f.at[1]);
    const target: [number, number] = [100, 46];
    const ty = bf.standHeight(...target);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[target[0], ty + 34, target[1] - 6.8], [target[0], ty, target[1]]] as const);
    await nextFrame(page);
    await clickTable(page, target[0], ty, target[1]);
    const r = (await page.evaluate(() => window.__sandtable!.tools!.los))!;
    expect(r).not.toBeNull();
    expect(r.observer.figureId).toBe('house_upper_1');
    expect(r.observer.at).toEqual(f.at);
    expect(r.observer.floor ?? 0).toBe(0);
    const eye = bf.eyePoint({ id: 'house_upper_1', at: f.at, floor: 0 });
    r.observer.eye.forEach((v, i) => expect(v).toBeCloseTo(eye[i]!, 4));
    r.from.forEach((v, i) => expect(v).toBeCloseTo(eye[i]!, 4));
    // Down a storey: the eye is the floor's height (4 cm) lower than it was upstairs.
    expect(bf.eyePoint({ id: 'probe', at: f.at, floor: 1 })[1] - r.observer.eye[1]).toBeCloseTo(up - y, 4);
    const cli = await cliLos(`${f.at[0]},${f.at[1]},0`, `${target[0]},${target[1]}`);
    expect(r.result.clear).toBe(cli.clear);
    expect(r.result.blocker?.featureId ?? null).toBe(cli.blocker?.featureId ?? null);
    await saveShot(page, 'play-floors-down-los.png');
    await page.click('[data-testid=cutaway-off]');
    await page.click('[data-testid=tool-select]');
    // The click on him (moved: he may not move again) handed the camera back: its controls on, so the
    // element they listen on keeps touch-action none and a touch drag in the next test is not taken for a page pan.
    const controlsOn = () => page.evaluate(() => {
      for (let el = document.querySelector<HTMLElement>('.st-canvas canvas'); el && !el.classList.contains('st-canvas'); el = el.parentElement) {
        if (el.style.touchAction === 'none') return true;
      }
      return false;
    });
    expect(await controlsOn()).toBe(true);
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('K-4.0: with only the Orders tab\'s floor buttons and a touch drag, the ground-floor soldier goes up to floor 1', async () => {
    const seed = seedDrawingFirst(scenario, bf, 'house_upper');
    await loadSaveFile(page, saveFile(saveUpperOnGroundTurn2(scenario, bf, seed), 'floors-upper-again'));

    expect((await playView(page)).activeUnitId).toBe('house_upper');
    expect((await figure('house_upper_1'))).toMatchObject({ at: [99, 33], floor: 0 });
    await act(page, 'activate:move-shoot');
    expect((await playView(page)).move?.unitId).toBe('house_upper');

    // The move panel offers the farmhouse's storeys, named as the drag label names them; his own is pressed.
    await tab(page, 'orders');
    await page.waitForSelector('[data-testid=move-floor]');
    const buttons = page.locator('[data-testid=move-floor] button');
    expect(await buttons.allTextContents()).toEqual(['ground floor', 'floor 1']);
    const pressed = async () => page.getAttribute('[data-testid=move-floor] [aria-pressed=true]', 'data-testid');
    expect(await pressed()).toBe('move-floor-0');
    // No other storey chosen: no storey's cells drawn.
    expect(await floorReachDrawn()).toBeNull();
    await page.click('[data-testid=move-floor-1]');
    await expect.poll(pressed).toBe('move-floor-1');
    // Floor 1 chosen: its reachable cells are drawn at once, before any drag.
    const cellsUp = await offeredCells('house_upper_1', 1);
    expect(cellsUp).toBeGreaterThan(5);
    expect(await floorReachDrawn()).toEqual({ floor: 1, cells: cellsUp });
    await saveShot(page, 'play-floors-buttons.png');
    await foldDock(page);

    // From above, everything over the ground floor cut away so the soldier can be touched.
    await page.click('[data-testid=cutaway-0]');
    const gy = ground(99, 33);
    const low = bf.standHeight(99, 33, 0);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[98, gy + 40, 33 - 4], [98, gy, 33]] as const);
    await nextFrame(page);
    const a = await pixel(page, 99, low + 1.1, 33);
    // 2 cm west along the ground (the drag follows the ground under the finger) and a storey up:
    // tape hypot(2, 4) ≈ 4.5 cm, within the 5 cm of difficult going in a building.
    const g0 = await pixel(page, 99, gy, 33);
    const g1 = await pixel(page, 97, ground(97, 33), 33);
    const b = { x: a.x + g1.x - g0.x, y: a.y + g1.y - g0.y };
    const cdp: CDPSession = await ctx.newCDPSession(page);
    try {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: a.x, y: a.y, id: 1 }] });
      for (let i = 1; i <= 6; i++) {
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: a.x + ((b.x - a.x) * i) / 6, y: a.y + ((b.y - a.y) * i) / 6, id: 1 }] });
      }
      await nextFrame(page);
      // The ghost and the label show the chosen floor during the drag, as with the keys.
      const floorLabel = page.locator('[data-testid=play-drag-floor]');
      await expect.poll(async () => floorLabel.getAttribute('data-floor')).toBe('1');
      expect(await floorLabel.textContent()).toMatch(/→ floor 1/);
      expect(await ghostHeight()).toBeCloseTo(bf.standHeight(97, 33, 1), 1);
      // Within floor 1's reach: not hinted beyond.
      expect(await ghostNames()).toEqual(['play:ghost']);
      const tape = Number((await page.locator('[data-testid=play-drag-distance]').textContent())!.replace(' cm', ''));
      expect(tape).toBeGreaterThan(4.3);
      expect(tape).toBeLessThan(4.7);
      await saveShot(page, 'play-floors-touch-up.png');
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await nextFrame(page);
    } finally {
      await cdp.detach();
    }

    await expect.poll(async () => (await figure('house_upper_1')).floor, { timeout: 20_000 }).toBe(1);
    const f = await figure('house_upper_1');
    expect(Math.abs(f.at[0] - 97)).toBeLessThan(0.3);
    expect(Math.abs(f.at[1] - 33)).toBeLessThan(0.3);
    expect(bf.buildingAt(...f.at)?.id).toBe('house_two_storey');
    // (With the ground-floor cutaway on, figures above it are not drawn: turn it off first.)
    await page.click('[data-testid=cutaway-off]');
    const d = drawnAt(await drawnFigures(page), f.at[0], f.at[1]);
    expect(d, 'house_upper_1 drawn upstairs').toBeDefined();
    expect(d!.at[1]).toBeCloseTo(bf.standHeight(f.at[0], f.at[1], 1), 4);
    expect(d!.at[1]).toBeGreaterThan(low + 3.5);
    expect(w.problems).toEqual([]);
  }, 180_000);

  it('K-4.0 / K-4.1: at Tammerkoski a drag through a house door takes the commander inside; past the door the wall refuses it', async () => {
    const tam = parseScenarioOrThrow(readFileSync(TAMMERKOSKI, 'utf8'), TAMMERKOSKI);
    const tbf = await createBattlefield(tam);
    try {
      const { seed, actions } = actionsUntilActive(tam, tbf, 'w_cmd', 'activate:fast-move');
      const { text } = saveAfterActions(tam, tbf, seed, actions);
      w = await openPlay(ctx, `?scenario=kuularuisku/tammerkoski&play=1&seed=${seed}`);
      page = w.page;
      await loadSaveFile(page, saveFile(text, 'floors-tammerkoski'));
      const v = await playView(page);
      expect(v.move?.unitId).toBe('w_cmd');
      expect(v.move?.mode).toBe('fast');
      const start = (await figure('w_cmd_1')).at;
      expect(start).toEqual([146, 61]);
      // East-bank house 1: x 128–140, z 52–62; its door in the east wall (x 140) spans z 56.2–57.8.
      const house = tbf.buildingAt(138.5, 56);
      expect(house?.id).toBe('east_houses_1');
      await look(page, (x, z) => tbf.groundHeight(x, z), 142, 58, 40);
      const drag = async (to: [number, number]) => {
        const a = await pixel(page, start[0], tbf.standHeight(...start), start[1]);
        const b = await pixel(page, to[0], tbf.groundHeight(...to), to[1]);
        await mouseDrag(page, a, b);
      };

      // Aimed past the door (the path meets the east wall at z ≈ 59): refused, nothing moves.
      await drag([138.5, 58.5]);
      // (The label over the unit lasts 4 s, less than a frame or two of this big table on a loaded
      // machine: the HUD's toast, which stays, is read instead.)
      await saveShot(page, 'play-floors-past-door.png');
      await expect.poll(async () => page.evaluate(() => window.__sandtable!.play!.lastRefusal.get()), { timeout: 30_000 }).toMatchObject({ rule: 'K-4.0' });
      expect(await page.textContent('[data-testid=refusal-reason]')).toMatch(/the leader of Company commander \(Grafström's group\): the move runs into a wall of East-bank house 1 \(go through a door\)/);
      expect((await figure('w_cmd_1')).at).toEqual(start);
      await page.click('[data-testid=refusal-close]');

      // Through the door (the path crosses the east wall at z ≈ 57): 9 cm, inside the 10 cm of a fast
      // move in difficult going; the commander stands inside on the ground floor, drawn there.
      await drag([138.5, 56]);
      await expect.poll(async () => (await figure('w_cmd_1')).at).not.toEqual(start);
      const f = await figure('w_cmd_1');
      expect(Math.abs(f.at[0] - 138.5)).toBeLessThan(0.3);
      expect(Math.abs(f.at[1] - 56)).toBeLessThan(0.3);
      expect(f.floor ?? 0).toBe(0);
      expect(tbf.buildingAt(...f.at)?.id).toBe('east_houses_1');
      const d = drawnAt(await drawnFigures(page), f.at[0], f.at[1]);
      expect(d, 'w_cmd_1 drawn inside the house').toBeDefined();
      expect(d!.at[1]).toBeCloseTo(tbf.standHeight(f.at[0], f.at[1]), 4);
      await saveShot(page, 'play-floors-through-door.png');
      expect(w.problems).toEqual([]);
    } finally {
      tbf.free();
    }
  }, 300_000);
});
