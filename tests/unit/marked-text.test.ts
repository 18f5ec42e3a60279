// Source marks as the briefing and the presenter draw them: the text keeps its characters, each mark
// is a tagged span titled with its meaning (and its note), and the legend names only the marks shown.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkedText, MarkLegend } from '../../src/ui/MarkedText';

const html = (el: ReturnType<typeof createElement>) => renderToStaticMarkup(el);
const plain = (s: string) => s.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

describe('MarkedText and MarkLegend', () => {
  it('draws [design] and (?) as titled marks and leaves the words as written', () => {
    const text = 'Guns on the crest count as elevated [design]; relief about 10 m (?), losses near 1,000 (~, a single source).';
    const out = html(createElement(MarkedText, { text }));
    expect(plain(out)).toBe(text);
    expect(out).toContain('<span class="st-mark st-mark-design" data-mark="design" title="a game choice, not a historical claim">[design]</span>');
    expect(out).toContain('data-mark="uncertain" title="uncertain or reconstructed for play: not established fact">(?)</span>');
    expect(out).toContain('title="approximate, or the sources differ — a single source">(~, a single source)</span>');
  });

  it('a text without marks is drawn as plain text', () => {
    expect(html(createElement(MarkedText, { text: 'Hold the rise.' }))).toBe('Hold the rise.');
  });

  it('the legend names each mark shown with its meaning, and is absent when none is', () => {
    const out = plain(html(createElement(MarkLegend, { kinds: ['uncertain', 'design'], testId: 'legend' })));
    expect(out).toContain('(?) uncertain or reconstructed for play');
    expect(out).toContain('[design] a game choice, not a historical claim');
    expect(out).not.toContain('(✓)');
    expect(html(createElement(MarkLegend, { kinds: [] }))).toBe('');
  });
});
