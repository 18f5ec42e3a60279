// The start dialog's option state (GameOptions.tsx helpers): only choices that differ from the
// defaults are kept, so a New game with nothing changed starts with no options at all.
import { describe, expect, it } from 'vitest';
import type { GameOptionChoice } from '../../src/game';
import { optionValue, withOption } from '../../src/ui/play/GameOptions';

const women: GameOptionChoice = { kind: 'rule', id: 'opt-womens-guard', title: 'Women', text: '…', default: false, house: false, rule: 'K-ORG-1' };
const reading: GameOptionChoice = { kind: 'reading', id: 'opt-white-suits', title: 'Bite', text: '…', default: 'no-cover', options: [{ name: 'no-cover' }, { name: 'not-pinned' }], house: true, rule: 'K-7.1b' };
const split: GameOptionChoice = { kind: 'house', id: 'splitRounding', title: 'K-AMB-2 splitRounding', text: '…', default: 'floor', options: [{ name: 'floor' }, { name: 'ceil' }], house: true, rule: 'K-AMB-2' };

describe('game options in the start dialog', () => {
  it('K-ORG-1 K-7.1b K-AMB-2 keeps only what differs from the defaults, in the rules / readings / house maps', () => {
    let v = withOption({}, women, true);
    v = withOption(v, reading, 'not-pinned');
    v = withOption(v, split, 'ceil');
    expect(v).toEqual({ rules: { 'opt-womens-guard': true }, readings: { 'opt-white-suits': 'not-pinned' }, house: { splitRounding: 'ceil' } });
    expect([optionValue(v, women), optionValue(v, reading), optionValue(v, split)]).toEqual([true, 'not-pinned', 'ceil']);
    v = withOption(withOption(withOption(v, women, false), reading, 'no-cover'), split, 'floor');
    expect(v).toEqual({});
    expect(optionValue(v, reading)).toBe('no-cover');
  });
});
