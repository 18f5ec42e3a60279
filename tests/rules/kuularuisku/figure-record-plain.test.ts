// Figure records are made by a constructor (records.ts FigureRecord, so that V8 does not pretenure
// them) whose prototype is Object.prototype: each must be the very plain object the literal made —
// the same prototype, keys in the same order, values, a strict equality with a literal copy, a hash
// and a structured clone that do not tell them apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hashValue } from '../../../src/core';
import { figureMoved, figureRecord, figureWith } from '../../../src/rules/kuularuisku/records';
import { setupK } from '../../../src/rules/kuularuisku/setup';
import { parseScenarioOrThrow } from '../../../src/scenario';

const file = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);

describe('figure records are plain objects', () => {
  it('as the object literal of the same fields', () => {
    const s = setupK(scenario);
    for (const f of Object.values(s.figures)) {
      for (const r of [figureRecord(f), figureMoved(f, [1.5, 2], 1), figureWith(f, { removed: 'killed' })]) {
        const literal = { ...r };
        expect(Object.getPrototypeOf(r)).toBe(Object.prototype);
        expect(r.constructor).toBe(Object);
        expect(Object.keys(r)).toEqual(Object.keys(literal));
        expect(r).toStrictEqual(literal);
        expect(structuredClone(r)).toStrictEqual(literal);
        expect(hashValue(r)).toBe(hashValue(literal));
        expect(JSON.stringify(r)).toBe(JSON.stringify(literal));
      }
    }
  });
});
