// Shared plumbing of the play and tool browser tests (play-markers, play-touch, play-floors,
// play-options, play-terrain-switch, tools, referee): opening a game, the start dialog, the hand-over
// card, the dock tabs, saves made in Node and loaded through the Game tab, the sight tool's camera,
// clicks and the CLI's answer for the same points, and a read-only look at what three.js draws — the page's Scene objects, caught through three's own
// devtools hook (`__THREE_DEVTOOLS__` 'observe' events, present in the production build too).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { createPlay } from '../../src/app/play';
import type { Battlefield } from '../../src/battlefield';
import { runCli } from '../../src/cli/commands';
import type { PlayView } from '../../src/game';
import type { Scenario } from '../../src/scenario';
import type { LosReport } from '../../src/view';
import { clickTable, nextFrame, openTable, saveShot, tablePixel, type Watched } from './browser';
import { takeOver } from './play-steps';

export { playToTargets, takeOver } from './play-steps';

declare global {
  interface Window {
    /** Scenes three.js announced (see captureScenes). */
    __testScenes?: unknown[];
  }
}

/** Catch every three.js Scene the pages of this context create (call before opening a page). */
export async function captureScenes(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const hook = new EventTarget();
    const scenes: unknown[] = [];
    window.__testScenes = scenes;
    hook.addEventListener('observe', (e) => {
      const d = (e as CustomEvent).detail as { isScene?: boolean } | undefined;
      if (d?.isScene) scenes.push(d);
    });
    (window as unknown as { __THREE_DEVTOOLS__: EventTarget }).__THREE_DEVTOOLS__ = hook;
  });
}

/** Open a scenario in play mode (`base`: the normal build) and wait for the HUD and the play hook. */
export async function openPlay(ctx: BrowserContext, search: string, viewport = { width: 880, height: 620 }, base?: string): Promise<Watched> {
  const w = await openTable(ctx, search, base);
  await w.page.setViewportSize(viewport);
  try {
    await w.page.waitForSelector('[data-testid=play-hud]', { timeout: 90_000 });
    await w.page.waitForFunction(() => !!window.__sandtable?.play, null, { timeout: 60_000 });
  } catch (err) {
    await saveShot(w.page, 'play-helpers-failed-open.png');
    const status = await w.page.evaluate(() => `${window.__sandtable?.status} ${window.__sandtable?.error ?? ''}`);
    throw new Error(`${search}: no play HUD (app ${status}; problems: ${w.problems.join(' | ') || 'none'}): ${String(err)}`);
  }
  return w;
}

/**
 * Step the game with nobody firing or moving until turn `last` is over (turn starts, card draws, units
 * held ready or passing, turn ends): "turn N over" when it is, else what stopped it.
 */
export function holdFireThrough(page: Page, last: number): Promise<string> {
  return page.evaluate((lastTurn) => {
    const p = window.__sandtable!.play!;
    const turn = () => (p.game().state as { seq: { round: number } }).seq.round;
    for (let n = 0; n < 100 * lastTurn; n++) {
      const v = p.view.get();
      if (turn() >= lastTurn && v.actions.some((a) => a.id === 'begin-turn')) return `turn ${turn()} over`;
      const pick = v.actions.find((a) => a.id === 'begin-turn' || a.id === 'draw') ?? v.actions.find((a) => a.id === 'ready')
        ?? v.actions.find((a) => /^(end|pass)/.test(a.id)) ?? v.actions.find((a) => !/shoot|move|charge|split/.test(a.id));
      if (!pick) return `stuck: ${v.prompt.headline}`;
      if (!p.control.send(pick.command).ok) return `${pick.id} refused`;
    }
    return `turn ${lastTurn} not over after ${100 * lastTurn} commands`;
  }, last);
}

export const playView = (page: Page): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());

/** Press an action button (after any hand-over) and wait until the game has logged it. */
export async function act(page: Page, id: string): Promise<void> {
  await takeOver(page);
  const before = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
  // An action that does not fit the bar is under "N more…", in the Orders tab's choices.
  const inBar = await page.$(`[data-testid=action-bar] [data-action="${id}"]`);
  if (!inBar && (await page.$('[data-testid=action-more]'))) await page.click('[data-testid=action-more]');
  await page.click(inBar ? `[data-testid=action-bar] [data-action="${id}"]` : `[data-testid=action-bar] [data-action="${id}"], [data-testid=choice-list] [data-choice="${id}"]`, { timeout: 60_000 });
  await page.waitForFunction((n) => window.__sandtable!.play!.log.get().length > n, before, { timeout: 30_000 });
  // A hand-over card may come now (another side acts); the next step takes it.
  await page.waitForTimeout(50);
  await takeOver(page);
}

/**
 * Open a dock tab (it may start folded). The HUD itself switches to Orders when a unit gets a move or
 * targets (PlayHud), and a click on the open tab folds the dock: when that switch lands between reading
 * the dock and the click, the click folds what the HUD just opened. So look again until the panel shows.
 */
export async function tab(page: Page, name: 'orders' | 'units' | 'log' | 'rules' | 'game'): Promise<void> {
  const dock = '[data-testid=play-dock]';
  const panel = `[data-testid=panel-${name}]`;
  for (let i = 0; i < 6; i++) {
    if ((await page.getAttribute(dock, 'data-tab')) !== name || (await page.getAttribute(dock, 'data-open')) !== 'true') {
      await page.click(`[data-testid=tab-${name}]`);
    }
    if (await page.waitForSelector(panel, { timeout: 10_000 }).then(() => true, () => false)) return;
  }
  await page.waitForSelector(panel);
}

/** Fold the dock so it leaves the table free. */
export async function foldDock(page: Page): Promise<void> {
  if ((await page.getAttribute('[data-testid=play-dock]', 'data-open')) === 'true') await page.click('[data-testid=dock-toggle]');
}

/** Write save text to a temp file (for the Game tab's file input). */
export function saveFile(text: string, name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sandtable-save-')), `${name}.json`);
  writeFileSync(file, text);
  return file;
}

/**
 * A save made in Node: a game of `scenario` with `seed`, the HUD's action buttons pressed in order
 * (ids as in the action bar, e.g. "begin-turn", "draw", "activate:move-shoot").
 */
export function saveAfterActions(scenario: Scenario, bf: Battlefield, seed: number, actions: readonly string[]): { text: string; view: PlayView } {
  const p = createPlay(scenario, bf, { seed, storage: null });
  try {
    for (const id of actions) {
      const a = p.view.get().actions.find((x) => x.id === id);
      if (!a) throw new Error(`seed ${seed}: no action "${id}" (offered: ${p.view.get().actions.map((x) => x.id).join(', ')})`);
      const r = p.control.send(a.command);
      if (!r.ok) throw new Error(`seed ${seed}: "${id}" refused: ${r.reason}`);
    }
    return { text: p.saves.toJson(), view: p.view.get() };
  } finally {
    p.dispose();
  }
}

/**
 * Load a save file through the Game tab's upload and wait for the game to say so: "Loaded …" in the
 * notice outside the dock's tabs (it stays when the dock turns to Orders for a loaded game that offers
 * a move), or the refusal in the Game tab (which stays open then).
 */
export async function loadSaveFile(page: Page, file: string): Promise<void> {
  await tab(page, 'game');
  // A notice from an earlier load would read as this one.
  if (await page.$('[data-testid=play-notice]')) await page.click('[data-testid=play-notice-close]');
  await page.setInputFiles('[data-testid=save-load-input]', file);
  const shown = await page.waitForFunction(() => {
    const notice = document.querySelector('[data-testid=play-notice]')?.textContent ?? '';
    const message = document.querySelector('[data-testid=save-message]')?.textContent ?? '';
    return notice.includes('Loaded') ? notice : /not loaded|Could not read/.test(message) ? message : null;
  }, null, { timeout: 60_000 });
  const message = String(await shown.jsonValue());
  if (!message.includes('Loaded')) throw new Error(`the save was refused: ${message}`);
  await takeOver(page);
}

export interface DrawnFigure {
  /** Instance position as drawn (table coordinates, cm). */
  at: [number, number, number];
  /** Instance colour of the body (linear RGB, three's working colour space). */
  body: [number, number, number];
}

/** The play table's figures as drawn: the body instances of `play` → `figures` (one `figures:body:<shape>` mesh per pose drawn). */
export async function drawnFigures(page: Page): Promise<DrawnFigure[]> {
  await nextFrame(page);
  return page.evaluate(() => {
    type O = { name: string; children: O[]; getObjectByName(n: string): O | undefined; count: number; instanceMatrix: { array: ArrayLike<number> }; instanceColor: { array: ArrayLike<number> } | null };
    const scene = (window.__testScenes as O[] | undefined)?.find((s) => s.getObjectByName('play'));
    if (!scene) throw new Error('no three.js scene with a "play" group was caught');
    const figures = scene.getObjectByName('play')!.getObjectByName('figures');
    const out: Array<{ at: [number, number, number]; body: [number, number, number] }> = [];
    for (const body of figures?.children.filter((o) => o.name.startsWith('figures:body:')) ?? []) {
      for (let i = 0; i < body.count; i++) {
        const m = body.instanceMatrix.array;
        const c = body.instanceColor?.array;
        out.push({ at: [m[i * 16 + 12]!, m[i * 16 + 13]!, m[i * 16 + 14]!], body: c ? [c[i * 3]!, c[i * 3 + 1]!, c[i * 3 + 2]!] : [1, 1, 1] });
      }
    }
    return out;
  });
}

/** The drawn figure standing at table point (x, z) (within 1 mm), or undefined. */
export function drawnAt(figures: readonly DrawnFigure[], x: number, z: number): DrawnFigure | undefined {
  return figures.find((f) => Math.abs(f.at[0] - x) < 0.01 && Math.abs(f.at[2] - z) < 0.01);
}

export interface DrawnMarker {
  name: string;
  /** Pin meshes: local positions (table coordinates) and material colour (hex). */
  pins: Array<{ at: [number, number, number]; colour: string }>;
}

/** The status markers drawn over units: groups named `play:<kind>:<unitId>` inside `play:markers`. */
export async function drawnMarkers(page: Page): Promise<DrawnMarker[]> {
  await nextFrame(page);
  return page.evaluate(() => {
    type O = { name: string; children: O[]; position: { x: number; y: number; z: number }; material?: { color?: { getHexString(): string } }; isMesh?: boolean; getObjectByName(n: string): O | undefined };
    const scene = (window.__testScenes as O[] | undefined)?.find((s) => s.getObjectByName('play'));
    const root = scene?.getObjectByName('play:markers');
    if (!root) throw new Error('no "play:markers" group is drawn');
    return root.children
      .filter((g) => /^play:(pinned|routing):/.test(g.name))
      .map((g) => ({
        name: g.name,
        pins: g.children.filter((m) => m.isMesh).map((m) => ({ at: [m.position.x, m.position.y, m.position.z] as [number, number, number], colour: `#${m.material!.color!.getHexString()}` })),
      }));
  });
}

/**
 * Look down at a table point from the south, steeply (as play-table.test.ts does), so a drag's two
 * ends are in view; `ground` gives the ground height there.
 */
export async function look(page: Page, ground: (x: number, z: number) => number, x: number, z: number, dist = 40): Promise<void> {
  const aim: [number, number] = [x, z + dist * 0.08];
  const y = ground(...aim);
  await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[aim[0], y + dist, aim[1] - dist * 0.35], [aim[0], y, aim[1]]] as const);
  await nextFrame(page);
}

/** Page pixel of a table point; a screenshot is saved under test-results/ when it is not on the canvas. */
export async function pixel(page: Page, x: number, y: number, z: number, shot = 'play-helpers-failed-pixel.png'): Promise<{ x: number; y: number }> {
  return tablePixel(page, x, y, z).catch(async (err: unknown) => {
    await saveShot(page, shot);
    throw err;
  });
}

/** A left-button mouse drag from one screen point to another in six steps, a frame after each end. */
export async function mouseDrag(page: Page, a: { x: number; y: number }, b: { x: number; y: number }): Promise<void> {
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 6, a.y + ((b.y - a.y) * i) / 6);
  await nextFrame(page);
  await page.mouse.up();
  await nextFrame(page);
}

/** The Play button from the table: waits for the start dialog and gives its text. */
export async function openStartDialog(page: Page): Promise<string> {
  await page.click('[data-testid="play-toggle"]');
  await page.waitForSelector('[data-testid="start-choice"]', { timeout: 60_000 });
  return (await page.textContent('[data-testid="start-choice"]')) ?? '';
}

/** In the open start dialog: each scenario option switched as given (special-rule id → on), then New game; waits for the HUD. */
export async function startNewGame(page: Page, options: Readonly<Record<string, boolean>> = {}): Promise<void> {
  for (const [id, on] of Object.entries(options)) {
    const box = `[data-testid="option-rule-${id}"]`;
    if (on) await page.check(box);
    else await page.uncheck(box);
  }
  await page.click('[data-testid="new-game"]');
  await page.waitForSelector('[data-testid="play-hud"]', { timeout: 60_000 });
}

/** What `los --json` prints (the fields the browser tests compare). */
export interface CliLos {
  clear: boolean;
  distance: number;
  from: [number, number, number];
  to: [number, number, number];
  blocker: { featureId: string; kind: string; part: string; distance: number } | null;
}

/** The CLI's sight line between two points of a scenario file (`x,z[,floor]`), run in-process. */
export async function cliLos(file: string, from: string, to: string): Promise<CliLos> {
  let out = '';
  let err = '';
  const code = await runCli(['los', file, '--from', from, '--to', to, '--json'], { out: (s) => void (out += s), err: (s) => void (err += s) });
  expect(code, err).toBe(0);
  return JSON.parse(out) as CliLos;
}

/** Look at a table point (x, z at height y) from close by and steeply from above (walls do not hide it), so clicks land on it. */
export async function focusAt(page: Page, x: number, z: number, y: number, dist = 34): Promise<void> {
  await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[x, y + dist, z - dist * 0.2], [x, y, z]] as const);
  await nextFrame(page);
}

/** Click a figure standing at (x, z) on `floor` (on its chest) after bringing it into view. */
export async function clickFigureAt(page: Page, bf: Battlefield, x: number, z: number, floor?: number): Promise<void> {
  const y = bf.standHeight(x, z, floor);
  await focusAt(page, x, z, y);
  await clickTable(page, x, y + 1.1, z);
}

/** The sight tool's line now; fails the test when it has none. */
export async function lastLos(page: Page): Promise<LosReport> {
  const r = await page.evaluate(() => window.__sandtable!.tools!.los);
  expect(r, 'the sight tool has no line').not.toBeNull();
  return r!;
}
