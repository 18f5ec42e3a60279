// Random play's unit shifts ask a pure test of every soldier (a free spot, no solid underfoot) and keep
// the shift only when none fails; fail-first.ts asks the soldier who failed at the last try first. The
// shift kept must be the one the in-order asking keeps: here both are compared on every pattern of
// failing soldiers, with the number of questions each asks.
import { describe, expect, it } from 'vitest';
import { failingSoldier } from '../../src/rules/kuularuisku/player/fail-first';

/** Every pattern of failing soldiers among n (bit i: soldier i fails). */
const patterns = (n: number) => Array.from({ length: 1 << n }, (_, m) => Array.from({ length: n }, (_, i) => !!(m & (1 << i))));

describe('fail-first.ts failingSoldier', () => {
  it('fails exactly when some soldier fails, names a failing one, and asks `first` first', () => {
    for (let n = 0; n <= 6; n++) {
      for (const fails of patterns(n)) {
        const inOrder = fails.indexOf(true);
        for (let first = 0; first <= n; first++) {
          const asked: number[] = [];
          const got = failingSoldier(n, first, (i) => (asked.push(i), fails[i]!));
          expect(got >= 0).toBe(inOrder >= 0);
          if (got >= 0) expect(fails[got]).toBe(true);
          // A soldier who failed last time and fails again: one question.
          if (first < n && fails[first]) expect(asked).toEqual([first]);
          else expect(got).toBe(inOrder);
          // Nobody is asked twice, nor anyone after the answer is known.
          expect(new Set(asked).size).toBe(asked.length);
          if (got < 0) expect(asked.length).toBe(n);
        }
        // Starting at soldier 0 is the in-order answer, asking the same soldiers.
        const asked: number[] = [];
        expect(failingSoldier(n, 0, (i) => (asked.push(i), fails[i]!))).toBe(inOrder);
        expect(asked).toEqual(Array.from({ length: inOrder < 0 ? n : inOrder + 1 }, (_, i) => i));
      }
    }
  });
});
