// Builds a ruleset's rule index from its rules digest: every id the digest uses (scripts/uncited-rules.ts
// reads the same list), each with a title and its text, for the play mode's rules panel.
// `npx tsx scripts/gen-rule-index.ts [ruleset] [digest]` rewrites the ruleset's file (default: every
// ruleset with a digest, from ../shared/rules): src/rules/kuularuisku/data/rule-index.json (checked by
// tests/play/rule-index.test.ts) and src/rules/cobi/rule-index.json (tests/rules/rule-coverage.test.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DIGESTS, aliased, digestIds, type DigestSpec } from './uncited-rules';

export interface RuleIndexEntry {
  id: string;
  title: string;
  text: string;
}

/** Kuularuisku's rule index. */
export const RULE_INDEX = DIGESTS.kuularuisku!.index;

/** Markdown emphasis and code marks off; whitespace folded. */
function plain(s: string): string {
  return s.replace(/\*\*|`/g, '').replace(/(^|[^\w])\*([^*]+)\*(?=[^\w]|$)/g, '$1$2').replace(/\s+/g, ' ').trim();
}

const MAX_TEXT = 1200;
const clip = (s: string) => (s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s);
const esc = (id: string) => id.replace(/[.-]/g, (c) => `\\${c}`);

/** The lines that continue a bullet or paragraph starting at line i (until a blank line, bullet, table or heading). */
function block(lines: readonly string[], i: number): string {
  const out = [lines[i]!];
  for (let j = i + 1; j < lines.length; j++) {
    const l = lines[j]!;
    if (!l.trim() || /^\s*(\*\s|#|\|)/.test(l) || /^(GAP|AMBIGUOUS):/.test(l)) break;
    out.push(l);
  }
  return out.join(' ');
}

/** The lines from line i up to the next blank line or heading, bullets included. */
function paragraph(lines: readonly string[], i: number): string {
  const out: string[] = [];
  for (let j = i; j < lines.length && lines[j]!.trim() && !/^#/.test(lines[j]!); j++) out.push(lines[j]!.replace(/^\s*\*\s+/, ''));
  return out.join(' ');
}

/** Heading of the section each line is in ("K-2.4 Actions (Toiminnat)"). */
function sectionTitles(lines: readonly string[]): string[] {
  let current = '';
  return lines.map((l) => {
    const m = /^#{2,4}\s+(.*)$/.exec(l);
    if (m) current = plain(m[1]!).replace(/^\d+\.\s*/, '');
    return current;
  });
}

function cells(row: string): string[] {
  return row.split('|').slice(1, -1).map((c) => plain(c));
}

/** One entry per digest id: where the digest defines it (bullet, GAP/AMBIGUOUS line, heading, table row), else where it first uses it. */
export function buildRuleIndex(digest: string, spec: DigestSpec = DIGESTS.kuularuisku!): RuleIndexEntry[] {
  const lines = aliased(digest, spec).split('\n');
  const sections = sectionTitles(lines);
  return digestIds(digest, spec).map((id) => {
    const e = esc(id);
    const bullet = new RegExp(`^\\s*\\*\\s+\\*\\*${e}(?![\\w.-])([^*]*)\\*\\*`);
    const bracket = new RegExp(`^(GAP|AMBIGUOUS):\\s*\\[${e}\\]`);
    const heading = new RegExp(`^#{2,4}\\s+.*(?<![\\w-])${e}(?![\\w.-])`);
    const row = new RegExp(`^\\|\\s*${e}\\s*\\|`);
    const use = new RegExp(`(?<![\\w-])${e}(?![\\w.-]|-T\\d)`);
    for (let i = 0; i < lines.length; i++) {
      const m = bullet.exec(lines[i]!);
      if (!m) continue;
      const own = plain(m[1]!).replace(/[.:]$/, '');
      const text = plain(block(lines, i).replace(/^\s*\*\s+\*\*[^*]*\*\*/, ''));
      return { id, title: own || sections[i] || id, text: clip(text) };
    }
    for (let i = 0; i < lines.length; i++) {
      const m = bracket.exec(lines[i]!);
      if (!m) continue;
      const own = plain(block(lines, i).replace(bracket, ''));
      // A bracket alone on its line heads a list of bullets: those, up to the next blank line.
      const text = own || plain(paragraph(lines, i + 1));
      return { id, title: `${m[1] === 'GAP' ? 'Gap' : 'Ambiguity'} — ${sections[i]}`, text: clip(text) };
    }
    for (let i = 0; i < lines.length; i++) {
      if (!heading.test(lines[i]!)) continue;
      const body: string[] = [];
      for (let j = i + 1; j < lines.length && !/^#{2,4}\s/.test(lines[j]!); j++) body.push(lines[j]!);
      const intro = body.join('\n').split(/\n\s*\n/).map((p) => p.trim()).find((p) => p && !p.startsWith('|'));
      return { id, title: sections[i]!, text: clip(plain(intro ?? sections[i]!)) };
    }
    for (let i = 0; i < lines.length; i++) {
      if (!row.test(lines[i]!)) continue;
      const [, title = '', ...rest] = cells(lines[i]!);
      return { id, title: title || sections[i] || id, text: clip(rest.filter(Boolean).join(' — ') || title) };
    }
    for (let i = 0; i < lines.length; i++) {
      if (!use.test(lines[i]!)) continue;
      const start = lines[i]!.trim().startsWith('|') ? plain(cells(lines[i]!).join(' — ')) : plain(block(lines, i));
      return { id, title: sections[i] || id, text: clip(start) };
    }
    return { id, title: id, text: '' };
  });
}

export function ruleIndexJson(entries: readonly RuleIndexEntry[], spec: DigestSpec = DIGESTS.kuularuisku!): string {
  return `${JSON.stringify({ source: `${spec.name} rules digest (generated by scripts/gen-rule-index.ts)`, entries }, null, 1)}\n`;
}

const here = path.dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '..');
  const [ruleset, digest] = process.argv.slice(2);
  if (ruleset && !DIGESTS[ruleset]) {
    console.error(`no digest for ruleset "${ruleset}" (known: ${Object.keys(DIGESTS).join(', ')})`);
    process.exit(2);
  }
  for (const spec of ruleset ? [DIGESTS[ruleset]!] : Object.values(DIGESTS)) {
    const entries = buildRuleIndex(readFileSync(path.resolve(root, digest ?? spec.digest), 'utf8'), spec);
    writeFileSync(path.join(root, spec.index), ruleIndexJson(entries, spec));
    console.log(`${spec.index}: ${entries.length} rule ids`);
  }
}
