// Lists every rule id the Kuularuisku digest defines (K-x.y, K-x.ya sub-rules, K-7.1-Tn triggers,
// K-INTRO-a…, K-SKL-n, K-WPN-n, K-ORG-n, K-TERM-n, K-GAP-n, K-AMB-n, K-END) that no test under tests/
// cites. `npx tsx scripts/uncited-rules.ts` prints them and exits 1 when any is uncited.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DIGEST = '../shared/rules/kuularuisku-1918.md';

const ID = /K-(?:\d+\.\d+(?:-T\d+|[a-z])?|[A-Z]+-\d+|INTRO(?:-[a-z])?|END)(?![\w.])/g;

/** Expand "K-1.2a/d" → K-1.2a, K-1.2d and "K-5.6a/c/f" → three ids. */
function expandSlashes(text: string): string {
  return text.replace(/K-(\d+\.\d+)([a-z])((?:\/[a-z])+)/g, (_, sec: string, first: string, rest: string) =>
    [first, ...rest.split('/').filter(Boolean)].map((l) => `K-${sec}${l}`).join(' '));
}

/** Every id the digest defines or uses, sorted. */
export function digestIds(text: string): string[] {
  const ids = new Set<string>();
  for (const m of expandSlashes(text).matchAll(ID)) ids.add(m[0]);
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
export function citedIds(source: string): Set<string> {
  const cited = new Set<string>();
  const titles = /\b(?:it|test|describe)(?:\.(?:each\([^)]*\)|concurrent|sequential))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  for (const m of source.matchAll(titles)) for (const id of expandSlashes(m[2]!).matchAll(ID)) cited.add(id[0]);
  return cited;
}

/** Ids of the digest no test under `testsDir` cites. */
export function uncitedIds(root: string, digestPath = path.resolve(root, DIGEST), testsDir = path.join(root, 'tests')): { all: string[]; uncited: string[] } {
  const all = digestIds(readFileSync(digestPath, 'utf8'));
  const cited = new Set<string>();
  for (const f of files(testsDir)) for (const id of citedIds(readFileSync(f, 'utf8'))) cited.add(id);
  return { all, uncited: all.filter((id) => !cited.has(id)) };
}

const here = path.dirname(fileURLToPath(import.meta.url));
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { all, uncited } = uncitedIds(path.resolve(here, '..'));
  if (uncited.length) {
    console.log(`${uncited.length} of ${all.length} Kuularuisku rule ids are cited by no test:`);
    for (const id of uncited) console.log(`  ${id}`);
    process.exit(1);
  }
  console.log(`All ${all.length} Kuularuisku rule ids are cited by a test.`);
}
