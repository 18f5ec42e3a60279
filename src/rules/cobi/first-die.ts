// The to-hit die's first look, shared by the vehicle (C-3.3.3.1g–i) and infantry (C-3.3.3.2b–c) procedures:
// a natural 1 is checked before any modifier (a second 1 jams the weapon), and when the modifiers make
// a hit impossible a 6 calls for a second die (a second 6 hits whatever the modifiers).
import type { Dice } from '../../core';

export type FirstDie =
  /** A 1 then a 1: the weapon jams, no shot (C-3.3.3.1i). */
  | { kind: 'jam'; rolls: number[] }
  /** A 1 then anything else: a natural 1 always misses (C-3.3.3.1h). */
  | { kind: 'natural-1'; rolls: number[] }
  /** A 6 then a 6 on an impossible shot: a hit whatever the modifiers (C-3.3.3.1g). */
  | { kind: 'double-six'; rolls: number[] }
  /** A 6 then anything else on an impossible shot. */
  | { kind: 'six-not-confirmed'; rolls: number[] }
  /** Any other first die: resolve it with the modifiers. */
  | { kind: 'roll'; value: number; rolls: number[] };

/** The rule each die serves, per procedure. */
const RULES = {
  vehicle: { roll: 'C-3.3.3.1f', jam: 'C-3.3.3.1i', six: 'C-3.3.3.1g' },
  infantry: { roll: 'C-3.3.3.2a', jam: 'C-3.3.3.2b', six: 'C-3.3.3.2c' },
} as const;

/**
 * Roll the to-hit die (before counting modifiers, as Sergeant Bricks advises) and its confirmation
 * die where the book calls for one. `impossible`: the modifiers leave no face that hits (C-AMB-11:
 * the 6-then-6 rule applies only then).
 */
export function firstDie(dice: Dice, impossible: boolean, procedure: 'vehicle' | 'infantry', who: string): FirstDie {
  const ids = RULES[procedure];
  const first = dice.roll(6, `${who}: to-hit die`, ids.roll);
  if (first === 1) {
    const second = dice.roll(6, `${who}: jam check after a natural 1`, ids.jam);
    return { kind: second === 1 ? 'jam' : 'natural-1', rolls: [first, second] };
  }
  if (first === 6 && impossible) {
    const second = dice.roll(6, `${who}: a second 6 on an impossible shot`, ids.six);
    return { kind: second === 6 ? 'double-six' : 'six-not-confirmed', rolls: [first, second] };
  }
  return { kind: 'roll', value: first, rolls: [first] };
}
