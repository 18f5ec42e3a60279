// C-4.1 / C-4.2 the COBI data: the vehicle cards (the Panther's and the Sherman's book values exact, the
// rest house values marked as such), the weapons table, the house values (C-GAP / C-AMB readings with
// named options), and the loaders that take a scenario's overrides and refuse bad data with the file,
// the JSON path and what was expected.
import { describe, expect, it } from 'vitest';
import { CobiDataError, issueText } from '../../../src/rules/cobi/data-issues';
import { CARDS, cobiData, loadCobiData } from '../../../src/rules/cobi/data';
import { CARDS_RAW, loadCards, CARD_FIELDS } from '../../../src/rules/cobi/vehicle/card';
import { WEAPONS, loadWeapons } from '../../../src/rules/cobi/weapons';
import { DEFAULT_HOUSE, HOUSE_ENTRIES, houseEntry, loadHouseValues, resolveHouse } from '../../../src/rules/cobi/house';
import houseRaw from '../../../src/rules/cobi/data/house-values.json';
import weaponsRaw from '../../../src/rules/cobi/data/weapons.json';

const card = (id: string) => CARDS.find((c) => c.id === id)!;
const texts = (issues: ReadonlyArray<{ file: string; path: string; message: string }>) => issues.map(issueText);
const thrown = (f: () => unknown): string[] => {
  try {
    f();
  } catch (e) {
    if (e instanceof CobiDataError) return texts(e.issues);
    throw e;
  }
  throw new Error('expected a CobiDataError');
};
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('C-4.1 vehicle cards', () => {
  it('C-EX-1 C-EX-4 C-CARD-1 C-CARD-2 C-CARD-3 C-CARD-4 C-CARD-5 C-CARD-6 C-CARD-7 C-CARD-8 the Panther #2511 as the book gives it, none of those fields marked house', () => {
    const p = card('panther');
    expect(p).toMatchObject({ model: '#2511', move: 28, reverse: 10, turn: 5, terrain: 5, road: 10, hit: [3, 6], reload: [5, 6], damage: 18 });
    expect(p.house.filter((f) => ['move', 'reverse', 'turn', 'terrain', 'road', 'hit', 'reload', 'damage'].includes(f))).toEqual([]);
  });

  it('C-EX-4 C-CARD-10 C-CARD-14 C-CARD-17 the Sherman #2464: front 8, immobilised 1, destroyed 2, no disabled or damaged band; the rest house', () => {
    const s = card('sherman');
    expect(s).toMatchObject({ model: '#2464', armour: { front: 8 }, effects: { destroyed: 2, immobilised: 1 } });
    expect(s.effects.disabled).toBeUndefined();
    expect(s.effects.damaged).toBeUndefined();
    expect(s.house).not.toContain('armour.front');
    expect(s.house).toEqual(expect.arrayContaining(['move', 'hit', 'damage', 'armour.side', 'crew', 'points']));
  });

  it('C-GAP-10 C-CARD-18 C-CARD-19 C-CARD-20 C-AMB-11 the house cards: a T-34/85, a sidecar motorcycle that is light, a field gun and an AT gun the crew pushes; every value not in the book is marked house', () => {
    expect(CARDS.map((c) => c.id)).toEqual(['panther', 'sherman', 't34-85', 'sidecar', 'field-gun-75mm', 'at-gun-37mm']);
    expect(card('sidecar')).toMatchObject({ light: true, turret: false, hit: null, weapons: ['mobile-mg'] });
    expect(CARDS.filter((c) => c.light).map((c) => c.id)).toEqual(['sidecar']);
    for (const id of ['field-gun-75mm', 'at-gun-37mm']) expect(card(id)).toMatchObject({ move: 0, push: 4, turret: false });
    // Every card but the two the book names is house in all its numbers.
    for (const c of CARDS.filter((x) => x.model === undefined)) {
      expect(c.house).toEqual(expect.arrayContaining(['move', 'armour.front', 'effects.destroyed', 'crew', 'points', 'availability']));
    }
    for (const c of CARDS) for (const f of c.house) expect(CARD_FIELDS).toContain(f);
  });

  it('C-4.1 cards.json is checked on load: a bad value is refused with the file and its JSON path', () => {
    const ids = new Set(WEAPONS.map((w) => w.id));
    const bad = clone(CARDS_RAW) as { cards: Array<Record<string, unknown>> };
    bad.cards[1]!.armour = { front: -1, side: 5, rear: 4, top: 7 };
    expect(thrown(() => loadCards(bad, ids))).toEqual(['cards.json: $.cards[1].armour.front: Too small: expected number to be >=0']);
    const twice = clone(CARDS_RAW) as { cards: unknown[] };
    twice.cards.push(twice.cards[0]);
    expect(thrown(() => loadCards(twice, ids))).toEqual(['cards.json: $.cards[6].id: expected a unique id, "panther" appears before']);
    expect(thrown(() => loadCards(CARDS_RAW, new Set(['hmg'])))[0]).toBe('cards.json: $.cards[0].weapons[0]: expected a weapon id of weapons.json or the scenario\'s rules.weapons, got "gun-75mm-kwk42"');
  });

  it('C-3.3.3.1 C-AMB-11 a vehicle that is not light must give hit, reload and damage; its house list names real fields', () => {
    const bad = clone(CARDS_RAW) as { cards: Array<Record<string, unknown>> };
    bad.cards[0]!.hit = null;
    bad.cards[0]!.house = ['armour.middle'];
    expect(thrown(() => loadCards(bad, new Set(WEAPONS.map((w) => w.id))))).toEqual([
      expect.stringMatching(/^cards\.json: \$\.cards\[0\]\.house\[0\]: expected one of the fields move, /),
      'cards.json: $.cards[0].hit: expected a value: a vehicle that is not light fires by the vehicle procedure (C-3.3.3.1)',
    ]);
    bad.cards[0]!.light = true;
    bad.cards[0]!.house = [];
    expect(loadCards(bad, new Set(WEAPONS.map((w) => w.id)))[0]!.hit).toBeNull();
  });
});

describe('C-4.2 weapons', () => {
  it('C-4.2 C-GAP-11 C-GAP-9 every weapon column of the book is there; what the book lost is marked house', () => {
    const columns = ['Pistolet', 'Pistolet maszynowy', 'Karabin', 'Karabin maszynowy mobilny', 'Ciężki karabin maszynowy statyczny', 'Ciężki karabin maszynowy', 'Działo 20 mm', 'Eksplozja', 'Granat', 'Bazooka, Panzerfaust'];
    expect(columns.every((c) => WEAPONS.some((w) => w.column === c))).toBe(true);
    for (const w of WEAPONS) {
      if (w.ranges.length) expect(w.house, w.id).toContain('ranges');
      if (w.reload) expect(w.house, w.id).toContain('reload');
      // A weapon the book's table lacks is house in its move too, unless it is a mounted gun (never carried).
      if (!w.column && w.move !== null) expect(w.house, w.id).toContain('move');
    }
    expect(WEAPONS.find((w) => w.id === 'pistol')!.house).not.toContain('difficult'); // C-WPN-2 prints it
  });

  it('C-3.3.3.2j templates: machine guns lay the burst circle; grenades, mortars, charges and HE the explosion rectangle', () => {
    const by = (t: string) => WEAPONS.filter((w) => w.template === t).map((w) => w.id);
    expect(by('burst')).toEqual(['mobile-mg', 'static-hmg', 'hmg', 'cannon-20mm']);
    expect(by('explosion')).toEqual(['explosion', 'grenade', 'mortar', 'flamethrower', 'demolition-charge', 'field-gun-he']);
  });

  it('C-4.2 weapons.json is checked on load: bands out of order, a one-shot weapon with a reload, an unknown template', () => {
    const bad = clone(weaponsRaw) as { weapons: Array<Record<string, unknown>> };
    bad.weapons[0]!.ranges = [{ upTo: null, mod: 0 }, { upTo: 30, mod: -1 }];
    bad.weapons[8]!.reload = [4, 6];
    bad.weapons[9]!.template = 'cone';
    expect(thrown(() => loadWeapons(bad))).toEqual([
      'weapons.json: $.weapons[0].ranges[1].upTo: expected bands in increasing distance, only the last one open (null)',
      'weapons.json: $.weapons[8].reload: expected null: a one-shot weapon is not reloaded',
      'weapons.json: $.weapons[9].template: Invalid option: expected one of "burst"|"explosion"',
    ]);
  });
});

describe('house values', () => {
  it('C-AMB-4 C-AMB-6 C-AMB-15 C-GAP-6 C-AMB-12 every C-AMB reading of the plan is an entry citing its id; named options where players could disagree', () => {
    const ids = new Set(HOUSE_ENTRIES.map((e) => e.id));
    for (const id of ['C-AMB-3', 'C-AMB-4', 'C-AMB-5', 'C-AMB-6', 'C-AMB-10', 'C-AMB-11', 'C-AMB-12', 'C-AMB-13', 'C-AMB-14', 'C-AMB-15', 'C-GAP-1', 'C-GAP-2', 'C-GAP-6', 'C-GAP-7']) expect(ids, id).toContain(id);
    expect(houseEntry('turnCost').options!.map((o) => o.name)).toEqual(['per-45', 'legend']);
    expect(houseEntry('aspectSquareWithin').options!.map((o) => o.value)).toEqual([15, 30, 45]);
    expect(houseEntry('infantryHit').options).toBeUndefined(); // C-AMB-10: one reading, no option
    expect(DEFAULT_HOUSE).toMatchObject({ turnCost: 'per-45', moveDirections: 'one-way', terrainCharge: 'once', roadBonus: 'whole-path', effectReading: 'threshold', aspectSquareWithin: 30, weaponAlignment: 'likely' });
    expect(DEFAULT_HOUSE.templateSize).toEqual({ burstDiameter: 6.5, explosionWidth: 6.5, explosionLength: 13 });
  });

  it('C-AMB-4 house-values.json is checked on load: an unknown key, a bad value, a bad option, a missing setting', () => {
    const bad = clone(houseRaw) as { entries: Array<Record<string, unknown>> };
    bad.entries[0]!.value = 'diagonal';
    (bad.entries[1]!.options as Array<Record<string, unknown>>)[1]!.value = 'sideways';
    bad.entries[2]!.key = 'terrainChrge';
    expect(thrown(() => loadHouseValues(bad))).toEqual([
      'house-values.json: $.entries[0].value: Invalid option: expected one of "per-45"|"legend"',
      'house-values.json: $.entries[1].options[1].value: Invalid option: expected one of "one-way"|"mixed"',
      expect.stringMatching(/^house-values\.json: \$\.entries\[2\]\.key: expected a known setting \(turnCost, .*\), got "terrainChrge"$/),
    ]);
    const short = clone(houseRaw) as { entries: unknown[] };
    short.entries.splice(2, 1);
    expect(thrown(() => loadHouseValues(short))).toEqual([expect.stringMatching(/^house-values\.json: \$\.entries: expected an entry for "terrainCharge"/)]);
    const noId = clone(houseRaw) as { entries: Array<Record<string, unknown>> };
    noId.entries[0]!.id = 'AMB-4';
    expect(thrown(() => loadHouseValues(noId))).toEqual(['house-values.json: $.entries[0].id: expected a digest id such as C-AMB-4 or C-3.3.3.2j']);
  });

  it('C-AMB-15 C-AMB-4 a scenario picks an option by name or sets a plain value', () => {
    const r = resolveHouse({ turnCost: 'legend', aspectSquareWithin: 'square-15', squadNearby: 6, templateSize: 'studs' }, 'x.json');
    expect(r.issues).toEqual([]);
    expect(r.house).toMatchObject({ turnCost: 'legend', aspectSquareWithin: 15, squadNearby: 6, templateSize: { burstDiameter: 6.4 } });
  });
});

describe('a scenario\'s rules.cards, rules.weapons and rules.house', () => {
  it('C-4.1 an override of a shipped card sets only its fields, which then are not house; a new card is the scenario\'s own', () => {
    const d = loadCobiData({
      cards: [
        { id: 'sherman', armour: { side: 4 }, crew: 4 },
        { id: 'tiger', name: 'Tiger I', move: 22, reverse: 8, turn: 6, terrain: 6, road: 8, hit: [3, 6], reload: [5, 6], damage: 20, armour: { front: 14, side: 9, rear: 7, top: 10 }, effects: { destroyed: 5, immobilised: 1 }, crew: 5, points: 300, availability: '1942', light: false, turret: true, weapons: ['tiger-88'] },
      ],
      weapons: [{ id: 'tiger-88', name: '88 mm KwK 36', move: null, difficult: null, ranges: [{ upTo: 80, mod: 0 }, { upTo: null, mod: -1 }], reload: null }],
      house: { turnCost: 'legend' },
    }, 'skirmish.json');
    const sherman = d.cards.get('sherman')!;
    expect(sherman.armour).toEqual({ front: 8, side: 4, rear: 4, top: 7 });
    expect(sherman.crew).toBe(4);
    expect(sherman.move).toBe(26);
    expect(sherman.house).not.toContain('armour.side');
    expect(sherman.house).not.toContain('crew');
    expect(sherman.house).toContain('armour.rear');
    expect(d.cards.get('tiger')!.house).toEqual([]);
    expect(d.weapons.get('tiger-88')!.ranges).toHaveLength(2);
    expect(d.cards.get('panther')).toBe(card('panther'));
    expect(d.house.turnCost).toBe('legend');
  });

  it('C-4.1 errors name the file, the JSON path and what was expected: a wrong type, an unknown field, a bad range', () => {
    expect(texts(cobiData({ cards: [{ id: 'sherman', armour: { front: 'eight' } }] }, 'skirmish.json').issues)).toEqual(['skirmish.json: $.rules.cards[0].armour.front: Invalid input: expected number, received string']);
    expect(texts(cobiData({ cards: [{ id: 'sherman', speed: 3 }] }, 'skirmish.json').issues)).toEqual(['skirmish.json: $.rules.cards[0]: Unrecognized key: "speed"']);
    expect(texts(cobiData({ cards: [{}, { id: 'panther', hit: [5, 3] }] }, 'skirmish.json').issues)).toEqual([
      'skirmish.json: $.rules.cards[0].id: expected an entry with a string id',
      'skirmish.json: $.rules.cards[1].hit: expected [lo, hi] with lo ≤ hi',
    ]);
  });

  it('C-AMB-6 a card whose bands the threshold reading could never reach is refused', () => {
    expect(texts(cobiData({ cards: [{ id: 'panther', effects: { disabled: 6 } }] }, 's.json').issues)).toEqual(['s.json: $.rules.cards[0].effects.disabled: expected less than destroyed (5): the threshold reading (C-AMB-6) would never reach it']);
  });

  it('C-4.1 a new card missing fields says it is new and names each missing field; an unknown weapon is named with its path', () => {
    const issues = texts(cobiData({ cards: [{ id: 'tiger', name: 'Tiger I' }] }, 's.json').issues);
    expect(issues[0]).toBe('s.json: $.rules.cards[0].id: "tiger" is not a shipped id, so the entry is a new one: expected every field');
    expect(issues).toContain('s.json: $.rules.cards[0].move: Invalid input: expected number, received undefined');
    expect(issues).toContain('s.json: $.rules.cards[0].armour: Invalid input: expected object, received undefined');
    expect(texts(cobiData({ cards: [{ id: 'sherman', weapons: ['gun-75mm-m3', 'ray-gun'] }] }, 's.json').issues)).toEqual([
      's.json: $.rules.cards[0].weapons[1]: expected a weapon id of weapons.json or the scenario\'s rules.weapons, got "ray-gun"',
    ]);
  });

  it('C-4.2 a weapon override is checked as the file is; the same id twice in a scenario is refused', () => {
    expect(texts(cobiData({ weapons: [{ id: 'pistol', reload: [0, 6] }] }, 's.json').issues)).toEqual(['s.json: $.rules.weapons[0].reload[0]: Too small: expected number to be >=1']);
    expect(texts(cobiData({ weapons: [{ id: 'pistol', move: 12 }, { id: 'pistol', move: 10 }] }, 's.json').issues)).toEqual(['s.json: $.rules.weapons[1].id: expected a unique id, "pistol" appears before']);
    expect(texts(cobiData({ weapons: { id: 'pistol' } }, 's.json').issues)).toEqual(['s.json: $.rules.weapons: expected an array of entries, each with an id']);
  });

  it('C-AMB-4 a house choice that is no option and no valid value, or an unknown setting, is refused with its path', () => {
    const issues = texts(cobiData({ house: { turnCost: 'diagonal', speedLimit: 3 } }, 's.json').issues);
    expect(issues).toEqual([
      's.json: $.rules.house.turnCost: C-AMB-4 turnCost: expected one of "per-45", "legend" or a valid value (Invalid option: expected one of "per-45"|"legend"), got "diagonal"',
      expect.stringMatching(/^s\.json: \$\.rules\.house\.speedLimit: expected a known house setting \(turnCost, /),
    ]);
    expect(() => loadCobiData({ house: { turnCost: 'diagonal' } }, 's.json')).toThrow(CobiDataError);
    expect(texts(cobiData('x', 's.json').issues)).toEqual(['s.json: $.rules: expected an object']);
  });
});
