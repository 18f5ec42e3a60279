// setupK remembers the state before turn 1 per scenario object (setup.ts): the same scenario gives
// the very same state, and another object with the same content an equal one of its own.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashValue } from '../../../src/core';
import { setupK } from '../../../src/rules/kuularuisku/setup';
import { parseScenarioOrThrow } from '../../../src/scenario';

describe('setupK per scenario object', () => {
  it('gives the same state for the same scenario and an equal one for a copy', () => {
    for (const file of ['scenarios/kuularuisku/tammerkoski.json', 'scenarios/kuularuisku/kalevankangas.json']) {
      const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      const a = setupK(scenario);
      expect(setupK(scenario)).toBe(a);
      const copy = structuredClone(scenario);
      const b = setupK(copy);
      expect(b).not.toBe(a);
      expect(b).toEqual(a);
      expect(hashValue(b)).toBe(hashValue(a));
    }
  });
});
