// House values (K-GAP-n / K-AMB-n): data/house-values.json validated on load, and a scenario's
// `rules.house` options applied on top. Every setting the engine reads comes from here.
import { z } from 'zod';
import { HouseLabel, applyHouseChoices, houseEntrySchema, houseFileSchema } from '../../scenario';
import raw from './data/house-values.json';

const Wound = z.object({ killed: z.number().int().min(0).max(6), serious: z.number().int().min(0).max(6), light: z.number().int().min(0).max(6) }).strict()
  .refine((w) => w.killed <= w.serious && w.serious <= w.light, 'wound table bands must not decrease');
const Role = z.enum(['soldier', 'squad-leader', 'lance-corporal', 'leader', 'mg-gunner', 'mg-loader', 'medic']);
const WeaponId = z.string().regex(/^K-WPN-\d+$/);

/** The schema of every house setting (the type the engine reads is inferred from it). */
export const HouseSettingsSchema = z.object({
  heroIsLeader: z.boolean(),
  defaultTurnLimit: z.number().int().positive(),
  readinessExpires: z.boolean(),
  splitRounding: z.enum(['floor', 'ceil']),
  splitSeparateMorale: z.boolean(),
  splitActsOnOneCard: z.boolean(),
  refuseUnsupportedUnits: z.boolean(),
  commandMeasure: z.enum(['nearest', 'all']),
  commandNeedsSight: z.boolean(),
  commandUsesLeaderActivation: z.boolean(),
  specialActionAllowed: z.boolean(),
  buildingsDifficult: z.boolean(),
  strongWaterImpassable: z.boolean(),
  halfSpeedStacks: z.boolean(),
  unitSpeedOfSlowest: z.boolean(),
  rangePerFirer: z.boolean(),
  shootIntoMelee: z.boolean(),
  defaultSkill: z.number().int().min(1).max(6),
  defaultMorale: z.number().int().min(1).max(6),
  woundTable: Wound,
  woundTestsPer: z.enum(['wound', 'soldier']),
  scratchTriggersMorale: z.boolean(),
  evacuatedLeaveGame: z.boolean(),
  evacuationDecisionAtActivation: z.boolean(),
  pinnedCloseRangeReroll: z.boolean(),
  defensiveCloseRangeReroll: z.boolean(),
  fastCharge: z.boolean(),
  shootThenCharge: z.boolean(),
  defensiveFireIsActivation: z.boolean(),
  defensiveMgTrigger: z.boolean(),
  meleeWinWhenEnemyGone: z.boolean(),
  removeLeftBehind: z.boolean(),
  meleeSkill: z.enum(['own', 'charger']),
  fallBackDistance: z.enum(['fixed-10', 'unit-move']),
  defaultGrenades: z.boolean(),
  moraleTarget: z.enum(['morale', 'skill']),
  oneMoraleTestPerEvent: z.boolean(),
  pinnedRetestBelowHalf: z.boolean(),
  routingFailEffect: z.enum(['none']),
  artillery: z.literal(false),
  surrenderRemoves: z.boolean(),
  belowHalfCountsSerious: z.boolean(),
  rallyWhenLeaderApproaches: z.boolean(),
  noRetreatCompulsory: z.boolean(),
  executionTriggersMorale: z.boolean(),
  noRetreatBeforeSecondTest: z.boolean(),
  medicRerollScope: z.enum(['soldier', 'event']),
  medicRescuesEnemy: z.boolean(),
  medicMovesAtEndOfTurn: z.boolean(),
  mgLoaderRollsOwnDie: z.boolean(),
  mgNoLoaderFirepower: z.record(WeaponId, z.number().int().positive()),
  mgRestrictionScope: z.enum(['crew', 'unit']),
  collapsedChargePinned: z.boolean(),
  snowSuitWhenCharging: z.boolean(),
  fellBackCountsAsRetreating: z.boolean(),
  defaultWeapons: z.record(Role, WeaponId.nullable()),
  mgCrew: z.number().int().min(1),
  civilGuardPlatoonLeaderIsLeader: z.boolean(),
  coverContact: z.number().nonnegative(),
  contactTolerance: z.number().nonnegative(),
  contactAcrossObstacle: z.number().nonnegative(),
  figuresBlockSight: z.boolean(),
  denseSightMeasure: z.enum(['along-line', 'from-edge']),
}).strict();

export type HouseSettings = z.infer<typeof HouseSettingsSchema>;
export type HouseKey = keyof HouseSettings;

const Entry = houseEntrySchema(/^K-(GAP-\d+|AMB-\d+|\d+\.\d+[a-z]?)$/).extend({
  kind: z.literal('interpretation').optional(),
  // The value in words, where no option names it (a setting without options, or a default none of them holds).
  label: HouseLabel.optional(),
});

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const HouseFile = houseFileSchema(Entry);

export type HouseEntry = z.infer<typeof Entry>;

export class HouseValuesError extends Error {
  override name = 'HouseValuesError';
}

/** Load and check the house-values data: every setting present once, each option valid for its key. */
export function loadHouseValues(data: unknown = raw): { entries: HouseEntry[]; defaults: HouseSettings } {
  const file = HouseFile.safeParse(data);
  if (!file.success) throw new HouseValuesError(`house-values.json: ${file.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const values: Record<string, unknown> = {};
  for (const e of file.data.entries) {
    if (e.key in values) throw new HouseValuesError(`house-values.json: key "${e.key}" appears twice`);
    const shape = HouseSettingsSchema.shape[e.key as HouseKey];
    if (!shape) throw new HouseValuesError(`house-values.json: unknown key "${e.key}" (${e.id})`);
    const ok = shape.safeParse(e.value);
    if (!ok.success) throw new HouseValuesError(`house-values.json: ${e.id} ${e.key}: ${ok.error.issues[0]?.message}`);
    for (const [i, o] of (e.options ?? []).entries()) {
      if (!shape.safeParse(o.value).success) throw new HouseValuesError(`house-values.json: ${e.id} ${e.key} option "${o.name}" is not a valid value`);
      const twin = o.label === undefined ? undefined : e.options!.slice(0, i).find((x) => x.label === o.label);
      if (twin) throw new HouseValuesError(`house-values.json: ${e.id} ${e.key} option "${o.name}": label "${o.label}" is option "${twin.name}"'s too: expected a label of its own`);
    }
    const named = e.options?.find((o) => sameValue(o.value, e.value));
    if (!named && e.label === undefined) throw new HouseValuesError(`house-values.json: ${e.id} ${e.key}: no option names its value ${JSON.stringify(e.value)}: expected a label (the value in words, as players read it)`);
    if (named && e.label !== undefined) throw new HouseValuesError(`house-values.json: ${e.id} ${e.key}: label "${e.label}" repeats what option "${named.name}" says of the same value: expected no label`);
    values[e.key] = ok.data;
  }
  const all = HouseSettingsSchema.safeParse(values);
  if (!all.success) throw new HouseValuesError(`house-values.json: ${all.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`).join('; ')}`);
  return { entries: file.data.entries, defaults: all.data };
}

const loaded = loadHouseValues();
/** Every house entry (for the rules panel: id, value, reason, options). */
export const HOUSE_ENTRIES: readonly HouseEntry[] = loaded.entries;
/** The default house settings. */
export const DEFAULT_HOUSE: HouseSettings = loaded.defaults;

/** The entry behind a setting, to cite its K-GAP / K-AMB id. */
export function houseEntry(key: HouseKey): HouseEntry {
  return HOUSE_ENTRIES.find((e) => e.key === key)!;
}

/** A scenario's choice for one setting: an option name, or a plain value of the setting's type. */
export const HouseChoice = z.union([z.string(), z.number(), z.boolean(), z.record(z.string(), z.unknown())]);

/**
 * Apply a scenario's `rules.house` choices. Returns the settings and one message per bad choice
 * (unknown key, unknown option name, wrong type), with the JSON path under `rules.house`.
 */
export function resolveHouse(choices: Readonly<Record<string, unknown>> | undefined): { house: HouseSettings; issues: Array<{ path: string; message: string }> } {
  const { house, issues } = applyHouseChoices(choices ?? {}, HOUSE_ENTRIES, HouseSettingsSchema.shape, DEFAULT_HOUSE, {
    unknownKey: (key, entries) => `unknown house setting "${key}"; known: ${entries.map((e) => e.key).join(', ')}`,
    badChoice: (entry, choice) => {
      const names = entry.options?.map((o) => o.name).join(', ');
      return `${entry.id} ${entry.key}: "${String(choice)}" is not ${names ? `one of ${names} or ` : ''}a valid value`;
    },
  });
  return { house: house as HouseSettings, issues: issues.map((i) => ({ path: `rules.house.${i.key}`, message: i.message })) };
}
