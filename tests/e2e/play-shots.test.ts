// Shots drawn on the table and the move reach as one outline, in Chromium: a game on the training
// ground (seed 1) played through the test hook to a unit with a target; its shot (K-5.3a) is drawn as
// lines from the shooters to the target with a red mark per die that hit and a pale one per miss —
// as many as the shot's event rolled — and the marks fade once the next command is taken. At
// Kalevankangas (seed 7) a squad offered a move draws its reach as one outline, not a ring per soldier.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserRequired, hasBrowser, nextFrame, openBrowser, saveShot, type Watched } from './browser';
import { captureScenes, openPlay, takeOver } from './play-helpers';

const run = hasBrowser || browserRequired;

interface ShotGroup {
  shots: number;
  lines: number;
  hits: number;
  misses: number;
  fading: boolean;
  children: string[];
}

/** The drawn shots (`play:shots`) as their group describes them, or null when none are drawn. */
async function drawnShots(page: Page): Promise<ShotGroup | null> {
  await nextFrame(page);
  return page.evaluate(() => {
    type O = { name: string; userData: Record<string, unknown>; children: O[]; getObjectByName(n: string): O | undefined };
    const scene = (window.__testScenes as O[] | undefined)?.find((s) => s.getObjectByName('play'));
    const g = scene?.getObjectByName('play:shots');
    return g ? { ...(g.userData as unknown as ShotGroup), children: g.children.map((c) => c.name) } : null;
  });
}

describe.runIf(run)('shots and reach drawn on the table', () => {
  let ctx: BrowserContext;
  let w: Watched;
  let page: Page;

  beforeAll(async () => {
    ctx = await openBrowser();
    await captureScenes(ctx);
    w = await openPlay(ctx, '?scenario=sandbox/training-ground&play=1&seed=1');
    page = w.page;
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  it('a shot: a line from each shooter, a mark per die, fading at the next command', async () => {
    const fired = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 400; k++) {
        const v = p.view.get();
        const t = v.targets.find((x) => x.command);
        if (t) {
          const r = p.control.send(t.command!);
          if (!r.ok) return null;
          const shot = r.events.find((e) => e.type === 'SHOT_FIRED') as { dice: Array<{ figureId?: string; success: boolean }> } | undefined;
          if (!shot) return null;
          return { hits: shot.dice.filter((d) => d.success).length, misses: shot.dice.filter((d) => !d.success).length, shooters: new Set(shot.dice.map((d) => d.figureId)).size };
        }
        const pick = (id: string) => v.actions.find((a) => a.id === id || a.id.startsWith(`${id}:`));
        const a = pick('begin-turn') ?? pick('draw') ?? pick('activate:shoot') ?? pick('activate:move-shoot') ?? pick('pass') ?? pick('end-activation') ?? v.actions[0];
        if (!a || !p.control.send(a.command).ok) return null;
      }
      return null;
    });
    expect(fired, 'no shot was reached').not.toBeNull();
    await takeOver(page);
    const shots = await drawnShots(page);
    await saveShot(page, 'play-shots-drawn.png');
    expect(shots).not.toBeNull();
    expect(shots!.shots).toBe(1);
    expect(shots!.lines).toBe(fired!.shooters);
    expect(shots!.hits).toBe(fired!.hits);
    expect(shots!.misses).toBe(fired!.misses);
    expect(shots!.fading).toBe(false);
    if (fired!.hits) expect(shots!.children).toContain('play:shot-marks:hit');
    if (fired!.misses) expect(shots!.children).toContain('play:shot-marks:miss');

    // The next command (the owner's answer, or the end of the activation): the marks fade away.
    const next = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      const v = p.view.get();
      const a = v.actions.find((x) => x.id.startsWith('end-activation')) ?? v.actions[0];
      return a ? p.control.send(a.command).ok : false;
    });
    expect(next).toBe(true);
    await takeOver(page);
    const after = await page.evaluate(() => window.__sandtable!.play!.log.get().filter((l) => l.shot).length);
    expect(after).toBeGreaterThan(0); // the shot is still in the log; only the table lets it go
    await expect.poll(async () => (await drawnShots(page)) === null, { timeout: 10_000 }).toBe(true);

    // The replay scrubber on the shot's event: the table shows that moment's shot again; on an event
    // before it, no shot; back to the live game, none (the live game's last command fired none).
    const events = await page.evaluate(() => {
      const log = window.__sandtable!.play!.log.get();
      const shot = log.find((l) => l.shot)!;
      return { shot: shot.index, command: shot.commandIndex, before: Math.max(...log.filter((l) => l.commandIndex < shot.commandIndex).map((l) => l.index)) };
    });
    const seek = (at: number | null) => page.evaluate((i) => window.__sandtable!.play!.replay.seek(i), at);
    await seek(events.shot);
    await expect.poll(async () => (await drawnShots(page))?.shots ?? 0, { timeout: 10_000 }).toBe(1);
    const past = await drawnShots(page);
    expect(past).toMatchObject({ hits: fired!.hits, misses: fired!.misses, fading: false });
    await saveShot(page, 'play-shots-replay.png');
    await seek(events.before);
    await expect.poll(async () => (await drawnShots(page)) === null, { timeout: 10_000 }).toBe(true);
    await seek(events.shot);
    await expect.poll(async () => (await drawnShots(page))?.shots ?? 0, { timeout: 10_000 }).toBe(1);
    await seek(null);
    await expect.poll(async () => (await drawnShots(page)) === null, { timeout: 10_000 }).toBe(true);
    expect(w.problems).toEqual([]);
  }, 300_000);

  it('a unit offered a move draws one reach outline for all its soldiers', async () => {
    // Kalevankangas's squads have up to nine soldiers (the training ground's units are single figures).
    w = await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=7');
    page = w.page;
    const moving = await page.evaluate(() => {
      const p = window.__sandtable!.play!;
      for (let k = 0; k < 200; k++) {
        const v = p.view.get();
        const unit = v.move && v.units.find((u) => u.id === v.move!.unitId);
        if (unit && unit.figures.filter((f) => !f.removed).length > 1) return Object.keys(v.move!.reach).length;
        const pick = (id: string) => v.actions.find((a) => a.id === id || a.id.startsWith(`${id}:`));
        const a = pick('begin-turn') ?? pick('draw') ?? pick('activate:move-shoot') ?? pick('activate:move') ?? pick('pass') ?? pick('end-activation') ?? v.actions[0];
        if (!a || !p.control.send(a.command).ok) return 0;
      }
      return 0;
    });
    expect(moving, 'no unit of several soldiers was offered a move').toBeGreaterThan(1);
    await takeOver(page);
    await nextFrame(page);
    const drawn = await page.evaluate(() => {
      type O = { name: string; children: O[]; getObjectByName(n: string): O | undefined };
      const scene = (window.__testScenes as O[] | undefined)?.find((s) => s.getObjectByName('play'));
      const move = scene?.getObjectByName('play:move');
      return move ? move.children.map((c) => c.name) : null;
    });
    expect(drawn).not.toBeNull();
    // One outline (line pieces of the union), whatever the number of soldiers.
    expect(drawn!.filter((n) => n === 'play:reach')).toHaveLength(1);
    expect(drawn!.filter((n) => n !== 'play:reach' && n !== 'play:ghosts' && n !== 'play:floor-reach')).toEqual([]);
    await saveShot(page, 'play-shots-reach.png');
    expect(w.problems).toEqual([]);
  }, 300_000);
});
