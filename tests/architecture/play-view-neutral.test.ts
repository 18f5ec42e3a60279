// The play HUD and table read the neutral play model only: no Kuularuisku notion (its covering-fire
// split, the half's targets, the activation deck) is read or worded in src/ui, src/view or src/app —
// a ruleset's extras reach them as panels and tallies of neutral kinds. Comments may cite the rules.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stripSource } from './layer-rules';

const ROOT = path.resolve(__dirname, '../..');

/** Kuularuisku's notions as code would read or word them (comments blanked, strings kept). */
const NOTIONS: ReadonlyArray<[string, RegExp]> = [
  ['the split offer', /\.split\b(?!\s*\()/],
  ['the covering-fire targets', /\bsupportTargets\b/],
  ['the activation deck', /\.deck\b|\bdeck:\s*\{/],
  ['covering fire', /covering[\s-]?(fire|half)|coveringHalf|splitFrom/i],
  ['the split type', /\bPlaySplitOffer\b/],
];

/** Each notion found in one file's code: "file: notion". */
export function notionsIn(file: string, source: string): string[] {
  const code = stripSource(source);
  return NOTIONS.filter(([, re]) => re.test(code)).map(([name]) => `${file}: ${name}`);
}

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...files(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

describe('the UI reads no Kuularuisku notion of the play model', () => {
  it('src/ui, src/view and src/app read no split, covering-fire targets or deck', () => {
    const found = ['src/ui', 'src/view', 'src/app'].flatMap((d) => files(path.join(ROOT, d)))
      .flatMap((f) => notionsIn(path.relative(ROOT, f).split(path.sep).join('/'), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('the check finds each notion in code and strings, not in comments nor in a string split', () => {
    expect(notionsIn('a.tsx', 'const o = view.split?.figureIds;')).toEqual(['a.tsx: the split offer']);
    expect(notionsIn('a.tsx', 'const t = v.supportTargets ?? [];')).toEqual(['a.tsx: the covering-fire targets']);
    expect(notionsIn('a.tsx', 'const n = p.deck.left;')).toEqual(['a.tsx: the activation deck']);
    expect(notionsIn('a.tsx', "const label = 'Leave them to give covering fire';")).toEqual(['a.tsx: covering fire']);
    expect(notionsIn('a.tsx', '// the covering-fire half (K-1.1b) shoots on its card: v.supportTargets\nconst parts = name.split(" — ");')).toEqual([]);
  });
});
