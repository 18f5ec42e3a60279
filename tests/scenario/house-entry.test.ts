// The house-value entry format every ruleset shares, on a toy ruleset's settings: the id pattern and
// extra fields are the ruleset's, the rest (options, reason, strictness) and choosing by name or value shared.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { applyHouseChoices, houseEntrySchema, houseFileSchema } from '../../src/scenario';

const Entry = houseEntrySchema(/^T-\d+$/, 'expected a toy id such as T-1').extend({ note: z.string().optional() });
const File = houseFileSchema(Entry);
const Settings = z.object({ reach: z.number().positive(), order: z.enum(['first', 'last']) }).strict();
const entries = [
  { id: 'T-1', key: 'reach', value: 10, house: true as const, reason: 'the toy book gives no reach', options: [{ name: 'short', value: 5 }, { name: 'long', value: 20 }] },
  { id: 'T-2', key: 'order', value: 'first', house: true as const, reason: 'the toy book says nothing of order' },
];
const words = {
  unknownKey: (key: string) => `no setting ${key}`,
  badChoice: (e: { id: string }, choice: unknown, why: string | undefined) => `${e.id}: ${JSON.stringify(choice)} (${why})`,
};

describe('house-value entries', () => {
  it('checks the id by the ruleset\'s pattern, its own extra fields, and refuses fields no one declared', () => {
    expect(File.safeParse({ source: 'toy', entries }).success).toBe(true);
    expect(File.safeParse({ source: 'toy', entries: [{ ...entries[1], note: 'kept' }] }).success).toBe(true);
    const badId = Entry.safeParse({ ...entries[1], id: 'K-1' });
    expect(badId.success || badId.error.issues[0]).toMatchObject({ path: ['id'], message: 'expected a toy id such as T-1' });
    expect(Entry.safeParse({ ...entries[1], also: ['T-3'] }).success).toBe(false);
    expect(Entry.safeParse({ ...entries[0], options: [{ name: 'short', value: 5 }] }).success).toBe(false); // one option is no choice
    expect(Entry.safeParse({ ...entries[1], reason: 'short' }).success).toBe(false);
  });

  it('applies a choice by option name or as a plain value; a bad one is an issue by key, the default stays', () => {
    const defaults = { reach: 10, order: 'first' };
    const r = applyHouseChoices({ reach: 'long', order: 'last' }, entries, Settings.shape, defaults, words);
    expect(r).toEqual({ house: { reach: 20, order: 'last' }, issues: [] });
    expect(applyHouseChoices({ reach: 7 }, entries, Settings.shape, defaults, words).house.reach).toBe(7);
    const bad = applyHouseChoices({ reach: 'huge', toString: 1, order: 'middle' }, entries, Settings.shape, defaults, words);
    expect(bad.house).toEqual(defaults);
    expect(bad.issues.map((i) => i.key)).toEqual(['reach', 'toString', 'order']);
    expect(bad.issues[1]!.message).toBe('no setting toString');
    expect(bad.issues[0]!.message).toMatch(/^T-1: "huge" \(.+\)$/);
  });
});
