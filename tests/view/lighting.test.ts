// The table's light follows the scenario's turns (issue 15): Tammerkoski is fought at night, turns
// 1–4, first light on turn 5 and day from turn 6 (brief, "Turn limit"; the scenario's designer's notes on
// the light); the light schedule is validated with its JSON path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioOrThrow } from '../../src/scenario';
import { LIGHTING, lightAt, tableBrightness } from '../../src/view/lighting';
import { turnOnShow } from '../../src/view/TableLight';

const T2 = 'scenarios/kuularuisku/tammerkoski.json';
const K1 = 'scenarios/kuularuisku/kalevankangas.json';
const tammerkoski = parseScenarioOrThrow(readFileSync(T2, 'utf8'), T2);
const kalevankangas = parseScenarioOrThrow(readFileSync(K1, 'utf8'), K1);

describe('light at a turn', () => {
  it('Tammerkoski: dusk before the game, night on turns 1–4, first light on turn 5, day from turn 6 to the end', () => {
    const c = tammerkoski.conditions;
    expect(lightAt(c, 0)).toBe('dusk');
    for (const t of [1, 2, 3, 4]) expect(lightAt(c, t)).toBe('night');
    expect(lightAt(c, 5)).toBe('dawn');
    for (let t = 6; t <= tammerkoski.turnLimit!; t++) expect(lightAt(c, t)).toBe('day');
    // No game and no beat naming a turn: the opening turn's light.
    expect(lightAt(c, null)).toBe('night');
  });

  it('the light follows the night special rule\'s turns (the rules and the picture agree)', () => {
    const night = tammerkoski.specialRules!.find((r) => r.id === 'night')!.data as { turns: number[] };
    for (let t = 1; t <= tammerkoski.turnLimit!; t++) expect(lightAt(tammerkoski.conditions, t) === 'night').toBe(night.turns.includes(t));
  });

  it('Kalevankangas: first light before the game (the preparation, the first beat), day from turn 1 to the end', () => {
    const c = kalevankangas.conditions;
    expect(lightAt(c, 0)).toBe('dawn');
    expect(kalevankangas.beats![0]!).toMatchObject({ title: 'Maundy Thursday, first light', turn: 0 });
    for (let t = 1; t <= kalevankangas.turnLimit!; t++) expect(lightAt(c, t)).toBe('day');
    expect(lightAt(c, null)).toBe('day');
  });

  it('without a schedule: day all game, or night all game when "night" is true', () => {
    for (const t of [null, 0, 1, 7]) expect(lightAt({ night: false }, t)).toBe('day');
    for (const t of [null, 1, 7]) expect(lightAt({ night: true }, t)).toBe('night');
    expect(lightAt(undefined, 3)).toBe('day');
  });

  it('before the first entry the first entry\'s light holds', () => {
    expect(lightAt({ light: [{ fromTurn: 3, light: 'dusk' }, { fromTurn: 6, light: 'night' }] }, 1)).toBe('dusk');
  });

  it('a presenter beat naming a turn wins over the game\'s turn; else the game\'s turn', () => {
    expect(turnOnShow(5, 2)).toBe(5);
    expect(turnOnShow(undefined, 2)).toBe(2);
    expect(turnOnShow(undefined, null)).toBeNull();
  });
});

describe('lighting rigs', () => {
  it('night is darker than dusk, dusk than first light, first light than day', () => {
    const b = (k: keyof typeof LIGHTING) => tableBrightness(LIGHTING[k]);
    expect(b('night')).toBeLessThan(b('dusk'));
    expect(b('dusk')).toBeLessThan(b('dawn'));
    expect(b('dawn')).toBeLessThan(b('day'));
  });

  it('the sun stands low in the east at first light and in the west at dusk; stars only in the dark', () => {
    expect(LIGHTING.dawn.key.from[0]).toBeGreaterThan(0.5);
    expect(LIGHTING.dusk.key.from[0]).toBeLessThan(-0.5);
    for (const k of ['dawn', 'dusk'] as const) expect(LIGHTING[k].key.from[1]).toBeLessThan(LIGHTING.day.key.from[1]);
    expect(LIGHTING.day.stars).toBe(0);
    expect(LIGHTING.dawn.stars).toBe(0);
    expect(LIGHTING.night.stars).toBeGreaterThan(LIGHTING.dusk.stars);
  });
});

describe('light schedule validation', () => {
  const issuesWith = (light: unknown, extra: Record<string, unknown> = {}) => {
    const raw = JSON.parse(readFileSync(T2, 'utf8'));
    raw.conditions = { ...raw.conditions, ...extra, light };
    const r = parseScenario(JSON.stringify(raw), 'bad.json');
    if (r.ok) throw new Error('expected the scenario to be rejected');
    return r.issues;
  };

  it('an unknown light names its JSON path and the lights expected', () => {
    const [issue, ...rest] = issuesWith([{ fromTurn: 1, light: 'night' }, { fromTurn: 5, light: 'noon' }]);
    expect(rest).toEqual([]);
    expect(issue!.file).toBe('bad.json');
    expect(issue!.path).toBe('$.conditions.light[1].light');
    expect(issue!.message).toMatch(/dawn/);
  });

  it('changes out of turn order, or after the last turn, are refused at their fromTurn', () => {
    const order = issuesWith([{ fromTurn: 1, light: 'night' }, { fromTurn: 5, light: 'dawn' }, { fromTurn: 5, light: 'day' }]);
    expect(order.map((i) => i.path)).toEqual(['$.conditions.light[2].fromTurn']);
    expect(order[0]!.message).toMatch(/turn order: expected a turn after 5, got 5/);
    const late = issuesWith([{ fromTurn: 1, light: 'night' }, { fromTurn: 11, light: 'dawn' }]);
    expect(late.map((i) => i.path)).toEqual(['$.conditions.light[1].fromTurn']);
    expect(late[0]!.message).toMatch(/≤ 10, got 11/);
  });

  it('"night": true with a schedule lit at turn 1 is refused where the schedule says it', () => {
    const issues = issuesWith([{ fromTurn: 0, light: 'dusk' }, { fromTurn: 2, light: 'night' }]);
    expect(issues.map((i) => i.path)).toEqual(['$.conditions.light[0].light']);
    expect(issues[0]!.message).toMatch(/"night" is true, so turn 1 is at night: expected "night" for the light of turn 1, got "dusk"/);
  });

  it('a fromTurn that is not a whole number is refused', () => {
    const issues = issuesWith([{ fromTurn: 1.5, light: 'night' }]);
    expect(issues.map((i) => i.path)).toEqual(['$.conditions.light[0].fromTurn']);
  });
});
