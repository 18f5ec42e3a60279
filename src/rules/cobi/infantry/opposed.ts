// C-3.3.3.2a–i the infantry (and light-vehicle) attack: the attacker's die (a natural 1 checks for a jam;
// on an impossible shot a 6 then a 6 hits), then the target's player rolls a die: an attack (after the
// modifiers) equal to the defence wounds (C-3.3.3.2i), higher kills (C-AMB-10), lower misses.
import type { Dice } from '../../../core';
import { firstDie } from '../first-die';

export type InfantryOutcome = 'killed' | 'wounded' | 'miss';

/** C-3.3.3.2g / C-3.3.3.2i / C-AMB-10 compare the modified attack with the defender's die. */
export function opposedRoll(attack: number, modifier: number, defence: number): { outcome: InfantryOutcome; total: number; rule: string } {
  const total = attack + modifier;
  if (total > defence) return { outcome: 'killed', total, rule: 'C-AMB-10' };
  if (total === defence) return { outcome: 'wounded', total, rule: 'C-3.3.3.2i' };
  return { outcome: 'miss', total, rule: 'C-3.3.3.2g' };
}

export type AttackDie =
  | { kind: 'jam'; rolls: number[]; rule: string }
  | { kind: 'miss'; rolls: number[]; rule: string }
  | { kind: 'auto-hit'; rolls: number[]; rule: string }
  | { kind: 'roll'; value: number; rolls: number[]; rule: string };

/**
 * C-3.3.3.2b–c the attacker's die. C-AMB-11 (house doubleSix): an opposed roll is impossible only when
 * even a 6 cannot reach a defence of 1, i.e. modifiers of −6 or worse; a 6 not followed by a 6 is then
 * resolved normally (and misses).
 */
export function attackDie(dice: Dice, modifier: number, who = 'attacker'): AttackDie {
  const d = firstDie(dice, 6 + modifier < 1, 'infantry', who);
  switch (d.kind) {
    case 'jam': return { kind: 'jam', rolls: d.rolls, rule: 'C-3.3.3.2b' };
    case 'natural-1': return { kind: 'miss', rolls: d.rolls, rule: 'C-3.3.3.2b' };
    case 'double-six': return { kind: 'auto-hit', rolls: d.rolls, rule: 'C-3.3.3.2c' };
    case 'six-not-confirmed': return { kind: 'roll', value: 6, rolls: d.rolls, rule: 'C-3.3.3.2c' };
    case 'roll': return { kind: 'roll', value: d.value, rolls: d.rolls, rule: 'C-3.3.3.2a' };
  }
}

export interface InfantryAttack {
  outcome: InfantryOutcome;
  jammed: boolean;
  attackRolls: number[];
  /** The defender's die (absent when none was needed). */
  defence?: number;
  total?: number;
  rule: string;
}

/**
 * One infantry attack, die for die: the attacker's dice from `dice`, then the defender's from
 * `defenderDice` (the target's player rolls, C-3.3.3.2g).
 */
export function infantryAttack(dice: Dice, defenderDice: Dice, modifier: number): InfantryAttack {
  const a = attackDie(dice, modifier);
  if (a.kind === 'jam') return { outcome: 'miss', jammed: true, attackRolls: a.rolls, rule: a.rule };
  if (a.kind === 'miss') return { outcome: 'miss', jammed: false, attackRolls: a.rolls, rule: a.rule };
  if (a.kind === 'auto-hit') return { outcome: 'killed', jammed: false, attackRolls: a.rolls, rule: a.rule };
  const defence = defenderDice.roll(6, 'defender: opposed die', 'C-3.3.3.2g');
  const r = opposedRoll(a.value, modifier, defence);
  return { outcome: r.outcome, jammed: false, attackRolls: a.rolls, defence, total: r.total, rule: r.rule };
}
