import { describe, expect, it } from 'vitest';
import { WEAPONS, weaponById } from '../../../src/rules/kuularuisku/data';

// weaponById reads an index built once; it must answer as the plain search over WEAPONS.
describe('weaponById index', () => {
  it('answers every id, key and unknown name as WEAPONS.find', () => {
    const names = [...WEAPONS.flatMap((w) => [w.id, w.key]), 'K-WPN-999', 'no-such-weapon', '', 'rifle', 'mg'];
    for (const n of names) expect(weaponById(n)).toBe(WEAPONS.find((w) => w.id === n || w.key === n));
  });
});
