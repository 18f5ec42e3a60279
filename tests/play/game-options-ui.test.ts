// The start dialog's option state (GameOptions.tsx helpers): only choices that differ from the
// defaults are kept, so a New game with nothing changed starts with no options at all.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { GameOptionChoice } from '../../src/game';
import { GameOptions, optionValue, settingLabel, withOption, withSettingsUnder } from '../../src/ui/play/GameOptions';

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

describe('a setting of an option in the start dialog', () => {
  const bite: GameOptionChoice = { kind: 'rule', id: 'opt-white-suits', title: 'Optional bite', text: 'White-clad Swedes in the open cannot go to ground.', default: false, house: false, design: true, rule: 'K-7.1b' };
  const biteReading: GameOptionChoice = { ...reading, title: 'Optional bite: what "cannot go to ground" does' };

  it('K-7.1b sits right under its option, labelled by its own name, not the option title again', () => {
    const rows = withSettingsUnder([biteReading, women, bite, split]);
    expect(rows.map((r) => [r.c.kind, r.c.id, r.under?.id])).toEqual([
      ['rule', 'opt-womens-guard', undefined], ['rule', 'opt-white-suits', undefined], ['reading', 'opt-white-suits', 'opt-white-suits'], ['house', 'splitRounding', undefined],
    ]);
    expect(settingLabel(biteReading, bite)).toBe('What "cannot go to ground" does');
  });

  it('K-7.1b a reading with no option of its id stays where it is, with its full title', () => {
    const rows = withSettingsUnder([reading, women]);
    expect(rows.map((r) => [r.c.id, r.under])).toEqual([['opt-white-suits', undefined], ['opt-womens-guard', undefined]]);
  });

  it('K-7.1b the designer\'s choice and the house reading show as marks the legend names, each title once', () => {
    const html = renderToStaticMarkup(createElement(GameOptions, { choices: [bite, biteReading, women, split], value: {}, onChange: () => undefined }));
    expect(html.match(/<span class="st-mark st-mark-design" data-mark="design" title="a game choice, not a historical claim">design<\/span>/g)).toHaveLength(1);
    expect(html.match(/class="st-play-option-house" title=/g)).toHaveLength(2);
    expect(html).toContain('data-testid="options-legend"');
    expect(html).not.toContain('[design]');
    expect(html.match(/Optional bite/g)).toHaveLength(1);
  });
});
