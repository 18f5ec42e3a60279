// K-5.5a/b the allocations an owner may choose, as the decision lists them: the default first, every one
// allowed by the spreading rule, and as many as there are (checked against every allocation counted out
// by brute force on small random units).
import { describe, expect, it } from 'vitest';
import { allocationChoices, allocationRefusal, defaultAllocation } from '../../../src/rules/kuularuisku/wounds';
import type { KState } from '../../../src/rules/kuularuisku/state';

function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

/** Every way to put `wounds` on `ids` (as records without zeros). */
function* every(ids: readonly string[], wounds: number, from = 0): Generator<Record<string, number>> {
  if (from === ids.length - 1) { yield wounds ? { [ids[from]!]: wounds } : {}; return; }
  for (let n = 0; n <= wounds; n++) for (const rest of every(ids, wounds - n, from + 1)) yield n ? { [ids[from]!]: n, ...rest } : rest;
}

const key = (ids: readonly string[], a: Record<string, number>) => ids.map((id) => a[id] ?? 0).join(',');

describe('K-5.5b the owner\'s possible allocations', () => {
  it('K-5.5a/b the default first, each allowed, none twice, and their number that of every allowed allocation', () => {
    const r = rng(5);
    const roles = ['soldier', 'soldier', 'leader', 'mg-gunner', 'medic'];
    for (let n = 0; n < 400; n++) {
      const size = 1 + Math.floor(r() * 5);
      const figures: Record<string, unknown> = {};
      const ids: string[] = [];
      for (let k = 0; k < size; k++) {
        ids.push(`f${k}`);
        figures[`f${k}`] = { id: `f${k}`, role: roles[Math.floor(r() * roles.length)], condition: 'healthy', wounds: Math.floor(r() * 3) };
      }
      const s = { figures, units: {} } as unknown as KState;
      const wounds = 1 + Math.floor(r() * 5);
      const allowed = [...every(ids, wounds)].filter((a) => !allocationRefusal(s, ids, wounds, a));
      const { options, count } = allocationChoices(s, ids, wounds, 1000);
      expect(count).toBe(allowed.length);
      expect(options).toHaveLength(count);
      expect(options[0]).toEqual(defaultAllocation(s, ids, wounds));
      expect(new Set(options.map((a) => key(ids, a))).size).toBe(options.length);
      for (const a of options) expect(allocationRefusal(s, ids, wounds, a)).toBeUndefined();
    }
  });

  it('K-5.5a a long list is cut at `max`, the default still first, the count still whole', () => {
    const figures = Object.fromEntries(Array.from({ length: 10 }, (_, k) => [`f${k}`, { id: `f${k}`, role: 'soldier', condition: 'healthy', wounds: 0 }]));
    const s = { figures } as unknown as KState;
    const { options, count } = allocationChoices(s, Object.keys(figures), 2, 12);
    expect(count).toBe(45);
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual(defaultAllocation(s, Object.keys(figures), 2));
  });
});
