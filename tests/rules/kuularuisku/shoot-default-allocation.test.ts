// K-5.5a/b applyWounds no longer asks allocationRefusal about its own default allocation: spreading
// each wound to a soldier with the fewest so far can never be refused. Checked here on random units
// (earlier wounds, seriously wounded and key soldiers, repeated ids) against the refusal itself.
import { describe, expect, it } from 'vitest';
import { allocationRefusal, defaultAllocation } from '../../../src/rules/kuularuisku/wounds';
import type { KState } from '../../../src/rules/kuularuisku/state';

function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('K-5.5b the default allocation is always allowed', () => {
  it('allocationRefusal(defaultAllocation(...)) is undefined on random units', () => {
    const r = rng(11);
    const roles = ['soldier', 'soldier', 'soldier', 'leader', 'squad-leader', 'mg-gunner', 'medic', 'mg-loader', 'lance-corporal'];
    const conditions = ['healthy', 'healthy', 'light', 'serious'];
    for (let n = 0; n < 3000; n++) {
      const size = 1 + Math.floor(r() * 10);
      const figures: Record<string, unknown> = {};
      const ids: string[] = [];
      for (let k = 0; k < size; k++) {
        const id = `f${k}`;
        ids.push(id);
        figures[id] = { id, role: roles[Math.floor(r() * roles.length)], condition: conditions[Math.floor(r() * conditions.length)], ...(r() < 0.6 ? { wounds: Math.floor(r() * 4) } : {}) };
      }
      const eligible = ids.filter(() => r() < 0.8);
      if (!eligible.length) eligible.push(ids[0]!);
      if (r() < 0.1) eligible.push(eligible[0]!); // an id twice (defaultAllocation's slow path)
      const s = { figures } as unknown as KState;
      const wounds = 1 + Math.floor(r() * 15);
      const allocation = defaultAllocation(s, eligible, wounds);
      expect(allocationRefusal(s, eligible, wounds, allocation)).toBeUndefined();
    }
  });
});
