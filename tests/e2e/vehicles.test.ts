// Vehicles in a real browser: the armour yard's tanks, armoured car and half-track are in the scene
// with their hull turned to the figure's facing and the turret to its turret facing (read back
// from the instance matrices drawn), standing at the battlefield's stand height, not drawn again
// as soldiers; hovering one shows its card and clicking selects it, like a figure.
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/scenario';
import { hullSpec, turretPivot } from '../../src/view/vehicle-geometry';
import { browserRequired, hasBrowser, nextFrame, openBrowser, openTable, saveShot, tablePixel } from './browser';

const run = hasBrowser || browserRequired;
const FILE = 'scenarios/sandbox/armour-yard.json';

const norm = (deg: number) => ((deg % 360) + 360) % 360;
/** Difference of two headings, degrees, 0–180. */
const turn = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

describe.runIf(run)('vehicles in Chromium', () => {
  let ctx: BrowserContext;
  const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
  const vehicles = (scenario.units ?? []).filter((u) => u.type === 'vehicle').flatMap((u) => u.figures.map((f) => ({ unit: u, f })));

  beforeAll(async () => {
    if (!hasBrowser) throw new Error('Chromium is required for browser tests here but /usr/bin/chromium is missing');
    ctx = await openBrowser();
  }, 240_000);

  afterAll(async () => {
    await ctx?.close();
  });

  async function drawn(page: Page) {
    return page.evaluate(() => window.__sandtable!.view!.vehicles());
  }

  it('draws every vehicle with its hull and turret facings, at the stand height', async () => {
    const { page, problems } = await openTable(ctx, '?scenario=sandbox/armour-yard');
    expect(await page.evaluate(() => window.__sandtable!.status)).toBe('ready');
    // The scenario really shows what this test is about: turrets turned away from their hulls.
    expect(vehicles.length).toBeGreaterThanOrEqual(5);
    expect(vehicles.filter(({ f }) => f.turretFacing !== undefined && turn(f.turretFacing, f.facing ?? 0) >= 45).length).toBeGreaterThanOrEqual(3);

    const got = await drawn(page);
    expect(got.map((v) => v.figureId).sort()).toEqual(vehicles.map(({ f }) => f.id).sort());
    const sides = new Map(scenario.sides.map((s) => [s.id, s.colour!] as const));
    for (const { unit, f } of vehicles) {
      const v = got.find((d) => d.figureId === f.id)!;
      const spec = hullSpec(f.hull);
      const [x, z] = f.at;
      const stand = await page.evaluate(([a, b]) => window.__sandtable!.battlefield!.standHeight(a, b), [x, z] as const);
      expect(v.unitId).toBe(unit.id);
      expect(v.position[0]).toBeCloseTo(x, 4);
      expect(v.position[1]).toBeCloseTo(stand, 4);
      expect(v.position[2]).toBeCloseTo(z, 4);
      expect(turn(v.hullFacing, norm(f.facing ?? 0)), `${f.id} hull`).toBeLessThan(0.01);
      expect(v.meshes).toContain('vehicles:hull');
      expect(v.meshes).toContain('vehicles:frame');
      expect(v.frameColour).toBe(sides.get(unit.side));
      if (!spec.turret) {
        expect(v.turretFacing, `${f.id} has no turret`).toBeNull();
        continue;
      }
      expect(v.meshes).toContain('vehicles:turret');
      expect(turn(v.turretFacing!, norm(f.turretFacing ?? f.facing ?? 0)), `${f.id} turret`).toBeLessThan(0.01);
      // The turret sits on its pivot on the hull top, which turned with the hull.
      const [, py, pz] = turretPivot(spec);
      const a = ((f.facing ?? 0) * Math.PI) / 180;
      expect(v.turretAt![0]).toBeCloseTo(x + Math.sin(a) * pz, 4);
      expect(v.turretAt![1]).toBeCloseTo(stand + py, 4);
      expect(v.turretAt![2]).toBeCloseTo(z + Math.cos(a) * pz, 4);
    }

    // Vehicles are not drawn a second time as soldiers: the figures are the infantry only.
    const costs = await page.evaluate(() => window.__sandtable!.view!.meshCosts());
    const soldiers = (scenario.units ?? []).filter((u) => u.type !== 'vehicle').reduce((n, u) => n + u.figures.length, 0);
    expect(costs.filter((c) => c.name.startsWith('figures:body:')).reduce((n, c) => n + c.instances, 0)).toBe(soldiers);
    const stats = await page.evaluate(() => window.__sandtable!.view!.frameStats());
    console.info(`armour yard: ${stats?.calls} draw calls, ${stats?.triangles} triangles; vehicles ${costs.filter((c) => c.name.startsWith('vehicles:')).reduce((n, c) => n + c.triangles, 0)} triangles`);
    await saveShot(page, 'vehicles-armour-yard.png');

    // Top-down over the lead T-34 (hull east, gun north-east) for a person to check the turret.
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([20, 40, 27], [20, 0, 28]));
    await saveShot(page, 'vehicles-t34-top.png');
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([34, 9, 14], [18, 1, 30]));
    await saveShot(page, 'vehicles-t34-oblique.png');
    await page.evaluate(() => window.__sandtable!.tools!.setCamera([88, 14, 22], [104, 1, 40]));
    await saveShot(page, 'vehicles-german-oblique.png');
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('a presentation beat highlights the vehicles it names', async () => {
    const { page, problems } = await openTable(ctx, '?scenario=sandbox/armour-yard&beat=2');
    await page.waitForFunction(() => window.__sandtable!.view!.presenter().open && window.__sandtable!.view!.camera()?.flying === false, null, { timeout: 60_000 });
    const beat = scenario.beats![1]!;
    const p = await page.evaluate(() => window.__sandtable!.view!.presenter());
    expect(p.highlightedUnits.sort()).toEqual([...beat.highlight!].sort());
    const want = (scenario.units ?? []).filter((u) => beat.highlight!.includes(u.id)).flatMap((u) => u.figures.map((f) => f.id));
    expect(p.highlightedFigures.sort()).toEqual(want.sort());
    expect(want.length).toBeGreaterThan(0);
    await saveShot(page, 'vehicles-presenter-beat-2.png');
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('hovering a vehicle shows its card, clicking selects it and marks its frame', async () => {
    const { page, problems } = await openTable(ctx, '?scenario=sandbox/armour-yard');
    const target = vehicles.find(({ f }) => f.id === 'pz4_b_1')!;
    const [x, z] = target.f.at;
    const y = await page.evaluate(([a, b]) => window.__sandtable!.battlefield!.standHeight(a, b), [x, z] as const);
    await page.evaluate(([p, t]) => window.__sandtable!.tools!.setCamera(p, t), [[x, y + 30, z - 8], [x, y, z]] as const);
    await nextFrame(page);
    // On the hull's rear deck, clear of the turret: what the pointer hits is the hull itself.
    const a = ((target.f.facing ?? 0) * Math.PI) / 180;
    const spec = hullSpec(target.f.hull);
    const px = await tablePixel(page, x - Math.sin(a) * spec.length * 0.3, y + spec.height, z - Math.cos(a) * spec.length * 0.3);
    await page.mouse.move(px.x - 20, px.y - 20);
    await page.mouse.move(px.x, px.y, { steps: 4 });
    await page.waitForFunction(() => window.__sandtable!.tools!.hovered === 'pz4_b_1', null, { timeout: 20_000 });
    await page.waitForSelector('[data-testid=figure-tooltip]');
    expect(await page.textContent('[data-testid=figure-tooltip]')).toContain(target.unit.name);
    await page.mouse.click(px.x, px.y);
    await page.waitForFunction(() => window.__sandtable!.tools!.selected === 'pz4_b_1', null, { timeout: 20_000 });
    await nextFrame(page);
    const frame = (await drawn(page)).find((v) => v.figureId === 'pz4_b_1')!.frameColour;
    expect(frame).toBe('#e8c547'); // the selection gold (TOOL_COLOURS.selected)
    await saveShot(page, 'vehicles-selected.png');
    expect(problems).toEqual([]);
    await page.close();
  }, 240_000);
});
