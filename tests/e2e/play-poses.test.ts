// The figures' poses in a real Chromium at 1280×800: a game at Kalevankangas reaches, by real play in
// Node (seeded dice, random legal commands, the first seed tried that gets there), a moment with a
// pinned unit (K-7.1: it lies prone) and soldiers of another unit who shot this turn (they aim); its
// save is loaded through the Game tab's upload. Checks: every soldier on the table is drawn in the
// mesh of the shape his look asks for, and only there, at his game position (the pinned prone, the
// shooters aiming, the officers with pistols, the medic); every machine gunner has his gun drawn on
// its mount where he is; the table stays within 60 draw calls. Screenshots (test-results/play-poses-*.png) are
// for a person to look at the poses.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createRng } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, makeSave } from '../../src/game';
import { checkedCommands, pickRandomCommand } from '../../src/rules/kuularuisku/player';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { mountOf, shapeKey, shapeOf } from '../../src/view/figure-pose';
import { browserRequired, hasBrowser, openBrowser, saveShot, type Watched } from './browser';
import { captureScenes, foldDock, loadSaveFile, look, openPlay, playView, saveFile } from './play-helpers';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);

interface Reached {
  seed: number;
  commands: number;
  pinned: string;
  /** A unit neither pinned nor ready, and those of its soldiers on the table who shot this turn. */
  shooters: { unitId: string; figureIds: string[] };
  save: string;
}

/** Play random legal games (seeded) until one has a pinned unit and, in another unit, soldiers who shot this turn; that game's save. */
function reachPosedPosition(bf: Battlefield): Reached {
  const table = cachedTable(bf);
  for (let seed = 1; seed <= 60; seed++) {
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
    const rng = createRng(seed * 7919 + 1);
    for (let n = 1; n <= 400 && !g.victory(); n++) {
      const options = checkedCommands((g.state as KSequenced).table, { scenario, table, legal: () => g.legalCommands() });
      if (!options.length) break;
      const r = g.dispatch(pickRandomCommand(options, rng));
      if (!r.ok) throw new Error(`seed ${seed}: a legal command was refused: ${r.reason}`);
      const s = (g.state as KSequenced).table;
      const live = (unitId: string) => Object.values(s.figures).filter((f) => f.unitId === unitId && !f.removed && !f.evacuation);
      const units = Object.values(s.units).filter((u) => live(u.id).length > 0);
      const pinned = units.find((u) => u.status === 'pinned');
      const shooting = units.find((u) => u.status === 'normal' && !s.seq.ready.includes(u.id) && live(u.id).some((f) => u.shotThisTurn.includes(f.id)));
      if (pinned && shooting) {
        return {
          seed, commands: n, pinned: pinned.id,
          shooters: { unitId: shooting.id, figureIds: live(shooting.id).filter((f) => shooting.shotThisTurn.includes(f.id)).map((f) => f.id) },
          save: JSON.stringify(makeSave(g), null, 1),
        };
      }
    }
  }
  throw new Error('no seed 1–60 reached a pinned unit and a unit that shot this turn at once at Kalevankangas');
}

interface DrawnMesh {
  name: string;
  /** Instance positions (table coordinates) of the instances drawn. */
  at: Array<[number, number, number]>;
}

/** The play table's figure meshes as drawn: `play` → `figures` → each instanced mesh, its instance positions. */
async function drawnMeshes(page: Page): Promise<DrawnMesh[]> {
  return page.evaluate(() => {
    type O = { name: string; children: O[]; getObjectByName(n: string): O | undefined; count: number; instanceMatrix: { array: ArrayLike<number> } };
    const scene = (window.__testScenes as O[] | undefined)?.find((s) => s.getObjectByName('play'));
    const figures = scene?.getObjectByName('play')?.getObjectByName('figures');
    if (!figures) throw new Error('no "figures" group is drawn in the play table');
    return figures.children.map((m) => ({
      name: m.name,
      at: Array.from({ length: m.count }, (_, i) => [m.instanceMatrix.array[i * 16 + 12]!, m.instanceMatrix.array[i * 16 + 13]!, m.instanceMatrix.array[i * 16 + 14]!] as [number, number, number]),
    }));
  });
}

const near = (p: [number, number, number], x: number, z: number) => Math.abs(p[0] - x) < 0.01 && Math.abs(p[2] - z) < 0.01;

describe.runIf(run)('figures drawn in their poses in Chromium', () => {
  let ctx: BrowserContext;
  let bf: Battlefield;
  let w: Watched;
  let page: Page;
  let reached: Reached;

  beforeAll(async () => {
    bf = await createBattlefield(scenario);
    reached = reachPosedPosition(bf);
    console.info(`poses: seed ${reached.seed}, ${reached.commands} commands: ${reached.pinned} pinned, ${reached.shooters.figureIds.join(', ')} of ${reached.shooters.unitId} shot`);
    ctx = await openBrowser();
    await captureScenes(ctx);
    w = await openPlay(ctx, '?scenario=kuularuisku/kalevankangas&play=1&seed=1', { width: 1280, height: 800 });
    page = w.page;
    await loadSaveFile(page, saveFile(reached.save, 'poses'));
    await page.click('[data-testid=play-notice-close]');
    await foldDock(page);
  }, 400_000);

  afterAll(async () => {
    await ctx?.close();
    bf?.free();
  });

  it('K-7.1 the pinned unit lies prone and the soldiers who shot aim: each soldier is drawn in the shape of his look, at his place', async () => {
    const view = await playView(page);
    const soldiers = view.units.flatMap((u) => u.figures).filter((f) => !f.removed && !f.hull);
    const pinned = soldiers.filter((f) => f.unitId === reached.pinned);
    expect(pinned.length).toBeGreaterThan(0);
    for (const f of pinned) expect(f.look?.stance, `${f.id} of the pinned unit`).toBe('prone');
    for (const id of reached.shooters.figureIds) expect(['aiming', 'kneeling'], `${id} shot this turn`).toContain(shapeOf(soldiers.find((f) => f.id === id)!.look).stance);

    const meshes = await drawnMeshes(page);
    const bodies = meshes.filter((m) => m.name.startsWith('figures:body:'));
    expect(bodies.reduce((n, m) => n + m.at.length, 0)).toBe(soldiers.length);
    for (const f of soldiers) {
      const want = `figures:body:${shapeKey(shapeOf(f.look))}`;
      const drawnIn = bodies.filter((m) => m.at.some((p) => near(p, f.at[0], f.at[1]))).map((m) => m.name);
      expect(drawnIn, `${f.id} (${JSON.stringify(f.look ?? {})})`).toEqual([want]);
    }
    // The officers hold pistols: the kit is from the game, not a default.
    expect(soldiers.filter((f) => f.look?.arms === 'pistol').length).toBeGreaterThan(0);
    expect(bodies.map((m) => m.name).filter((n) => n.startsWith('figures:body:prone-')).length).toBeGreaterThan(0);
  }, 120_000);

  it('K-WPN-10 / K-WPN-11 every machine gunner has his gun drawn on its mount where he sits; nobody else has one', async () => {
    const view = await playView(page);
    const gunners = view.units.flatMap((u) => u.figures).filter((f) => !f.removed && mountOf(f.look));
    expect(gunners.length).toBeGreaterThan(0);
    const guns = (await drawnMeshes(page)).filter((m) => m.name.startsWith('figures:gun:'));
    expect(guns.reduce((n, m) => n + m.at.length, 0)).toBe(gunners.length);
    for (const g of gunners) {
      const mesh = guns.find((m) => m.name === `figures:gun:${mountOf(g.look)}`);
      expect(mesh?.at.some((p) => near(p, g.at[0], g.at[1])), `${g.id}'s gun`).toBe(true);
    }
  }, 120_000);

  it('keeps instancing: the whole table in its poses within 60 draw calls; screenshots of the poses at 1280×800', async () => {
    const ground = (x: number, z: number) => bf.groundHeight(x, z);
    const view = await playView(page);
    const at = (unitId: string) => view.units.find((u) => u.id === unitId)!.figures.find((f) => !f.removed)!.at;
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([90, 150, -40], [100, 0, 60]));
    await saveShot(page, 'play-poses-overview.png');
    const stats = await page.evaluate(() => window.__sandtable!.view!.frameStats());
    console.info(`poses: ${stats?.calls} draw calls, ${stats?.triangles} triangles`);
    expect(stats!.calls).toBeLessThanOrEqual(60);
    await look(page, ground, ...at(reached.pinned), 14);
    await saveShot(page, 'play-poses-pinned.png');
    await look(page, ground, ...at(reached.shooters.unitId), 14);
    await saveShot(page, 'play-poses-shooters.png');
    for (const id of ['r_mg1', 'w_mg2', 'w_medic', 'w_coy']) {
      const unit = view.units.find((u) => u.id === id && u.figures.some((f) => !f.removed));
      if (!unit) continue;
      await look(page, ground, ...unit.figures.find((f) => !f.removed)!.at, 10);
      await saveShot(page, `play-poses-${id}.png`);
    }
    expect(w.problems).toEqual([]);
  }, 180_000);
});
