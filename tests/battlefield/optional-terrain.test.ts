// Optional terrain (a scenario's optional-terrain rule, K-3.0a, switched in the game options): the
// table is built from the scenario as played, so terrain switched off is gone from the heights, the
// solids and the sight lines — the Kalevankangas railway embankment (a road on a bank raised into the
// relief) and the Tammerkoski Old Church belfry. A terrain piece off by default is held in the rule
// and put on the table when switched on.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Vec3 } from '../../src/core';
import { scenarioWithOptions } from '../../src/game';
import { kuularuiskuRuleset } from '../../src/rules/kuularuisku/ruleset';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';

const load = (f: string): Scenario => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);
const KALEVANKANGAS = load('scenarios/kuularuisku/kalevankangas.json');
const TAMMERKOSKI = load('scenarios/kuularuisku/tammerkoski.json');
const played = (s: Scenario, rules: Record<string, boolean>) => scenarioWithOptions(kuularuiskuRuleset, s, { rules });

const built: Battlefield[] = [];
async function table(s: Scenario): Promise<Battlefield> {
  const bf = await createBattlefield(s);
  built.push(bf);
  return bf;
}
afterAll(() => { for (const bf of built) bf.free(); });

/** A figure lying prone (eye 0.4 cm above the ground) at (x, z). */
const prone = (bf: Battlefield, x: number, z: number): Vec3 => [x, bf.groundHeight(x, z) + 0.4, z];

describe('K-3.0a the Kalevankangas railway embankment, switched off', () => {
  let on: Battlefield;
  let off: Battlefield;
  beforeAll(async () => {
    on = await table(KALEVANKANGAS);
    off = await table(played(KALEVANKANGAS, { 'opt-rail-embankment': false }));
  });

  it('K-3.0a the bank is part of the feature: 2 cm on its crest with it, the field level without it', () => {
    expect(on.groundHeight(100, 119.5) - off.groundHeight(100, 119.5)).toBeCloseTo(2, 5);
    expect(on.groundHeight(100, 112.5) - off.groundHeight(100, 112.5)).toBeCloseTo(1, 5); // half-way up its south side
    expect(on.groundHeight(100, 105)).toBe(off.groundHeight(100, 105)); // south of it: untouched
    expect(off.scenario.features.some((f) => f.id === 'rail_embankment')).toBe(false);
    expect(on.areasAt(100, 117.5).some((a) => a.featureId === 'rail_embankment')).toBe(true);
    expect(off.areasAt(100, 117.5).some((a) => a.featureId === 'rail_embankment')).toBe(false);
  });

  it('K-3.0a a sight line the bank blocked is clear without it: prone at its foot to prone on its crest', () => {
    const blocked = on.lineOfSight(prone(on, 170, 108), prone(on, 100, 119.5));
    expect(blocked.clear).toBe(false);
    expect(blocked.blocker?.kind).toBe('terrain');
    expect(off.lineOfSight(prone(off, 170, 108), prone(off, 100, 119.5)).clear).toBe(true);
  });
});

describe('K-3.0a the Tammerkoski Old Church belfry, switched off', () => {
  let on: Battlefield;
  let off: Battlefield;
  beforeAll(async () => {
    on = await table(TAMMERKOSKI);
    off = await table(played(TAMMERKOSKI, { 'opt-old-church-belfry': false }));
  });

  it('K-3.0a no building, no solids where it stood, and sight through its place is open', () => {
    expect(on.buildingAt(18, 78)?.id).toBe('old_church_belfry');
    expect(off.buildingAt(18, 78)).toBeUndefined();
    expect(on.solids.some((s) => s.featureId === 'old_church_belfry')).toBe(true);
    expect(off.solids.some((s) => s.featureId === 'old_church_belfry')).toBe(false);
    // South to north across its footprint (in at the door, out through the north wall).
    const a: Vec3 = [18, on.groundHeight(18, 73.5) + 1.6, 73.5];
    const b: Vec3 = [18, on.groundHeight(18, 83) + 1.6, 83];
    const through = on.lineOfSight(a, b);
    expect(through.clear).toBe(false);
    expect(through.blocker?.featureId).toBe('old_church_belfry');
    expect(off.lineOfSight(a, b).clear).toBe(true);
  });
});

describe('K-3.0a terrain off by default is held in the rule and put on the table when switched on', () => {
  /** Kalevankangas with the embankment off by default: the feature moved from `features` into the rule's `terrain`. */
  function embankmentOffByDefault(): Scenario {
    const bank = KALEVANKANGAS.features.find((f) => f.id === 'rail_embankment')!;
    return {
      ...KALEVANKANGAS,
      features: KALEVANKANGAS.features.filter((f) => f !== bank),
      specialRules: KALEVANKANGAS.specialRules!.map((r) => (r.id === 'opt-rail-embankment'
        ? { ...r, data: { kind: 'optional-terrain', modifies: ['K-3.0a'], enabled: false, features: ['rail_embankment'], terrain: [bank] } }
        : r)),
    };
  }

  it('K-3.0a valid as written; the default table has no bank, switched on it has', async () => {
    const s = embankmentOffByDefault();
    expect(kuularuiskuRuleset.validateScenario(s)).toEqual([]);
    const plain = await table(s);
    const withBank = await table(played(s, { 'opt-rail-embankment': true }));
    expect(plain.groundHeight(100, 119.5)).toBeCloseTo(0.29, 5);
    expect(withBank.groundHeight(100, 119.5)).toBeCloseTo(2.29, 5);
    // Switched off again from there: the file's own default table.
    expect(played(played(s, { 'opt-rail-embankment': true }), { 'opt-rail-embankment': false }).features.map((f) => f.id)).toEqual(s.features.map((f) => f.id));
  });

  it('K-3.0a a rule naming no feature, or off by default with nothing held, is refused with its JSON path', () => {
    const bad = (data: unknown) => kuularuiskuRuleset.validateScenario({
      ...KALEVANKANGAS, specialRules: KALEVANKANGAS.specialRules!.map((r) => (r.id === 'opt-rail-embankment' ? { ...r, data } : r)),
    });
    const i = KALEVANKANGAS.specialRules!.findIndex((r) => r.id === 'opt-rail-embankment');
    expect(bad({ kind: 'optional-terrain', modifies: ['K-3.0a'], enabled: true, features: ['rail_embankmnt'] }))
      .toContainEqual({ path: `specialRules.${i}.data.features.0`, message: expect.stringContaining('unknown feature "rail_embankmnt"') });
    expect(bad({ kind: 'optional-terrain', modifies: ['K-3.0a'], enabled: false, features: ['rail_embankment'] }))
      .toContainEqual({ path: `specialRules.${i}.data.terrain`, message: expect.stringContaining('terrain off by default is held here') });
  });
});
