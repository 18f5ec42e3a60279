// Option values in words: every value a player may choose at the start (house values with named
// options, the bite's readings) carries a label in its data, and so does every house setting whose
// value no option names (the rules panel reads it); the labels are checked when the data loads, and
// a value without one reads in a readable form (never an id or JSON).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nameInWords, optionInWords, valueInWords } from '../../src/core';
import { describeOptions } from '../../src/game';
import { DEFAULT_HOUSE, HOUSE_ENTRIES, loadHouseValues } from '../../src/rules/kuularuisku/house';
import { rulesPanel } from '../../src/rules/kuularuisku/hud/rules-panel';
import { kuularuiskuRuleset } from '../../src/rules/kuularuisku/ruleset';
import { BITE_READING_LABELS, BITE_READINGS } from '../../src/rules/kuularuisku/special';
import { parseScenarioOrThrow } from '../../src/scenario';

const FILES = ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json', 'scenarios/sandbox/training-ground.json', 'scenarios/sandbox/armour-yard.json'];
const file = JSON.parse(readFileSync('src/rules/kuularuisku/data/house-values.json', 'utf8')) as { entries: Array<{ key: string; label?: string; options?: Array<Record<string, unknown>> }> };

describe('every shipped option value has a label', () => {
  it('K-AMB-2 every named option of every house value (data/house-values.json), each label its own within its setting', () => {
    const options = HOUSE_ENTRIES.flatMap((e) => (e.options ?? []).map((o) => ({ key: e.key, ...o })));
    expect(options.length).toBeGreaterThan(80);
    expect(options.filter((o) => !o.label).map((o) => `${o.key}.${o.name}`)).toEqual([]);
    for (const e of HOUSE_ENTRIES) expect(new Set(e.options?.map((o) => o.label)).size).toBe(e.options?.length ?? 0);
  });

  it('K-7.1b both readings of "cannot go to ground"', () => {
    expect(BITE_READINGS.map((r) => BITE_READING_LABELS[r])).toEqual(['No cover in the open', 'Not pinned by a failed test']);
  });

  it.each(FILES)('K-3.0a every value the start dialog offers in %s', (f) => {
    const choices = kuularuiskuRuleset.optionChoices(parseScenarioOrThrow(readFileSync(f, 'utf8'), f));
    const values = choices.flatMap((c) => (c.options ?? []).map((o) => ({ at: `${c.id}.${o.name}`, label: o.label })));
    expect(values.length).toBeGreaterThan(60);
    expect(values.filter((v) => !v.label || v.label === v.at.split('.').pop()).map((v) => v.at)).toEqual([]);
  });
});

describe('every house setting no option names reads by its own label', () => {
  const unnamed = HOUSE_ENTRIES.filter((e) => !e.options?.some((o) => JSON.stringify(o.value) === JSON.stringify(e.value)));

  it('K-GAP-11 each has a label in the data (24 settings, from K-AMB-1 to K-5.2d)', () => {
    expect(unnamed.length).toBe(24);
    expect(unnamed.filter((e) => !e.label).map((e) => `${e.id} ${e.key}`)).toEqual([]);
    expect(HOUSE_ENTRIES.filter((e) => e.options && e.label).map((e) => e.key)).toEqual([]);
  });

  it('K-GAP-11 the rules panel reads the default by its label, and a scenario\'s own value in words', () => {
    const at = (key: string, house?: Parameters<typeof rulesPanel>[0]) => rulesPanel(house).find((r) => r.house?.key === key)!.house!;
    expect(at('defaultWeapons').label).toBe('Riflemen a Mosin-Nagant, leaders a Nagant revolver, MG gunners a Maxim, loaders and medics none');
    expect(at('heroIsLeader').label).toBe('A hero is a leader');
    expect(at('mgCrew').label).toBe('2 figures: a gunner and a loader');
    // A setting with options reads by the option's label, not its own.
    expect(at('splitRounding').label).toBeUndefined();
    // A scenario's own value is not the default the label words.
    expect(at('mgCrew', { ...DEFAULT_HOUSE, mgCrew: 3 }).label).toBeUndefined();
  });
});

describe('labels checked when the house values load', () => {
  const withEntryLabel = (key: string, label: unknown) => ({ ...file, entries: file.entries.map((e) => (e.key === key ? { ...e, label } : e)) });

  it('K-AMB-1 a setting no option names without a label is refused, naming it; one an option names refuses a second label', () => {
    expect(() => loadHouseValues(withEntryLabel('heroIsLeader', undefined))).toThrow('house-values.json: K-AMB-1 heroIsLeader: no option names its value true: expected a label (the value in words, as players read it)');
    expect(() => loadHouseValues(withEntryLabel('heroIsLeader', 'hero-is-leader'))).toThrow(/entries\.0\.label: expected the value in words/);
    expect(() => loadHouseValues(withEntryLabel('splitRounding', 'Rounded down'))).toThrow('house-values.json: K-AMB-2 splitRounding: label "Rounded down" repeats what option "floor" says of the same value: expected no label');
  });

  const withLabel = (key: string, name: string, label: unknown) => ({
    ...file,
    entries: file.entries.map((e) => (e.key === key ? { ...e, options: e.options!.map((o) => (o.name === name ? { ...o, label } : o)) } : e)),
  });

  it('K-AMB-7 a label written as a name, or shared by two values of one setting, is refused naming the setting', () => {
    expect(() => loadHouseValues(withLabel('woundTable', '2-3-serious', '2-3-serious'))).toThrow(/house-values\.json: entries\.\d+\.options\.1\.label: expected the value in words, starting with a capital or a digit/);
    expect(() => loadHouseValues(withLabel('splitRounding', 'ceil', ''))).toThrow(/options\.1\.label: expected the value in words/);
    expect(() => loadHouseValues(withLabel('splitRounding', 'ceil', 'Rounded down: at most half'))).toThrow(/K-AMB-2 splitRounding option "ceil": label "Rounded down: at most half" is option "floor"'s too: expected a label of its own/);
  });

  it('K-AMB-7 a value without a label still loads (it reads in words where shown)', () => {
    expect(() => loadHouseValues(withLabel('splitRounding', 'ceil', undefined))).not.toThrow();
  });
});

describe('a value without a label, in words', () => {
  it('names: hyphens to spaces, number ranges with a dash, capitalised; rule ids kept', () => {
    expect(nameInWords('2-3-serious')).toBe('2–3 serious');
    expect(nameInWords('no-cover')).toBe('No cover');
    expect(nameInWords('ceil')).toBe('Ceil');
    expect(nameInWords('defensiveMgTrigger')).toBe('Defensive MG trigger');
    expect(nameInWords('K-WPN-3')).toBe('K-WPN-3');
  });

  it('values: yes/no, numbers, none, and records item by item (no JSON)', () => {
    expect([valueInWords(true), valueInWords(false), valueInWords(8), valueInWords(null), valueInWords('along-line')]).toEqual(['yes', 'no', '8', 'none', 'Along line']);
    expect(valueInWords({ soldier: 'K-WPN-3', 'mg-loader': null })).toBe('soldier: K-WPN-3, MG loader: none');
    expect(valueInWords({ 'K-WPN-12': 3 })).toBe('K-WPN-12: 3');
    expect(optionInWords({ name: 'ceil', label: 'Rounded up' })).toBe('Rounded up');
    expect(optionInWords({ name: 'fixed-10' })).toBe('Fixed 10');
  });

  it('K-AMB-2 the log\'s options line names a house value and a reading by their labels', () => {
    const f = FILES[0]!;
    const choices = kuularuiskuRuleset.optionChoices(parseScenarioOrThrow(readFileSync(f, 'utf8'), f));
    const lines = describeOptions({ readings: { 'opt-white-suits': 'not-pinned' }, house: { woundTable: '2-3-serious' } }, choices);
    expect(lines).toEqual([
      'Optional bite: what "cannot go to ground" does (house): Not pinned by a failed test',
      'Wound table (K-AMB-7) (house): 1 killed, 2–3 serious, 4–5 light, 6 scratch',
    ]);
  });
});
