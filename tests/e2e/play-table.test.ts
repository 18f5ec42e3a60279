// Play on the table in a real Chromium: ?play=1 on the training ground (seed 1 deals "South of the
// wall", then "Behind the wall"), the preliminary steps through the HUD's own buttons, and every
// move a real mouse drag on the canvas at exact pixels of table points. Checks: a drag moves the
// unit by the dragged offset; a normal move of 18 cm is refused with K-4.0 shown over the unit and
// nothing moves; a drag ending on the stone wall is refused; Escape drops a drag; a fast move of
// 18 cm is taken; a drag into contact with an enemy is a charge and the game asks for defensive
// fire (the melee flow); hover labels on targets and a shot by clicking one; at Kalevankangas a
// 9-soldier squad dragged as a whole, and a shift-drag moving one soldier only; the tape measuring
// from where the game put a figure. Game state is read
// through window.__sandtable.play.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { PlayView } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { loadTrainingGround } from '../battlefield/fixture';
import { browserRequired, clickTable, hasBrowser, nextFrame, openBrowser, saveShot, tablePixel, type Watched } from './browser';
import { openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;
const KALEVANKANGAS = 'scenarios/kuularuisku/kalevankangas.json';
const VIEWPORT = { width: 880, height: 620 };

describe.runIf(run)('play on the table in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;

  const view = (): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());
  const logTexts = (): Promise<string[]> => page.evaluate(() => window.__sandtable!.play!.log.get().map((l) => l.text));
  const figureAt = async (figureId: string): Promise<[number, number]> => {
    const v = await view();
    const f = v.units.flatMap((u) => u.figures).find((x) => x.id === figureId);
    if (!f) throw new Error(`no figure ${figureId} in the PlayView`);
    return f.at;
  };

  /** Press a HUD action button (only to reach a situation), then take the hand-over screen if one comes. */
  async function act(id: string): Promise<void> {
    await handOver();
    // An action that does not fit the bar is under "N more…", in the Orders tab's choices.
    const inBar = await page.$(`[data-testid=action-bar] [data-action="${id}"]`);
    if (!inBar && (await page.$('[data-testid=action-more]'))) await page.click('[data-testid=action-more]');
    const at = inBar ? `[data-testid=action-bar] [data-action="${id}"]` : `[data-testid=action-bar] [data-action="${id}"], [data-testid=choice-list] [data-choice="${id}"]`;
    await page.click(at, { timeout: 15_000 }).catch(async (err: unknown) => {
      await saveShot(page, `play-table-failed-${id.replace(/\W/g, '-')}.png`);
      throw err;
    });
    await handOver();
  }

  /** The side that took over the screen last (the HUD shows a hand-over card when another must act). */
  let acked: string | null = null;

  /** Take the hand-over card when the game now waits for another side (waits for the card to come). */
  async function handOver(): Promise<void> {
    const side = (await view()).prompt.side;
    if (side !== null && side !== acked && !(await view()).victory) {
      await page.waitForSelector('[data-testid=handover]', { timeout: 15_000 });
      await page.click('[data-testid=handover-ok]');
      await page.waitForSelector('[data-testid=handover]', { state: 'detached' });
      acked = side;
    }
    await nextFrame(page);
  }

  /**
   * Look down at a table point from the south, steeply, so both ends of a drag are in view; the
   * point lands a little below the screen centre, in the band the HUD leaves free at 640×400 (the
   * floors bar above, the dice tray and action bar below).
   */
  async function look(x: number, z: number, dist = 40): Promise<void> {
    const aim: [number, number] = [x, z + dist * 0.08];
    const y = bf.groundHeight(...aim);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[aim[0], y + dist, aim[1] - dist * 0.35], [aim[0], y, aim[1]]] as const);
    await nextFrame(page);
  }

  /** The page pixel of a figure's base centre (ground level at its place: the ground pick lands there). */
  const basePixel = (x: number, z: number) =>
    tablePixel(page, x, bf.standHeight(x, z), z).catch(async (err: unknown) => {
      await saveShot(page, 'play-table-failed-pixel.png');
      throw err;
    });

  /**
   * Drag on the canvas from a figure at `from` to the ground point `to` with the real mouse, in
   * steps; `beforeRelease` runs with the button still down (labels, screenshots, Escape).
   */
  async function drag(from: [number, number], to: [number, number], beforeRelease?: () => Promise<void>): Promise<void> {
    const a = await basePixel(...from);
    const b = await basePixel(...to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    for (let i = 1; i <= 6; i++) await page.mouse.move(a.x + ((b.x - a.x) * i) / 6, a.y + ((b.y - a.y) * i) / 6);
    await nextFrame(page);
    if (beforeRelease) await beforeRelease();
    await page.mouse.up();
    await nextFrame(page);
  }

  /** Close the HUD's refusal toast (it would cover the table for the next drag). */
  async function closeToast(): Promise<void> {
    const close = await page.$('[data-testid=refusal-close]');
    if (close) await close.click();
  }

  /** The refusal label the table shows over the unit. */
  const refusalLabel = () => page.locator('[data-testid=play-refusal]');

  beforeAll(async () => {
    bf = await loadTrainingGround();
    ctx = await openBrowser();
    // Roomier than the default 640×400: in play the HUD, dice tray and refusal toast fill a small screen.
    w = await openPlay(ctx, '?play=1&seed=1', VIEWPORT);
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('moves the active unit by the dragged offset; refuses 18 cm in a normal move (K-4.0) and a drag onto the stone wall', async () => {
    await act('begin-turn');
    await act('draw');
    expect((await view()).activeUnitId).toBe('wall_south');
    await act('activate:move-shoot');
    const offer = (await view()).move!;
    expect(offer.unitId).toBe('wall_south');
    expect(offer.mode).toBe('normal');
    const start = await figureAt('wall_south_1');
    expect(start).toEqual([104, 38]);
    await look(113, 38, 46);
    await saveShot(page, 'play-table-reach.png');

    // 18 cm east: the ghost's distance reads 18 cm while dragging; the rules refuse it (K-4.0).
    await drag(start, [122, 38], async () => {
      await expect.poll(async () => page.locator('[data-testid=play-drag-distance]').textContent()).toMatch(/^1[78]\.\d cm$/);
      await saveShot(page, 'play-table-drag-too-far.png');
    });
    await expect.poll(async () => refusalLabel().getAttribute('data-rule')).toBe('K-4.0');
    expect(await refusalLabel().textContent()).toMatch(/K-4\.0/);
    await saveShot(page, 'play-table-refused.png');
    expect(await figureAt('wall_south_1')).toEqual(start);
    await closeToast();

    // Ending on the stone wall: refused, nothing moves.
    await look(104, 40, 40);
    await drag(start, [104, 42]);
    await expect.poll(async () => refusalLabel().textContent()).toMatch(/Stone wall/);
    expect(await figureAt('wall_south_1')).toEqual(start);
    await closeToast();

    // Escape drops a drag: no move is sent.
    await look(101, 38, 40);
    const before = (await view()).prompt.detail;
    await drag(start, [99, 38], async () => {
      await page.keyboard.press('Escape');
    });
    expect(await figureAt('wall_south_1')).toEqual(start);
    expect((await view()).prompt.detail).toBe(before);

    // 6 cm west: taken, the figure stands where the drag left it.
    await drag(start, [98, 38]);
    const end = await figureAt('wall_south_1');
    expect(end[0]).toBeCloseTo(98, 0);
    expect(Math.abs(end[0] - 98)).toBeLessThan(0.3);
    expect(Math.abs(end[1] - 38)).toBeLessThan(0.3);
    expect((await view()).move).toBeUndefined();
    await saveShot(page, 'play-table-moved.png');
  }, 300_000);

  it('labels targets on hover (shootable: distance and cover; refused: reason and rule) and shoots the one clicked', async () => {
    const targets = (await view()).targets;
    const hidden = targets.find((t) => t.unitId === 'behind_wall')!;
    expect(hidden.command).toBeUndefined();
    const open = targets.find((t) => t.unitId === 'tgt_east')!;
    expect(open.command).toBeDefined();

    // The refused target behind the wall: grey, with the rules' reason and rule id.
    const [hx, hz] = await figureAt('behind_wall_1');
    await look(hx, hz, 30);
    const h = await tablePixel(page, hx, bf.standHeight(hx, hz) + 1, hz);
    await page.mouse.move(h.x, h.y);
    await expect.poll(async () => page.locator('[data-testid=play-target-label][data-unit=behind_wall]').textContent()).toContain(hidden.refusal!.rule!);

    // The shootable one: its label, then a click on the figure sends the target's command.
    const [tx, tz] = await figureAt('tgt_east_1');
    await look(tx, tz, 30);
    const t = await tablePixel(page, tx, bf.standHeight(tx, tz) + 1, tz);
    await page.mouse.move(t.x, t.y);
    await expect.poll(async () => page.locator('[data-testid=play-target-label][data-unit=tgt_east]').textContent()).toContain(open.cover);
    await saveShot(page, 'play-table-target.png');
    // With the sight tool chosen the same click picks the tool's target: no shot, no dice.
    const logBeforeTool = (await logTexts()).length;
    await page.click('[data-testid=tool-los]');
    const [sx, sz] = await figureAt('wall_south_1');
    await look(sx, sz, 30);
    const s = await tablePixel(page, sx, bf.standHeight(sx, sz) + 1.1, sz);
    await page.mouse.click(s.x, s.y);
    await look(tx, tz, 30);
    await page.mouse.click(t.x, t.y);
    await expect.poll(() => page.evaluate(() => window.__sandtable!.tools!.los?.target.unitId ?? null)).toBe('tgt_east');
    expect((await logTexts()).length).toBe(logBeforeTool);
    expect((await view()).targets.find((x) => x.unitId === 'tgt_east')?.command).toBeDefined();
    await page.click('[data-testid=tool-select]');
    await page.mouse.move(t.x, t.y);
    const logBefore = (await logTexts()).length;
    await page.mouse.click(t.x, t.y);
    await expect.poll(async () => (await view()).targets.length).toBe(0);
    const log = await logTexts();
    expect(log.slice(logBefore).join('\n')).toMatch(/shoots at Target east of the hill/);

    // The tape still works in play, from where the game put the figure (not its deployment).
    await page.click('[data-testid=tool-measure]');
    const [mx, mz] = await figureAt('wall_south_1');
    expect(mx).not.toBe(104);
    await look(mx + 3, mz, 30);
    await clickTable(page, mx, bf.standHeight(mx, mz) + 1, mz);
    await clickTable(page, mx + 6, bf.standHeight(mx + 6, mz), mz);
    const tape = await page.evaluate(() => window.__sandtable!.tools!.measure);
    expect(tape?.a.figureId).toBe('wall_south_1');
    expect(tape?.a.at).toEqual([mx, mz]);
    expect(Math.abs(tape!.horizontal - 6)).toBeLessThan(0.3);
    await page.click('[data-testid=tool-select]');
  }, 300_000);

  it('takes an 18 cm drag in a fast move, and a drag into contact with an enemy is a charge (defensive fire asked)', async () => {
    await act('end-activation');
    await act('draw');
    expect((await view()).activeUnitId).toBe('behind_wall');
    await act('activate:fast-move');
    expect((await view()).move?.mode).toBe('fast');
    const start = await figureAt('behind_wall_1');
    await look(109, 47, 46);
    await drag(start, [start[0] + 18, start[1]]);
    const end = await figureAt('behind_wall_1');
    expect(Math.abs(end[0] - (start[0] + 18))).toBeLessThan(0.3);
    expect(Math.abs(end[1] - start[1])).toBeLessThan(0.3);
    await saveShot(page, 'play-table-fast-move.png');

    // Take the move and the action back (no dice were rolled) and charge instead.
    await page.click('[data-testid=undo]');
    await page.click('[data-testid=undo]');
    await handOver();
    expect(await figureAt('behind_wall_1')).toEqual(start);
    await act('activate:move-shoot');
    const enemy = await figureAt('wall_south_1');
    await look(99, 43, 56);
    await drag(start, [enemy[0], enemy[1] + 1.3]);
    await handOver();
    const v = await view();
    expect(v.prompt.detail).toMatch(/defensive fire/i);
    expect(v.actions.map((a) => a.id)).toContain('defensive-fire:yes');
    const charger = await figureAt('behind_wall_1');
    expect(Math.hypot(charger[0] - enemy[0], charger[1] - enemy[1] - 1.3)).toBeLessThan(0.3);
    await saveShot(page, 'play-table-charge.png');
    expect(w.problems).toEqual([]);
  }, 300_000);

  it('moves a whole squad by the dragged offset; shift-drag moves only the dragged soldier (refused out of formation, K-1.0b)', async () => {
    await page.close();
    // Kalevankangas, seed 5: the Whites' company commander is drawn first and commands the Swedes' squad (9 soldiers in a file).
    acked = null;
    w = await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=5', VIEWPORT);
    page = w.page;
    bf.free();
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(KALEVANKANGAS, 'utf8'), KALEVANKANGAS));

    await act('begin-turn');
    await act('draw');
    await act('command:w_swedes');
    await act('activate:move-shoot');
    expect((await view()).move?.unitId).toBe('w_swedes');
    const squad = async () => (await view()).units.find((u) => u.id === 'w_swedes')!.figures.map((f) => ({ id: f.id, at: f.at }));
    const before = await squad();
    expect(before).toHaveLength(9);
    const fifth = before.find((f) => f.id === 'w_swedes_5')!.at;
    await look(fifth[0] - 3, fifth[1], 44);

    // Shift: only the dragged soldier goes, 5 cm out of the file, and the rules refuse the broken formation.
    await page.keyboard.down('Shift');
    await drag(fifth, [fifth[0] - 5, fifth[1]], async () => {
      expect(await page.locator('[data-testid=play-drag-distance]').textContent()).toMatch(/^[45]\.\d cm$/);
    });
    await page.keyboard.up('Shift');
    await expect.poll(async () => refusalLabel().getAttribute('data-rule')).toBe('K-1.0b');
    expect(await squad()).toEqual(before);
    await closeToast();

    // Without shift the whole squad follows the dragged soldier, keeping the file.
    await drag(fifth, [fifth[0] - 6, fifth[1]]);
    const after = await squad();
    const dx = after.find((f) => f.id === 'w_swedes_5')!.at[0] - fifth[0];
    const dz = after.find((f) => f.id === 'w_swedes_5')!.at[1] - fifth[1];
    expect(Math.abs(dx + 6)).toBeLessThan(0.3);
    expect(Math.abs(dz)).toBeLessThan(0.3);
    after.forEach((f, i) => {
      expect(f.at[0]).toBeCloseTo(before[i]!.at[0] + dx, 9);
      expect(f.at[1]).toBeCloseTo(before[i]!.at[1] + dz, 9);
    });
    await saveShot(page, 'play-table-squad-moved.png');
    expect(w.problems).toEqual([]);
  }, 300_000);
});
