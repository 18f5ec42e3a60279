// The data a COBI game plays with: the shipped cards (C-4.1), weapons (C-4.2) and house values, with a
// scenario's `rules.cards`, `rules.weapons` and `rules.house` on top, by id. An override of a shipped id
// sets only the fields it names (the rest stay the card's or weapon's); a new id must be complete. A field
// the scenario sets is the scenario's value, so it leaves the `house` list unless the override gives one
// (a new entry's `house` is empty unless it gives one).
import type { z } from 'zod';
import { CobiDataError, duplicateIds, zodIssues, type DataIssue } from './data-issues';
import { CARDS_RAW, CardSchema, cardIssues, loadCards, type VehicleCard } from './vehicle/card';
import { WEAPONS, WeaponSchema, type Weapon } from './weapons';
import { resolveHouse, type CobiHouse } from './house';

export interface CobiData {
  cards: ReadonlyMap<string, VehicleCard>;
  weapons: ReadonlyMap<string, Weapon>;
  house: CobiHouse;
}

/** The shipped cards, checked against the shipped weapons. */
export const CARDS: readonly VehicleCard[] = loadCards(CARDS_RAW, new Set(WEAPONS.map((w) => w.id)));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `over` laid onto `base`: objects merge key by key, anything else (arrays included) replaces. */
function merged(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) out[k] = merged(base[k], v);
  return out;
}

/** The dot paths an override sets ("armour.front", "hit"). */
function setPaths(over: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(over).flatMap(([k, v]) => (isObject(v) ? setPaths(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

/**
 * One list of overrides (rules.cards or rules.weapons) laid on the shipped items by id. Returns the
 * resulting items by id, the parsed overrides in their order, and the issues with their JSON paths.
 */
function overlay<T extends { id: string; house: string[] }>(
  shipped: readonly T[], list: unknown, schema: z.ZodType<T>, file: string, base: string,
): { byId: Map<string, T>; parsed: Array<{ item: T; index: number }>; issues: DataIssue[] } {
  const byId = new Map(shipped.map((x) => [x.id, x] as const));
  const parsed: Array<{ item: T; index: number }> = [];
  if (list === undefined) return { byId, parsed, issues: [] };
  if (!Array.isArray(list)) return { byId, parsed, issues: [{ file, path: base, message: 'expected an array of entries, each with an id' }] };
  const issues: DataIssue[] = [];
  list.forEach((over, i) => {
    const at = `${base}[${i}]`;
    if (!isObject(over) || typeof over.id !== 'string') return void issues.push({ file, path: `${at}.id`, message: 'expected an entry with a string id' });
    const old = byId.get(over.id);
    let candidate: unknown = over;
    if (old) {
      const mine = setPaths(over);
      candidate = merged(old, over);
      if (!('house' in over)) (candidate as { house: string[] }).house = old.house.filter((f) => !mine.some((p) => p === f || p.startsWith(`${f}.`) || f.startsWith(`${p}.`)));
    } else if (!('house' in over)) {
      // A new entry is the scenario's own: its values are not house values unless it says so.
      candidate = { ...over, house: [] };
    }
    const r = schema.safeParse(candidate);
    if (!r.success) {
      if (!old) issues.push({ file, path: `${at}.id`, message: `"${over.id}" is not a shipped id, so the entry is a new one: expected every field` });
      return void issues.push(...zodIssues(file, at, r.error));
    }
    parsed.push({ item: r.data, index: i });
  });
  issues.push(...duplicateIds(file, base, parsed.map((p) => p.item)).map((d) => ({ ...d, path: d.path.replace(/\[(\d+)\]/, (_, n: string) => `[${parsed[Number(n)]!.index}]`) })));
  for (const p of parsed) byId.set(p.item.id, p.item);
  return { byId, parsed, issues };
}

/**
 * A scenario's data: the shipped cards, weapons and house values with its `rules` overrides. Every
 * problem comes back as an issue naming `file`, the JSON path ($.rules.cards[0].armour.front) and what
 * was expected; with issues, the data holds the shipped values for what could not be read.
 */
export function cobiData(rules: unknown, file = 'scenario'): { data: CobiData; issues: DataIssue[] } {
  const r = isObject(rules) ? rules : {};
  const issues: DataIssue[] = [];
  if (rules !== undefined && !isObject(rules)) issues.push({ file, path: '$.rules', message: 'expected an object' });
  const w = overlay(WEAPONS, r.weapons, WeaponSchema, file, '$.rules.weapons');
  issues.push(...w.issues);
  const c = overlay(CARDS, r.cards, CardSchema, file, '$.rules.cards');
  issues.push(...c.issues);
  // A card's weapons must exist among the weapons as the scenario leaves them.
  const weaponIds = new Set(w.byId.keys());
  const mine = c.parsed.map((p) => p.item);
  issues.push(...cardIssues(mine, weaponIds, file, '$.rules.cards', (i) => c.parsed[i]!.index).filter((x) => !x.message.startsWith('expected a unique id')));
  const h = resolveHouse(r.house, file);
  issues.push(...h.issues);
  return { data: { cards: c.byId, weapons: w.byId, house: h.house }, issues };
}

/** As cobiData, but throws CobiDataError on any issue. */
export function loadCobiData(rules: unknown, file = 'scenario'): CobiData {
  const { data, issues } = cobiData(rules, file);
  if (issues.length) throw new CobiDataError(issues);
  return data;
}
