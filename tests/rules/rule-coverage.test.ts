// Every rule id of the Kuularuisku digest is cited by some test title (scripts/uncited-rules.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { citedIds, digestIds, uncitedIds } from '../../scripts/uncited-rules';

const ROOT = path.resolve(__dirname, '../..');

describe('rule coverage', () => {
  it('reads the digest ids, sub-rule letters, triggers and the chapter families', () => {
    const ids = digestIds('K-1.0b and K-1.2a/d, K-5.6a/c/f, K-7.1-T2, K-SKL-8, K-INTRO-c, K-END, K-GAP-n');
    expect(ids).toEqual(['K-1.0b', 'K-1.2a', 'K-1.2d', 'K-5.6a', 'K-5.6c', 'K-5.6f', 'K-7.1-T2', 'K-END', 'K-INTRO-c', 'K-SKL-8']);
  });

  it('counts only ids in test titles', () => {
    const src = "it('K-5.4 cover', () => { expect('K-9.9').toBe(1); });\ndescribe(`K-6.4b/c melee`, () => {});";
    expect([...citedIds(src)].sort()).toEqual(['K-5.4', 'K-6.4b', 'K-6.4c']);
  });

  it('every K- id in the digest is cited by a test title under tests/', () => {
    const { all, uncited } = uncitedIds(ROOT);
    expect(all.length).toBeGreaterThan(200);
    expect(uncited).toEqual([]);
  });
});
