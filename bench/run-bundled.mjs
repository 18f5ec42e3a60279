// Run a TypeScript benchmark as the browser build would run the code: bundled by esbuild (tsx's own
// dependency) without tsx's keepNames, which wraps every inner function in a naming call each time
// it is created and slows hot rule code by tens of percent. Usage: node bench/run-bundled.mjs <file.ts> [args…]
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node bench/run-bundled.mjs <file.ts> [args…]');
  process.exit(2);
}
// Under node_modules so that the external packages resolve from the bundle's folder.
const dir = join('node_modules', '.cache', 'sandtable-bench');
mkdirSync(dir, { recursive: true });
// One bundle per process: several benchmarks may run at once on a shared checkout.
const out = join(dir, `${basename(entry, '.ts')}-${process.pid}.mjs`);
await build({ entryPoints: [entry], outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
process.argv = [process.argv[0], out, ...args];
try {
  await import(pathToFileURL(out).href);
} finally {
  rmSync(out, { force: true });
}
