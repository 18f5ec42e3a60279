// cannot-go-to-ground, not-pinned reading (K-7.1b "menee maahan" = pinned): a listed unit first fired
// on this turn, most of its soldiers on open ground, is not sent to ground by a failed morale test.
// The no-cover reading lives in special.ts (biteCover), read by the cover test.
import type { KCtx } from './context';
import { houseOf } from './context';
import { ev, type KEvent } from './events';
import { biteNow } from './special';
import { liveFigures } from './table';
import { coverAt } from './terrain';
import type { KState } from './state';

/** The event that replaces going to ground under the not-pinned reading, or undefined when the unit goes to ground as usual. */
export function biteKeepsStanding(s: KState, unitId: string, ctx: KCtx): KEvent | undefined {
  const b = biteNow(s, unitId);
  if (!b || b.reading !== 'not-pinned') return undefined;
  const u = s.units[unitId];
  if (!u) return undefined;
  const figs = liveFigures(s, u);
  if (!figs.length) return undefined;
  // "In the open" (K-5.4c majority, ties to the worse): the ground each soldier stands on, whatever the fire's direction.
  const house = houseOf(s, ctx);
  const open = figs.filter((f) => coverAt(ctx.table, f.at, f.baseRadius, f.at, house).cover === 'open').length;
  if (open * 2 < figs.length) return undefined;
  return ev('SPECIAL_EFFECT', 'K-7.1b', `${u.name} cannot go to ground: in the open, first fired on this turn — it stays on its feet, not pinned (${b.name})`, { special: b.id, unitId });
}
