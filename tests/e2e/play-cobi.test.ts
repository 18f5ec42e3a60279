// A COBI squad attacks in a real browser (C-3.3.3.2): the Orders list the enemy squads by name with
// distance, cover and modifiers; pressing one fires; the hot seat hands the screen to the defenders,
// who roll their own die (C-3.3.3.2g) from the decision panel; the log and the dice tray say who rolled
// what and why, with rule ids; a surrender waits under the Game tab.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, openBrowser, saveShot } from './browser';
import { openPlay, playView, tab, takeOver } from './play-helpers';

const run = hasBrowser || browserRequired;
const byId = (id: string) => `[data-testid="${id}"]`;

describe.runIf(run)('a COBI attack in Chromium', () => {
  let ctx: BrowserContext;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
    const w = await openPlay(ctx, '?scenario=cobi/skirmish&play=1&seed=5', { width: 1280, height: 800 });
    page = w.page;
    problems = w.problems;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('C-3.3.3.2a/f/g an activated squad fires at a squad it sees; the defenders roll; the log names both', async () => {
    // Through the round's start and the initiative to a squad whose Orders list a target it may attack.
    const ready = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 200; k++) {
        const v = p.view.get();
        if (v.activeUnitId && v.targets.some((t) => t.command)) return v.activeUnitId;
        const a = v.actions.find((x) => x.place !== 'game' && x.command.type !== 'ATTACK' && x.command.type !== 'MOVE');
        if (!a || !p.control.send(a.command).ok) return null;
      }
      return null;
    });
    expect(ready, 'a squad with a target').not.toBeNull();
    await takeOver(page);
    await tab(page, 'orders');
    const view = await playView(page);
    // The squad's move offer is there to drag, without the storeys' help (no building in reach, and COBI moves keep to the ground).
    await page.waitForSelector(byId('move-panel'));
    expect(await page.$(byId('move-floor-hint'))).toBeNull();
    const attacker = view.units.find((u) => u.id === view.activeUnitId)!;
    const target = view.targets.find((t) => t.command)!;
    // Players read names: the target's button says the squad's name and its distance in cm.
    const button = byId(`target-${target.unitId}`);
    await page.waitForSelector(button);
    expect(await page.textContent(button)).toContain(target.name);
    expect(await page.textContent(button)).toMatch(/\d+(\.\d)? cm/);
    const before = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
    await page.click(button);
    await page.waitForFunction((n) => window.__sandtable!.play!.log.get().length > n, before, { timeout: 30_000 });

    // The defending side rolls its own die: the screen goes to them, the Orders ask for their roll.
    const defender = view.units.find((u) => u.id === target.unitId)!.side;
    const asked = await playView(page);
    expect(asked.decision?.side, 'the defenders are asked to roll').toBe(defender);
    {
      await page.waitForSelector(byId('handover'), { timeout: 30_000 });
      await takeOver(page);
      await tab(page, 'orders');
      await page.waitForSelector(byId('decision'));
      expect(await page.getAttribute(byId('decision'), 'data-side')).toBe(defender);
      const n = await page.evaluate(() => window.__sandtable!.play!.log.get().length);
      await page.click(byId('decision-option-0'));
      await page.waitForFunction((k) => window.__sandtable!.play!.log.get().length > k, n, { timeout: 30_000 });
    }
    await takeOver(page);
    const log = await page.evaluate(() => window.__sandtable!.play!.log.get());
    const attack = log.slice(before);
    // The attack's dice and the defence's, each with its rule; no internal id reaches a line.
    expect(attack.some((l) => l.rule === 'C-3.3.3.2a' && l.dice)).toBe(true);
    expect(attack.some((l) => l.rule === 'C-3.3.3.2g' && l.dice)).toBe(true);
    expect(attack.map((l) => l.text).join('\n')).toContain(attacker.name);
    for (const line of attack) expect(line.text, 'no ids in the log').not.toMatch(/\b(ger|us)_[a-z0-9_]+\b/);
    await tab(page, 'log');
    expect(await page.textContent(byId('panel-log'))).toContain(target.name);
    await saveShot(page, 'play-cobi-attack.png');
    expect(problems).toEqual([]);
  }, 240_000);
});
