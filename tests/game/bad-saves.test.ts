// Bad save files, generated: mutants of a real Kuularuisku save (made with makeSave after a random game
// on the training ground) — broken JSON, wrong types, out-of-range numbers, unknown ids and sides,
// reordered, dropped and repeated commands — and random junk. Each is refused with a SaveError naming
// the file, a JSON path into it and what was expected, never another exception; a sample of those that
// parse is replayed (loadSave, as the app and `cli play` load them): it loads the saved game exactly or is refused so.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { createRng, type TableQueries } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, loadSave, makeSave, parseSave, SaveError, type Command, type SaveFile } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { candidateCommands, pickRandomCommand } from '../../src/rules/kuularuisku/player';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { JUNK, Picks, damageText, damageValue, getAt, pathKeys, type Json } from '../scenario/mutants';

const FILE = 'scenarios/sandbox/training-ground.json';
// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);
const SEED = Number(process.env.SANDTABLE_FUZZ_SEED ?? 16);
let scenario: Scenario;
let bf: Battlefield;
let table: TableQueries;
let saveText: string;

/** A game of random legal commands, saved after `moves` of them. */
function playedSave(seed: number, moves: number): SaveFile {
  const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
  const rng = createRng(seed);
  for (let n = 0; n < moves && !g.victory(); n++) {
    let options: Command[] = candidateCommands((g.state as KSequenced).table, { scenario, table, legal: () => g.legalCommands() });
    for (;;) {
      const c = pickRandomCommand(options, rng);
      if (g.dispatch(c).ok) break;
      options = options.filter((x) => x !== c);
      if (!options.length) throw new Error('no candidate was accepted');
    }
  }
  return makeSave(g);
}

beforeAll(async () => {
  scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
  bf = await createBattlefield(scenario);
  table = cachedTable(bf);
  saveText = JSON.stringify(playedSave(7, 40), null, 1);
}, 60_000);
afterAll(() => bf.free());

/** A SaveError of the form `file: $.path: … expected …`, its path's parent in the document. */
function expectClearSaveError(err: unknown, file: string, doc: Json | undefined): void {
  if (!(err instanceof SaveError)) throw new Error(`not a SaveError: ${err instanceof Error ? err.stack : String(err)}`);
  const m = /^([^:]+): (\$.*?): (.+)$/s.exec(err.message);
  expect(m, err.message).not.toBeNull();
  expect(m![1], err.message).toBe(file);
  const keys = pathKeys(m![2]!);
  expect(keys, `${err.message}: not a JSON path`).not.toBeNull();
  if (doc !== undefined && keys && keys.length) {
    const parent = getAt(doc, keys.slice(0, -1));
    expect(parent !== null && typeof parent === 'object', `${err.message}: the path's parent is not in the file`).toBe(true);
  }
  expect(m![3], err.message).toMatch(/expected/);
  expect(err.message, err.message).not.toMatch(/\n\s*at /);
}

function parsedOrUndefined(text: string): Json | undefined {
  try { return JSON.parse(text); } catch { return undefined; }
}

// Save-specific mistakes: commands reordered, dropped, repeated, from an unknown side, about unknown figures.
const SAVE_MUTATIONS: Array<(s: Json, p: Picks) => void> = [
  (s, p) => { const i = p.int(s.commands.length - 1); [s.commands[i], s.commands[i + 1]] = [s.commands[i + 1], s.commands[i]]; },
  (s, p) => { s.commands.splice(p.int(s.commands.length), 1); },
  (s, p) => { const i = p.int(s.commands.length); s.commands.splice(i, 0, structuredClone(s.commands[i])); },
  (s, p) => { p.one(s.commands as Json[]).side = p.one(['nobody', '', 'RED', 3, null]); },
  (s, p) => { p.one(s.commands as Json[]).type = p.one(['NOPE', '', 'move', 7]); },
  (s, p) => {
    // Every id-like string of one command swapped for an unknown one.
    const c = p.one(s.commands as Json[]);
    for (const [k, v] of Object.entries(c)) if (k !== 'type' && k !== 'side' && typeof v === 'string') c[k] = `${v}_ghost`;
  },
  (s, p) => {
    // A number of one command (a position, a count, a distance) out of range.
    const c = p.one(s.commands as Json[]);
    const walk = (v: Json): void => {
      if (!v || typeof v !== 'object') return;
      for (const [k, x] of Object.entries(v)) {
        if (typeof x === 'number') v[k] = p.one([1e308, -1e308, -1, 0, 1e6, 0.5, 5e-324]);
        else walk(x);
      }
    };
    walk(c);
  },
  (s, p) => { s.sandtableSave = p.one([0, 4, 2.5, '3', -1]); },
  (s, p) => { s.seed = p.one([1.5, '7', -1e308, 1e308, null]); },
  (s, p) => { s.options = p.one([{ rules: { nope: true } }, { house: { nope: 'x' } }, { rules: { a: 'yes' } }, { rules: { 'a b': 1 } }, { readings: { '': 'x' } }, 'none', [], { extra: 1 }]); },
];

const damaged: Array<{ file: string; save: SaveFile }> = [];
/** The undamaged save as one line, and parsed: computed once (a mutant is compared or spread against them). */
let originalLine: string | undefined;
let originalDoc: Json | undefined;
const original = (): string => (originalLine ??= JSON.stringify(JSON.parse(saveText)));
const originalSave = (): Json => (originalDoc ??= JSON.parse(saveText));

/** parseSave: a SaveError that is clear, or a save (kept for the replay sample when it differs). */
function judge(text: string, file: string): void {
  let save: SaveFile;
  try {
    save = parseSave(text, file);
  } catch (err) {
    expectClearSaveError(err, file, parsedOrUndefined(text));
    return;
  }
  if (JSON.stringify(parsedOrUndefined(text)) !== original()) damaged.push({ file, save });
}

describe('bad save files (property: a clear SaveError, never another exception)', () => {
  it('broken JSON text', () => {
    fc.assert(fc.property(fc.integer(), (n) => {
      const p = new Picks(n);
      let text = saveText;
      for (let d = 1 + p.int(3); d > 0; d--) text = damageText(text, p);
      judge(text, 'broken.sandtable.json');
    }), { seed: SEED, numRuns: 2500 });
  });

  it('wrong types, out-of-range numbers, missing and unknown fields, swapped strings', () => {
    fc.assert(fc.property(fc.integer(), (n) => {
      const p = new Picks(n);
      const doc = JSON.parse(saveText);
      for (let d = 1 + p.int(3); d > 0; d--) damageValue(doc, p);
      judge(JSON.stringify(doc), 'value.sandtable.json');
    }), { seed: SEED, numRuns: 3000 });
  });

  it('reordered, dropped and repeated commands, unknown sides and ids, bad versions, seeds and options', () => {
    fc.assert(fc.property(fc.integer(), (n) => {
      const p = new Picks(n);
      const doc = JSON.parse(saveText);
      p.one(SAVE_MUTATIONS)(doc, p);
      judge(JSON.stringify(doc), 'game.sandtable.json');
    }), { seed: SEED, numRuns: 3100 });
  });

  it('random junk: any JSON value, any text, a save with junk commands', () => {
    fc.assert(fc.property(fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.array(fc.oneof(fc.jsonValue(), fc.constantFrom(...JUNK)), { maxLength: 5 }).map((cs) => JSON.stringify({ ...originalSave(), commands: cs })),
    ), (text) => judge(text, 'junk.sandtable.json')), { seed: SEED, numRuns: 1400 });
  });
});

describe('damaged saves that parse replay exactly or are refused clearly', () => {
  it('replayed by the session (as the app and cli play load them)', () => {
    expect(damaged.length).toBeGreaterThan(20);
    const count = 150;
    const step = Math.max(1, Math.floor(damaged.length / count));
    let loaded = 0, refused = 0;
    for (let i = 0; i < damaged.length; i += step) {
      const { file, save } = damaged[i]!;
      try {
        const g = loadSave(save, file, scenario, kuularuiskuRuleset, table);
        expect(g.stateHash()).toBe(save.stateHash);
        loaded++;
      } catch (err) {
        expectClearSaveError(err, file, JSON.parse(JSON.stringify(save)));
        refused++;
      }
    }
    // Most damage stops the replay; some (a changed savedAt, a reordered pair of independent commands) does not.
    expect(refused).toBeGreaterThan(0);
    expect(loaded + refused).toBe(Math.ceil(damaged.length / step));
  }, 120_000);
});
