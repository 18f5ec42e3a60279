// House-value entries: the format every ruleset's data/house-values.json shares (id, key, value, house,
// reason, named options), and a scenario's `rules.house` choices applied on top of the defaults by key.
// Each ruleset gives its own id pattern, its own extra fields and its own words for a bad choice.
import { z } from 'zod';

/** What players read for a value (the start dialog, the rules panel, the log): words, not the option's name. */
// A phrase starting with a capital or a digit, or one capitalised word (not "2-3-serious").
export const HouseLabel = z.string().regex(/^(?:[A-Z0-9].* .*\S|[A-Z][a-z]+(?:-[a-z]+)*)$/, 'expected the value in words, starting with a capital or a digit');

/** A named option of a house setting: the name a scenario chooses it by, its words, its value. */
const HouseOption = z.object({
  name: z.string().regex(/^[a-z0-9-]+$/),
  label: HouseLabel.optional(),
  value: z.unknown(),
}).strict();

/**
 * The schema of one entry, its id checked against the ruleset's digest ids (`idMessage`: what a wrong
 * id is told, zod's own words otherwise). A ruleset adds its own fields with `.extend`.
 */
export function houseEntrySchema(idPattern: RegExp, idMessage?: string) {
  return z.object({
    id: z.string().regex(idPattern, idMessage),
    key: z.string(),
    value: z.unknown(),
    house: z.literal(true),
    reason: z.string().min(10),
    options: z.array(HouseOption).min(2).optional(),
  }).strict();
}

/** The schema of a house-values file: where its readings come from, and its entries. */
export function houseFileSchema<E extends z.ZodType>(entry: E) {
  return z.object({ source: z.string(), entries: z.array(entry) }).strict();
}

/** The fields of an entry that applying a choice reads. */
export interface HouseEntryBase {
  id: string;
  key: string;
  options?: ReadonlyArray<{ name: string; value?: unknown }> | undefined;
}

/** How a ruleset words a bad choice: a key no entry has, or a choice that is neither an option's name nor a valid value. */
export interface HouseChoiceWords<E extends HouseEntryBase> {
  unknownKey(key: string, entries: readonly E[]): string;
  /** `why`: what the setting's schema said of the choice as a plain value. */
  badChoice(entry: E, choice: unknown, why: string | undefined): string;
}

/**
 * The defaults with each choice applied: an option's name, else a plain value of the setting's type
 * (`settings`: the settings schema's shape, by key). One issue per bad choice, by key, in the choices' order.
 */
export function applyHouseChoices<E extends HouseEntryBase>(
  choices: Readonly<Record<string, unknown>>,
  entries: readonly E[],
  settings: Readonly<Record<string, z.ZodType>>,
  defaults: object,
  words: HouseChoiceWords<E>,
): { house: Record<string, unknown>; issues: Array<{ key: string; message: string }> } {
  const house: Record<string, unknown> = { ...defaults };
  const issues: Array<{ key: string; message: string }> = [];
  for (const [key, choice] of Object.entries(choices)) {
    const entry = entries.find((e) => e.key === key);
    const shape = Object.hasOwn(settings, key) ? settings[key] : undefined;
    if (!entry || !shape) {
      issues.push({ key, message: words.unknownKey(key, entries) });
      continue;
    }
    const option = typeof choice === 'string' ? entry.options?.find((o) => o.name === choice) : undefined;
    if (option) {
      house[key] = option.value;
      continue;
    }
    const direct = shape.safeParse(choice);
    if (direct.success) house[key] = direct.data;
    else issues.push({ key, message: words.badChoice(entry, choice, direct.error.issues[0]?.message) });
  }
  return { house, issues };
}
