// C-4.1 the vehicle card (Karta pojazdu) as data: fields (1/)…(20/) of the book, each cited as C-CARD-n.
// The book prints no complete card (C-GAP-10): only the Panther's and the Sherman's values from its
// examples are known; every other value is a house value, named in the card's `house` list.
import { z } from 'zod';
import raw from '../data/cards.json';
import { CobiDataError, duplicateIds, zodIssues, type DataIssue } from '../data-issues';
import { DieRange, IdWord, houseList } from '../schema-parts';

const Cm = z.number().nonnegative();
const Armour = z.number().int().nonnegative();
const Band = z.number().int().positive();

/** The card fields that can be house values (dot paths into the card). */
export const CARD_FIELDS = [
  'move', 'reverse', 'turn', 'terrain', 'road', 'hit', 'reload', 'damage', 'explosion',
  'armour.front', 'armour.side', 'armour.rear', 'armour.top',
  'effects.destroyed', 'effects.disabled', 'effects.damaged', 'effects.immobilised',
  'crew', 'points', 'availability', 'light', 'turret', 'push', 'weapons',
] as const;

export const CardSchema = z.object({
  id: IdWord,
  name: z.string().min(1),
  /** The COBI set number the card was written for (C-EX-1 "#2511"); C-2.7 a card applies to any proxy model. */
  model: z.string().regex(/^#\d+$/, 'expected a set number such as "#2511"').optional(),
  move: Cm, // C-CARD-1 Ruch: straight-line move on ordinary ground, cm
  reverse: Cm, // C-CARD-2 Cofanie: straight-line reverse, cm
  turn: Cm, // C-CARD-3 Skręt: cm lost per turn of up to 45° (C-AMB-4)
  terrain: Cm, // C-CARD-4 Teren: cm lost in difficult ground
  road: Cm, // C-CARD-5 Droga: cm gained on a paved road
  /** C-CARD-6 Trafienie: the hit range; null for a light vehicle, which fires by the infantry procedure (C-AMB-11). */
  hit: DieRange.nullable(),
  /** C-CARD-7 Ładowanie: the reload range; null as for hit. */
  reload: DieRange.nullable(),
  /** C-CARD-8 Obrażenia: damage dice (C-EX-4 cites it as "(9/)", a slip: C-AMB-6); null as for hit. */
  damage: z.number().int().positive().nullable(),
  /** C-CARD-9 Eksplozja: the damage modifier for explosions — the book never says how it applies (C-AMB-11). */
  explosion: z.number().int().optional(),
  armour: z.object({
    front: Armour, // C-CARD-10 Pancerz przedni
    side: Armour, // C-CARD-11 Pancerz boczny
    rear: Armour, // C-CARD-12 Pancerz tylny
    top: Armour, // C-CARD-13 Pancerz górny: the turret's armour
  }).strict(),
  /** C-CARD-14…17 the damage at which each effect applies (C-AMB-6: thresholds, see vehicle/effects.ts). */
  effects: z.object({
    destroyed: Band, // C-CARD-14 Zniszczenie
    disabled: Band.optional(), // C-CARD-15 Obezwładnienie
    damaged: Band.optional(), // C-CARD-16 Uszkodzenie
    immobilised: Band.optional(), // C-CARD-17 Unieruchomienie
  }).strict(),
  crew: z.number().int().positive(), // C-CARD-18 Załoga
  points: z.number().int().nonnegative(), // C-CARD-19 Wartość (C-GAP-2)
  availability: z.string().min(1), // C-CARD-20 Dostępność: the period it entered service
  /** C-AMB-11 a light vehicle (no card field in the book): it fires by the infantry procedure, and a target in it is −1 (C-MOD-9). */
  light: z.boolean(),
  /** C-3.3.3.1m it has a turret, so the turret (top armour) is a hit location. */
  turret: z.boolean(),
  /** House, not a card field: cm its crew can push a gun that has no move of its own (as the static HMG, C-WPN-1). */
  push: Cm.optional(),
  /** Weapon ids (weapons.json): the main gun first, then machine guns. */
  weapons: z.array(IdWord),
  /** Fields that are house values (shown "house" wherever they show). */
  house: houseList(CARD_FIELDS),
}).strict().superRefine((c, ctx) => {
  if (!c.light) {
    for (const k of ['hit', 'reload', 'damage'] as const) {
      if (c[k] === null) ctx.addIssue({ code: 'custom', path: [k], message: `expected a value: a vehicle that is not light fires by the vehicle procedure (C-3.3.3.1)` });
    }
  }
  const bands = Object.entries(c.effects).filter(([, v]) => v !== undefined);
  for (const [idx, [k, v]] of bands.entries()) {
    if (k !== 'destroyed' && v! >= c.effects.destroyed) ctx.addIssue({ code: 'custom', path: ['effects', k], message: `expected less than destroyed (${c.effects.destroyed}): the threshold reading (C-AMB-6) would never reach it` });
    const twin = bands.slice(0, idx).find(([, v2]) => v2 === v);
    if (twin) ctx.addIssue({ code: 'custom', path: ['effects', k], message: `expected a value of its own: ${twin[0]} is also ${v}` });
  }
});

export type VehicleCard = z.infer<typeof CardSchema>;

const CardsFile = z.object({ source: z.string(), cards: z.array(CardSchema).min(1) }).strict();

/** Cross checks of a card list: unique ids and every weapon known. Paths under `base` ("$.cards"). */
export function cardIssues(cards: readonly VehicleCard[], weaponIds: ReadonlySet<string>, file: string, base: string, indexOf: (i: number) => number = (i) => i): DataIssue[] {
  const out = duplicateIds(file, base, cards);
  cards.forEach((c, i) => c.weapons.forEach((w, j) => {
    if (!weaponIds.has(w)) out.push({ file, path: `${base}[${indexOf(i)}].weapons[${j}]`, message: `expected a weapon id of weapons.json or the scenario's rules.weapons, got "${w}"` });
  }));
  return out;
}

/** C-4.1 load and check cards.json; throws CobiDataError naming the file, the JSON path and what was expected. */
export function loadCards(data: unknown, weaponIds: ReadonlySet<string>, file = 'cards.json'): VehicleCard[] {
  const r = CardsFile.safeParse(data);
  if (!r.success) throw new CobiDataError(zodIssues(file, '$', r.error));
  const issues = cardIssues(r.data.cards, weaponIds, file, '$.cards');
  if (issues.length) throw new CobiDataError(issues);
  return r.data.cards;
}

/** The shipped cards' raw data (loaded against the weapons in data.ts). */
export const CARDS_RAW: unknown = raw;
