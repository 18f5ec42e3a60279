// Lists every rule id a ruleset's digest defines that no test under tests/ cites (in an it()/test()/
// describe() title). Kuularuisku (K-x.y, K-x.ya sub-rules, K-7.1-Tn triggers, K-INTRO-a…, K-SKL-n,
// K-WPN-n, K-ORG-n, K-TERM-n, K-GAP-n, K-AMB-n, K-END) and COBI (C-x.y…, C-x.y.za, C-GAP-n, C-AMB-n,
// C-CARD-n, C-WPN-n, C-MOD-n, C-EX-n; the digest's bare CARD-n is C-CARD-n, its §0.1 convention).
// `npx tsx scripts/uncited-rules.ts [ruleset] [digest]` prints them (default kuularuisku, its digest
// under ../shared/rules) and exits 1 when any is uncited.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A ruleset's digest: where it is, its id prefix and id forms, and where its rule index is generated. */
export interface DigestSpec {
  /** The ruleset's registry id (its folder under src/rules). */
  readonly ruleset: string;
  /** Its name in the messages and the index's source line. */
  readonly name: string;
  /** The digest, relative to the repository root. */
  readonly digest: string;
  /** The rule-id prefix ("K" for K-2.4). */
  readonly prefix: string;
  /** Its rule ids (global). */
  readonly id: RegExp;
  /** The digest's shorthand written out as ids (COBI's bare CARD-n), applied before reading ids. */
  readonly aliases?: (text: string) => string;
  /** The rule index scripts/gen-rule-index.ts writes, relative to the repository root. */
  readonly index: string;
}

export const DIGESTS: Readonly<Record<string, DigestSpec>> = {
  kuularuisku: {
    ruleset: 'kuularuisku', name: 'Kuularuisku 1918', digest: '../shared/rules/kuularuisku-1918.md', prefix: 'K',
    id: /K-(?:\d+\.\d+(?:-T\d+|[a-z])?|[A-Z]+-\d+|INTRO(?:-[a-z])?|END)(?![\w.])/g,
    index: 'src/rules/kuularuisku/data/rule-index.json',
  },
  cobi: {
    ruleset: 'cobi', name: 'COBI WWII', digest: '../shared/rules/cobi-wwii.md', prefix: 'C',
    // Sections of any depth with an optional sub-rule letter (C-3.3.3.1a), or a family and number (C-AMB-13); a sentence's full stop may follow.
    id: /(?<![\w.-])C-(?:\d+(?:\.\d+)+[a-z]?|[A-Z]+-\d+)(?![\w]|\.\d)/g,
    aliases: (text) => text.replace(/(?<![\w-])CARD-(\d+)/g, 'C-CARD-$1'),
    index: 'src/rules/cobi/rule-index.json',
  },
};

const KUULARUISKU = DIGESTS.kuularuisku!;
/** Kuularuisku's digest (the default of every function here). */
export const DIGEST = KUULARUISKU.digest;

/** Expand "K-1.2a/d" → K-1.2a, K-1.2d and "K-5.6a/c/f" → three ids (any prefix, any section depth). */
function expandSlashes(text: string, spec: DigestSpec): string {
  const p = spec.prefix;
  return text.replace(new RegExp(`${p}-(\\d+(?:\\.\\d+)+)([a-z])((?:\\/[a-z])+)`, 'g'), (_, sec: string, first: string, rest: string) =>
    [first, ...rest.split('/').filter(Boolean)].map((l) => `${p}-${sec}${l}`).join(' '));
}

/** The digest's text with its shorthand written out as ids (COBI's CARD-n as C-CARD-n). */
export function aliased(text: string, spec: DigestSpec = KUULARUISKU): string {
  return spec.aliases ? spec.aliases(text) : text;
}

/** The text as ids are read from it: shorthand written out, slashed sub-rules expanded. */
export function idText(text: string, spec: DigestSpec = KUULARUISKU): string {
  return expandSlashes(aliased(text, spec), spec);
}

/** Every id the digest defines or uses, sorted. */
export function digestIds(text: string, spec: DigestSpec = KUULARUISKU): string[] {
  const ids = new Set<string>();
  for (const m of idText(text, spec).matchAll(spec.id)) ids.add(m[0]);
  return [...ids].sort(compareIds);
}

export function compareIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true });
}

function files(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(files(full));
    else if (/\.(ts|tsx)$/.test(name)) out.push(full);
  }
  return out;
}

/** Ids cited by a test: in the title of an it()/test()/describe() call (string or template literal). */
export function citedIds(source: string, spec: DigestSpec = KUULARUISKU): Set<string> {
  const cited = new Set<string>();
  const titles = /\b(?:it|test|describe)(?:\.(?:each\([^)]*\)|concurrent|sequential))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  for (const m of source.matchAll(titles)) for (const id of idText(m[2]!, spec).matchAll(spec.id)) cited.add(id[0]);
  return cited;
}

/** Ids of the digest no test under `testsDir` cites. */
export function uncitedIds(root: string, digestPath = path.resolve(root, DIGEST), testsDir = path.join(root, 'tests'), spec: DigestSpec = KUULARUISKU): { all: string[]; uncited: string[] } {
  const all = digestIds(readFileSync(digestPath, 'utf8'), spec);
  const cited = new Set<string>();
  for (const f of files(testsDir)) for (const id of citedIds(readFileSync(f, 'utf8'), spec)) cited.add(id);
  return { all, uncited: all.filter((id) => !cited.has(id)) };
}

const here = path.dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(here, '..');
  const [ruleset = 'kuularuisku', digest] = process.argv.slice(2);
  const spec = DIGESTS[ruleset];
  if (!spec) {
    console.error(`no digest for ruleset "${ruleset}" (known: ${Object.keys(DIGESTS).join(', ')})`);
    process.exit(2);
  }
  const { all, uncited } = uncitedIds(root, path.resolve(root, digest ?? spec.digest), path.join(root, 'tests'), spec);
  if (uncited.length) {
    console.log(`${uncited.length} of ${all.length} ${spec.name} rule ids are cited by no test:`);
    for (const id of uncited) console.log(`  ${id}`);
    process.exit(1);
  }
  console.log(`All ${all.length} ${spec.name} rule ids are cited by a test.`);
}
