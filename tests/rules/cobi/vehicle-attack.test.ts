// C-3.3.3.1 the vehicle attack's pure parts with scripted dice: the book's C-EX-3 (jam check) and C-EX-4
// (Panther against Sherman) die for die, the impossible shot, the aspect from geometry with the locations
// the owner may choose from, the effect bands and the crew rolls.
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../src/core';
import { CARDS, loadCobiData } from '../../../src/rules/cobi/data';
import { shotModifiers } from '../../../src/rules/cobi/modifiers';
import { rangeModifier } from '../../../src/rules/cobi/infantry/range';
import { WEAPONS } from '../../../src/rules/cobi/weapons';
import { vehicleToHit, reloadTest, faceNeeded, RELOAD_ACTION_BONUS } from '../../../src/rules/cobi/vehicle/to-hit';
import { damagePool, finalDamage } from '../../../src/rules/cobi/vehicle/damage';
import { aspect, armourField, locationChooser, relativeAngle } from '../../../src/rules/cobi/vehicle/aspect';
import { vehicleEffect } from '../../../src/rules/cobi/vehicle/effects';
import { crewHalved, crewRolls } from '../../../src/rules/cobi/vehicle/crew';

const card = (id: string) => CARDS.find((c) => c.id === id)!;
const weapon = (id: string) => WEAPONS.find((w) => w.id === id)!;

describe('C-EX-4 Panther #2511 fires at Sherman #2464, die for die', () => {
  it('C-EX-4 C-3.3.3.1f C-MOD-5 C-3.3.3.1j C-3.3.3.1k C-3.3.3.1l C-3.3.3.1m C-3.3.3.1o C-CARD-14 C-CARD-17: 4 hits at 4–6; reload 2 fails; 18 dice + 1, 5 = 14 hits; front 8 → 6 → destroyed, the crew dead', () => {
    const panther = card('panther');
    const sherman = card('sherman');
    const dice = new ScriptedDice([4, 2, 1, 4, 6, 4, 4, 2, 3, 1, 1, 3, 4, 6, 2, 2, 5, 2, 1, 1, 1, 5]);
    // Step 1: 50 cm barrel to armour, no range modifier (C-GAP-9 fixture); step 2: soft cover −1.
    const range = rangeModifier(weapon(panther.weapons[0]!).ranges, 50);
    expect(range).toEqual({ inRange: true, mod: 0, band: 0 });
    const mods = shotModifiers({ cover: 'soft', range: range.inRange ? range.mod : 0 });
    expect(mods.total).toBe(-1);
    expect(mods.parts.map((p) => p.rule)).toEqual(['C-MOD-5']);
    // Step 4: 3–6 with −1 becomes 4–6.
    expect(faceNeeded(panther.hit!, mods.total)).toBe(4);
    const shot = vehicleToHit(dice, panther.hit!, mods.total);
    expect(shot).toMatchObject({ result: 'hit', rolls: [4] });
    // Step 6: reload 5–6, a 2: not reloaded.
    expect(reloadTest(dice, panther.reload!)).toEqual({ reloaded: false, roll: 2, needed: 5 });
    // Steps 7–12: 18 dice, five 1s, two 6s bring a 1 and a 5: 14 hits.
    const pool = damagePool(dice, panther.damage!);
    expect(pool.rolls).toEqual([1, 4, 6, 4, 4, 2, 3, 1, 1, 3, 4, 6, 2, 2, 5, 2, 1, 1]);
    expect(pool.extra).toEqual([1, 5]);
    expect(pool.hits).toBe(14);
    // Step 3 / 13: the Sherman faces the Panther head-on; not aimed, so its owner picks among front and turret, and takes front.
    const where = aspect(0, 0, 30, sherman.turret);
    expect(where.locations).toEqual(['front', 'turret']);
    expect(locationChooser(false)).toBe('owner');
    const damage = finalDamage(pool.hits, sherman.armour[armourField('front')]);
    expect(damage).toBe(6);
    const effect = vehicleEffect(damage, sherman.effects);
    expect(effect).toMatchObject({ effect: 'destroyed', band: 2 });
    // Step 17: the whole crew dies, with no dice.
    expect(crewRolls(dice, effect.effect, sherman.crew).fates.every((f) => f === 'dead')).toBe(true);
    expect(dice.remaining).toBe(0);
    expect(dice.rolls.map((r) => r.rule)).toEqual(['C-3.3.3.1f', 'C-3.3.3.1j', ...Array(20).fill('C-3.3.3.1k')]);
  });

  it('C-EX-4 C-3.3.3.1j the reload action re-tests at +2: a 3 now reloads a 5–6 gun', () => {
    expect(reloadTest(new ScriptedDice([3]), card('panther').reload!, RELOAD_ACTION_BONUS)).toEqual({ reloaded: true, roll: 3, needed: 3 });
    expect(reloadTest(new ScriptedDice([2]), card('panther').reload!, RELOAD_ACTION_BONUS).reloaded).toBe(false);
  });
});

describe('C-EX-3 the jam check', () => {
  it('C-EX-3 C-3.3.3.1i a 1 and a second 1: the Panther\'s gun jams and no shot is made', () => {
    const dice = new ScriptedDice([1, 1]);
    expect(vehicleToHit(dice, card('panther').hit!, 0)).toMatchObject({ result: 'jam', rolls: [1, 1], rule: 'C-3.3.3.1i' });
    expect(dice.rolls.map((r) => r.rule)).toEqual(['C-3.3.3.1f', 'C-3.3.3.1i']);
  });

  it('C-EX-3 C-3.3.3.1h a 1 and anything else: ignored, and the natural 1 misses whatever the modifiers', () => {
    for (const second of [2, 3, 4, 5, 6]) {
      expect(vehicleToHit(new ScriptedDice([1, second]), card('panther').hit!, +3)).toMatchObject({ result: 'miss', rolls: [1, second], rule: 'C-3.3.3.1h' });
    }
  });
});

describe('C-3.3.3.1f–g the to-hit roll', () => {
  it('C-3.3.3.1f C-AMB-6 a range is met from its low end: 2 + 1 reaches 3–6, 6 + 1 is still a hit', () => {
    expect(vehicleToHit(new ScriptedDice([2]), [3, 6], +1).result).toBe('hit');
    expect(vehicleToHit(new ScriptedDice([6]), [3, 6], +1).result).toBe('hit');
    expect(vehicleToHit(new ScriptedDice([3]), [3, 6], -1).result).toBe('miss');
  });

  it('C-3.3.3.1g a shot the modifiers make impossible (3–6 at −6): a 6 then a 6 hits, a 6 then a 5 misses; a 5 needs no second die', () => {
    expect(faceNeeded([3, 6], -6)).toBe(9);
    expect(vehicleToHit(new ScriptedDice([6, 6]), [3, 6], -6)).toMatchObject({ result: 'hit', rule: 'C-3.3.3.1g' });
    expect(vehicleToHit(new ScriptedDice([6, 5]), [3, 6], -6)).toMatchObject({ result: 'miss', rule: 'C-3.3.3.1g' });
    const d = new ScriptedDice([5]);
    expect(vehicleToHit(d, [3, 6], -6).result).toBe('miss');
    expect(d.remaining).toBe(0);
    // A possible shot takes no second die on a 6.
    expect(vehicleToHit(new ScriptedDice([6]), [3, 6], -3)).toMatchObject({ result: 'hit', rolls: [6] });
  });
});

describe('C-3.3.3.1c–e the modifiers table', () => {
  it('C-MOD-1 C-MOD-2 C-MOD-3 C-MOD-4 C-MOD-6 C-MOD-7 C-3.3.3.1d they add up: aimed, smoke, rain, dug in, hard cover, binoculars = −5', () => {
    const m = shotModifiers({ aimed: true, fogOrSmoke: true, heavyRain: true, dugIn: true, cover: 'hard', binoculars: true });
    expect(m.parts.map((p) => [p.rule, p.value])).toEqual([['C-MOD-1', -1], ['C-MOD-2', -1], ['C-MOD-3', -1], ['C-MOD-4', -1], ['C-MOD-6', -2], ['C-MOD-7', 1]]);
    expect(m.total).toBe(-5);
  });
  it('C-GAP-6 a camouflaged vehicle: the house value (−1) as a marked modifier', () => {
    expect(shotModifiers({ camouflage: loadCobiData(undefined).house.camouflageModifier }).parts).toEqual([{ rule: 'C-GAP-6', value: -1, why: 'target camouflaged (house)' }]);
  });
});

describe('C-3.3.3.1k the damage pool', () => {
  it('C-3.3.3.1k sixes chain: a 6 brings a die, which shows 6 and brings another', () => {
    const pool = damagePool(new ScriptedDice([6, 1, 6, 6, 2]), 2);
    expect(pool).toEqual({ rolls: [6, 1], extra: [6, 6, 2], hits: 4 });
  });

  it('C-3.3.3.1l hits count dice, not pips, and armour comes off', () => {
    expect(damagePool(new ScriptedDice([5, 5, 5]), 3).hits).toBe(3);
    expect(finalDamage(3, 8)).toBe(-5);
  });
});

describe('C-3.3.3.1m C-AMB-15 the aspect from the target\'s facing and the bearing to the muzzle', () => {
  it('C-3.3.3.1m dead ahead: front or turret', () => {
    expect(aspect(90, 90, 30, true)).toMatchObject({ aspect: 'front', relative: 0, locations: ['front', 'turret'] });
  });
  it('C-3.3.3.1m flank, either side: side or turret', () => {
    expect(aspect(0, 90, 30, true)).toMatchObject({ aspect: 'side', locations: ['side', 'turret'] });
    expect(aspect(0, 250, 30, true)).toMatchObject({ aspect: 'side', relative: -110, locations: ['side', 'turret'] });
  });
  it('C-AMB-15 behind: rear or turret (the book leaves this case out)', () => {
    expect(aspect(0, 180, 30, true)).toMatchObject({ aspect: 'rear', locations: ['rear', 'turret'], rule: 'C-AMB-15' });
    expect(aspect(350, 160, 30, true).aspect).toBe('rear');
  });
  it('C-3.3.3.1m angled: turret, side and front — or rear when the muzzle is behind the beam', () => {
    expect(aspect(0, 45, 30, true)).toMatchObject({ aspect: 'angled-front', locations: ['front', 'side', 'turret'] });
    expect(aspect(0, -135, 30, true)).toMatchObject({ aspect: 'angled-rear', locations: ['rear', 'side', 'turret'] });
  });
  it('C-AMB-15 the square band is the house aspectSquareWithin: 45° at 15 is angled, at 45 square on; no turret, no turret location', () => {
    expect(aspect(0, 40, 15, true).aspect).toBe('angled-front');
    expect(aspect(0, 40, 45, true).aspect).toBe('front');
    expect(aspect(0, 60, 45, true).aspect).toBe('side');
    expect(aspect(0, 45, 30, false)).toMatchObject({ locations: ['front', 'side'], rule: 'C-AMB-15' });
    expect(relativeAngle(540)).toBe(180);
  });
  it('C-3.3.3.1m C-MOD-1 an aimed shot lets the attacker choose; the turret takes the top armour (C-3.3.3.1n)', () => {
    expect(locationChooser(true)).toBe('attacker');
    expect(shotModifiers({ aimed: true }).total).toBe(-1);
    expect(card('sherman').armour[armourField('turret')]).toBe(7);
  });
});

describe('C-3.3.3.1o C-AMB-6 effects by the card\'s thresholds', () => {
  const bands = { destroyed: 5, disabled: 3, damaged: 2, immobilised: 1 };
  it('C-AMB-6 the highest band reached applies; 0 or less does nothing', () => {
    expect([0, -3, 1, 2, 3, 4, 5, 9].map((d) => vehicleEffect(d, bands).effect)).toEqual(['none', 'none', 'immobilised', 'damaged', 'disabled', 'disabled', 'destroyed', 'destroyed']);
  });
  it('C-CARD-16 a second damaged result destroys', () => {
    expect(vehicleEffect(2, bands, true)).toMatchObject({ effect: 'destroyed', rule: 'C-CARD-16' });
  });
  it('C-EX-4 the Sherman has only immobilised (1) and destroyed (2)', () => {
    expect([1, 2, 3].map((d) => vehicleEffect(d, card('sherman').effects).effect)).toEqual(['immobilised', 'destroyed', 'destroyed']);
  });
});

describe('C-3.3.3.1o–p crew rolls', () => {
  it('C-3.3.3.1o disabled 1–4 dead, 5 wounded; damaged 1–3 / 4; immobilised 1–2 / 3', () => {
    expect(crewRolls(new ScriptedDice([4, 5, 6]), 'disabled', 3).fates).toEqual(['dead', 'wounded', 'unhurt']);
    expect(crewRolls(new ScriptedDice([3, 4, 5]), 'damaged', 3).fates).toEqual(['dead', 'wounded', 'unhurt']);
    expect(crewRolls(new ScriptedDice([2, 3, 4]), 'immobilised', 3).fates).toEqual(['dead', 'wounded', 'unhurt']);
  });
  it('C-3.3.3.1p C-AMB-6 halved crew: remaining ≤ ⌊crew/2⌋ by default, the losses reading as an option; wounded count as lost', () => {
    expect(crewHalved(5, 2, 0, 'remaining', true)).toBe(false); // 3 left of 5
    expect(crewHalved(5, 2, 1, 'remaining', true)).toBe(true); // 2 left
    expect(crewHalved(5, 2, 1, 'remaining', false)).toBe(false);
    expect(crewHalved(5, 2, 0, 'losses', true)).toBe(true); // 2 lost ≥ ⌊5/2⌋
  });
});

describe('C-AMB-6 the shipped data agrees with these functions', () => {
  it('C-AMB-6 loading the shipped data gives the threshold reading and 30° square band', () => {
    const d = loadCobiData(undefined);
    expect(d.house.effectReading).toBe('threshold');
    expect(d.house.aspectSquareWithin).toBe(30);
  });
});
