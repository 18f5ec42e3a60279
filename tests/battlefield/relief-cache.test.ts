// The relief cache (src/battlefield/relief-cache.ts): a cached grid has the heights sampleRelief
// computes; a scenario with the same ground shares one grid (a terrain switch that leaves the ground
// alone, K-3.0a, the Tammerkoski belfry); a scenario whose ground changed in any input the sampler
// reads never gets the stale grid (random edits, the Kalevankangas embankment switched off); and the
// features left out of the cache's key do not shape the ground.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cachedRelief, createBattlefieldNow, reliefInputs, sampleRelief } from '../../src/battlefield';
import type { HeightGrid } from '../../src/core';
import { scenarioWithOptions } from '../../src/game';
import { kuularuiskuRuleset } from '../../src/rules/kuularuisku/ruleset';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { TRAINING_GROUND } from './fixture';

const load = (f: string): Scenario => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);
const FILES = [TRAINING_GROUND, 'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];
const played = (s: Scenario, rules: Record<string, boolean>) => scenarioWithOptions(kuularuiskuRuleset, s, { rules });

/** The grid as plain numbers: equal grids compare equal, heights to the bit. */
const plain = (g: HeightGrid) => ({ ...g, heights: Array.from(g.heights) });

describe('relief cache', () => {
  for (const file of FILES) {
    it(`${file}: the cached grid has the sampled heights, and the same ground read again shares it`, () => {
      const s = load(file);
      const cached = cachedRelief(s);
      expect(plain(cached)).toEqual(plain(sampleRelief(s)));
      // A second read of the file: equal content, another object, the one grid.
      expect(cachedRelief(load(file))).toBe(cached);
      const bf = createBattlefieldNow(load(file));
      expect(bf.grid).toBe(cached);
      bf.free();
    });

    it(`${file}: the features left out of the key do not shape the ground`, () => {
      const s = load(file);
      const bare = { ...s, features: reliefInputs(s).features };
      expect(bare.features.length).toBeLessThan(s.features.length);
      expect(plain(sampleRelief(bare))).toEqual(plain(sampleRelief(s)));
      expect(cachedRelief(bare)).toBe(cachedRelief(s));
    });
  }

  it('K-3.0a a terrain switch that leaves the ground alone (the Tammerkoski belfry) shares the file\'s grid', () => {
    const s = load('scenarios/kuularuisku/tammerkoski.json');
    const off = played(s, { 'opt-old-church-belfry': false });
    expect(off.features.length).toBeLessThan(s.features.length);
    expect(cachedRelief(off)).toBe(cachedRelief(s));
  });

  it('K-3.0a a terrain switch that changes the ground (the Kalevankangas embankment off) gets its own grid', () => {
    const s = load('scenarios/kuularuisku/kalevankangas.json');
    const on = cachedRelief(s);
    const off = cachedRelief(played(s, { 'opt-rail-embankment': false }));
    expect(off).not.toBe(on);
    expect(plain(off)).toEqual(plain(sampleRelief(played(s, { 'opt-rail-embankment': false }))));
    expect(plain(off)).not.toEqual(plain(on));
    expect(cachedRelief(s)).toBe(on); // the file's grid is still the one kept for the file
  });

  it('a changed ground never reuses a stale grid: random edits of each input the sampler reads', () => {
    const base = load(TRAINING_GROUND);
    const index = (kind: string) => base.features.findIndex((f) => f.kind === kind);
    const withFeature = (i: number, change: (f: Record<string, unknown>) => Record<string, unknown>): Scenario =>
      ({ ...base, features: base.features.map((f, k) => (k === i ? change(f as unknown as Record<string, unknown>) : f)) as Scenario['features'] });
    const shift = (path: unknown, d: number) => (path as number[][]).map(([x, z]) => [x! + d, z!]);
    const edits: Array<[string, (d: number) => Scenario]> = [
      ['relief base', (d) => ({ ...base, relief: { ...base.relief!, base: (base.relief?.base ?? 0) + d } })],
      ['relief spacing', (d) => ({ ...base, relief: { ...base.relief!, spacing: 1 + d / 4 } })],
      ['table width', (d) => ({ ...base, table: { ...base.table, width: base.table.width + Math.round(d * 4) } })],
      ['hill height', (d) => withFeature(index('hill'), (f) => ({ ...f, height: (f.height as number) + d }))],
      ['water depth', (d) => withFeature(index('water'), (f) => ({ ...f, depth: ((f.depth as number | undefined) ?? 1) + d }))],
      ['rampart moved', (d) => withFeature(index('rampart'), (f) => ({ ...f, path: shift(f.path, d) }))],
      ['redoubt moved', (d) => withFeature(index('redoubt'), (f) => ({ ...f, path: shift(f.path, d) }))],
      ['road on a bank', (d) => withFeature(index('road'), (f) => ({ ...f, embankment: { height: d, slope: 3 } }))],
    ];
    for (const [, edit] of edits) expect(edit(1)).not.toEqual(base);
    fc.assert(fc.property(fc.integer({ min: 0, max: edits.length - 1 }), fc.double({ min: 0.25, max: 3, noNaN: true }), (k, d) => {
      const changed = edits[k]![1](d);
      const got = cachedRelief(changed);
      const want = plain(sampleRelief(changed));
      expect(plain(got)).toEqual(want);
      expect(got).not.toBe(cachedRelief(base));
    }), { numRuns: 24, seed: 16 });
  });
});
