// Game options: what the players chose when the game started — a scenario's optional rules on or
// off, named readings of them, and house values by option name. Validated here (shape), applied by
// the ruleset (meaning: which ids and names exist), kept in the session and in the save.
import { z } from 'zod';
import { optionInWords, type OptionChoice } from '../core';
import { describeZodIssue, jsonPath } from '../scenario';

const Id = z.string().min(1);

export const GameOptionsSchema = z.object({
  /** An optional scenario rule (special rule id) → on or off. */
  rules: z.record(Id, z.boolean({ message: 'expected true (on) or false (off)' })).optional(),
  /** A scenario rule with readings (special rule id) → the reading's name. */
  readings: z.record(Id, z.string({ message: 'expected the name of a reading' }).min(1)).optional(),
  /** A house setting (key) → the name of one of its options. */
  house: z.record(Id, z.string({ message: 'expected the name of one of the setting\'s options' }).min(1)).optional(),
}).strict();

export type GameOptions = z.infer<typeof GameOptionsSchema>;

/** One thing the players may choose (rulesets list them; the start dialog shows them). */
export type GameOptionChoice = OptionChoice;

export class GameOptionsError extends Error {
  override name = 'GameOptionsError';
}

/** Options in one canonical form: sorted keys, empty maps dropped (so equal choices save and hash alike). */
export function normaliseOptions(o: GameOptions | undefined): GameOptions {
  const out: GameOptions = {};
  for (const k of ['rules', 'readings', 'house'] as const) {
    const m = o?.[k];
    if (!m || !Object.keys(m).length) continue;
    (out as Record<string, unknown>)[k] = Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
  return out;
}

export function hasOptions(o: GameOptions | undefined): boolean {
  return Object.keys(normaliseOptions(o)).length > 0;
}

/**
 * Check options' shape; `where` names the source (a file, "createPlay options"), `base` the JSON path
 * they sit at. Throws GameOptionsError naming both, the path inside and what was expected.
 */
export function parseGameOptions(data: unknown, where: string, base = '$'): GameOptions {
  const r = GameOptionsSchema.safeParse(data ?? {});
  if (r.success) return normaliseOptions(r.data);
  const i = r.error.issues[0]!;
  // Option ids (opt-womens-guard) read as names after a dot; a key no one could read so is quoted.
  const path = base + i.path.map((k) => (typeof k === 'string' && /^[A-Za-z_][\w-]*$/.test(k) ? `.${k}` : jsonPath([k]).slice(1))).join('');
  // The schema's own messages say what was expected; zod's ("Invalid input …") are described as the scenario loader does.
  const msg = i.code === 'unrecognized_keys'
    ? `unknown key${i.keys.length > 1 ? 's' : ''} ${i.keys.map((k) => `"${k}"`).join(', ')}: expected rules, readings or house`
    : /^Invalid/.test(i.message) ? describeZodIssue(data ?? {}, i).message : i.message;
  throw new GameOptionsError(`${where}: ${path}: ${msg}`);
}

/** Lines saying what was chosen (for the rules panel and the log), against the choices' defaults. */
export function describeOptions(o: GameOptions | undefined, choices: readonly GameOptionChoice[]): string[] {
  const out: string[] = [];
  const n = normaliseOptions(o);
  for (const [id, on] of Object.entries(n.rules ?? {})) {
    const c = choices.find((x) => x.kind === 'rule' && x.id === id);
    out.push(`${c?.title ?? id}: ${on ? 'on' : 'off'}${c && c.default === on ? ' (the default)' : ''}`);
  }
  // A value reads by its label (optionInWords), never by the name the save keeps.
  const words = (c: GameOptionChoice | undefined, name: string) => optionInWords(c?.options?.find((o) => o.name === name) ?? { name });
  for (const [id, name] of Object.entries(n.readings ?? {})) {
    const c = choices.find((x) => x.kind === 'reading' && x.id === id);
    out.push(`${c?.title ?? `${id} reading`} (house): ${words(c, name)}`);
  }
  for (const [key, name] of Object.entries(n.house ?? {})) {
    const c = choices.find((x) => x.kind === 'house' && x.id === key);
    out.push(`${c?.title ?? key} (house): ${words(c, name)}${c && c.default === name ? ' (the default)' : ''}`);
  }
  return out;
}
