// A table built for a game's options (optional terrain switched off) is freed by its last user, not
// on a timer: the game that built it and the canvas that draws it each hold it, and whichever lets go
// last frees it, once. The file's own table is never freed by the leases (its loader owns it).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlay } from '../../src/app/play';
import { TableLeases } from '../../src/app/table-leases';
import { createBattlefield, createBattlefieldNow, type Battlefield } from '../../src/battlefield';
import { parseScenarioOrThrow } from '../../src/scenario';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
const OFF = { rules: { 'opt-rail-embankment': false } };
let bf: Battlefield;

beforeAll(async () => {
  bf = await createBattlefield(scenario);
});
afterAll(() => bf?.free());

describe('leases on tables', () => {
  const counting = () => {
    const freed: object[] = [];
    return { freed, leases: new TableLeases<object>((t) => freed.push(t)) };
  };

  it('the builder\'s and the canvas\'s holds: freed when the last lets go, whichever it is, and once', () => {
    const { freed, leases } = counting();
    const a = {};
    const builder = leases.adopt(a);
    const canvas = leases.hold(a);
    expect(leases.users(a)).toBe(2);
    builder();
    builder(); // letting go twice counts once
    expect(leases.users(a)).toBe(1);
    expect(freed).toEqual([]);
    canvas();
    expect(freed).toEqual([a]);
    expect(leases.users(a)).toBeUndefined();
    canvas();
    expect(freed).toEqual([a]);

    const b = {};
    leases.adopt(b);
    leases.hold(b)();
    expect(freed).toEqual([a]); // b's builder still holds it
    expect(leases.users(b)).toBe(1);
  });

  it('a table not leased (the file\'s own) is held by nobody and never freed', () => {
    const { freed, leases } = counting();
    const own = {};
    leases.hold(own)();
    expect(leases.users(own)).toBeUndefined();
    expect(freed).toEqual([]);
    expect(() => { const t = {}; leases.adopt(t); leases.adopt(t); }).toThrow(/leased already/);
  });
});

describe('a game\'s table built for its options', () => {
  const game = () => {
    const freed: Battlefield[] = [];
    const leases = new TableLeases<Battlefield>((t) => { freed.push(t); t.free(); });
    const p = createPlay(scenario, bf, { seed: 3, storage: null, options: OFF, buildTable: createBattlefieldNow, tableLeases: leases });
    return { p, freed, leases };
  };

  it('is freed when the canvas drawing it lets go after the game is disposed', () => {
    const { p, freed, leases } = game();
    const table = p.battlefield.get();
    expect(table).not.toBe(bf);
    expect(leases.users(table)).toBe(1);
    const canvas = leases.hold(table); // what TableView's hold does while it draws the game's table
    p.dispose();
    expect(freed).toEqual([]);
    // The table still answers while the canvas draws it.
    expect(table.standHeight(100, 119.5)).toBeCloseTo(0.29, 5);
    canvas();
    expect(freed).toEqual([table]);
  });

  it('is freed at dispose when no canvas draws it (or the canvas let go first)', () => {
    const { p, freed, leases } = game();
    const table = p.battlefield.get();
    leases.hold(table)();
    expect(freed).toEqual([]);
    p.dispose();
    expect(freed).toEqual([table]);
  });

  it('a game on the file\'s own table leases nothing and frees nothing', () => {
    const freed: Battlefield[] = [];
    const leases = new TableLeases<Battlefield>((t) => freed.push(t));
    const p = createPlay(scenario, bf, { seed: 3, storage: null, buildTable: createBattlefieldNow, tableLeases: leases });
    expect(p.battlefield.get()).toBe(bf);
    expect(leases.users(bf)).toBeUndefined();
    p.dispose();
    expect(freed).toEqual([]);
    expect(bf.standHeight(100, 119.5)).toBeCloseTo(2.29, 5);
  });
});
