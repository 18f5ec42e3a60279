// C-3.3.3.1k–l the damage pool: CARD-8 dice; 2–5 is a hit, a 6 is a hit and one more die (and so on while
// sixes come), a 1 is nothing. Hits count dice, not pips; the armour of the location hit comes off.
import type { Dice } from '../../../core';

export interface DamagePool {
  /** The CARD-8 dice as rolled. */
  rolls: number[];
  /** The extra dice the sixes brought, in the order rolled. */
  extra: number[];
  /** Dice showing 2–6, extra dice included. */
  hits: number;
}

/** C-3.3.3.1k roll `n` damage dice, each 6 adding a die (breadth first: the pool, then its sixes' dice). */
export function damagePool(dice: Dice, n: number, who = 'vehicle'): DamagePool {
  const rolls: number[] = [];
  for (let i = 0; i < n; i++) rolls.push(dice.roll(6, `${who}: damage die ${i + 1} of ${n}`, 'C-3.3.3.1k'));
  const extra: number[] = [];
  let owed = rolls.filter((r) => r === 6).length;
  while (owed > 0) {
    owed--;
    const r = dice.roll(6, `${who}: extra damage die for a 6`, 'C-3.3.3.1k');
    extra.push(r);
    if (r === 6) owed++;
  }
  const hits = [...rolls, ...extra].filter((r) => r >= 2).length;
  return { rolls, extra, hits };
}

/** C-3.3.3.1l final damage: hits less the armour of the location hit (0 or less does nothing, C-AMB-6). */
export function finalDamage(hits: number, armour: number): number {
  return hits - armour;
}
