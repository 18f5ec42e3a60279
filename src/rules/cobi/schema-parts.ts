// Small zod pieces the COBI data schemas share: a d6 range "lo–hi" (CARD-6/7, the weapons' reload) and
// an id word.
import { z } from 'zod';

const Face = z.number().int().min(1).max(6);

/** A closed d6 range [lo, hi] as the book prints it ("3–6"); C-AMB-6: a roll hits or reloads when ≥ lo. */
export const DieRange = z.tuple([Face, Face]).refine(([lo, hi]) => lo <= hi, 'expected [lo, hi] with lo ≤ hi');

/** Ids are lower-case words joined by dashes ("panther", "gun-75mm-kwk42"). */
export const IdWord = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'expected an id of lower-case words joined by dashes');

/** Which of a record's fields are house values: each name must be one of `fields`. */
export function houseList(fields: readonly string[]) {
  return z.array(z.string().refine((f) => fields.includes(f), { message: `expected one of the fields ${fields.join(', ')}` }));
}
