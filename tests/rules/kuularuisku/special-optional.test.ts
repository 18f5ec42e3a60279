// Kalevankangas's optional scenario rules as the engine plays them when the players switch them on
// (game options, options.ts): the white-suits bite (opt-white-suits, cannot-go-to-ground: K-7.1b
// going to ground, K-5.4d the open's cover) in both readings, the women's guard osasto
// (opt-womens-guard, K-ORG-1) and the optional Swedish squad (opt-swedish-squad, K-ORG-3).
// Scripted dice by purpose; every test names the scenario rule and the K- rules it touches.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { type Dice, type Roll, type Vec2, pointInPolygon } from '../../../src/core';
import {
  Steps, coverTest, evaluateTarget, moraleTest, resolveShooting, validateKScenario,
  type KEvent, type KReading,
} from '../../../src/rules/kuularuisku/engine';
import { applyKOptions, kOptionChoices } from '../../../src/rules/kuularuisku/options';
import { preparationFire } from '../../../src/rules/kuularuisku/special-play';
import { parseScenarioOrThrow, type Scenario } from '../../../src/scenario';
import { setupRead, foldRead } from './reading';

const KAL = 'scenarios/kuularuisku/kalevankangas.json';
const load = (f: string) => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);

/** Dice by purpose: shooting tests, cover tests and morale tests each from their own script (then the last value again). */
function dice(script: { shoot?: number[]; cover?: number[]; morale?: number[]; other?: number }): Dice & { rolls: Roll[] } {
  const take = (list: number[] | undefined, fallback: number) => (list && list.length > 1 ? list.shift()! : list?.[0] ?? fallback);
  const rolls: Roll[] = [];
  return {
    rolls,
    roll(sides: number, purpose: string, rule: string) {
      const value = purpose.startsWith('shooting test') ? take(script.shoot, 6)
        : purpose.startsWith('cover test') ? take(script.cover, 6)
          : purpose.startsWith('morale test') ? take(script.morale, 6) : script.other ?? 6;
      rolls.push({ sides, value, purpose, rule });
      return value;
    },
  };
}

function place(s: KReading, unitId: string, points: Vec2[]): KReading {
  const figures = { ...s.figures };
  s.units[unitId]!.figures.forEach((id, i) => { if (points[i]) figures[id] = { ...figures[id]!, at: points[i]!, floor: 0 }; });
  return { ...s, figures };
}

const line = (x: number, z: number, n: number, dx = 1.5): Vec2[] => Array.from({ length: n }, (_, i) => [x + i * dx, z] as Vec2);

/**
 * Turn 1, Osasto 3 activating in the east fields (z 20) with the Swedes 20 cm north of it in the open
 * stubble (z 40), clear of the fence lines; every other unit along the west edge, out of the way.
 */
function duel(scenario: Scenario): KReading {
  let s = setupRead(scenario);
  let row = 0;
  for (const id of Object.keys(s.units)) {
    if (id === 'r_os3' || id === 'w_swedes' || !s.units[id]!.figures.length) continue;
    s = place(s, id, s.units[id]!.figures.map((_, i) => [2 + (i % 10) * 1.5, 4 + row * 3.5 + Math.floor(i / 10) * 1.5] as Vec2));
    row++;
  }
  s = place(s, 'r_os3', line(165, 20, 13, 1.2));
  s = place(s, 'w_swedes', line(163, 40, 9));
  return { ...s, turn: 1, seq: { ...s.seq, round: 1 }, activation: { unitId: 'r_os3', units: ['r_os3'], via: 'card', moved: [], shot: [], phase: 'none', action: 'move-shoot' } };
}

const FIVE = ['r_os3_1', 'r_os3_2', 'r_os3_3', 'r_os3_4', 'r_os3_5'];
const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);

let kal: Scenario;
let table: Battlefield;

beforeAll(async () => {
  kal = load(KAL);
  table = await createBattlefield(kal);
});
afterAll(() => table.free());

const withOptions = (o: Parameters<typeof applyKOptions>[1]) => {
  const r = applyKOptions(kal, o);
  expect(r.issues).toEqual([]);
  return r.scenario;
};

describe('opt-white-suits (cannot-go-to-ground), no-cover reading (the default): K-7.1b, K-5.4d', () => {
  it('off by default: the file plays without it and its games carry no first-fired record (their states are unchanged)', () => {
    const s = setupRead(kal);
    expect(s.special!.config.bite).toBeUndefined();
    expect(s.special!.firstFiredOn).toBeUndefined();
    const choice = kOptionChoices(kal).find((c) => c.kind === 'rule' && c.id === 'opt-white-suits');
    expect(choice).toMatchObject({ default: false, house: false });
    expect(kOptionChoices(kal).find((c) => c.kind === 'reading' && c.id === 'opt-white-suits')).toMatchObject({ default: 'no-cover', house: true, options: [{ name: 'no-cover' }, { name: 'not-pinned' }] });
  });

  it('K-5.4d in the turn first fired on, in the open, every hit wounds (cover 7): the same sixes save without the option and in the next turn', () => {
    const on = duel(withOptions({ rules: { 'opt-white-suits': true } }));
    expect(on.special!.config.bite).toMatchObject({ id: 'opt-white-suits', reading: 'no-cover', openCover: 7, units: ['w_swedes'] });
    const option = evaluateTarget(on, 'r_os3', 'w_swedes', { table });
    expect(option.valid).toBe(true);
    expect(option.cover.value).toBe(6); // the open stubble, nothing between (K-5.4c)
    // Five riflemen hit on their sixes (skill 5, 20 cm: no close-range re-rolls); the cover tests all roll 6.
    const r = resolveShooting(on, { shooterId: 'r_os3', targetId: 'w_swedes', shooters: FIVE }, { table, dice: dice({ shoot: [6], cover: [6], morale: [6] }) });
    expect(r.ok).toBe(true);
    const events = (r as { events: KEvent[] }).events;
    expect(of(events, 'SHOT_FIRED')[0]!.hits).toBe(5);
    expect(of(events, 'COVER_TEST')[0]).toMatchObject({ unitId: 'w_swedes', cover: 7, wounds: 5 });
    expect(of(events, 'COVER_TEST')[0]!.text).toMatch(/cannot go to ground.*\(Optional bite\)/);
    const after = foldRead(on, events);
    expect(after.special!.firstFiredOn).toEqual({ w_swedes: 1 });

    // Without the option: the same dice, the same shot, cover 6 and no wound.
    const off = duel(kal);
    const plain = resolveShooting(off, { shooterId: 'r_os3', targetId: 'w_swedes', shooters: FIVE }, { table, dice: dice({ shoot: [6], cover: [6], morale: [6] }) });
    expect(of((plain as { events: KEvent[] }).events, 'COVER_TEST')[0]).toMatchObject({ cover: 6, wounds: 0 });

    // Later in turn 1 the bite still holds; in turn 2 (first fired on in turn 1) it no longer does.
    const cover = (s: KReading) => { const st = new Steps(s); coverTest(st, 'w_swedes', 3, { value: 6, name: 'open' }, { table, dice: dice({ cover: [6] }) }); return of(st.events, 'COVER_TEST')[0]!; };
    expect(cover(after)).toMatchObject({ cover: 7, wounds: 3 });
    expect(cover({ ...after, turn: 2, seq: { ...after.seq, round: 2 } })).toMatchObject({ cover: 6, wounds: 0 });
  });

  it('K-5.4c only in the open: against light cover (5) the test is unchanged; other units are not touched; a failed morale test still pins (K-7.1b)', () => {
    const on = foldRead(duel(withOptions({ rules: { 'opt-white-suits': true } })), []);
    const fired: KReading = { ...on, special: { ...on.special!, firstFiredOn: { w_swedes: 1 } } };
    const st = new Steps(fired);
    coverTest(st, 'w_swedes', 2, { value: 5, name: 'light' }, { table, dice: dice({ cover: [5] }) });
    coverTest(st, 'r_os3', 2, { value: 6, name: 'open' }, { table, dice: dice({ cover: [6] }) });
    expect(of(st.events, 'COVER_TEST').map((e) => [e.unitId, e.cover, e.wounds])).toEqual([['w_swedes', 5, 0], ['r_os3', 6, 0]]);
    const morale = moraleTest(fired, 'w_swedes', 'K-7.1-T1', { table, dice: dice({ morale: [1] }) });
    expect(of(morale, 'UNIT_STATUS_CHANGED')[0]).toMatchObject({ unitId: 'w_swedes', status: 'pinned', rule: 'K-7.1b' });
    expect(of(morale, 'SPECIAL_EFFECT')).toEqual([]);
  });

  it('K-GAP-9 "first fired on" counts fire from off the table too: a short round before turn 1 spends the bite in turn 0', () => {
    let s = setupRead(withOptions({ rules: { 'opt-white-suits': true } }));
    // Every other White unit far from the rise, so the Swedes are the unit nearest to it.
    for (const id of Object.keys(s.units)) if (s.units[id]!.side === 'white' && id !== 'w_swedes' && s.units[id]!.figures.length) s = place(s, id, s.units[id]!.figures.map((_, i) => [178, 2 + i * 1.5] as Vec2));
    s = place(s, 'w_swedes', line(125, 60, 9, 0).map(([x, z], i) => [x + (i % 3) * 1.5, z + Math.floor(i / 3) * 1.5] as Vec2));
    const d: Dice & { rolls: Roll[] } = { rolls: [], roll: (sides, purpose, rule) => { const v = purpose.startsWith('preparation') ? (purpose.includes('(1)') ? 1 : 2) : purpose.startsWith('shooting') ? 1 : 6; d.rolls.push({ sides, value: v, purpose, rule }); return v; } };
    const events = preparationFire(s, { table, dice: d });
    expect(of(events, 'SPECIAL_FIRE').map((e) => e.targetId)).toEqual(['w_swedes']);
    const after = foldRead(s, events);
    expect(after.special!.firstFiredOn).toEqual({ w_swedes: 0 });
    const st = new Steps({ ...after, turn: 1, seq: { ...after.seq, round: 1 } });
    coverTest(st, 'w_swedes', 1, { value: 6, name: 'open' }, { table, dice: dice({ cover: [6] }) });
    expect(of(st.events, 'COVER_TEST')[0]).toMatchObject({ cover: 6, wounds: 0 });
  });
});

describe('opt-white-suits, not-pinned reading (named option: readings.opt-white-suits = not-pinned): K-7.1b, K-7.3a', () => {
  it('K-7.1b in the turn first fired on, mostly in the open, a failed test does not pin (SPECIAL_EFFECT); the cover test is the usual 6; next turn it pins', () => {
    const on = duel(withOptions({ rules: { 'opt-white-suits': true }, readings: { 'opt-white-suits': 'not-pinned' } }));
    expect(on.special!.config.bite!.reading).toBe('not-pinned');
    const r = resolveShooting(on, { shooterId: 'r_os3', targetId: 'w_swedes', shooters: FIVE }, { table, dice: dice({ shoot: [6], cover: [6], morale: [6] }) });
    const events = (r as { events: KEvent[] }).events;
    expect(of(events, 'COVER_TEST')[0]).toMatchObject({ cover: 6, wounds: 0 });
    const fired = foldRead(on, events);
    expect(fired.special!.firstFiredOn).toEqual({ w_swedes: 1 });
    const failed = moraleTest(fired, 'w_swedes', 'K-7.1-T1', { table, dice: dice({ morale: [1] }) });
    expect(of(failed, 'MORALE_TEST')[0]).toMatchObject({ passed: false });
    expect(of(failed, 'UNIT_STATUS_CHANGED')).toEqual([]);
    expect(of(failed, 'SPECIAL_EFFECT')[0]).toMatchObject({ unitId: 'w_swedes', special: 'opt-white-suits', rule: 'K-7.1b' });
    expect(foldRead(fired, failed).units.w_swedes!.status).toBe('normal');
    const nextTurn = moraleTest({ ...fired, turn: 2, seq: { ...fired.seq, round: 2 } }, 'w_swedes', 'K-7.1-T1', { table, dice: dice({ morale: [1] }) });
    expect(of(nextTurn, 'UNIT_STATUS_CHANGED')[0]).toMatchObject({ status: 'pinned' });
  });

  it('K-5.4c not in the open (inside a Tammela house): a failed test pins as usual', () => {
    const on = duel(withOptions({ rules: { 'opt-white-suits': true }, readings: { 'opt-white-suits': 'not-pinned' } }));
    const inside = place({ ...on, special: { ...on.special!, firstFiredOn: { w_swedes: 1 } } }, 'w_swedes', Array.from({ length: 9 }, (_, i) => [6 + (i % 3) * 2, 13 + Math.floor(i / 3) * 2] as Vec2));
    const failed = moraleTest(inside, 'w_swedes', 'K-7.1-T1', { table, dice: dice({ morale: [1] }) });
    expect(of(failed, 'UNIT_STATUS_CHANGED')[0]).toMatchObject({ status: 'pinned' });
    expect(of(failed, 'SPECIAL_EFFECT')).toEqual([]);
  });
});

describe('opt-womens-guard (optional-unit, K-ORG-1), opt-swedish-squad (K-ORG-3) and opt-medic (K-SKL-8)', () => {
  it('K-ORG-1 switched on: a squad leader and 8 riflewomen of the Red Guard set up inside Tammela, with the osastot\'s profile', () => {
    expect(setupRead(kal).units.r_women).toBeUndefined();
    const scenario = withOptions({ rules: { 'opt-womens-guard': true } });
    expect(validateKScenario(scenario)).toEqual([]);
    const s = setupRead(scenario);
    const u = s.units.r_women!;
    expect(u).toMatchObject({ side: 'red', kind: 'squad', skill: 5, morale: 4, grenades: false, nationality: 'finnish', startStrength: 9, status: 'normal' });
    const figs = u.figures.map((id) => s.figures[id]!);
    expect(figs.map((f) => f.role)).toEqual(['squad-leader', ...Array(8).fill('soldier')]);
    expect(figs.every((f) => f.weapon === 'K-WPN-3')).toBe(true);
    const tammela = kal.features.find((f) => f.id === 'tammela') as { polygon: Vec2[] };
    expect(figs.every((f) => pointInPolygon(f.at, tammela.polygon))).toBe(true);
    // The rest of the game is the file's: the same other units, the optional rule now "existing and on".
    expect(Object.keys(s.units).filter((id) => id !== 'r_women').sort()).toEqual(Object.keys(setupRead(kal).units).sort());
  });

  it('K-ORG-3 the Swedish squad is on by default and may be left out: the Whites then start with 57 figures, not 66', () => {
    const whites = (s: KReading) => Object.values(s.units).filter((u) => u.side === 'white').reduce((n, u) => n + u.startStrength, 0);
    expect(whites(setupRead(kal))).toBe(66);
    const without = withOptions({ rules: { 'opt-swedish-squad': false } });
    expect(validateKScenario(without)).toEqual([]);
    const s = setupRead(without);
    expect(s.units.w_swedes).toBeUndefined();
    expect(whites(s)).toBe(57);
    // The medic (K-SKL-8) is optional in the brief too: left out, one figure fewer.
    const noMedic = setupRead(withOptions({ rules: { 'opt-medic': false } }));
    expect(noMedic.units.w_medic).toBeUndefined();
    expect(whites(noMedic)).toBe(65);
    // Both at once, and the bite on with no Swedes: nothing to bite, still a valid game.
    const all = withOptions({ rules: { 'opt-swedish-squad': false, 'opt-womens-guard': true, 'opt-white-suits': true } });
    expect(validateKScenario(all)).toEqual([]);
    expect(setupRead(all).units.r_women).toBeDefined();
  });

  it('bad choices are refused with the option path and what was expected', () => {
    const r = applyKOptions(kal, { rules: { 'opt-snow': true }, readings: { 'opt-white-suits': 'lie-down', 'opt-womens-guard': 'x' }, house: { splitRounding: 'up', nonsense: 'a' } });
    expect(r.scenario).toBe(kal);
    expect(r.issues.map((i) => `${i.path}: ${i.message}`)).toEqual([
      'rules.opt-snow: "opt-snow" is not an optional rule of kalevankangas: expected one of opt-white-suits, opt-womens-guard, opt-swedish-squad, opt-medic, opt-rail-embankment',
      'readings.opt-white-suits: "lie-down" is not a reading of opt-white-suits: expected one of no-cover, not-pinned',
      'readings.opt-womens-guard: "opt-womens-guard" has no readings to choose in kalevankangas: expected one of opt-white-suits',
      'house.splitRounding: "up" is not an option of K-AMB-2 splitRounding: expected one of floor, ceil',
      expect.stringMatching(/^house\.nonsense: unknown house setting "nonsense": expected one of defaultTurnLimit, splitRounding/),
    ]);
    expect(applyKOptions(kal, {}).scenario).toBe(kal);
  });

  it('K-AMB-2 a named house option chosen at the start is the value in force (over the default)', () => {
    expect(setupRead(kal).house.splitRounding).toBe('floor');
    expect(setupRead(withOptions({ house: { splitRounding: 'ceil' } })).house.splitRounding).toBe('ceil');
  });
});

describe('house options offered at the start', () => {
  it('K-GAP-1 the default shown is the value in force: the scenario\'s own rules.house choice, by option name; a value no option names is not offered', () => {
    const byKey = (s: Scenario) => new Map(kOptionChoices(s).filter((c) => c.kind === 'house').map((c) => [c.id, c.default]));
    expect(byKey(kal).get('defaultTurnLimit')).toBe('8-turns');
    expect(byKey({ ...kal, rules: { house: { defaultTurnLimit: '10-turns' } } }).get('defaultTurnLimit')).toBe('10-turns');
    expect(byKey({ ...kal, rules: { house: { defaultTurnLimit: 12 } } }).get('defaultTurnLimit')).toBe('12-turns');
    expect(byKey({ ...kal, rules: { house: { defaultTurnLimit: 7 } } }).has('defaultTurnLimit')).toBe(false);
    // Titled in words, the rule id after them ("Default turn limit (K-GAP-1)"), MG in capitals ("MG loader rolls own die").
    expect(kOptionChoices(kal).filter((c) => c.kind === 'house' && !(c.house && /^([A-Z]|MG)(MG|[a-z ])+ \(K-(GAP|AMB)-\d+\)$/.test(c.title))).map((c) => c.title)).toEqual([]);
    expect(kOptionChoices(kal).find((c) => c.id === 'mgLoaderRollsOwnDie')?.title).toBe('MG loader rolls own die (K-AMB-19)');
  });
});
