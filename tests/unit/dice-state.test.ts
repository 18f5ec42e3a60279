import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../src/core/dice';

describe('SeededDice.state', () => {
  it('is a fresh array each time: a state taken stays the same over later rolls, and continues the same sequence', () => {
    const d = new SeededDice(42);
    d.roll(6, 'a', 'K-5.3');
    const s = d.state();
    const copy = [...s];
    expect(d.state()).not.toBe(s);
    const later = [d.roll(6, 'b', 'K-5.3'), d.roll(20, 'c', 'K-5.3'), d.roll(6, 'd', 'K-5.3')];
    expect(s).toEqual(copy);
    const again = new SeededDice(42, s);
    expect([again.roll(6, 'b', 'K-5.3'), again.roll(20, 'c', 'K-5.3'), again.roll(6, 'd', 'K-5.3')]).toEqual(later);
  });
});
