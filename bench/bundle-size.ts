// npm run bench:bundle — builds the app and prints the gzip sizes of what the page loads first (the
// entry script, its preloads and CSS) and of the lazy chunks; fails when the initial JS is over the
// budget (issue 17: ≤ 350 kB gzip). Also used by bench/render-bench.ts for its closing table.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

/** The most initial JS, gzip, the page may load before its first screen. */
export const INITIAL_JS_BUDGET = 350 * 1024;

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export interface Chunk { file: string; raw: number; gzip: number; initial: boolean }

/** Every JS/CSS asset of the build; initial = loaded by index.html (entry script, preloads, CSS). */
export function bundleSizes(outDir: string): Chunk[] {
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const initial = new Set([...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+)"/g)].map((m) => m[1]!));
  const assets = readdirSync(join(outDir, 'assets')).filter((f) => /\.(js|css|wasm)$/.test(f));
  return assets
    .map((f) => {
      const buf = readFileSync(join(outDir, 'assets', f));
      return { file: `assets/${f}`, raw: statSync(join(outDir, 'assets', f)).size, gzip: gzipSync(buf).length, initial: initial.has(`assets/${f}`) };
    })
    .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
}

const sum = (xs: Chunk[], k: 'raw' | 'gzip') => xs.reduce((s, c) => s + c[k], 0);

/** The gzip bytes of the JS index.html loads (entry and preloads). */
export function initialJs(chunks: Chunk[]): number {
  return sum(chunks.filter((c) => c.initial && c.file.endsWith('.js')), 'gzip');
}

export function printBundle(chunks: Chunk[]): void {
  const first = chunks.filter((c) => c.initial && c.file.endsWith('.js'));
  const lazy = chunks.filter((c) => !c.initial && c.file.endsWith('.js'));
  console.log('\nBundle (gzip):');
  console.log(`  initial JS   ${kb(sum(first, 'gzip')).padStart(10)}  (${kb(sum(first, 'raw'))} raw, ${first.length} file${first.length === 1 ? '' : 's'}; budget ${kb(INITIAL_JS_BUDGET)})`);
  for (const c of chunks.filter((c) => c.initial && !c.file.endsWith('.js'))) console.log(`  initial CSS  ${kb(c.gzip).padStart(10)}  ${c.file}`);
  const big = lazy.filter((c) => c.gzip >= 2048);
  for (const c of big) console.log(`  lazy         ${kb(c.gzip).padStart(10)}  ${c.file} (${kb(c.raw)} raw)`);
  const small = lazy.filter((c) => c.gzip < 2048);
  if (small.length) console.log(`  lazy, small  ${kb(sum(small, 'gzip')).padStart(10)}  ${small.length} chunks (scenario files and such)`);
}

async function main(): Promise<void> {
  const outDir = mkdtempSync(join(tmpdir(), 'sandtable-bundle-'));
  try {
    await build({ logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const chunks = bundleSizes(outDir);
    printBundle(chunks);
    if (initialJs(chunks) > INITIAL_JS_BUDGET) {
      console.error(`\ninitial JS ${kb(initialJs(chunks))} is over the ${kb(INITIAL_JS_BUDGET)} budget`);
      process.exitCode = 1;
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
