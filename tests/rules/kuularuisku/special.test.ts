// The two 1918 scenarios' special rules as the engine executes them (special.ts, special-play.ts),
// with scripted dice; each test names the special rule's id and the K- rule it modifies.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import type { Dice, Roll, Vec2 } from '../../../src/core';
import {
  coverValue, evaluateTarget, inTheWay, validateKScenario, validateMove,
  type KEvent, type KReading,
} from '../../../src/rules/kuularuisku/engine';
import { validateCharge } from '../../../src/rules/kuularuisku/charge';
import { decideAction } from '../../../src/rules/kuularuisku/actions';
import { chargeRemoval, fireDemolition, offTableFire, preparationFire, revealChecks } from '../../../src/rules/kuularuisku/special-play';
import { crossingAt, elevatedRule, isHidden, nightNow } from '../../../src/rules/kuularuisku/special-queries';
import { specialHouseValues } from '../../../src/rules/kuularuisku/special';
import { parseScenarioOrThrow, type Scenario } from '../../../src/scenario';
import { GameSession } from '../../../src/game';
import { playableModule } from '../../../src/flow';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import { setupRead, foldRead } from './reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const KAL = 'scenarios/kuularuisku/kalevankangas.json';
const TAM = 'scenarios/kuularuisku/tammerkoski.json';
const load = (f: string) => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);

/** Scripted dice that fall back to one value when the script runs out (for the wound and morale tail). */
class Seq implements Dice {
  readonly rolls: Roll[] = [];
  constructor(private readonly values: number[], private readonly then = 6) {}
  roll(sides: number, purpose: string, rule: string): number {
    const value = this.values.shift() ?? this.then;
    this.rolls.push({ sides, value, purpose, rule });
    return value;
  }
}

/** Move a unit's figures (in order) to these points. */
function place(s: KReading, unitId: string, points: Vec2[], floor = 0): KReading {
  const figures = { ...s.figures };
  s.units[unitId]!.figures.forEach((id, i) => {
    if (points[i]) figures[id] = { ...figures[id]!, at: points[i]!, floor };
  });
  return { ...s, figures };
}

/** Take a unit off the table (its figures far away in a corner no rule looks at). */
function park(s: KReading, unitId: string, at: Vec2 = [1, 1]): KReading {
  return place(s, unitId, s.units[unitId]!.figures.map((_, i) => [at[0] + (i % 10) * 1.5, at[1] + Math.floor(i / 10) * 1.5] as Vec2));
}

function activating(s: KReading, unitId: string, moved: string[] = []): KReading {
  return { ...s, activation: { unitId, units: [unitId], via: 'card', moved, shot: [], phase: 'none', action: 'move-shoot' } };
}

/** The state in this turn (the sequence's round and the table's own turn). */
const withRound = (s: KReading, round: number): KReading => ({ ...s, turn: round, seq: { ...s.seq, round } });
const line = (x: number, z: number, n: number, dx = 1.5, dz = 0): Vec2[] => Array.from({ length: n }, (_, i) => [x + i * dx, z + i * dz] as Vec2);

let kal: Scenario;
let tam: Scenario;
let kalTable: Battlefield;
let tamTable: Battlefield;

beforeAll(async () => {
  kal = load(KAL);
  tam = load(TAM);
  [kalTable, tamTable] = await Promise.all([createBattlefield(kal), createBattlefield(tam)]);
});
afterAll(() => {
  kalTable.free();
  tamTable.free();
});

describe('special rules as validated scenario data', () => {
  it('K-GAP-1 both 1918 scenarios carry executable, valid special-rule data with their house values marked', () => {
    expect(validateKScenario(kal)).toEqual([]);
    expect(validateKScenario(tam)).toEqual([]);
    const kalRules = setupRead(kal).special!.config.rules.map((r) => r.kind);
    expect(kalRules).toEqual(['preparation-fire', 'winter', 'cannot-go-to-ground', 'elevated', 'aid-posts', 'optional-unit', 'optional-unit', 'optional-unit', 'objective-control']);
    expect(setupRead(tam).special!.config.rules.map((r) => r.kind)).toEqual(['victory-requirement', 'night', 'off-table-fire', 'demolition', 'narrow-crossing', 'hidden-units', 'elevated', 'optional-unit']);
    const house = specialHouseValues(kal);
    expect(house.find((h) => h.ruleId === 'failed-preparation' && h.key === 'attack.skill')).toMatchObject({ value: 4 });
    expect(specialHouseValues(tam).map((h) => h.ruleId)).toContain('pyynikki-fire-lane');
  });

  it('K-GAP-1 bad special-rule data is refused with its JSON path and what was expected', () => {
    const bad = structuredClone(tam) as Scenario;
    const sr = bad.specialRules!;
    (sr[1]!.data as Record<string, unknown>).kind = 'fog';
    (sr[3]!.data as { bridge: string }).bridge = 'no_such_bridge';
    (sr[2]!.data as { house: Record<string, string> }).house['attack.range'] = 'a house value for a field that is not there';
    (sr[5]!.data as { units: string[] }).units = ['r_ghosts'];
    const msgs = validateKScenario(bad).map((i) => `${i.path}: ${i.message}`);
    expect(msgs).toEqual(expect.arrayContaining([
      expect.stringMatching(/^specialRules\.1\.data\.kind: K-GAP-1: a special rule's data names its kind/),
      'specialRules.3.data.bridge: unknown feature "no_such_bridge"',
      'specialRules.2.data.house.attack.range: the house value "attack.range" names no field of this rule\'s data',
      'specialRules.5.data.units.0: unknown unit "r_ghosts"',
    ]));
    // Optional rules: an added unit is off in the file (its `units` are the default game), its figures stand where the rule says.
    const on = structuredClone(kal) as Scenario;
    const women = on.specialRules!.find((r) => r.id === 'opt-womens-guard')!;
    (women.data as { enabled: boolean }).enabled = true;
    (women.data as { unit: { figures: Array<{ at: number[] }> } }).unit.figures[0]!.at = [90, 60];
    const bite = on.specialRules!.find((r) => r.id === 'opt-white-suits')!;
    (bite.data as { reading: string }).reading = 'lie-down';
    const i = on.specialRules!.indexOf(women);
    const j = on.specialRules!.indexOf(bite);
    expect(validateKScenario(on).map((x) => `${x.path}: ${x.message}`)).toEqual(expect.arrayContaining([
      `specialRules.${i}.data.enabled: an added unit is off by default (the file's \`units\` are the default game): expected false`,
      expect.stringMatching(new RegExp(`^specialRules\\.${j}\\.data\\.reading: `)),
    ]));
    (women.data as { enabled: boolean }).enabled = false;
    expect(validateKScenario(on).map((x) => `${x.path}: ${x.message}`)).toContain(`specialRules.${i}.data.unit.figures.0.at: [90, 60] is outside tammela: expected a point inside it`);
  });
});

describe('Kalevankangas', () => {
  it('failed-preparation K-GAP-9 K-5.3d K-5.4a: before turn 1 a die per Red unit in the cemetery, a 6 brings 3 dice down on it; one die, on a 1, for the White unit nearest the rise', () => {
    const s = setupRead(kal);
    const inCemetery = ['r_coy', 'r_os1', 'r_os2', 'r_mg1', 'r_mg2', 'r_mg3'];
    // Dice by purpose: the first Red unit's die 6 (the fire falls on it), the others 2; the White die 1
    // (a short round); shooting tests 4, 5, 2 then 1s (skill 4: 2 hits, then none); cover 6, 1; the rest 3.
    let first = true;
    const shots = [4, 5, 2];
    const covers = [6, 1];
    const rolls0: Roll[] = [];
    const d: Dice = {
      rolls: rolls0,
      roll(sides, purpose, rule) {
        let value = 3;
        if (purpose.startsWith('preparation')) { value = purpose.includes('(1)') ? 1 : first ? 6 : 2; first = false; }
        else if (purpose.includes('shooting test')) value = shots.shift() ?? 1;
        else if (purpose.includes('cover test')) value = covers.shift() ?? 6;
        rolls0.push({ sides, value, purpose, rule });
        return value;
      },
    };
    const events = preparationFire(s, { table: kalTable, dice: d });
    const rolls = events.filter((e): e is Extract<KEvent, { type: 'SPECIAL_ROLL' }> => e.type === 'SPECIAL_ROLL');
    expect(rolls.map((e) => e.special)).toEqual(Array(inCemetery.length + 1).fill('failed-preparation'));
    expect(rolls.every((e) => e.rule === 'K-GAP-9')).toBe(true);
    const fire = events.filter((e): e is Extract<KEvent, { type: 'SPECIAL_FIRE' }> => e.type === 'SPECIAL_FIRE');
    expect(fire).toHaveLength(2);
    expect(fire[0]).toMatchObject({ hits: 2, machineGun: false });
    expect(fire[0]!.dice.map((x) => x.value)).toEqual([4, 5, 2]);
    expect(s.units[fire[0]!.targetId]!.side).toBe('red');
    expect(s.units[fire[1]!.targetId]!.side).toBe('white');
    expect(fire[1]!.hits).toBe(0);
    const cover = events.find((e): e is Extract<KEvent, { type: 'COVER_TEST' }> => e.type === 'COVER_TEST')!;
    expect(cover).toMatchObject({ unitId: fire[0]!.targetId, wounds: 1 });
    // Only before the first turn.
    expect(preparationFire({ ...s, seq: { ...s.seq, round: 1 } }, { table: kalTable, dice: new Seq([]) })).toEqual([]);
  });

  it('failed-preparation K-GAP-9 K-5.5a: in play the barrage stops before turn 1 for Reds to allocate the wounds on the osasto it hit; after their answer it goes on, then turn 1 opens', () => {
    const os1 = kal.units!.find((u) => u.id === 'r_os1')!.name;
    // The fire falls on Osasto 1 alone (its die 6, every other 2: the short round falls wide); three hits; covers 1, 1, 6: two wounds.
    const covers = [1, 1, 6];
    const rolls: Roll[] = [];
    const d: Dice = {
      rolls,
      roll(sides, purpose, rule) {
        const value = purpose.startsWith('preparation') ? (purpose.includes(os1) ? 6 : 2)
          : purpose.includes('shooting test') ? 6
            : purpose.includes('cover test') ? covers.shift() ?? 6
              : purpose.includes('wound test') || purpose.includes('morale') ? 6 : 1;
        rolls.push({ sides, value, purpose, rule });
        return value;
      },
    };
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario: kal, table: kalTable, seed: 1, dice: d });
    const r = g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(r.ok && r.events.some((e) => e.type === 'TURN_STARTED')).toBe(false);
    const asked = g.pendingDecision()!;
    expect(asked).toMatchObject({ side: 'red', kind: 'wound-allocation', rule: 'K-5.5a', label: `2 wounds from the preparation fire on ${os1}: who takes them?` });
    // K-5.5b two soldiers take one each; the osasto's leader is not in the default.
    const chosen = asked.options[1]!.command;
    expect(g.dispatch(chosen).ok).toBe(true);
    const events = g.log.at(-1)!.events;
    expect(events.find((e) => e.type === 'CHOICE_MADE')!.text).toBe(`Reds — Tampere Red Guard (owner of ${os1}) allocated 2 wounds`);
    expect(events.find((e) => e.type === 'WOUNDS_ALLOCATED')).toMatchObject({ unitId: 'r_os1', allocation: chosen.allocation });
    expect(events.filter((e) => e.type === 'SPECIAL_ROLL').length).toBeGreaterThan(1);
    expect(events.some((e) => e.type === 'TURN_STARTED')).toBe(true);
    expect(g.pendingDecision()).toBeUndefined();
  });

  it('no-snow K-SKL-3: not a winter scenario, so the Swedes\' snow suits give 6 in the open, not 5', () => {
    const s = setupRead(kal);
    expect(s.winter).toBe(false);
    const swede = s.figures[s.units.w_swedes!.figures[1]!]!;
    expect(swede.skills.includes('snow-suit') || s.units.w_swedes!.skills.includes('snow-suit')).toBe(true);
    expect(coverValue(s, swede, 'open')).toBe(6);
    expect(coverValue({ ...s, winter: true }, swede, 'open')).toBe(5);
  });

  it('the-crest K-5.1d: a Red gun on the crest plateau fires over a friendly unit on the rim of the slope (blocked without the rule)', () => {
    let s = setupRead(kal);
    const gun = s.figures[s.units.r_mg3!.figures[0]!]!;
    expect(elevatedRule(s, kalTable, gun)?.id).toBe('the-crest');
    expect(elevatedRule(s, kalTable, s.figures[s.units.w_sq3!.figures[0]!]!)).toBeUndefined();
    s = place(s, 'r_os1', [[97, gun.at[1]]]);
    s = place(s, 'w_sq3', [[140, gun.at[1]]]);
    const friend = s.figures[s.units.r_os1!.figures[0]!]!;
    const target = s.figures[s.units.w_sq3!.figures[0]!]!;
    expect(elevatedRule(s, kalTable, friend)).toBeUndefined();
    expect(inTheWay(s, kalTable, gun, target, [friend])).toBeUndefined();
    const { special: _gone, ...plain } = s;
    expect(inTheWay(plain, kalTable, gun, target, [friend])).toMatchObject({ rule: 'K-5.1c' });
  });

  it('aid-posts K-5.6a: the dressing stations are the hay barn and the Tammela house named in the rule', () => {
    expect(setupRead(kal).dressingStations).toEqual([{ side: 'white', at: [150, 90], radius: 6 }, { side: 'red', at: [31, 54], radius: 6 }]);
  });
});

describe('Tammerkoski', () => {
  it('night K-5.2a: on turns 1–4 nothing beyond 30 cm is seen unless it stands in the searchlight strip down Hämeenkatu, which stops at the barricade', () => {
    let s = setupRead(tam);
    for (const u of Object.keys(s.units)) if (u !== 'r_os3' && u !== 'w_sq1') s = park(s, u, s.units[u]!.side === 'red' ? [2, 2] : [178, 2]);
    s = place(s, 'w_sq1', line(178, 86, 9, 0, 1.5));
    s = place(s, 'r_os3', line(122, 92, 11, 1.2));
    const dark = withRound(s, 2);
    expect(nightNow(dark)?.id).toBe('night');
    expect(evaluateTarget(dark, 'w_sq1', 'r_os3', { table: tamTable })).toMatchObject({ valid: false, reason: { rule: 'K-5.2a' } });
    expect(evaluateTarget(withRound(s, 5), 'w_sq1', 'r_os3', { table: tamTable }).valid).toBe(true);
    // In the lit strip (within 10 cm of z = 68, west of the barricade), seen at any range the weapon allows.
    const lit = place(place(dark, 'w_sq1', line(10, 66, 9)), 'r_os3', line(60, 59.5, 11, 1.2));
    expect(evaluateTarget(lit, 'w_sq1', 'r_os3', { table: tamTable }).valid).toBe(true);
    // On the same line east of the barricade (the east bank at z = 66) the strip has stopped: dark.
    const east = place(place(dark, 'w_sq1', line(178, 62, 9, 0, 1.5)), 'r_os3', line(122, 66, 11, 1.2));
    expect(evaluateTarget(east, 'w_sq1', 'r_os3', { table: tamTable })).toMatchObject({ valid: false, reason: { rule: 'K-5.2a' } });
    expect(evaluateTarget(withRound(east, 5), 'w_sq1', 'r_os3', { table: tamTable }).valid).toBe(true);
  });

  it('pyynikki-fire-lane K-5.3d K-7.1-T2: once a turn, in a Red activation, 3 dice at a White unit on Hämeenkatu, cover from the west edge, MG morale test', () => {
    let s = withRound(setupRead(tam), 3);
    s = place(s, 'w_sq1', line(50, 68, 9));
    s = activating(s, 'r_os3');
    // Shooting test 6, 6, 1 (2 hits), cover 1, 6 (open: 1 wound), wound test 6, morale tests 1s.
    const r = offTableFire(s, { special: 'pyynikki-fire-lane', targetId: 'w_sq1' }, { table: tamTable, dice: new Seq([6, 6, 1, 1, 6, 6], 1) });
    expect(r.ok).toBe(true);
    const events = r.ok ? r.events : [];
    expect(events[0]).toMatchObject({ type: 'SPECIAL_FIRE', special: 'pyynikki-fire-lane', hits: 2, machineGun: true });
    expect(events.find((e) => e.type === 'COVER_TEST')).toMatchObject({ cover: 6, wounds: 1 });
    expect(events.some((e) => e.type === 'MORALE_TEST')).toBe(true);
    const after = foldRead(s, events);
    expect(offTableFire(after, { special: 'pyynikki-fire-lane', targetId: 'w_sq1' }, { table: tamTable, dice: new Seq([]) })).toMatchObject({ ok: false, rule: 'K-5.3d' });
    // Next turn again; never at a unit out of the lane, never in a White activation.
    expect(offTableFire(withRound(after, 4), { special: 'pyynikki-fire-lane', targetId: 'w_sq1' }, { table: tamTable, dice: new Seq([1, 1, 1]) }).ok).toBe(true);
    expect(offTableFire(s, { special: 'pyynikki-fire-lane', targetId: 'w_sq2' }, { table: tamTable, dice: new Seq([]) })).toMatchObject({ ok: false, reason: expect.stringContaining('not in Hämeensilta bridge or Hämeenkatu') });
    expect(offTableFire(activating(s, 'w_sq2'), { special: 'pyynikki-fire-lane', targetId: 'w_sq1' }, { table: tamTable, dice: new Seq([]) })).toMatchObject({ ok: false });
  });

  it('bridge-demolition K-3.3a K-7.1b: once in the game a Red unit at the barricade, not pinned, fires the charge on a 6; the span and every figure on it go, and no one crosses it afterwards', () => {
    let s = setupRead(tam);
    s = place(s, 'w_sappers', [[100, 67], [101.6, 67]]);
    s = activating(s, 'r_os2');
    const miss = fireDemolition(s, { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([5]) });
    expect(miss.ok && miss.events.map((e) => e.type)).toEqual(['SPECIAL_ROLL']);
    const tried = foldRead(s, miss.ok ? miss.events : []);
    expect(tried.special!.triesMade).toEqual({ 'bridge-demolition': 1 });
    // One try in the game: not again in this activation, nor in a later turn.
    expect(fireDemolition(tried, { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([6]) })).toMatchObject({ ok: false, reason: expect.stringContaining('one try in the game') });
    expect(fireDemolition(activating(withRound(tried, tried.turn + 1), 'r_os2'), { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([6]) })).toMatchObject({ ok: false, rule: 'K-3.3a' });
    // A pinned unit keeps its head down (K-7.1b).
    const pinned = { ...s, units: { ...s.units, r_os2: { ...s.units.r_os2!, status: 'pinned' as const } } };
    expect(fireDemolition(pinned, { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([6]) })).toMatchObject({ ok: false, rule: 'K-7.1b', reason: expect.stringContaining('pinned') });
    const far = activating(s, 'r_os3');
    expect(fireDemolition(far, { special: 'bridge-demolition', unitId: 'r_os3' }, { table: tamTable, dice: new Seq([6]) })).toMatchObject({ ok: false, reason: expect.stringContaining('within 5 cm of Street barricade at the west bridgehead') });
    const hit = fireDemolition(s, { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([6]) });
    expect(hit.ok).toBe(true);
    const events = hit.ok ? hit.events : [];
    expect(events.map((e) => e.type)).toEqual(['SPECIAL_ROLL', 'SPAN_DESTROYED', 'FIGURE_REMOVED', 'FIGURE_REMOVED', 'UNIT_DESTROYED']);
    // Players read the bridge's name, never its id.
    expect(events[1]!.text).toBe('The span of Hämeensilta bridge is destroyed: impassable from now on (Bridge demolition)');
    // The soldiers and the unit lost with the span: the rule by its name in the text, by its id in the event's data.
    expect(events[4]!.text).toMatch(/^Sapper pair .* is gone \(Bridge demolition\)$/);
    expect(events.slice(2).map((e) => (e as { special?: unknown }).special)).toEqual(['bridge-demolition', 'bridge-demolition', 'bridge-demolition']);
    expect(events.every((e) => /^K-/.test(e.rule))).toBe(true);
    const blown = foldRead(s, events);
    expect(blown.special!.destroyed).toEqual(['bridge-demolition']);
    expect(blown.figures[blown.units.w_sappers!.figures[0] ?? 'w_sappers_1']?.removed ?? 'lost').toBe('lost');
    // Two White soldiers at the east bridgehead: onto the deck before (K-3.3a the bridge carries them over the rapids), refused after.
    let w = place(s, 'w_sappers', [[123, 67], [123, 69]]);
    w = activating(w, 'w_sappers');
    const moves = w.units.w_sappers!.figures.map((id) => ({ figureId: id, to: [w.figures[id]!.at[0] - 8, w.figures[id]!.at[1]] as Vec2 }));
    expect(validateMove(w, { unitId: 'w_sappers', moves, mode: 'normal' }, { table: tamTable }).ok).toBe(true);
    const after = { ...w, special: blown.special };
    expect(validateMove(after, { unitId: 'w_sappers', moves, mode: 'normal' }, { table: tamTable })).toMatchObject({ ok: false, rule: 'K-3.3a', reason: expect.stringContaining('the span of Hämeensilta bridge has been blown (Bridge demolition)') });
    // Beside the deck the rapids stay impassable.
    const wade = w.units.w_sappers!.figures.map((id) => ({ figureId: id, to: [w.figures[id]!.at[0] - 8, w.figures[id]!.at[1] - 10] as Vec2 }));
    expect(validateMove(w, { unitId: 'w_sappers', moves: wade, mode: 'normal' }, { table: tamTable })).toMatchObject({ ok: false, rule: 'K-3.3a', reason: expect.stringContaining('rapids') });
    expect(fireDemolition(activating(blown, 'r_os2'), { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([6]) })).toMatchObject({ ok: false });
  });

  it('bridge-demolition K-3.3a: the sappers, spending a whole activation at the charge, remove it (no other White unit can); the charge can then never be fired', () => {
    let s = setupRead(tam);
    s = place(s, 'w_sappers', [[102.5, 68], [102.5, 66.5]]);
    const squad = place(s, 'w_sq1', line(101, 66, 9, 0.4, 0.3));
    expect(chargeRemoval(activating(squad, 'w_sq1'))).toEqual([]);
    const stayed = chargeRemoval(activating(s, 'w_sappers'));
    expect(stayed).toMatchObject([{ type: 'CHARGE_REMOVED', special: 'bridge-demolition', unitId: 'w_sappers', rule: 'K-3.3a' }]);
    expect(chargeRemoval(activating(s, 'w_sappers', s.units.w_sappers!.figures))).toEqual([]);
    const cleared = foldRead(activating(s, 'r_os2'), stayed);
    expect(fireDemolition(cleared, { special: 'bridge-demolition', unitId: 'r_os2' }, { table: tamTable, dice: new Seq([6]) })).toMatchObject({ ok: false, reason: expect.stringContaining('removed') });
  });

  it('the-dam K-4.0 K-4.1: single file at half speed on the needle dam; a fast move over it by a unit fired on this turn falls into the rapids on a 1; figures on it are in the open', () => {
    let s = setupRead(tam);
    s = activating(place(s, 'w_sappers', [[123, 29.5], [125, 29.5]]), 'w_sappers');
    const go = (dx: number, dz2 = 0) => [{ figureId: 'w_sappers_1', to: [123 - dx, 29.5] as Vec2 }, { figureId: 'w_sappers_2', to: [125 - dx, 29.5 + dz2] as Vec2 }];
    const ids = s.units.w_sappers!.figures;
    expect(ids).toEqual(['w_sappers_1', 'w_sappers_2']);
    expect(validateMove(s, { unitId: 'w_sappers', moves: go(4.5), mode: 'normal' }, { table: tamTable }).ok).toBe(true);
    expect(validateMove(s, { unitId: 'w_sappers', moves: go(6.5), mode: 'normal' }, { table: tamTable })).toMatchObject({ ok: false, rule: 'K-4.0', reason: expect.stringContaining('more than its 5 cm') });
    // Already on the walkway, half speed still (5 cm), not a quarter.
    const on = activating(place(s, 'w_sappers', [[110, 29.5], [112, 29.5]]), 'w_sappers');
    const along = (dx: number) => [{ figureId: 'w_sappers_1', to: [110 - dx, 29.5] as Vec2 }, { figureId: 'w_sappers_2', to: [112 - dx, 29.5] as Vec2 }];
    expect(validateMove(on, { unitId: 'w_sappers', moves: along(4.8), mode: 'normal' }, { table: tamTable }).ok).toBe(true);
    expect(validateMove(on, { unitId: 'w_sappers', moves: along(5.5), mode: 'normal' }, { table: tamTable })).toMatchObject({ ok: false, reason: expect.stringContaining('more than its 5 cm') });
    const abreast = [{ figureId: 'w_sappers_1', to: [120, 29.0] as Vec2 }, { figureId: 'w_sappers_2', to: [120.4, 30.2] as Vec2 }];
    expect(validateMove(s, { unitId: 'w_sappers', moves: abreast, mode: 'normal' }, { table: tamTable })).toMatchObject({ ok: false, reason: expect.stringContaining('single file') });
    const fast = activating(s, 'w_sappers');
    const run = { ...fast, activation: { ...fast.activation!, action: 'fast-move' as const } };
    // Not fired on this turn: no one slips, no die.
    const calm = decideAction(run, { type: 'MOVE', unitId: 'w_sappers', mode: 'fast', moves: go(8) }, { table: tamTable, dice: new Seq([]) });
    expect(calm.ok && calm.events.filter((e) => e.type === 'SPECIAL_ROLL')).toEqual([]);
    // Fired on this turn (SHOT_FIRED at it folds the turn in): a die for each man on the walkway.
    const shotAt = foldRead(run, [{ type: 'SHOT_FIRED', rule: 'K-5.3', text: 'Osasto 3 fires at the sappers', shooterId: 'r_os3', shooters: [], defensive: true, targetId: 'w_sappers' } as never]);
    expect(shotAt.special!.lastFiredOn).toEqual({ w_sappers: run.turn });
    const r = decideAction(shotAt, { type: 'MOVE', unitId: 'w_sappers', mode: 'fast', moves: go(8) }, { table: tamTable, dice: new Seq([1, 4]) });
    expect(r.ok).toBe(true);
    const events = r.ok ? r.events : [];
    expect(events.filter((e) => e.type === 'SPECIAL_ROLL')).toMatchObject([{ special: 'the-dam', figureId: 'w_sappers_1', value: 1, success: true }, { figureId: 'w_sappers_2', value: 4, success: false }]);
    expect(events.find((e) => e.type === 'FIGURE_REMOVED')).toMatchObject({ figureId: 'w_sappers_1', reason: 'lost', rule: 'K-4.1' });
    expect(crossingAt(s, [110, 29.5])).toMatchObject({ id: 'the-dam', open: true });
  });

  it('felt-factory-garrison K-5.2a K-6.1a: the marksmen are hidden (no shot, no charge) until they fire or a White soldier comes within 10 cm', () => {
    let s = setupRead(tam);
    expect(isHidden(s, 'r_marksmen')).toBe(true);
    s = place(s, 'w_sq2', line(100, 20, 9, 1.5));
    expect(evaluateTarget(s, 'w_sq2', 'r_marksmen', { table: tamTable })).toMatchObject({ valid: false, reason: { rule: 'K-5.2a', text: expect.stringContaining('not been seen') } });
    expect(validateCharge(activating(s, 'w_sq2'), { unitId: 'w_sq2', targetId: 'r_marksmen', moves: [] }, { table: tamTable })).toMatchObject({ ok: false, rule: 'K-6.1a' });
    expect(revealChecks(s, [])).toEqual([]);
    expect(revealChecks(s, [{ type: 'SHOT_FIRED', shooterId: 'r_marksmen' }])).toMatchObject([{ type: 'UNIT_REVEALED', unitId: 'r_marksmen', cause: 'fired', special: 'felt-factory-garrison' }]);
    const m = s.figures[s.units.r_marksmen!.figures[0]!]!;
    const close = place(s, 'w_sappers', [[m.at[0] + 10, m.at[1]], [m.at[0] + 12, m.at[1]]]);
    const shown = revealChecks(close, []);
    expect(shown).toMatchObject([{ type: 'UNIT_REVEALED', cause: 'enemy-near' }]);
    expect(isHidden(foldRead(close, shown), 'r_marksmen')).toBe(false);
  });

  it('elevated-defenders K-5.1d: soldiers above the ground floor of the Theatre or the City Hall count as elevated', () => {
    const s = setupRead(tam);
    const f = s.figures[s.units.r_os1!.figures[0]!]!;
    expect(elevatedRule(s, tamTable, { ...f, at: [66, 84], floor: 1 })?.id).toBe('elevated-defenders');
    expect(elevatedRule(s, tamTable, { ...f, at: [66, 84], floor: 0 })).toBeUndefined();
  });
});
