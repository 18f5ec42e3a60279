// Game options in the session and the save (format 2): chosen at the start, checked (file, JSON path,
// what was expected), applied by the ruleset to the scenario played, kept in the save and checked
// again on load; a format-1 save loads as a game without options. Kalevankangas with its optional
// rules (opt-womens-guard K-ORG-1, opt-white-suits K-7.1b) and a named house option (K-AMB-2).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { runCli } from '../../src/cli/commands';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, SaveError, loadSave, makeSave, parseSave, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';

const KAL = 'scenarios/kuularuisku/kalevankangas.json';
type R = Ruleset<unknown, Command, GameEvent, unknown>;
const ruleset = playableModule(kuularuiskuModule).ruleset as unknown as R;
let kal: Scenario;
let bf: Battlefield;

beforeAll(async () => {
  kal = parseScenarioOrThrow(readFileSync(KAL, 'utf8'), KAL);
  bf = await createBattlefield(kal);
});
afterAll(() => bf.free());

const WOMEN = { rules: { 'opt-womens-guard': true } };

/** A session with these options after a few of its legal commands (the seed decides the dice). */
function played(options?: object, steps = 4): GameSession<unknown, Command, GameEvent, unknown> {
  const g = new GameSession({ ruleset, scenario: kal, table: cachedTable(bf), seed: 7, ...(options ? { options } : {}) });
  for (let i = 0; i < steps; i++) {
    const c = g.legalCommands()[0];
    if (!c) break;
    const r = g.dispatch(c);
    if (!r.ok) throw new Error(r.reason);
  }
  return g;
}

const units = (g: GameSession<unknown, Command, GameEvent, unknown>) => Object.keys((g.state as { table: { units: Record<string, unknown> } }).table.units);

describe('game options (session and save format 2)', () => {
  it('K-ORG-1 a new game with the women\'s guard on plays the scenario with the unit; the file and its hash stay the base', () => {
    const g = played(WOMEN);
    expect(units(g)).toContain('r_women');
    expect(g.options).toEqual(WOMEN);
    expect(g.baseScenario).toBe(kal);
    expect(g.scenario.units!.map((u) => u.id)).toContain('r_women');
    expect(units(played())).not.toContain('r_women');
    expect(played().scenario).toBe(kal); // no options: the file itself
    expect(g.scenarioHash).toBe(played().scenarioHash);
    // K-2.1b it plays as any unit: its card is shuffled into the deck, drawn, and the osasto activates.
    type Flow = { seq: { deck: string[]; drawn: string[]; acted: string[] }; table: { activation?: { units: string[] } } };
    const flow = () => (g.state as Flow).seq;
    // K-2.0b activated: counted among the units that acted, its activation over.
    const activated = () => flow().acted.includes('r_women') && !(g.state as Flow).table.activation?.units.includes('r_women');
    expect([...flow().deck, ...flow().drawn]).toContain('r_women');
    for (let i = 0; i < 400 && !activated(); i++) {
      const c = g.legalCommands()[0];
      if (!c) break;
      expect(g.dispatch(c).ok).toBe(true);
    }
    expect(activated()).toBe(true);
  });

  it('the options are saved (since format 2, canonical) and a load replays them to the same state; changed options no longer replay', () => {
    const g = played({ house: { splitRounding: 'ceil' }, rules: { 'opt-white-suits': true, 'opt-womens-guard': true }, readings: { 'opt-white-suits': 'not-pinned' } });
    const save = makeSave(g);
    expect(save.sandtableSave).toBe(3);
    expect(JSON.stringify(save.options)).toBe('{"rules":{"opt-white-suits":true,"opt-womens-guard":true},"readings":{"opt-white-suits":"not-pinned"},"house":{"splitRounding":"ceil"}}');
    const back = loadSave(parseSave(JSON.stringify(save), 'game.json'), 'game.json', kal, ruleset, cachedTable(bf));
    expect(back.stateHash()).toBe(g.stateHash());
    expect(back.options).toEqual(g.options);
    expect(units(back)).toContain('r_women');
    expect((back.state as { table: { house: { splitRounding: string } } }).table.house.splitRounding).toBe('ceil');
    // The same log with the women left out starts from another position (another deck): it no longer replays.
    const edited = { ...save, options: { rules: { 'opt-white-suits': true } } };
    expect(() => loadSave(parseSave(JSON.stringify(edited), 'game.json'), 'game.json', kal, ruleset, cachedTable(bf))).toThrow(/^game\.json: \$\.(stateHash: the replayed game differs|commands\[\d+\]: the log does not replay here)/);
  });

  it('a format-1 save (no options) still loads, as a game without options', () => {
    const g = played();
    const { options: _o, ...rest } = makeSave(g);
    const v1 = { ...rest, sandtableSave: 1 };
    const back = loadSave(parseSave(JSON.stringify(v1), 'old.json'), 'old.json', kal, ruleset, cachedTable(bf));
    expect(back.stateHash()).toBe(g.stateHash());
    expect(back.options).toEqual({});
    expect(() => parseSave(JSON.stringify({ ...v1, options: WOMEN }), 'old.json')).toThrow(/old\.json: \$\.options: a format-1 save has no options: expected sandtableSave 2/);
    expect(() => parseSave(JSON.stringify({ ...v1, sandtableSave: 4 }), 'new.json')).toThrow(/new\.json: \$\.sandtableSave: unknown save version 4, expected one of 1, 2, 3/);
  });

  it('bad options are refused naming the file, the JSON path and what was expected', () => {
    const save = makeSave(played());
    const bad = (options: unknown) => () => loadSave(parseSave(JSON.stringify({ ...save, options }), 'x.json'), 'x.json', kal, ruleset, cachedTable(bf));
    expect(bad({ rules: { 'opt-womens-guard': 'yes' } })).toThrow(/^x\.json: \$\.options\.rules\.opt-womens-guard: expected true \(on\) or false \(off\)$/);
    expect(bad({ colours: {} })).toThrow(/^x\.json: \$\.options: unknown key "colours": expected rules, readings or house$/);
    expect(bad({ rules: { 'opt-snow': true } })).toThrow(SaveError);
    expect(bad({ rules: { 'opt-snow': true } })).toThrow(/^x\.json: \$\.options\.rules\.opt-snow: "opt-snow" is not an optional rule of kalevankangas: expected one of opt-white-suits, opt-womens-guard, opt-swedish-squad, opt-medic, opt-rail-embankment$/);
    expect(bad({ house: { splitRounding: 'up' } })).toThrow(/x\.json: \$\.options\.house\.splitRounding: "up" is not an option of K-AMB-2 splitRounding: expected one of floor, ceil/);
    expect(() => new GameSession({ ruleset, scenario: kal, table: cachedTable(bf), seed: 1, options: { readings: { 'opt-white-suits': 'lie-down' } } }))
      .toThrow(/^options: \$\.readings\.opt-white-suits: "lie-down" is not a reading of opt-white-suits/);
    const plain = { ...ruleset, applyOptions: undefined, optionChoices: undefined } as R;
    expect(() => new GameSession({ ruleset: plain, scenario: kal, table: cachedTable(bf), seed: 1, options: WOMEN })).toThrow(/options: \$: the kuularuisku ruleset has no game options: expected none/);
  });
});

describe('cli play --options', () => {
  const cli = async (...argv: string[]) => {
    let out = '';
    let err = '';
    const code = await runCli(argv, { out: (t) => { out += t; }, err: (t) => { err += t; } });
    return { code, out, err };
  };

  it('K-ORG-1 a headless game with the women\'s guard on saves its options; --load replays them; bad options exit 2 naming the path', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sandtable-options-')), 'game.json');
    const r = await cli('play', KAL, '--seed', '2', '--options', JSON.stringify(WOMEN), '--random-legal', '--max-commands', '40', '--save', file, '--json');
    expect(r.code, r.err).toBe(0);
    expect(Object.keys(JSON.parse(r.out).state.table.units)).toContain('r_women');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ sandtableSave: 3, options: WOMEN });
    const back = await cli('play', KAL, '--load', file);
    expect(back.code, back.err).toBe(0);
    expect(back.out).toMatch(/state hash verified/);
    const bad = await cli('play', KAL, '--options', '{"rules":{"opt-womens-guard":"yes"}}');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--options: \$\.rules\.opt-womens-guard: expected true \(on\) or false \(off\)/);
    expect((await cli('play', KAL, '--options', '{oops')).err).toMatch(/--options: bad JSON/);
  }, 120_000);
});
