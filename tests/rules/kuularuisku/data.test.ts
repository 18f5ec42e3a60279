// The rulebook's tables as validated data (K-WPN, K-SKL, K-ORG), the house values for every GAP and
// AMBIGUOUS item, the scenario checks of the ruleset (K-GAP-3, K-ORG, K-1.3b), and the book's basics.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { baseDistance } from '../../../src/core';
import {
  BASE_RADIUS, DEFAULT_HOUSE, FIGURE_HEIGHT, HOUSE_ENTRIES, ORGANISATIONS, SKILLS, WEAPONS, loadHouseValues, loadOrganisations,
  loadSkills, loadWeapons, resolveHouse, resolveShooting, setupK, shootRefusal, skillInfo, squadSize, validateKScenario, weaponById,
} from '../../../src/rules/kuularuisku/engine';
import { dice, line, scenarioWith, stateWith, table } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

describe('K-WPN weapons', () => {
  it.each([
    ['K-WPN-1', 'pistol', 30, 1], ['K-WPN-2', 'pistol', 30, 1], ['K-WPN-3', 'rifle', 60, 1], ['K-WPN-4', 'rifle', 60, 1],
    ['K-WPN-5', 'rifle', 50, 1], ['K-WPN-6', 'rifle', 60, 1], ['K-WPN-7', 'rifle', 60, 1], ['K-WPN-8', 'light-mg', 60, 2],
    ['K-WPN-9', 'light-mg', 80, 3], ['K-WPN-10', 'mg', 100, 6], ['K-WPN-11', 'mg', 100, 6], ['K-WPN-12', 'mg', 100, 6], ['K-WPN-13', 'mg', 100, 6],
  ])('%s is a %s of %i cm range and %iN (K-WPN table)', (id, cls, range, fp) => {
    expect(weaponById(id)).toMatchObject({ class: cls, range, firepower: fp });
  });

  it('K-WPN-9 K-WPN-10 K-WPN-11 K-WPN-12 K-WPN-13 special rules: no shooting and moving in one turn; heavy MGs at half speed; 3N without a loader', () => {
    expect(WEAPONS.filter((w) => w.cannotShootAndMove).map((w) => w.id)).toEqual(['K-WPN-9', 'K-WPN-10', 'K-WPN-11', 'K-WPN-12', 'K-WPN-13']);
    expect(WEAPONS.filter((w) => w.halfSpeed).map((w) => w.id)).toEqual(['K-WPN-10', 'K-WPN-11', 'K-WPN-12']);
    expect(weaponById('K-WPN-10')!.withoutLoader).toBe(3);
    expect(weaponById('K-WPN-12')!.withoutLoader).toBeNull(); // K-AMB-19: the house fills it
  });

  it('K-WPN the weapons table is validated on load: a bad entry is refused with its path', () => {
    expect(() => loadWeapons({ source: 'x', weapons: [{ id: 'K-WPN-1', key: 'a', name: 'a', class: 'cannon', range: 30, firepower: 1, users: ['red'] }] })).toThrow(/weapons\.json: weapons\.0\.class/);
    expect(() => loadWeapons({ source: 'x', weapons: [{ id: 'K-WPN-1', key: 'a', name: 'a', class: 'rifle', range: 30, firepower: 1, users: ['red'] }, { id: 'K-WPN-1', key: 'b', name: 'b', class: 'rifle', range: 30, firepower: 1, users: ['red'] }] })).toThrow(/duplicate/);
  });
});

describe('K-SKL skills', () => {
  it('K-SKL-1 K-SKL-2 K-SKL-3 K-SKL-4 K-SKL-5 K-SKL-6 K-SKL-7 K-SKL-8 every skill of the book is in the table with its numbers', () => {
    expect(SKILLS.map((s) => s.id)).toEqual(['K-SKL-1', 'K-SKL-2', 'K-SKL-3', 'K-SKL-4', 'K-SKL-5', 'K-SKL-6', 'K-SKL-7', 'K-SKL-8']);
    expect(skillInfo('no-retreat').range).toBe(15);
    expect(skillInfo('snow-suit').openCover).toBe(5);
    expect(skillInfo('medic').range).toBe(15);
    expect(() => loadSkills({ source: 'x', skills: [{ id: 'K-SKL-9', key: 'flying', fi: '', name: '', who: 'leader' }] })).toThrow(/skills\.json/);
  });

  it('K-SKL-2 K-TERM-3 every leader unit has the Johtaja skill and his own card-holding unit', () => {
    const s = stateWith([{ id: 'lt', type: 'leader', at: [[10, 80]] }]);
    expect(s.figures.lt_1!.skills).toContain('leader');
    expect(s.units.lt!.kind).toBe('leader');
  });
});

describe('K-ORG organisations', () => {
  it('K-ORG-1 a Red Guard company: company leader, commissar, 4 plutoonas of 2 osastos of a leader and 12 men', () => {
    const o = ORGANISATIONS.find((x) => x.id === 'K-ORG-1')!;
    expect(o.leaders.map((l) => [l.title, l.count])).toEqual([['Company leader', [1, 1]], ['Commissar', [1, 1]], ['Plutoona leader', [4, 4]]]);
    expect(squadSize(o)).toBe(13);
    expect(o.squad.count).toEqual([8, 8]);
  });

  it('K-ORG-2 a Red MG plutoona: 4 Maxims with crews', () => {
    const o = ORGANISATIONS.find((x) => x.id === 'K-ORG-2')!;
    expect(o.squad).toMatchObject({ count: [4, 4], mg: true, weapons: ['K-WPN-10'] });
    // K-GAP-12 house crew: gunner + loader, and up to two riflemen carrying ammunition (the 1918 briefs' 3–4 crew)
    expect(o.squad.members).toEqual([{ role: 'mg-gunner', count: 1 }, { role: 'mg-loader', count: 1 }, { role: 'soldier', count: 2 }]);
    expect(squadSize(o)).toBe(4);
  });

  it('K-ORG-3 a Jäger company: 2–8 platoons of 2–5 squads of a squad leader and 8 riflemen', () => {
    const o = ORGANISATIONS.find((x) => x.id === 'K-ORG-3')!;
    expect(o.leaders.find((l) => l.title === 'Platoon leader')!.count).toEqual([2, 8]);
    expect(squadSize(o)).toBe(9);
  });

  it('K-ORG-4 a Civil Guard company: 3 platoons of 5 squads of squad leader, lance corporal and 6 riflemen; K-GAP-12 its platoon leader counts as a leader', () => {
    const o = ORGANISATIONS.find((x) => x.id === 'K-ORG-4')!;
    expect(o.squad.members).toEqual([{ role: 'lance-corporal', count: 1 }, { role: 'soldier', count: 6 }]);
    expect(squadSize(o)).toBe(8);
    expect(DEFAULT_HOUSE.civilGuardPlatoonLeaderIsLeader).toBe(true);
  });

  it('K-ORG-5 a White MG company: 2–3 squads of 2 MGs (Maxim or Colt) with crews', () => {
    const o = ORGANISATIONS.find((x) => x.id === 'K-ORG-5')!;
    expect(o.squad).toMatchObject({ count: [2, 3], weapons: ['K-WPN-10', 'K-WPN-11'] });
    expect(squadSize(o)).toBe(4);
    expect(() => loadOrganisations({ source: 'x', organisations: [{ ...o, squad: { ...o.squad, weapons: ['K-WPN-99'] } }] })).toThrow(/unknown weapon/);
  });

  it('K-ORG a scenario squad bigger than its organisation allows is refused', () => {
    const sc = scenarioWith([{ id: 'sq', at: line(5, 80, 10), data: { organisation: 'K-ORG-3' } }]);
    expect(validateKScenario(sc)).toEqual([{ path: 'units.0.figures', message: expect.stringContaining('K-ORG-3') }]);
    expect(validateKScenario(scenarioWith([{ id: 'sq', at: line(5, 80, 9), data: { organisation: 'K-ORG-3' } }]))).toEqual([]);
  });
});

describe('house values (§15 GAP / AMBIGUOUS register)', () => {
  const gaps = Array.from({ length: 12 }, (_, i) => `K-GAP-${i + 1}`);
  const ambs = Array.from({ length: 22 }, (_, i) => `K-AMB-${i + 1}`);

  it('every K-GAP and K-AMB item has a house value, marked house, with its reason', () => {
    const ids = new Set(HOUSE_ENTRIES.map((e) => e.id));
    for (const id of [...gaps, ...ambs]) expect(ids.has(id), id).toBe(true);
    expect(HOUSE_ENTRIES.every((e) => e.house === true && e.reason.length > 10)).toBe(true);
  });

  it('the house file is validated on load: an unknown key, a wrong value or a bad option is refused', () => {
    const file = { source: 'x', entries: HOUSE_ENTRIES.map((e) => ({ ...e })) };
    expect(() => loadHouseValues({ ...file, entries: [...file.entries, { id: 'K-GAP-1', key: 'nonsense', value: 1, house: true, reason: 'a reason here' }] })).toThrow(/unknown key/);
    expect(() => loadHouseValues({ ...file, entries: file.entries.map((e) => (e.key === 'defaultSkill' ? { ...e, value: 9 } : e)) })).toThrow(/K-GAP-5 defaultSkill/);
    expect(() => loadHouseValues({ ...file, entries: file.entries.filter((e) => e.key !== 'woundTable') })).toThrow(/woundTable/);
    expect(loadHouseValues().defaults).toEqual(DEFAULT_HOUSE);
  });

  it('a scenario switches named options in rules.house; unknown keys and option names are reported with their path', () => {
    const { house, issues } = resolveHouse({ woundTable: '2-4-serious', fastCharge: true, defaultSkill: 'veteran-3' });
    expect(house.woundTable).toEqual({ killed: 1, serious: 4, light: 5 });
    expect(house.fastCharge).toBe(true);
    expect(house.defaultSkill).toBe(3);
    expect(issues).toEqual([]);
    const bad = resolveHouse({ woundTable: 'gory', nope: 1 });
    expect(bad.issues.map((i) => i.path)).toEqual(['rules.house.woundTable', 'rules.house.nope']);
    expect(validateKScenario(scenarioWith([], { house: { woundTable: 'gory' } }))[0]).toMatchObject({ path: 'rules.house.woundTable' });
  });

  it('K-GAP-5 skill and morale default to 4 (house); a scenario sets them per unit or per figure', () => {
    const s = stateWith([{ id: 'a', at: line(5, 80, 2) }, { id: 'b', at: line(5, 70, 2), data: { skill: 3, morale: 5 }, figureData: [{ skill: 2 }] }]);
    expect([s.figures.a_1!.skill, s.figures.a_1!.morale]).toEqual([4, 4]);
    expect([s.figures.b_1!.skill, s.figures.b_2!.skill, s.figures.b_2!.morale]).toEqual([2, 3, 5]);
  });

  it('K-GAP-11 weapons default by role (rifle, leader\'s revolver, MG gunner\'s Maxim, none for the loader)', () => {
    const s = stateWith([{ id: 'a', at: line(5, 80, 2) }, { id: 'l', type: 'leader', at: [[5, 70]] }, { id: 'm', type: 'weapon-team', at: line(5, 60, 2) }]);
    expect([s.figures.a_1!.weapon, s.figures.l_1!.weapon, s.figures.m_1!.weapon, s.figures.m_2!.weapon]).toEqual(['K-WPN-3', 'K-WPN-1', 'K-WPN-10', null]);
  });

  it('K-GAP-12 an MG crew is a gunner and a loader (house): MG squads alternate the two roles', () => {
    const s = stateWith([{ id: 'm', type: 'weapon-team', at: line(5, 60, 4), data: { weapon: 'colt-browning' } }]);
    expect(s.units.m!.figures.map((id) => s.figures[id]!.role)).toEqual(['mg-gunner', 'mg-loader', 'mg-gunner', 'mg-loader']);
    expect(DEFAULT_HOUSE.mgCrew).toBe(2);
    const three = stateWith([{ id: 'm', type: 'weapon-team', at: line(5, 60, 3), data: { weapon: 'colt-browning' } }], { house: { mgCrew: 3 } });
    expect(three.units.m!.figures.map((id) => three.figures[id]!.role)).toEqual(['mg-gunner', 'mg-loader', 'mg-loader']);
  });

  it('K-GAP-9 there is no artillery: the house fixes it off and a scenario cannot switch it on', () => {
    expect(DEFAULT_HOUSE.artillery).toBe(false);
    expect(resolveHouse({ artillery: true }).issues).toHaveLength(1);
  });

  it('K-AMB-1 hero and leader are one: "No retreat!" and "Multilingual" heroes are leader figures', () => {
    const s = stateWith([{ id: 'h', type: 'leader', at: [[5, 80]], data: { skills: ['no-retreat', 'multilingual'], languages: ['german'] } }]);
    expect(DEFAULT_HOUSE.heroIsLeader).toBe(true);
    expect(s.figures.h_1!.skills).toEqual(expect.arrayContaining(['leader', 'no-retreat', 'multilingual']));
  });

  it('K-AMB-14 a melee loser falls back 10 cm (house); the "unit-move" option uses the unit\'s own move', () => {
    expect(DEFAULT_HOUSE.fallBackDistance).toBe('fixed-10');
    expect(resolveHouse({ fallBackDistance: 'unit-move' }).house.fallBackDistance).toBe('unit-move');
  });
});

describe('scenario checks of the ruleset', () => {
  it('K-GAP-3 K-END guns, vehicles and cavalry have no rules: such units are refused', () => {
    const issues = validateKScenario(scenarioWith([{ id: 'g', type: 'gun', at: [[5, 80]] }, { id: 'v', type: 'cavalry', at: [[5, 70]] }]));
    expect(issues.map((i) => [i.path, i.message.slice(0, 9)])).toEqual([['units.0.type', 'K-GAP-3: '], ['units.1.type', 'K-GAP-3: ']]);
  });

  it('K-1.3b a leader starting joined must name a squad of his side; unit data is checked with paths', () => {
    const bad = validateKScenario(scenarioWith([{ id: 'lt', type: 'leader', at: [[5, 80]], data: { joinedTo: 'ghost' } }, { id: 'sq', at: line(5, 70, 2), data: { skill: 9 } }]));
    expect(bad.map((i) => i.path)).toEqual(['units.0.data.joinedTo', 'units.1.data.skill']);
  });

  it('K-1.0a a machine-gun squad needs a machine gun', () => {
    const bad = validateKScenario(scenarioWith([{ id: 'm', type: 'weapon-team', at: line(5, 80, 2), figureData: [{ role: 'mg-gunner', weapon: 'mosin-nagant' }] }]));
    expect(bad[0]).toMatchObject({ path: 'units.0.figures' });
  });
});

describe('the book\'s basics', () => {
  it('K-INTRO K-INTRO-a one figure is one soldier', () => {
    const sc = scenarioWith([{ id: 'sq', at: line(5, 80, 7) }]);
    expect(Object.keys(setupK(sc).figures)).toHaveLength(7);
  });

  it('K-INTRO-b distances are centimetres of the table (1 cm ≈ 1 m), measured base to base', () => {
    const s = stateWith([{ id: 'a', at: [[10, 80]] }, { id: 'b', at: [[20, 80]] }]);
    const d = baseDistance({ at: s.figures.a_1!.at, y: 0, radius: BASE_RADIUS }, { at: s.figures.b_1!.at, y: 0, radius: BASE_RADIUS });
    expect(d).toBeCloseTo(10 - 2 * BASE_RADIUS, 9);
  });

  it('K-INTRO-c figures are 15–20 mm: a figure stands 1.7 cm high on a 1.2 cm base', () => {
    expect(FIGURE_HEIGHT).toBe(1.7);
    expect(BASE_RADIUS * 2).toBeCloseTo(1.2, 9);
  });

  it('K-INTRO-d K-TERM-6 all dice are d6; "3N" rolls three of them', () => {
    const s = stateWith([{ id: 'lw', at: [[5, 80]], figureData: [{ weapon: 'lewis' }] }, { id: 'bs', side: 'blue', at: [[55, 80]] }]);
    const d = dice(1, 1, 1, 5);
    resolveShooting(s, { shooterId: 'lw', targetId: 'bs' }, { table: t, dice: d });
    expect(d.rolls.filter((r) => r.rule === 'K-5.3d')).toHaveLength(3);
    expect(d.rolls.every((r) => r.sides === 6)).toBe(true);
  });

  it('K-INTRO-e the terrain is the 3D table: sight and heights come from the battlefield model', () => {
    expect(t.standHeight(40, 60)).toBeCloseTo(6, 5);
    expect(t.isClear(t.eyePoint({ id: 'a', at: [15, 60] }), t.eyePoint({ id: 'b', at: [65, 60] }))).toBe(false);
  });

  it('K-TERM-7 no rule calls for a skill test: the skill level is read only by shooting and melee dice', () => {
    const s = stateWith([{ id: 'a', at: [[5, 80]], data: { skill: 2 } }, { id: 'bs', side: 'blue', at: [[55, 80]] }]);
    const d = dice(2, 6);
    resolveShooting(s, { shooterId: 'a', targetId: 'bs' }, { table: t, dice: d });
    expect(d.rolls.map((r) => r.rule)).toEqual(['K-5.3d', 'K-5.4a']);
  });

  it('K-2.0 K-2.0a units act only in their own activation: another unit cannot shoot while one is activating', () => {
    const s0 = stateWith([{ id: 'a', at: [[5, 80]] }, { id: 'b', at: [[5, 70]] }]);
    const s = { ...s0, activation: { unitId: 'a', units: ['a'], via: 'card' as const, moved: [], shot: [], phase: 'none' as const, action: 'shoot' as const } };
    expect(shootRefusal(s, s.units.b!)).toMatchObject({ rule: 'K-2.0a' });
    expect(shootRefusal(s, s.units.a!)).toBeUndefined();
  });

  it('K-TERM-8 an action is finished before another begins: after moving then shooting, no one moves', () => {
    const s0 = stateWith([{ id: 'a', at: line(5, 80, 2) }, { id: 'bs', side: 'blue', at: [[55, 80]] }]);
    const s = { ...s0, activation: { unitId: 'a', units: ['a'], via: 'card' as const, moved: ['a_1'], shot: ['a_2'], phase: 'moved-then-shooting' as const, action: 'move-shoot' as const } };
    expect(shootRefusal(s, s.units.a!)).toMatchObject({ rule: 'K-5.1a' });
  });
});
