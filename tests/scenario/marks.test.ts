// Source marks in scenario texts (briefs.md: (✓), (~), (?), [design]): how a text splits into runs
// and marks for display, and the file check that names a mistyped mark with its JSON path.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markProblems, marksUsed, parseScenario, splitMarks } from '../../src/scenario';

const TG = readFileSync('scenarios/sandbox/training-ground.json', 'utf8');

function issuesWith(mutate: (s: Record<string, any>) => void) {
  const s = JSON.parse(TG) as Record<string, any>;
  mutate(s);
  const r = parseScenario(JSON.stringify(s), 'bad.json');
  return r.ok ? [] : r.issues;
}

describe('source marks', () => {
  it('splits a text into plain runs and marks, keeping every character', () => {
    const text = 'The crest counts as elevated [design]. Relief about 10 m (?), losses near 1,000 (~, a single source), 14 killed (✓).';
    const parts = splitMarks(text);
    expect(parts).toEqual([
      { text: 'The crest counts as elevated ' },
      { mark: 'design', source: '[design]' },
      { text: '. Relief about 10 m ' },
      { mark: 'uncertain', source: '(?)' },
      { text: ', losses near 1,000 ' },
      { mark: 'approximate', note: 'a single source', source: '(~, a single source)' },
      { text: ', 14 killed ' },
      { mark: 'sourced', source: '(✓)' },
      { text: '.' },
    ]);
    expect(parts.map((p) => ('text' in p ? p.text : p.source)).join('')).toBe(text);
  });

  it('a text without marks is one run; parentheses that are not marks stay text', () => {
    expect(splitMarks('Hold the rise (x < 105).')).toEqual([{ text: 'Hold the rise (x < 105).' }]);
    expect(splitMarks('')).toEqual([]);
  });

  it('lists the marks used, in the legend\'s order', () => {
    expect(marksUsed('a [design] b (?)', 'c (?) d')).toEqual(['uncertain', 'design']);
    expect(marksUsed('plain')).toEqual([]);
  });

  it('names a mistyped or unclosed mark, and leaves points in brackets alone', () => {
    expect(markProblems('a [desing] rule')).toEqual([expect.stringContaining('unknown mark "[desing]"')]);
    expect(markProblems('about 10 m (? or more')).toEqual([expect.stringContaining('malformed mark "(? or more"')]);
    expect(markProblems('(~, nested (?) note)')).toHaveLength(1);
    expect(markProblems('from [65, 60] to [100, 30] [design] (?) (✓, riksarkivet.se)')).toEqual([]);
  });

  it('a scenario file with a mistyped mark is rejected at the text\'s JSON path', () => {
    const issues = issuesWith((s) => { s.beats[0].narration += ' The river [Design].'; });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: 'bad.json', path: '$.beats[0].narration' });
    expect(issues[0]!.message).toContain('unknown mark "[Design]"');
    const side = issuesWith((s) => { s.sides[1].briefing = 'Cross the river (~ roughly).'; });
    expect(side.map((i) => i.path)).toEqual(['$.sides[1].briefing']);
  });

  it('both 1918 scenarios mark what the brief marks: [design] and (?) appear in their beats and briefings', () => {
    for (const file of ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json']) {
      const s = JSON.parse(readFileSync(file, 'utf8')) as { sides: Array<{ briefing?: string }>; beats: Array<{ narration: string }>; summary: string };
      expect(marksUsed(...s.beats.map((b) => b.narration)), file).toEqual(expect.arrayContaining(['uncertain', 'design']));
      expect(marksUsed(s.summary, ...s.sides.map((x) => x.briefing ?? '')), file).toEqual(expect.arrayContaining(['sourced', 'approximate', 'uncertain', 'design']));
    }
  });
});
