// The one formatter of the play HUD's distances: tenths in the ruleset module's measure, cm or inches.
import { describe, expect, it } from 'vitest';
import { formatDistance, inMeasure } from '../../src/core';

describe('formatDistance', () => {
  it('reads cm to the millimetre', () => {
    expect(formatDistance(12.34)).toBe('12.3 cm');
    expect(formatDistance(12.34, 'cm')).toBe('12.3 cm');
    expect(formatDistance(15)).toBe('15.0 cm');
    expect(formatDistance(0.96, 'cm')).toBe('1.0 cm');
  });

  it('reads inches to the tenth with the inch mark (2.54 cm to the inch)', () => {
    expect(formatDistance(12.3, 'inch')).toBe('4.8″');
    expect(formatDistance(25.4, 'inch')).toBe('10.0″');
    expect(formatDistance(2.54 * 6 - 0.01, 'inch')).toBe('6.0″');
    expect(inMeasure(25.4, 'inch')).toBeCloseTo(10, 9);
    expect(inMeasure(25.4, 'cm')).toBe(25.4);
  });

  it('never reads a hair under zero as -0.0', () => {
    expect(formatDistance(-0.01)).toBe('0.0 cm');
    expect(formatDistance(-0.01, 'inch')).toBe('0.0″');
  });
});
