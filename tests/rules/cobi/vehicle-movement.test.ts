// C-3.3.1a–d vehicle movement along legs with the Panther's card (C-EX-1) and the book's turning example
// (C-EX-2), under both readings of each C-AMB-4 question.
import { describe, expect, it } from 'vitest';
import { CARDS } from '../../../src/rules/cobi/data';
import { DEFAULT_HOUSE } from '../../../src/rules/cobi/house';
import { pathCost, turnCost, type MoveReading } from '../../../src/rules/cobi/vehicle/movement';

const panther = CARDS.find((c) => c.id === 'panther')!;
const house: MoveReading = DEFAULT_HOUSE;
const legend: MoveReading = { ...house, turnCost: 'legend' };

describe('C-EX-1 C-EX-2 the Panther\'s move', () => {
  it('C-EX-1 C-CARD-1 C-CARD-2 C-CARD-3 C-CARD-4 C-CARD-5 the card: move 28, reverse 10, turn 5, terrain 5, road 10', () => {
    expect(panther).toMatchObject({ move: 28, reverse: 10, turn: 5, terrain: 5, road: 10 });
  });

  it('C-EX-2 C-3.3.1b 6 cm forward, then a 90° turn (two turns of about 45°, 10 cm): 12 cm left', () => {
    const r = pathCost([{ length: 6 }, { length: 0, turn: 90 }], panther, house);
    expect(r).toMatchObject({ allowance: 28, spent: 16, left: 12 });
    expect(r.refusal).toBeUndefined();
    expect(r.parts.map((p) => [p.rule, p.cm])).toEqual([['C-3.3.1a', 6], ['C-3.3.1b', 10]]);
  });

  it('C-EX-2 C-3.3.1b an about-face costs four turns: 20 cm', () => {
    expect(turnCost(180, panther.turn, 'per-45')).toBe(20);
    expect(pathCost([{ length: 0, turn: -180 }, { length: 8 }], panther, house)).toMatchObject({ spent: 28, left: 0 });
    expect(pathCost([{ length: 0, turn: 180 }, { length: 9 }], panther, house).refusal).toMatchObject({ rule: 'C-3.3.1a' });
  });
});

describe('C-AMB-4 turn cost, both readings', () => {
  it('C-AMB-4 per-45 (house default): one charge per started 45° — 30° one, 45° one, 60° two, 90° two, 135° three', () => {
    expect([0, 30, 45, 60, 90, 135, 180, 270].map((a) => turnCost(a, 5, 'per-45'))).toEqual([0, 5, 5, 10, 10, 15, 20, 10]);
    expect(turnCost(90.0000000001, 5, 'per-45')).toBe(10); // a measured 90° is not a third charge
  });

  it('C-AMB-4 legend (option): a charge per full 45° beyond the first — 45° free, 90° one, 180° three', () => {
    expect([30, 45, 60, 90, 135, 180].map((a) => turnCost(a, 5, 'legend'))).toEqual([0, 0, 0, 5, 10, 15]);
    expect(pathCost([{ length: 6 }, { length: 0, turn: 90 }], panther, legend).left).toBe(17);
  });
});

describe('C-3.3.1a C-AMB-4 reverse', () => {
  it('C-3.3.1a C-CARD-2 10 cm straight back is the whole reverse; 11 is too far', () => {
    expect(pathCost([{ length: 10, reverse: true }], panther, house)).toMatchObject({ allowance: 10, left: 0 });
    expect(pathCost([{ length: 11, reverse: true }], panther, house).refusal).toMatchObject({ rule: 'C-3.3.1a' });
  });

  it('C-3.3.1a C-AMB-4 turning while reversing is refused in both readings', () => {
    expect(pathCost([{ length: 5, reverse: true, turn: 45 }], panther, house).refusal).toMatchObject({ rule: 'C-3.3.1a' });
    expect(pathCost([{ length: 5, reverse: true, turn: 45 }], panther, { ...house, moveDirections: 'mixed' }).refusal).toMatchObject({ rule: 'C-3.3.1a' });
  });

  it('C-AMB-4 one-way (default) refuses forward and back in one move; mixed shares the move: 14/28 + 5/10 = 1', () => {
    const legs = [{ length: 14 }, { length: 5, reverse: true }];
    expect(pathCost(legs, panther, house).refusal).toMatchObject({ rule: 'C-AMB-4' });
    const mixed = pathCost(legs, panther, { ...house, moveDirections: 'mixed' });
    expect(mixed.refusal).toBeUndefined();
    expect(mixed.left).toBe(0);
    expect(pathCost([{ length: 14 }, { length: 6, reverse: true }], panther, { ...house, moveDirections: 'mixed' }).refusal).toBeDefined();
  });

  it('C-AMB-4 C-3.3.1b a pivot is forward driving: pivot then reverse is refused one-way; mixed charges the turn: 10/28 + 5/10 leaves 4 cm', () => {
    const legs = [{ length: 0, turn: 90 }, { length: 5, reverse: true }];
    expect(pathCost(legs, panther, house).refusal).toMatchObject({ rule: 'C-AMB-4' });
    expect(pathCost(legs, panther, { ...house, moveDirections: 'mixed' })).toMatchObject({ left: 4 });
  });
});

describe('C-3.3.1c C-3.3.1d C-AMB-4 difficult ground and road', () => {
  it('C-3.3.1c C-CARD-4 difficult ground costs 5 once per move (default) or per piece (option)', () => {
    const legs = [{ length: 5, difficult: ['mud'] }, { length: 5, difficult: ['rubble'] }];
    expect(pathCost(legs, panther, house)).toMatchObject({ spent: 15, left: 13 });
    expect(pathCost(legs, panther, { ...house, terrainCharge: 'per-piece' })).toMatchObject({ spent: 20, left: 8 });
    expect(pathCost([{ length: 5, reverse: true, difficult: ['mud'] }], panther, house)).toMatchObject({ allowance: 10, spent: 10, left: 0 });
  });

  it('C-3.3.1d C-CARD-5 the road adds 10 when the whole path is road (default), or up to the road cm (option)', () => {
    expect(pathCost([{ length: 38, road: true }], panther, house)).toMatchObject({ allowance: 38, left: 0 });
    const partly = [{ length: 4, road: true }, { length: 20 }];
    expect(pathCost(partly, panther, house)).toMatchObject({ allowance: 28, left: 4 });
    expect(pathCost(partly, panther, { ...house, roadBonus: 'road-legs' })).toMatchObject({ allowance: 32, left: 8 });
    expect(pathCost([{ length: 10, road: true, reverse: true }], panther, house)).toMatchObject({ allowance: 10, left: 0 });
  });

  it('C-3.3.1a a gun with no move of its own cannot be driven (the crew pushes it instead)', () => {
    const gun = CARDS.find((c) => c.id === 'at-gun-37mm')!;
    expect(pathCost([{ length: 1 }], gun, house).refusal).toBeDefined();
    expect(gun.push).toBe(4);
  });
});
