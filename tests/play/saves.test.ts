// Play mode's saves: autosave after every command under the scenario's key, resume replays it to the
// same state hash, a save file downloads and uploads, and a stale or tampered save is refused with a
// clear message (loadSave's checks) instead of being half-used.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { createPlay, type PlayHandle } from '../../src/app/play';
import { loadTrainingGround, trainingGroundScenario } from '../battlefield/fixture';
import { MemoryStorage } from './memory-storage';

const scenario = trainingGroundScenario();
let bf: Battlefield;

beforeAll(async () => {
  bf = await loadTrainingGround();
});

/** Play the first buttons of a seeded game: shuffle, draw, the first action, end of activation, draw. */
function played(storage: MemoryStorage | null, seed = 5): PlayHandle {
  const p = createPlay(scenario, bf, { seed, storage });
  for (let i = 0; i < 5; i++) {
    const a = p.view.get().actions.find((x) => x.id !== 'ready') ?? p.view.get().actions[0]!;
    const r = p.control.send(a.command);
    if (!r.ok) throw new Error(`${a.id}: ${r.reason}`);
  }
  return p;
}

describe('play saves (K-2.1b games replay from their seed and commands)', () => {
  it('K-2.1b every command is autosaved under the scenario key; resume replays it to the same state hash', () => {
    const storage = new MemoryStorage();
    const p = played(storage);
    expect(p.saves.autosaveKey).toBe(`sandtable.autosave.${scenario.id}`);
    expect(JSON.parse(storage.getItem(p.saves.autosaveKey)!)).toMatchObject({ sandtableSave: 3, options: {}, seed: 5, commands: expect.any(Array) });
    const q = createPlay(scenario, bf, { storage, resume: true });
    expect(q.resumed).toEqual({ ok: true, commands: 5 });
    expect(q.game().stateHash()).toBe(p.game().stateHash());
    expect(q.view.get()).toEqual(p.view.get());
    expect(q.log.get()).toEqual(p.log.get());
    p.saves.clearAutosave();
    expect(storage.getItem(p.saves.autosaveKey)).toBeNull();
    expect(createPlay(scenario, bf, { storage, resume: true }).resumed).toBeNull();
  });

  it('K-2.1b a downloaded save loads into another game with the same state hash; bad files get clear messages', () => {
    const p = played(null, 9);
    const text = p.saves.toJson();
    const q = createPlay(scenario, bf, { seed: 1, storage: null });
    expect(q.saves.load(text)).toEqual({ ok: true });
    expect(q.game().stateHash()).toBe(p.game().stateHash());
    expect(q.view.get().prompt).toEqual(p.view.get().prompt);
    const hash = q.game().stateHash();
    expect(q.saves.load('{ not json')).toMatchObject({ ok: false, message: expect.stringMatching(/bad JSON/) });
    const other = JSON.parse(text);
    other.scenario.id = 'kalevankangas';
    expect(q.saves.load(JSON.stringify(other))).toMatchObject({ ok: false, message: expect.stringMatching(/\$\.scenario\.id: this save is for scenario "kalevankangas"/) });
    expect(q.game().stateHash()).toBe(hash);
  });

  it('K-2.1b a tampered autosave is refused with the reason, reported, and the game starts afresh', () => {
    const storage = new MemoryStorage();
    const p = played(storage);
    const save = JSON.parse(storage.getItem(p.saves.autosaveKey)!);
    save.commands.pop(); // a truncated log no longer reaches the saved state hash
    storage.setItem(p.saves.autosaveKey, JSON.stringify(save));
    const q = createPlay(scenario, bf, { storage, resume: true });
    expect(q.resumed).toMatchObject({ ok: false, message: expect.stringMatching(/\$\.stateHash: the replayed game differs/) });
    expect(q.lastRefusal.get()?.reason).toMatch(/stateHash/);
    expect(q.game().log).toHaveLength(0);
    expect(q.view.get().prompt.headline).toBe('The game begins');
    // A command the rules refuse in the log is named by its index.
    save.commands.push({ type: 'DRAW_CARD', side: 'red' }, { type: 'BEGIN_TURN', side: 'red' });
    storage.setItem(p.saves.autosaveKey, JSON.stringify(save));
    expect(createPlay(scenario, bf, { storage, resume: true }).resumed).toMatchObject({ ok: false, message: expect.stringMatching(/\$\.commands\[\d+\]: the log does not replay here/) });
  });
});

describe('play with game options (Kalevankangas: opt-womens-guard K-ORG-1, opt-white-suits K-7.1b)', () => {
  const KAL = 'scenarios/kuularuisku/kalevankangas.json';
  let kal: Scenario;
  let kalBf: Battlefield;
  beforeAll(async () => {
    kal = parseScenarioOrThrow(readFileSync(KAL, 'utf8'), KAL);
    kalBf = await createBattlefield(kal);
  });
  afterAll(() => kalBf.free());

  it('K-ORG-1 a new game with the women\'s guard on lists the unit, names the options in the log and the rules panel, and keeps them through save, load and resume', () => {
    const storage = new MemoryStorage();
    const options = { rules: { 'opt-womens-guard': true, 'opt-white-suits': true } };
    const p = createPlay(kal, kalBf, { seed: 3, storage, options });
    expect(p.options.chosen()).toEqual(options);
    expect(p.options.choices.filter((c) => c.kind !== 'house').map((c) => `${c.kind}:${c.id}`)).toEqual(['rule:opt-white-suits', 'reading:opt-white-suits', 'rule:opt-womens-guard', 'rule:opt-swedish-squad', 'rule:opt-medic', 'rule:opt-rail-embankment']);
    expect(p.view.get().units.find((u) => u.id === 'r_women')).toMatchObject({ side: 'red', name: "Women's guard osasto (Tammela)" });
    expect(p.log.get()[0]).toMatchObject({ type: 'GAME_OPTIONS', text: expect.stringMatching(/women's guard osasto.*: on/) });
    expect(p.rules.find((r) => r.id === 'opt-womens-guard')?.title).toMatch(/on in this game/);
    expect(p.rules.find((r) => r.id === 'opt-white-suits' && r.house)?.house).toMatchObject({ key: 'opt-white-suits.reading', value: 'no-cover' });
    const a = p.view.get().actions[0]!;
    expect(p.control.send(a.command).ok).toBe(true);
    const text = p.saves.toJson();
    expect(JSON.parse(text)).toMatchObject({ sandtableSave: 3, options });
    // Loaded into a game started without options: the save's options come with it.
    const q = createPlay(kal, kalBf, { seed: 1, storage: null });
    expect(q.view.get().units.some((u) => u.id === 'r_women')).toBe(false);
    expect(q.saves.load(text)).toEqual({ ok: true });
    expect(q.options.chosen()).toEqual(options);
    expect(q.view.get().units.some((u) => u.id === 'r_women')).toBe(true);
    expect(q.game().stateHash()).toBe(p.game().stateHash());
    // Resumed from the autosave (options given to a resumed game are not used: the save has its own).
    const r = createPlay(kal, kalBf, { storage, resume: true, options: { rules: { 'opt-womens-guard': false } } });
    expect(r.resumed).toEqual({ ok: true, commands: 1 });
    expect(r.options.chosen()).toEqual(options);
    expect(r.view.get().units.some((u) => u.id === 'r_women')).toBe(true);
  });

  it('bad options for a new game are refused naming the scenario, the path and what was expected', () => {
    expect(() => createPlay(kal, kalBf, { storage: null, options: { rules: { 'opt-womens-guard': 1 } } as never })).toThrow(/^kalevankangas: game options: \$\.rules\.opt-womens-guard: expected true \(on\) or false \(off\)$/);
    expect(() => createPlay(kal, kalBf, { storage: null, options: { house: { fastCharge: 'sometimes' } } })).toThrow(/kalevankangas: game options: \$\.house\.fastCharge: "sometimes" is not an option of/);
  });
});
