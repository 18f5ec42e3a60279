// C-3.3.3.1f–j a vehicle's shot: the to-hit die against the card's hit range (CARD-6) with the modifiers,
// the natural-1 jam check, the 6-then-6 impossible shot, and the reload test (CARD-7). C-AMB-6: a range
// "lo–hi" is met by a modified roll of at least lo (C-EX-4 turns 3–6 into 4–6 at −1).
import type { Dice } from '../../../core';
import { firstDie } from '../first-die';

export type ShotResult = 'hit' | 'miss' | 'jam';

export interface ToHit {
  result: ShotResult;
  /** The dice rolled, in order (the first is the to-hit die). */
  rolls: number[];
  /** The lowest face that hits with these modifiers (7 or more: impossible, only 6-then-6). */
  needed: number;
  /** The rule that decided it. */
  rule: string;
  why: string;
}

/** The lowest natural face that hits `range` with `modifier` (a natural 1 never does). */
export function faceNeeded(range: readonly [number, number], modifier: number): number {
  return Math.max(2, range[0] - modifier);
}

/** C-3.3.3.1f–i one vehicle shot's to-hit roll. */
export function vehicleToHit(dice: Dice, hit: readonly [number, number], modifier: number, who = 'vehicle'): ToHit {
  const needed = faceNeeded(hit, modifier);
  const impossible = needed > 6;
  const d = firstDie(dice, impossible, 'vehicle', who);
  switch (d.kind) {
    case 'jam': return { result: 'jam', rolls: d.rolls, needed, rule: 'C-3.3.3.1i', why: 'a 1, then a 1 again: the gun jammed and did not fire' };
    case 'natural-1': return { result: 'miss', rolls: d.rolls, needed, rule: 'C-3.3.3.1h', why: 'a natural 1 always misses (the second die only checked for a jam)' };
    case 'double-six': return { result: 'hit', rolls: d.rolls, needed, rule: 'C-3.3.3.1g', why: 'an impossible shot, but a 6 and a second 6: a hit whatever the modifiers' };
    case 'six-not-confirmed': return { result: 'miss', rolls: d.rolls, needed, rule: 'C-3.3.3.1g', why: 'an impossible shot: the 6 was not followed by a second 6' };
    case 'roll': {
      const total = d.value + modifier;
      const ok = d.value >= needed;
      return { result: ok ? 'hit' : 'miss', rolls: d.rolls, needed, rule: 'C-3.3.3.1f', why: `${d.value}${modifier ? ` ${modifier > 0 ? '+' : '−'} ${Math.abs(modifier)} = ${total}` : ''} against the hit range ${hit[0]}–${hit[1]}: ${ok ? 'a hit' : 'a miss'}` };
    }
  }
}

/** C-3.3.3.1j the reload action's bonus to the reload test. */
export const RELOAD_ACTION_BONUS = 2;

export interface ReloadTest {
  reloaded: boolean;
  roll: number;
  needed: number;
}

/**
 * C-3.3.3.1j / C-3.3.3.2h the reload test: a die (plus `modifier`, +2 in the reload action) in the reload
 * range reloads; otherwise the weapon needs the reload action before it fires again.
 */
export function reloadTest(dice: Dice, reload: readonly [number, number], modifier = 0, who = 'vehicle', rule = 'C-3.3.3.1j'): ReloadTest {
  const roll = dice.roll(6, `${who}: reload test${modifier ? ` (${modifier > 0 ? '+' : ''}${modifier})` : ''}`, rule);
  return { reloaded: roll + modifier >= reload[0], roll, needed: Math.max(1, reload[0] - modifier) };
}
