// Source marks in a scenario's texts (briefs.md "How to read this"): (✓) sourced, (~) approximate or
// disputed, (?) uncertain or reconstructed, [design] a game choice. Split for display, checked for typos.

export type MarkKind = 'sourced' | 'approximate' | 'uncertain' | 'design';

export interface MarkInfo {
  kind: MarkKind;
  /** What the text shows for it. */
  symbol: string;
  /** The meaning, for a legend or a tooltip. */
  meaning: string;
}

export const MARKS: Readonly<Record<MarkKind, MarkInfo>> = {
  sourced: { kind: 'sourced', symbol: '✓', meaning: 'stated in the sources' },
  approximate: { kind: 'approximate', symbol: '~', meaning: 'approximate, or the sources differ' },
  uncertain: { kind: 'uncertain', symbol: '?', meaning: 'uncertain or reconstructed for play: not established fact' },
  design: { kind: 'design', symbol: 'design', meaning: 'a game choice, not a historical claim' },
};

const BY_SYMBOL: Readonly<Record<string, MarkKind>> = { '✓': 'sourced', '~': 'approximate', '?': 'uncertain' };

export type MarkedSegment = { text: string } | { mark: MarkKind; note?: string; source: string };

// "(✓)", "(~, a single source)", "[design]"; a note holds no parentheses.
const MARK = /\(([✓~?])(?:,\s*([^()]+?))?\)|\[design\]/gu;

/** The text cut into plain runs and marks, in order (no marks: one run, or none for ""). */
export function splitMarks(text: string): MarkedSegment[] {
  const out: MarkedSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    if (m.index > at) out.push({ text: text.slice(at, m.index) });
    const kind = m[1] === undefined ? 'design' : BY_SYMBOL[m[1]]!;
    out.push(m[2] === undefined ? { mark: kind, source: m[0] } : { mark: kind, note: m[2].trim(), source: m[0] });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/**
 * The text with its marks left out, for a name shown compactly (a label on the table, a target, the
 * turn plate): "Red Guard leader (command post [design])" reads "Red Guard leader (command post)". The
 * full text, marks drawn, stays where there is room (unit cards, the log, the briefing).
 */
export function withoutMarks(text: string): string {
  const parts = splitMarks(text);
  if (parts.length <= 1 && !(parts[0] && 'mark' in parts[0])) return text;
  return parts.map((p) => ('text' in p ? p.text : ' '))
    .join('')
    .replace(/\(\s*\)/g, '') // a bracket that held only the mark
    .replace(/\s+([)\],.;:])/g, '$1')
    .replace(/\(\s+/g, '(')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The kinds of mark a text uses, in MARKS order (for a legend of only what is shown). */
export function marksUsed(...texts: readonly string[]): MarkKind[] {
  const used = new Set<MarkKind>();
  for (const t of texts) for (const s of splitMarks(t)) if ('mark' in s) used.add(s.mark);
  return (Object.keys(MARKS) as MarkKind[]).filter((k) => used.has(k));
}

/**
 * What is wrong with the marks of a text: a bracketed word that is not [design] (e.g. "[desing]"),
 * or a "(✓", "(~" or "(?" that does not close as a mark. Empty when every mark is well formed.
 */
export function markProblems(text: string): string[] {
  const problems: string[] = [];
  const wellFormed = new Set<number>();
  for (const m of text.matchAll(MARK)) wellFormed.add(m.index);
  // Only bracketed words: "[65, 60]" is a point, not a mark.
  for (const m of text.matchAll(/\[\s*[A-Za-z][A-Za-z -]*\]/g)) {
    if (m[0] !== '[design]') problems.push(`unknown mark "${m[0]}": expected [design], (✓), (~) or (?)`);
  }
  for (const m of text.matchAll(/\([✓~?]/gu)) {
    if (!wellFormed.has(m.index)) {
      const shown = text.slice(m.index, m.index + 24);
      problems.push(`malformed mark "${shown}${text.length > m.index + 24 ? '…' : ''}": expected (✓), (~) or (?), or one with a note without parentheses, e.g. "(~, one source)"`);
    }
  }
  return problems;
}
