// C-3.3.3.1o the effect of the final damage, by the card's bands CARD-14…17. C-AMB-6 (house effectReading
// "threshold", forced by C-EX-4 where 6 damage destroys a Sherman whose destroyed value is 2): the
// highest band whose value is at most the damage applies; 0 or less does nothing; a second "damaged"
// destroys (CARD-16 "a second such hit").

export type Effect = 'destroyed' | 'disabled' | 'damaged' | 'immobilised' | 'none';

export interface EffectBands {
  destroyed: number;
  disabled?: number;
  damaged?: number;
  immobilised?: number;
}

export interface EffectResult {
  effect: Effect;
  /** The band value that applied (absent for none). */
  band?: number;
  rule: string;
  why: string;
}

/** C-3.3.3.1o / C-AMB-6 the effect of `damage` on a card with these bands; `alreadyDamaged`: it had a damaged result before. */
export function vehicleEffect(damage: number, bands: EffectBands, alreadyDamaged = false): EffectResult {
  if (damage <= 0) return { effect: 'none', rule: 'C-AMB-6', why: `${damage} damage: the armour held` };
  const all = (['destroyed', 'disabled', 'damaged', 'immobilised'] as const)
    .flatMap((e) => (bands[e] === undefined ? [] : [{ effect: e, band: bands[e] }]))
    .filter((b) => b.band <= damage)
    .sort((x, y) => y.band - x.band);
  const top = all[0];
  if (!top) return { effect: 'none', rule: 'C-AMB-6', why: `${damage} damage is below every band of the card` };
  if (top.effect === 'damaged' && alreadyDamaged) {
    return { effect: 'destroyed', band: top.band, rule: 'C-CARD-16', why: `${damage} damage: damaged a second time, so destroyed` };
  }
  return { effect: top.effect, band: top.band, rule: 'C-3.3.3.1o', why: `${damage} damage reaches the ${top.effect} band (${top.band})` };
}
