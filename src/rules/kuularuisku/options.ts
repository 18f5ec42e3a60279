// Game options for Kuularuisku: what the players may choose when a game starts — the scenario's
// optional rules (optional-unit, optional-terrain, cannot-go-to-ground) on or off, the bite's reading,
// and the house values that have named options (data/house-values.json). applyKOptions turns a choice
// into the scenario that is played (units added or left out, terrain put on or taken off the table,
// rules switched, rules.house set): pure, checked, and the identity when nothing is chosen, so a game
// without options is the file as written. The table is built from that scenario (heights, solids,
// sight and the drawn table), so terrain switched off is gone for the rules and the eye alike.
import type { OptionChoice } from '../../core';
import { specialRuleName, validateScenario, withBeatsOnUnits, type Scenario } from '../../scenario';
import { HOUSE_ENTRIES } from './house';
import { validateKScenario } from './scenario-data';
import { BITE_READING_LABELS, BITE_READINGS, type SpecialData, parseSpecialData } from './special';

/** One thing the players may choose (the core type the game layer shows). */
export type KOptionChoice = OptionChoice;

/** The choices, as the game layer validates them (GameOptions). */
export interface KGameOptions {
  rules?: Record<string, boolean>;
  readings?: Record<string, string>;
  house?: Record<string, string>;
}

type Issue = { path: string; message: string };
type Optional = { index: number; id: string; text: string; data: Extract<SpecialData, { kind: 'optional-unit' | 'optional-terrain' | 'cannot-go-to-ground' }> };

/** The scenario's optional rules (valid data only: validation reports the rest). */
function optionalRules(s: Scenario): Optional[] {
  const out: Optional[] = [];
  (s.specialRules ?? []).forEach((r, index) => {
    const d = r.data === undefined ? undefined : parseSpecialData(r.data);
    if (d && (d.kind === 'optional-unit' || d.kind === 'optional-terrain' || d.kind === 'cannot-go-to-ground')) out.push({ index, id: r.id, text: r.text, data: d });
  });
  return out;
}

/** The first sentence of a rule's text, up to its first ": " or ". " (the rule's name, its default and its marks). */
function firstSentence(text: string): string {
  const m = /^(.*?[.:])(\s|$)/.exec(text);
  return m ? m[1]! : text;
}

/** The rule's text after its first sentence (what the option does), capitalised; the whole text when nothing follows. */
function textAfterName(text: string): string {
  const rest = text.slice(firstSentence(text).length).trim();
  return rest ? rest.charAt(0).toUpperCase() + rest.slice(1) : text;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The option name of a house entry whose value is `value` (the entry's own value when none matches). */
function houseName(key: string, value: unknown): string | undefined {
  const e = HOUSE_ENTRIES.find((x) => x.key === key);
  return e?.options?.find((o) => same(o.value, value))?.name;
}

/** A house setting's key as words: "defaultTurnLimit" → "Default turn limit". */
export function houseTitle(key: string): string {
  const words = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().replace(/\bmg\b/g, 'MG');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Everything the players may choose for this scenario, with its default (the scenario's own
 * rules.house included). An optional rule is titled by its name ("Optional medic"), described by the
 * rest of its text, and a [design] in its first sentence becomes the `design` flag (drawn as a mark).
 */
export function kOptionChoices(s: Scenario): KOptionChoice[] {
  const out: KOptionChoice[] = [];
  for (const r of optionalRules(s)) {
    const ruleName = specialRuleName(r);
    const design = /\[design\]/.test(firstSentence(r.text));
    out.push({ kind: 'rule', id: r.id, title: ruleName, text: textAfterName(r.text), default: r.data.enabled, house: false, ...(design ? { design } : {}), rule: r.data.modifies[0]! });
    if (r.data.kind === 'cannot-go-to-ground') {
      out.push({
        kind: 'reading', id: r.id, title: `${ruleName}: what "cannot go to ground" does`, text: r.data.house?.reading ?? 'K-7.1b: the reading of going to ground',
        default: r.data.reading, options: BITE_READINGS.map((name) => ({ name, label: BITE_READING_LABELS[name], text: r.data.kind === 'cannot-go-to-ground' ? r.data.readings[name] : '' })), house: true, rule: 'K-7.1b',
      });
    }
  }
  const scenarioHouse = ((s.rules as { house?: Record<string, unknown> } | undefined)?.house) ?? {};
  for (const e of HOUSE_ENTRIES) {
    if (!e.options) continue;
    const chosen = scenarioHouse[e.key];
    const def = typeof chosen === 'string' && e.options.some((o) => o.name === chosen) ? chosen : houseName(e.key, chosen ?? e.value);
    if (def === undefined) continue; // the scenario fixed a value no option names: not the players' to switch
    out.push({ kind: 'house', id: e.key, title: `${houseTitle(e.key)} (${e.id})`, text: e.reason, default: def, options: e.options.map((o) => ({ name: o.name, ...(o.label ? { label: o.label } : {}) })), house: true, rule: e.id });
  }
  return out;
}

/** An optional-unit rule flipped: the unit moves between the rule (off) and `units` (on), so the result is a valid file whose default game is the chosen one. */
function flipUnit(r: Optional, on: boolean, units: NonNullable<Scenario['units']>, rules: NonNullable<Scenario['specialRules']>): NonNullable<Scenario['units']> {
  const d = r.data;
  if (d.kind !== 'optional-unit') return units;
  const { unit: _u, existing: _e, enabled: _n, ...rest } = d;
  if (on && d.unit) {
    const unit = d.unit as unknown as NonNullable<Scenario['units']>[number];
    // The house notes on the placement stay with the file's rule (the rules panel shows them from there).
    const house = Object.fromEntries(Object.entries(rest.house ?? {}).filter(([k]) => !k.startsWith('unit')));
    const { house: _h, ...bare } = rest;
    rules[r.index] = { ...rules[r.index]!, data: { ...bare, ...(Object.keys(house).length ? { house } : {}), enabled: true, existing: unit.id } };
    return [...units, unit];
  }
  if (!on && d.existing) {
    const unit = units.find((u) => u.id === d.existing);
    if (!unit) return units;
    rules[r.index] = { ...rules[r.index]!, data: { ...rest, enabled: false, unit } };
    return units.filter((u) => u.id !== unit.id);
  }
  return units; // already as chosen
}

/** An optional-terrain rule flipped: the features move between the rule's `terrain` (off) and `features` (on), as flipUnit does for units. */
function flipTerrain(r: Optional, on: boolean, features: Scenario['features'], rules: NonNullable<Scenario['specialRules']>): Scenario['features'] {
  const d = r.data;
  if (d.kind !== 'optional-terrain' || d.enabled === on) return features; // already as chosen
  const { terrain, enabled: _n, ...rest } = d;
  if (on) {
    rules[r.index] = { ...rules[r.index]!, data: { ...rest, enabled: true } };
    return [...features, ...((terrain ?? []) as unknown as Scenario['features'])];
  }
  const ids = new Set(d.features);
  rules[r.index] = { ...rules[r.index]!, data: { ...rest, enabled: false, terrain: features.filter((f) => ids.has(f.id)) } };
  return features.filter((f) => !ids.has(f.id));
}

/**
 * The scenario played with these options, or what is wrong with them (paths under the options:
 * `rules.<id>`, `readings.<id>`, `house.<key>`). No choice at all returns the scenario itself.
 */
export function applyKOptions(s: Scenario, o: KGameOptions): { scenario: Scenario; issues: Issue[] } {
  const chosenRules = Object.entries(o.rules ?? {});
  const chosenReadings = Object.entries(o.readings ?? {});
  const chosenHouse = Object.entries(o.house ?? {});
  if (!chosenRules.length && !chosenReadings.length && !chosenHouse.length) return { scenario: s, issues: [] };
  const issues: Issue[] = [];
  const optional = optionalRules(s);
  const names = optional.map((r) => r.id).join(', ') || 'none';
  const rules = [...(s.specialRules ?? [])];
  let units = [...(s.units ?? [])];
  let features = s.features;
  for (const [id, on] of chosenRules) {
    const r = optional.find((x) => x.id === id);
    if (!r) {
      issues.push({ path: `rules.${id}`, message: `"${id}" is not an optional rule of ${s.id}: expected one of ${names}` });
      continue;
    }
    if (r.data.kind === 'optional-unit') units = flipUnit(r, on, units, rules);
    else if (r.data.kind === 'optional-terrain') features = flipTerrain(r, on, features, rules);
    else rules[r.index] = { ...rules[r.index]!, data: { ...(rules[r.index]!.data as object), enabled: on } };
  }
  for (const [id, name] of chosenReadings) {
    const r = optional.find((x) => x.id === id && x.data.kind === 'cannot-go-to-ground');
    if (!r) {
      issues.push({ path: `readings.${id}`, message: `"${id}" has no readings to choose in ${s.id}: expected one of ${optional.filter((x) => x.data.kind === 'cannot-go-to-ground').map((x) => x.id).join(', ') || 'none'}` });
      continue;
    }
    if (!(BITE_READINGS as readonly string[]).includes(name)) {
      issues.push({ path: `readings.${id}`, message: `"${name}" is not a reading of ${id}: expected one of ${BITE_READINGS.join(', ')}` });
      continue;
    }
    rules[r.index] = { ...rules[r.index]!, data: { ...(rules[r.index]!.data as object), reading: name } };
  }
  const sr = (s.rules ?? {}) as Record<string, unknown>;
  const house: Record<string, unknown> = { ...((sr.house as Record<string, unknown> | undefined) ?? {}) };
  for (const [key, name] of chosenHouse) {
    const e = HOUSE_ENTRIES.find((x) => x.key === key);
    if (!e?.options) {
      issues.push({ path: `house.${key}`, message: `${e ? `${e.id} ${key} has no named options` : `unknown house setting "${key}"`}: expected one of ${HOUSE_ENTRIES.filter((x) => x.options).map((x) => x.key).join(', ')}` });
      continue;
    }
    if (!e.options.some((x) => x.name === name)) {
      issues.push({ path: `house.${key}`, message: `"${name}" is not an option of ${e.id} ${key}: expected one of ${e.options.map((x) => x.name).join(', ')}` });
      continue;
    }
    house[key] = name;
  }
  if (issues.length) return { scenario: s, issues };
  // The features array is the file's own unless terrain was switched: the table is then the file's table.
  // A unit left out leaves the beats that named it: they show the units still there (beats-present.ts).
  const scenario: Scenario = withBeatsOnUnits({ ...s, units, specialRules: rules, ...(features !== s.features ? { features } : {}), ...(chosenHouse.length ? { rules: { ...sr, house } } : {}) });
  // The options may not make an unplayable game (an added unit whose data is wrong, a clash).
  for (const i of validateKScenario(scenario)) issues.push({ path: '', message: `the scenario with these options: ${i.path}: ${i.message}` });
  // Terrain switched: the table must still be one the battlefield can build (a figure on a floor of a
  // building left out, a rule naming a feature taken off).
  if (features !== s.features) {
    const checked = validateScenario(scenario, s.id);
    if (!checked.ok) for (const i of checked.issues) issues.push({ path: '', message: `the scenario with these options: ${i.path}: ${i.message}` });
  }
  return { scenario: issues.length ? s : scenario, issues };
}
