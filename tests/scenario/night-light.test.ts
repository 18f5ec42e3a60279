// The drawn light and the night rule tell one story (issue 15): Tammerkoski's table is dark exactly on
// the night special rule's turns (K-5.2a, brief "Turns 1–4 are night"), first light on turn 5 and day
// from turn 6; a scenario whose light says night where its night rule has ended, or the reverse, is
// refused for play naming the file, the JSON path and what was expected.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import { validateKScenario } from '../../src/rules/kuularuisku/engine';
import { lightAt, lightEntryAt, parseScenarioOrThrow } from '../../src/scenario';

const T2 = 'scenarios/kuularuisku/tammerkoski.json';
const K1 = 'scenarios/kuularuisku/kalevankangas.json';
const raw = () => JSON.parse(readFileSync(T2, 'utf8')) as Record<string, any>;
const dir = mkdtempSync(join(tmpdir(), 'sandtable-night-light-'));

/** `cli play` on the scenario as changed, written to `name`: the exit code and what it printed on stderr. */
async function playRefusal(name: string, change: (s: Record<string, any>) => void): Promise<{ code: number; err: string }> {
  const s = raw();
  change(s);
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(s, null, 2));
  let err = '';
  const code = await runCli(['play', file, '--seed', '1', '--random-legal'], { out: () => {}, err: (t) => { err += t; } });
  return { code, err };
}

const nightRuleIndex = () => raw().specialRules.findIndex((r: { id: string }) => r.id === 'night');

describe('Tammerkoski\'s light as shipped', () => {
  const s = parseScenarioOrThrow(readFileSync(T2, 'utf8'), T2);

  it('K-5.2a dusk before the game, night on the night rule\'s turns 1–4, first light on turn 5, day from turn 6 to the end', () => {
    // Why: brief "Turns 1–4 are night" and nothing more; the epilogue's 9 a.m. on 6 April is full day
    // (designer's notes on the light).
    const lights = Array.from({ length: s.turnLimit! + 1 }, (_, t) => lightAt(s.conditions, t));
    expect(lights).toEqual(['dusk', 'night', 'night', 'night', 'night', 'dawn', 'day', 'day', 'day', 'day', 'day']);
    const epilogue = s.beats!.at(-1)!;
    expect(epilogue.title).toMatch(/9 a\.m\./);
    expect(lightAt(s.conditions, epilogue.turn!)).toBe('day');
  });

  it('the designer\'s notes say why the light is drawn so, marked [design]', () => {
    const note = s.specialRules!.find((r) => r.id === 'designer-notes-light')!;
    expect(note.text).toMatch(/^Designer's notes on the light \[design\]/);
    expect(note.text).toContain('first light on turn 5');
    expect(note.text).toContain('daylight from turn 6');
    expect(s.conditions!.timeOfDay).toContain('day from turn 6');
  });

  it('K-5.2a both 1918 scenarios pass the light-against-night-rule check', () => {
    expect(validateKScenario(s)).toEqual([]);
    expect(validateKScenario(parseScenarioOrThrow(readFileSync(K1, 'utf8'), K1))).toEqual([]);
  });
});

describe('the light schedule checked against the night rule\'s turns', () => {
  it('lightEntryAt names the schedule entry that holds at a turn (the first before any starts; -1 without a schedule)', () => {
    const c = { light: [{ fromTurn: 2, light: 'dusk' as const }, { fromTurn: 4, light: 'night' as const }] };
    expect([0, 1, 2, 3, 4, 9].map((t) => lightEntryAt(c, t))).toEqual([0, 0, 0, 0, 1, 1]);
    expect(lightEntryAt({ night: true }, 3)).toBe(-1);
  });

  it('K-5.2a night drawn after the night rule has ended is refused at the light entry, naming the file, the rule and its turns', async () => {
    const i = nightRuleIndex();
    const r = await playRefusal('night-too-long.json', (s) => { s.conditions.light = [{ fromTurn: 0, light: 'dusk' }, { fromTurn: 1, light: 'night' }]; });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(
      `${join(dir, 'night-too-long.json')}: conditions.light.1.light: K-5.2a turns 5–10 are drawn at night, but the night special rule "night" (turns 1–4, at specialRules.${i}.data.turns) has no night there: expected "day", "dawn" or "dusk" on turns the rule leaves lit, or those turns added to the rule`,
    );
  });

  it('K-5.2a a night turn of the rule drawn lit is refused at the entry that lights it', async () => {
    const i = nightRuleIndex();
    const r = await playRefusal('night-rule-longer.json', (s) => { s.specialRules[i].data.turns = [1, 2, 3, 4, 5]; });
    expect(r.code).toBe(1);
    expect(r.err).toContain(`night-rule-longer.json: conditions.light.2.light: K-5.2a turn 5 is night under the special rule "night" (turns 1–5, at specialRules.${i}.data.turns), but drawn as "dawn": expected "night" for the rule's night turns`);
    expect(r.err.trim().split('\n')).toHaveLength(1);
  });

  it('K-5.2a "night" all game without a schedule, and no night rule, is refused at conditions.night', async () => {
    const i = nightRuleIndex();
    const r = await playRefusal('no-night-rule.json', (s) => {
      delete s.conditions.light;
      s.specialRules.splice(i, 1);
    });
    expect(r.code).toBe(1);
    expect(r.err.trim()).toBe(`${join(dir, 'no-night-rule.json')}: conditions.night: K-5.2a turns 1–10 are drawn at night, but no special rule of kind "night" limits sight: expected "day", "dawn" or "dusk", or a night rule for those turns`);
  });

  it('K-5.2a a longer night, drawn at night on all its turns, passes the check', () => {
    const s = raw();
    const i = nightRuleIndex();
    s.specialRules[i].data.turns = [1, 2, 3, 4, 5, 6];
    s.conditions.light = [{ fromTurn: 0, light: 'dusk' }, { fromTurn: 1, light: 'night' }, { fromTurn: 7, light: 'dawn' }, { fromTurn: 8, light: 'day' }];
    expect(validateKScenario(parseScenarioOrThrow(JSON.stringify(s), 'longer-night.json'))).toEqual([]);
  });
});
