// C-3.3.3.2 the infantry attack's pure parts: the book's pistol example C-EX-5 die for die, the tie that
// wounds, the jam and the impossible shot, the range bands against the book's two data points, and the
// nearest-target priority.
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core';
import { WEAPONS, weaponMove } from '../../../src/rules/cobi/weapons';
import { CARDS } from '../../../src/rules/cobi/data';
import { shotModifiers } from '../../../src/rules/cobi/modifiers';
import { rangeModifier } from '../../../src/rules/cobi/infantry/range';
import { attackDie, infantryAttack, opposedRoll } from '../../../src/rules/cobi/infantry/opposed';
import { nearestTargets, targetChoice, type Candidate } from '../../../src/rules/cobi/infantry/priority';

const weapon = (id: string) => WEAPONS.find((w) => w.id === id)!;

describe('C-EX-5 a pistol at 44 cm at a target in a light vehicle', () => {
  it('C-EX-5 C-3.3.3.2d C-MOD-9 C-3.3.3.2g −2 for range and −1 for the light vehicle; attacker 4, defender 2: 4 − 3 = 1 < 2, a miss', () => {
    const range = rangeModifier(weapon('pistol').ranges, 44);
    expect(range).toMatchObject({ inRange: true, mod: -2 });
    const target = CARDS.find((c) => c.id === 'sidecar')!;
    const mods = shotModifiers({ range: range.inRange ? range.mod : 0, lightVehicle: target.light });
    expect(mods.total).toBe(-3);
    expect(mods.parts.map((p) => p.rule)).toEqual(['C-MOD-10', 'C-MOD-9']);
    const attacker = new ScriptedDice([4]);
    const defender = new ScriptedDice([2]);
    expect(infantryAttack(attacker, defender, mods.total)).toEqual({ outcome: 'miss', jammed: false, attackRolls: [4], defence: 2, total: 1, rule: 'C-3.3.3.2g' });
    expect(defender.rolls[0]).toMatchObject({ rule: 'C-3.3.3.2g' });
  });
});

describe('C-3.3.3.2g C-3.3.3.2i C-AMB-10 the opposed roll', () => {
  it('C-AMB-10 higher kills, C-3.3.3.2i a tie wounds, lower misses', () => {
    expect(opposedRoll(5, 0, 4).outcome).toBe('killed');
    expect(opposedRoll(5, -1, 4)).toMatchObject({ outcome: 'wounded', total: 4, rule: 'C-3.3.3.2i' });
    expect(opposedRoll(5, -2, 4).outcome).toBe('miss');
  });

  it('C-3.3.3.2i a tie after the modifiers wounds, die for die', () => {
    expect(infantryAttack(new ScriptedDice([5]), new ScriptedDice([3]), -2)).toMatchObject({ outcome: 'wounded', defence: 3 });
  });

  it('C-3.3.3.2b a natural 1 misses with no defender die; a second 1 jams the weapon', () => {
    const defender = new ScriptedDice([]);
    expect(infantryAttack(new ScriptedDice([1, 4]), defender, +5)).toMatchObject({ outcome: 'miss', jammed: false, attackRolls: [1, 4] });
    const jam = new ScriptedDice([1, 1]);
    expect(infantryAttack(jam, defender, 0)).toMatchObject({ outcome: 'miss', jammed: true, rule: 'C-3.3.3.2b' });
    expect(jam.rolls.map((r) => r.rule)).toEqual(['C-3.3.3.2a', 'C-3.3.3.2b']);
    expect(defender.rolls).toHaveLength(0);
  });

  it('C-3.3.3.2c C-AMB-11 at −6 a hit is impossible: 6 then 6 kills; 6 then 3 is resolved normally (and misses); at −5 a 6 needs no second die', () => {
    expect(infantryAttack(new ScriptedDice([6, 6]), new ScriptedDice([]), -6)).toMatchObject({ outcome: 'killed', rule: 'C-3.3.3.2c' });
    expect(infantryAttack(new ScriptedDice([6, 3]), new ScriptedDice([1]), -6)).toMatchObject({ outcome: 'miss', total: 0, defence: 1 });
    expect(attackDie(new ScriptedDice([6]), -5)).toEqual({ kind: 'roll', value: 6, rolls: [6], rule: 'C-3.3.3.2a' });
  });
});

describe('C-3.3.3.2d C-GAP-9 range bands', () => {
  it('C-GAP-9 C-EX-5 C-EX-4 the book\'s data points hold: pistol at 44 cm −2, the Panther\'s gun at 50 cm 0', () => {
    expect(rangeModifier(weapon('pistol').ranges, 44)).toMatchObject({ mod: -2 });
    const gun = CARDS.find((c) => c.id === 'panther')!.weapons[0]!;
    expect(rangeModifier(weapon(gun).ranges, 50)).toMatchObject({ mod: 0 });
  });

  it('C-3.3.3.2d a band includes its limit; past the last closed band is out of range; an open band has no limit', () => {
    const pistol = weapon('pistol').ranges;
    expect([15, 15.5, 30, 45].map((d) => rangeModifier(pistol, d))).toEqual([
      { inRange: true, mod: 0, band: 0 }, { inRange: true, mod: -1, band: 1 }, { inRange: true, mod: -1, band: 1 }, { inRange: true, mod: -2, band: 2 },
    ]);
    expect(rangeModifier(pistol, 46)).toMatchObject({ inRange: false });
    expect(rangeModifier(weapon('gun-75mm-kwk42').ranges, 500)).toMatchObject({ inRange: true, mod: -2 });
    expect(rangeModifier(weapon('explosion').ranges, 1)).toMatchObject({ inRange: false });
  });
});

describe('C-3.3.3.2f C-MOD-8 target priority', () => {
  const enemies: Candidate[] = [
    { id: 'hidden', at: [3, 0], hidden: true },
    { id: 'near', at: [0, 10] },
    { id: 'far', at: [20, 0] },
    { id: 'twin', at: [-10, 0] },
  ];
  it('C-3.3.3.2f the nearest enemy not hidden is the free target (equally near ones both)', () => {
    expect(nearestTargets([0, 0], enemies)).toEqual(['near', 'twin']);
    expect(targetChoice([0, 0], enemies, 'near')).toEqual({ legal: true, modifier: 0, rule: 'C-3.3.3.2f' });
  });
  it('C-MOD-8 another target costs −1', () => {
    expect(targetChoice([0, 0], enemies, 'far')).toEqual({ legal: true, modifier: -1, rule: 'C-MOD-8' });
    expect(shotModifiers({ notNearest: true }).total).toBe(-1);
  });
  it('C-3.3.2a a hidden figure cannot be hit directly, nearest or not', () => {
    expect(targetChoice([0, 0], enemies, 'hidden')).toMatchObject({ legal: false, rule: 'C-3.3.2a' });
  });
});

describe('C-4.2 C-AMB-12 the weapons\' move', () => {
  it('C-WPN-1 C-WPN-2 the printed row: pistol, SMG, rifle, mobile MG 15; static HMG 4; HMG 8; 20 mm none; pistol and SMG 8 in difficult ground', () => {
    expect(['pistol', 'smg', 'rifle', 'mobile-mg', 'static-hmg', 'hmg', 'cannon-20mm'].map((id) => weapon(id).move)).toEqual([15, 15, 15, 15, 4, 8, null]);
    expect([weapon('pistol').difficult, weapon('smg').difficult]).toEqual([8, 8]);
  });
  it('C-AMB-12 likely alignment (default): explosion none, grenade 15, bazooka 8; raw order (option): explosion 15, grenade 8, bazooka unlimited', () => {
    expect(['explosion', 'grenade', 'bazooka'].map((id) => weaponMove(weapon(id), 'likely'))).toEqual([null, 15, 8]);
    expect(['explosion', 'grenade', 'bazooka'].map((id) => weaponMove(weapon(id), 'raw-order'))).toEqual([15, 8, 15]);
  });
});
