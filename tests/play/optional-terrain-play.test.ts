// A game with optional terrain switched off (K-3.0a, the Kalevankangas railway embankment) is played
// and drawn on the table of the scenario as played: a new game, its autosave resumed, and a save file
// loaded into a game started with the defaults all stand on the table without the bank, and the save
// states the option. The view draws what the handle's battlefield holds (TableView's model).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, createBattlefieldNow, type Battlefield } from '../../src/battlefield';
import type { TableQueries } from '../../src/core';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { parseScenarioOrThrow } from '../../src/scenario';
import { paintTerrain } from '../../src/view/terrain-paint';
import { MemoryStorage } from './memory-storage';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
const OFF = { rules: { 'opt-rail-embankment': false } };
let bf: Battlefield;
const handles: PlayHandle[] = [];

beforeAll(async () => {
  bf = await createBattlefield(scenario);
});
afterAll(() => {
  for (const h of handles) h.dispose();
  bf?.free();
});

function play(opts: Parameters<typeof createPlay>[2]): PlayHandle {
  const h = createPlay(scenario, bf, { seed: 3, buildTable: createBattlefieldNow, ...opts });
  handles.push(h);
  return h;
}

/** The first few buttons of the game: shuffle, draw, an action … */
function advance(p: PlayHandle, n = 4): void {
  for (let i = 0; i < n; i++) {
    const a = p.view.get().actions.find((x) => x.id !== 'ready') ?? p.view.get().actions[0]!;
    const r = p.control.send(a.command);
    if (!r.ok) throw new Error(`${a.id}: ${r.reason}`);
  }
}

const hasBank = (table: Battlefield) => table.scenario.features.some((f) => f.id === 'rail_embankment');
/** The terrain colour drawn at a table point (the vertex colour of the nearest grid sample). */
function paintAt(table: Battlefield, x: number, z: number): number[] {
  const g = table.grid;
  const colours = paintTerrain(g, table.scenario.features, table.solids);
  const i = Math.round((z - g.originZ) / g.spacingZ) * g.columns + Math.round((x - g.originX) / g.spacingX);
  return [colours[i * 3]!, colours[i * 3 + 1]!, colours[i * 3 + 2]!];
}

describe('K-3.0a a game with the railway embankment switched off', () => {
  it('K-3.0a the start dialog\'s choices list it, on by default', () => {
    const p = play({ storage: null });
    expect(p.options.choices).toContainEqual(expect.objectContaining({ kind: 'rule', id: 'opt-rail-embankment', default: true, title: 'Optional railway embankment', design: true }));
    expect(p.battlefield.get()).toBe(bf); // the defaults keep the file's own table
  });

  it('K-3.0a a new game stands on a table without the bank: heights, the game\'s sight queries and the drawn terrain', () => {
    const p = play({ storage: null, options: OFF });
    const table = p.battlefield.get();
    expect(table).not.toBe(bf);
    expect(hasBank(table)).toBe(false);
    expect(p.game().scenario.features.some((f) => f.id === 'rail_embankment')).toBe(false);
    const queries = p.game().table as TableQueries;
    expect(queries.standHeight(100, 119.5)).toBeCloseTo(0.29, 5);
    expect(bf.standHeight(100, 119.5)).toBeCloseTo(2.29, 5);
    // What TableView draws from the model: the rail strip's paint is gone with the feature.
    expect(paintAt(table, 90, 117.5)).not.toEqual(paintAt(bf, 90, 117.5));
    expect(paintAt(table, 90, 60)).toEqual(paintAt(bf, 90, 60));
    expect(p.rules.find((r) => r.id === 'opt-rail-embankment')?.title).toContain('off in this game');
  });

  it('K-3.0a the save states the option; its autosave resumes with it off, and a save file loaded into a default game switches the table', () => {
    const storage = new MemoryStorage();
    const p = play({ storage, options: OFF });
    advance(p);
    const saved = JSON.parse(p.saves.toJson()) as { options: unknown };
    expect(saved.options).toEqual(OFF);
    expect(JSON.parse(storage.getItem(p.saves.autosaveKey)!)).toMatchObject({ options: OFF });

    const resumed = play({ storage, resume: true });
    expect(resumed.resumed).toEqual({ ok: true, commands: 4 });
    expect(resumed.game().options).toEqual(OFF);
    expect(hasBank(resumed.battlefield.get())).toBe(false);
    expect(resumed.game().stateHash()).toBe(p.game().stateHash());

    const fresh = play({ storage: null });
    expect(fresh.battlefield.get()).toBe(bf);
    expect(fresh.saves.load(p.saves.toJson())).toEqual({ ok: true });
    expect(fresh.game().options).toEqual(OFF);
    expect(hasBank(fresh.battlefield.get())).toBe(false);
    expect(fresh.game().stateHash()).toBe(p.game().stateHash());
  });

  it('K-3.0a without a table builder, options that change the table are refused with the reason', () => {
    expect(() => createPlay(scenario, bf, { storage: null, options: OFF })).toThrow(/change the table \(optional terrain\): createPlay needs buildTable/);
  });
});
