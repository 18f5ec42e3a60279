// A covering-fire half's targets on the table in Chromium (K-1.1b, K-AMB-2), at Tammerkoski in
// daylight (seed 18: every unit holds its fire through the four night turns, then the Reds' Osasto 3
// is dealt first in turn 5, so nothing hangs on what the night's searchlight lights): the squad shoots,
// leaves its last soldiers behind, and the half's targets get their own blue rings apart from the
// squad's green ones; hovering a unit only the half may shoot labels it with the half's name, and a
// click on it shoots with the half — the squad's own shot stays open. The game is stepped through the
// test hook; the shot is a real click on the canvas.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { PlayTargetsPanel, PlayView } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, tablePixel, type Watched } from './browser';
import { holdFireThrough, openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/kuularuisku/tammerkoski.json';

/** Pixels of a PNG-free RGBA grab close to a colour. */
function near(data: number[], rgb: [number, number, number], tol = 40): number {
  let n = 0;
  for (let i = 0; i + 3 < data.length; i += 4) if (Math.abs(data[i]! - rgb[0]) + Math.abs(data[i + 1]! - rgb[1]) + Math.abs(data[i + 2]! - rgb[2]) <= tol) n++;
  return n;
}

describe.runIf(run)('covering-fire targets on the table in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;

  const view = (): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());
  // K-1.1b the covering-fire half's targets are the view's targets panel "support".
  const supportOf = (v: PlayView) => v.panels?.find((x): x is PlayTargetsPanel => x.kind === 'targets' && x.id === 'support');

  /** RGBA of the canvas in a square around a page pixel (read back from the drawn frame). */
  async function grab(p: { x: number; y: number }, r: number): Promise<number[]> {
    await nextFrame(page);
    return page.evaluate(([x, y, half]) => {
      const canvas = document.querySelector('canvas')!;
      const box = canvas.getBoundingClientRect();
      const c = document.createElement('canvas');
      c.width = half * 2;
      c.height = half * 2;
      const g = c.getContext('2d')!;
      const sx = ((x - box.left) / box.width) * canvas.width;
      const sy = ((y - box.top) / box.height) * canvas.height;
      g.drawImage(canvas, sx - half, sy - half, half * 2, half * 2, 0, 0, half * 2, half * 2);
      return [...g.getImageData(0, 0, half * 2, half * 2).data];
    }, [p.x, p.y, r] as const);
  }

  beforeAll(async () => {
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE));
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=kuularuisku/tammerkoski&play=1&seed=18', { width: 880, height: 620 });
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('K-1.1b the half\'s targets get blue rings; a click on one only the half may shoot shoots with the half', async () => {
    // The night turns (1–4) pass with nobody firing or moving: turn starts, card draws, units held
    // ready or passing, turn ends (a unit's first button that neither moves nor shoots otherwise).
    const dawn = await holdFireThrough(page, 4);
    expect(dawn).toBe('turn 4 over');
    const ok = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (const id of ['begin-turn', 'draw', 'activate:shoot']) {
        const a = p.view.get().actions.find((x) => x.id === id);
        if (!a || !p.control.send(a.command).ok) return `${id} failed`;
      }
      const split = p.view.get().panels?.find((x) => x.id === 'split');
      if (split?.kind !== 'pick-figures') return 'no split offered';
      return p.control.send(split.command).ok ? 'ok' : 'split refused';
    });
    expect(ok).toBe('ok');
    await page.waitForSelector('[data-testid=handover]', { timeout: 15_000 });
    await page.click('[data-testid=handover-ok]');
    const v = await view();
    expect(v.activeUnitId).toBe('r_os3');
    const group = supportOf(v)!;
    const only = group.targets.find((t) => t.command && !v.targets.some((o) => o.unitId === t.unitId && o.command))!;
    expect(only).toBeDefined();
    const both = group.targets.find((t) => t.command && v.targets.some((o) => o.unitId === t.unitId && o.command));

    // Look at the first soldier of the unit only the half may shoot.
    const f = v.units.find((u) => u.id === only.unitId)!.figures.find((x) => !x.removed)!;
    const [x, z] = f.at;
    const y = bf.standHeight(x, z, f.floor || undefined);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[x, y + 28, z - 10], [x, y, z]] as const);
    await nextFrame(page);
    const base = await tablePixel(page, x, y, z);
    // The half's ring is drawn (blue), and no green ring of the squad's own targets under this unit.
    const pixels = await grab(base, 24);
    expect(near(pixels, [0x6a, 0xa9, 0xff])).toBeGreaterThan(12);
    expect(near(pixels, [0x5f, 0xd3, 0x5f], 30)).toBe(0);
    await saveShot(page, 'play-covering-rings.png');

    // Hover: the label names the half and the target.
    const body = await tablePixel(page, x, y + 1, z);
    await page.mouse.move(body.x + 80, body.y + 40);
    await page.mouse.move(body.x, body.y, { steps: 3 });
    await expect.poll(async () => page.locator(`[data-testid=play-support-label][data-unit=${only.unitId}]`).textContent()).toContain(`${group.name}: ${only.name}`);

    // Click: the half shoots that unit; the squad's own targets stay open.
    const before = (await page.evaluate(() => window.__sandtable!.play!.log.get().length));
    await page.mouse.click(body.x, body.y);
    await expect.poll(async () => supportOf(await view())).toBeUndefined();
    const lines = await page.evaluate((n) => window.__sandtable!.play!.log.get().slice(n).map((l) => l.text), before);
    expect(lines.join('\n')).toContain(only.name);
    // K-5.5a when the target's owner has a real choice the game waits for his allocation: the Reds
    // answer with the book's default, and the Whites' squad is back to its own targets.
    const pending = (await view()).decision;
    if (pending) {
      const n = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
      await page.evaluate((c) => window.__sandtable!.play!.control.send(c), pending.options[0]!.command);
      await page.waitForFunction((k) => window.__sandtable!.play!.log.get().length > k, n, { timeout: 30_000 });
    }
    const after = await view();
    expect(after.decision).toBeUndefined();
    expect(after.targets.filter((t) => t.command).map((t) => t.unitId)).toEqual(v.targets.filter((t) => t.command).map((t) => t.unitId));
    if (both) expect(after.targets.find((t) => t.unitId === both.unitId)!.command).toBeDefined();
    expect(w.problems).toEqual([]);
  }, 300_000);
});
