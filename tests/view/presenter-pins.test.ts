// Presenter highlight: one slim pin over each unit of the beat (rings stay under every figure), so
// the markers no longer sit on each soldier the beat is about.
import { describe, expect, it } from 'vitest';
import { unitPins } from '../../src/view/presenter/highlight-geometry';

describe('the presenter\u2019s pins', () => {
  it('one per unit, over the middle of its figures and above the highest of them', () => {
    const places = [
      { unitId: 'a', position: [10, 0, 20] as const, lift: 3.4 },
      { unitId: 'a', position: [14, 1, 24] as const, lift: 3.4 },
      { unitId: 'b', position: [50, 6, 50] as const, lift: 3.4 },
    ];
    const pins = unitPins(places);
    expect(pins.map((p) => p.unitId)).toEqual(['a', 'b']);
    expect(pins[0]!.at[0]).toBe(12);
    expect(pins[0]!.at[2]).toBe(22);
    expect(pins[0]!.at[1]).toBeGreaterThan(1 + 3.4);
    expect(pins[1]!.at[1]).toBeGreaterThan(6 + 3.4);
    expect(unitPins([])).toEqual([]);
  });
});
