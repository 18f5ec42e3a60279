// The covering-fire pick in Chromium (K-1.1a), at Kalevankangas: a squad's card is played through the
// HUD, the Orders tab lists its soldiers as toggles with the count the rules allow; picking too many
// shows the rules' refusal and keeps the button off; a pick the controller accepts turns it on, the
// table marks those soldiers and a click on one on the table toggles him too, and the button splits
// off exactly the soldiers picked.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { PlayPickPanel, PlayView } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, tablePixel, type Watched } from './browser';
import { openPlay } from './play-helpers';

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/kuularuisku/kalevankangas.json';

describe.runIf(run)('choosing the covering-fire soldiers in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;

  const view = (): Promise<PlayView> => page.evaluate(() => window.__sandtable!.play!.view.get());
  // K-1.1a the split offer is the view's pick-figures panel "split".
  const splitOf = (v: PlayView) => v.panels?.find((x): x is PlayPickPanel => x.kind === 'pick-figures' && x.id === 'split');
  const picked = (): Promise<string[] | null> => page.evaluate(() => (window.__sandtable!.play as unknown as { picked: { get(): string[] | null } }).picked.get());

  beforeAll(async () => {
    bf = await createBattlefield(parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE));
    ctx = await openBrowser();
    w = await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=7', { width: 880, height: 620 });
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('K-1.1a too many picked: refused, button off; a legal pick: on, marked on the table, and split off as picked', async () => {
    // Step the game through its own offered commands until a squad of four or more is offered its card.
    const unitId = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let i = 0; i < 120; i++) {
        const v = p.view.get();
        const ids = v.actions.map((a) => a.id);
        const u = v.units.find((x) => x.id === v.activeUnitId);
        if (ids.includes('activate:move-shoot') && u && u.kind !== 'leader' && u.figures.filter((f) => !f.removed && f.role !== 'leader').length >= 4) return u.id;
        const next = ['begin-turn', 'draw', 'pass', 'readiness:pass', 'end-activation', 'end-turn'].find((x) => ids.includes(x)) ?? ids[0];
        const a = v.actions.find((x) => x.id === next);
        if (!a || !p.control.send(a.command).ok) return null;
      }
      return null;
    });
    expect(unitId).not.toBeNull();
    await page.waitForSelector('[data-testid=handover]', { timeout: 15_000 });
    await page.click('[data-testid=handover-ok]');
    await page.click('[data-testid=action-bar] [data-action="activate:move-shoot"]');
    await page.click('[data-testid=tab-orders]');
    const offer = splitOf(await view())!;
    expect(offer.unitId).toBe(unitId);
    const panel = page.locator('[data-testid=split-panel]');
    await panel.waitFor();
    expect(await page.locator('[data-testid=split-panel] [data-testid^=split-fig-]').count()).toBe(offer.figureIds.length);
    expect(await page.locator('[data-testid=split-count]').textContent()).toMatch(new RegExp(`^0 picked · 1–${offer.max} may stay behind$`));
    expect(await page.locator('[data-testid=split-send]').isDisabled()).toBe(true);

    // One more than half: the rules refuse (K-1.1a) and the button stays off.
    for (const id of offer.figureIds.slice(0, offer.max + 1)) await page.click(`[data-testid=split-fig-${id}]`);
    expect(await page.locator('[data-testid=split-count]').getAttribute('data-picked')).toBe(String(offer.max + 1));
    expect(await page.locator('[data-testid=split-refusal]').textContent()).toMatch(/half or fewer.*K-1\.1a/);
    expect(await page.locator('[data-testid=split-send]').isDisabled()).toBe(true);
    for (const id of offer.figureIds.slice(0, offer.max + 1)) await page.click(`[data-testid=split-fig-${id}]`);

    // A pick the controller accepts, chosen here the way a player would try: the last soldier but one.
    const legal = await page.evaluate(([cmd, ids]) => {
      const c = window.__sandtable!.play!.control;
      return (ids as string[]).slice().reverse().find((id, i) => i > 0 && c.check({ ...(cmd as object), figureIds: [id] } as never).ok) ?? null;
    }, [offer.command, offer.figureIds] as const);
    expect(legal).not.toBeNull();
    expect(legal).not.toBe(offer.figureIds.at(-1));
    await page.click(`[data-testid=split-fig-${legal}]`);
    expect(await page.locator(`[data-testid=split-fig-${legal}]`).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => page.locator('[data-testid=split-send]').isDisabled()).toBe(false);
    expect(await page.locator('[data-testid=split-refusal]').count()).toBe(0);
    // The table is told which soldier to mark.
    expect(await picked()).toEqual([legal]);

    // A click on another soldier on the table adds him to the pick (the panel follows); a second takes him out.
    const other = offer.figureIds.find((id) => id !== legal)!;
    const f = (await view()).units.find((u) => u.id === unitId)!.figures.find((x) => x.id === other)!;
    const y = bf.standHeight(f.at[0], f.at[1], f.floor || undefined);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[f.at[0], y + 22, f.at[1] - 8], [f.at[0], y, f.at[1]]] as const);
    await nextFrame(page);
    const px = await tablePixel(page, f.at[0], y + 0.9, f.at[1]);
    await page.mouse.click(px.x, px.y);
    await expect.poll(picked).toEqual([legal, other]);
    expect(await page.locator(`[data-testid=split-fig-${other}]`).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-testid=split-count]').getAttribute('data-picked')).toBe('2');
    await nextFrame(page);
    await saveShot(page, 'play-split-picked.png');
    await page.mouse.click(px.x, px.y);
    await expect.poll(picked).toEqual([legal]);
    expect(await page.locator(`[data-testid=split-fig-${other}]`).getAttribute('aria-pressed')).toBe('false');
    // Clicks pick soldiers; nothing moved.
    expect((await view()).units.find((u) => u.id === unitId)!.figures.find((x) => x.id === other)!.at).toEqual(f.at);
    await expect.poll(async () => page.locator('[data-testid=split-send]').isDisabled()).toBe(false);

    await page.click('[data-testid=split-send]');
    await expect.poll(async () => splitOf(await view())).toBeUndefined();
    const v = await view();
    const half = v.units.find((u) => u.status.includes('covering fire'))!;
    expect(half.figures.map((f) => f.id)).toEqual([legal]);
    expect(v.units.find((u) => u.id === unitId)!.figures.map((f) => f.id)).not.toContain(legal);
    // The pick is closed with the offer: table clicks are the tools' again.
    expect(await picked()).toBeNull();
    expect(w.problems).toEqual([]);
  }, 300_000);
});
