// House values (C-GAP-n / C-AMB-n): data/house-values.json validated on load, in the entry format of the
// other rulesets (id, key, value, house, reason, named options), and a scenario's `rules.house` applied on
// top by key: an option's name or a plain value of the setting's type.
import { z } from 'zod';
import { applyHouseChoices, houseEntrySchema, houseFileSchema } from '../../scenario';
import raw from './data/house-values.json';
import { CobiDataError, zodIssues, type DataIssue } from './data-issues';

const Points = z.record(z.string().regex(/^[a-z0-9-]+$/), z.number().int().nonnegative());

/** The schema of every house setting (the type the rules read is inferred from it). */
export const HouseSettingsSchema = z.object({
  turnCost: z.enum(['per-45', 'legend']),
  moveDirections: z.enum(['one-way', 'mixed']),
  terrainCharge: z.enum(['once', 'per-piece']),
  roadBonus: z.enum(['whole-path', 'road-legs']),
  infantryDifficult: z.enum(['proportional', 'whole-move']),
  squadNearby: z.number().nonnegative(),
  vehicleWithSquad: z.enum(['same-action', 'each-own-action']),
  jamReload: z.enum(['may', 'must']),
  diceOrder: z.literal('hit-reload-damage-crew'),
  hitRange: z.literal('at-least'),
  effectReading: z.literal('threshold'),
  halfCrew: z.enum(['remaining', 'losses']),
  woundedCrewLost: z.boolean(),
  infantryHit: z.literal('killed'),
  squadAttacks: z.enum(['each-figure', 'one-per-squad']),
  templateRolls: z.literal('per-figure'),
  templateUnder: z.enum(['overlap', 'centre']),
  templateSides: z.literal('enemies-only'),
  doubleSix: z.literal('only-when-impossible'),
  firstPlayer: z.enum(['holder', 'winner-picks-edge']),
  tiesRerolled: z.boolean(),
  hidingLimit: z.enum(['any-enemy', 'nearest-only']),
  camouflageChecks: z.literal('both-rounds'),
  aspectSquareWithin: z.number().min(0).max(45),
  hiddenEffect: z.enum(['no-direct-fire', 'camo-as-hidden']),
  camouflageModifier: z.number().int().max(0),
  oneSideLeft: z.literal('acts-on'),
  weaponAlignment: z.enum(['likely', 'raw-order']),
  templateSize: z.object({ burstDiameter: z.number().positive(), explosionWidth: z.number().positive(), explosionLength: z.number().positive() }).strict(),
  failedReloadAction: z.literal('repeat'),
  infantryPoints: Points,
}).strict();

export type CobiHouse = z.infer<typeof HouseSettingsSchema>;
export type CobiHouseKey = keyof CobiHouse;

const Entry = houseEntrySchema(/^C-(?:GAP-\d+|AMB-\d+|CARD-\d+|WPN-\d+|MOD-\d+|\d+(?:\.\d+)*[a-z]?)$/, 'expected a digest id such as C-AMB-4 or C-3.3.3.2j').extend({
  /** Further digest ids the entry rests on. */
  also: z.array(z.string().regex(/^C-/)).optional(),
});

const HouseFile = houseFileSchema(Entry);

export type CobiHouseEntry = z.infer<typeof Entry>;

/** Load and check house-values.json: every setting present once, each value and option valid for its key. */
export function loadHouseValues(data: unknown = raw, file = 'house-values.json'): { entries: CobiHouseEntry[]; defaults: CobiHouse } {
  const r = HouseFile.safeParse(data);
  if (!r.success) throw new CobiDataError(zodIssues(file, '$', r.error));
  const issues: DataIssue[] = [];
  const values: Record<string, unknown> = {};
  r.data.entries.forEach((e, i) => {
    const at = `$.entries[${i}]`;
    const shape = HouseSettingsSchema.shape[e.key as CobiHouseKey];
    if (!shape) return void issues.push({ file, path: `${at}.key`, message: `expected a known setting (${Object.keys(HouseSettingsSchema.shape).join(', ')}), got "${e.key}"` });
    if (e.key in values) return void issues.push({ file, path: `${at}.key`, message: `expected each setting once, "${e.key}" appears before` });
    const ok = shape.safeParse(e.value);
    if (!ok.success) issues.push(...zodIssues(file, `${at}.value`, ok.error));
    (e.options ?? []).forEach((o, j) => {
      const v = shape.safeParse(o.value);
      if (!v.success) issues.push(...zodIssues(file, `${at}.options[${j}].value`, v.error));
    });
    values[e.key] = ok.success ? ok.data : e.value;
  });
  if (!issues.length) {
    const all = HouseSettingsSchema.safeParse(values);
    if (!all.success) issues.push(...all.error.issues.map((i) => ({ file, path: '$.entries', message: `expected an entry for "${i.path.join('.')}": ${i.message}` })));
    else return { entries: r.data.entries, defaults: all.data };
  }
  throw new CobiDataError(issues);
}

const loaded = loadHouseValues();
/** Every house entry (for the rules panel: id, value, reason, options). */
export const HOUSE_ENTRIES: readonly CobiHouseEntry[] = loaded.entries;
/** The default house settings. */
export const DEFAULT_HOUSE: CobiHouse = loaded.defaults;

/** The entry behind a setting, to cite its C-GAP / C-AMB id. */
export function houseEntry(key: CobiHouseKey): CobiHouseEntry {
  return HOUSE_ENTRIES.find((e) => e.key === key)!;
}

/**
 * Apply a scenario's `rules.house` choices (an option name, or a plain value of the setting's type).
 * Issues name the file and the JSON path under `base` ("$.rules.house").
 */
export function resolveHouse(choices: unknown, file: string, base = '$.rules.house'): { house: CobiHouse; issues: DataIssue[] } {
  if (choices === undefined) return { house: { ...DEFAULT_HOUSE }, issues: [] };
  if (typeof choices !== 'object' || choices === null || Array.isArray(choices)) {
    return { house: { ...DEFAULT_HOUSE }, issues: [{ file, path: base, message: 'expected an object of house settings by key' }] };
  }
  const { house, issues } = applyHouseChoices(choices as Record<string, unknown>, HOUSE_ENTRIES, HouseSettingsSchema.shape, DEFAULT_HOUSE, {
    unknownKey: (_key, entries) => `expected a known house setting (${entries.map((e) => e.key).join(', ')})`,
    badChoice: (entry, choice, why) => {
      const names = entry.options?.map((o) => `"${o.name}"`).join(', ');
      return `${entry.id} ${entry.key}: expected ${names ? `one of ${names} or ` : ''}a valid value (${why}), got ${JSON.stringify(choice)}`;
    },
  });
  return { house: house as CobiHouse, issues: issues.map((i) => ({ file, path: `${base}.${i.key}`, message: i.message })) };
}
