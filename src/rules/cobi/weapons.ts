// C-4.2 the weapons table (Tabela broni) as data. The book's table breaks off after row 1 (move) and two
// cells of row 2 (difficult ground): C-GAP-11. Everything else — range bands (C-GAP-9), reload ranges,
// templates, anti-armour values (C-GAP-8) — is a house value, listed in each weapon's `house`.
import { z } from 'zod';
import raw from './data/weapons.json';
import { CobiDataError, duplicateIds, zodIssues, type DataIssue } from './data-issues';
import { DieRange, IdWord, houseList } from './schema-parts';

/** C-3.3.3.2d one range band: up to `upTo` cm (inclusive) the modifier is `mod`; `upTo: null` is "beyond". */
const Band = z.object({ upTo: z.number().positive().nullable(), mod: z.number().int() }).strict();

const WEAPON_FIELDS = ['move', 'difficult', 'ranges', 'reload', 'template', 'antiArmour', 'oneShot', 'crew'] as const;

export const WeaponSchema = z.object({
  id: IdWord,
  name: z.string().min(1),
  /** The column of the book's table it comes from, in the book's words (absent: a house weapon). */
  column: z.string().min(1).optional(),
  /** C-WPN-1 move on ordinary ground, cm; null: it cannot move with its carrier ("–"). */
  move: z.number().nonnegative().nullable(),
  /** C-WPN-2 move in difficult ground, cm; null as for move. */
  difficult: z.number().nonnegative().nullable(),
  /** C-3.3.3.2d / C-GAP-9 range bands, nearest first; empty: never fired on its own (the Explosion column). */
  ranges: z.array(Band),
  /** C-3.3.3.2h reload range; null: a vehicle's gun (the card's CARD-7) or a one-shot weapon. */
  reload: DieRange.nullable(),
  /** C-3.3.3.2j the template it lays: burst (circle) or explosion (rectangle). */
  template: z.enum(['burst', 'explosion']).optional(),
  /** C-GAP-8 (house) against armour: a to-hit range and damage dice, as a card's CARD-6/CARD-8. */
  antiArmour: z.object({ hit: DieRange, damage: z.number().int().positive() }).strict().optional(),
  /** Fired once and gone (Panzerfaust, a demolition charge). */
  oneShot: z.boolean().optional(),
  /** Figures needed to serve it. */
  crew: z.number().int().positive().optional(),
  /** Fields that are house values (shown "house" wherever they show). */
  house: houseList(WEAPON_FIELDS),
}).strict().superRefine((w, ctx) => {
  w.ranges.forEach((b, i) => {
    const prev = w.ranges[i - 1];
    if (prev && (prev.upTo === null || (b.upTo !== null && b.upTo <= prev.upTo))) {
      ctx.addIssue({ code: 'custom', path: ['ranges', i, 'upTo'], message: 'expected bands in increasing distance, only the last one open (null)' });
    }
  });
  if (w.oneShot && w.reload) ctx.addIssue({ code: 'custom', path: ['reload'], message: 'expected null: a one-shot weapon is not reloaded' });
});

export type Weapon = z.infer<typeof WeaponSchema>;
export type RangeBand = z.infer<typeof Band>;

const WeaponsFile = z.object({ source: z.string(), weapons: z.array(WeaponSchema).min(1) }).strict();

/** Check a weapons list (a file's, or shipped + a scenario's): issues, empty when sound. */
export function weaponIssues(weapons: readonly Weapon[], file: string, base: string): DataIssue[] {
  return duplicateIds(file, base, weapons);
}

/** C-4.2 load and check weapons.json; throws CobiDataError naming the file, the JSON path and what was expected. */
export function loadWeapons(data: unknown = raw, file = 'weapons.json'): Weapon[] {
  const r = WeaponsFile.safeParse(data);
  if (!r.success) throw new CobiDataError(zodIssues(file, '$', r.error));
  const issues = weaponIssues(r.data.weapons, file, '$.weapons');
  if (issues.length) throw new CobiDataError(issues);
  return r.data.weapons;
}

/** The shipped weapons. */
export const WEAPONS: readonly Weapon[] = loadWeapons();

/**
 * C-AMB-12 the move row read in the raw cell order instead of the likely alignment: the nine values fill
 * the first nine columns, so Explosion gets 15 cm, Grenade 8 cm and the Bazooka/Panzerfaust no limit of
 * its own (its carrier's 15 cm, C-3.3.1e).
 */
const RAW_ORDER_MOVE: Readonly<Record<string, number | null>> = { explosion: 15, grenade: 8, bazooka: 15, panzerfaust: 15 };

/** C-WPN-1 a weapon's move under the chosen C-AMB-12 alignment (house `weaponAlignment`). */
export function weaponMove(w: Weapon, alignment: 'likely' | 'raw-order'): number | null {
  if (alignment === 'raw-order' && Object.hasOwn(RAW_ORDER_MOVE, w.id)) return RAW_ORDER_MOVE[w.id]!;
  return w.move;
}
