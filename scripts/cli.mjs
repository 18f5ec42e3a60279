// The command line's launcher (`npm run cli`, or `node scripts/cli.mjs …` without npm's own start-up):
// runs src/cli/main.ts bundled by esbuild into one plain-JavaScript file, so a call starts in node
// at once instead of compiling ~150 TypeScript modules each time. The bundle is rebuilt when one of
// the files it was built from is newer than it (esbuild's list of its inputs is kept beside it), or
// than npm's last install.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
// Under node_modules, so that the packages left outside the bundle resolve from its folder.
const dir = join(root, 'node_modules', '.cache', 'sandtable-cli');
const bundle = join(dir, 'sandtable-cli.mjs');
const inputsFile = join(dir, 'inputs.json');
// Sampled reliefs kept between calls (src/cli/relief-store.ts), in a folder per bundle build.
const reliefs = join(dir, 'relief');

/** Is the bundle missing, or older than a file it was built from (or than this launcher)? */
function stale() {
  if (!existsSync(bundle) || !existsSync(inputsFile)) return true;
  const built = statSync(bundle).mtimeMs;
  let inputs;
  try {
    inputs = JSON.parse(readFileSync(inputsFile, 'utf8'));
  } catch {
    return true;
  }
  // A package's files may keep their release times: npm's lock file in node_modules, written at each
  // install, stands for the bundled packages' versions (where there is one).
  const lock = statSync(join(root, 'node_modules', '.package-lock.json'), { throwIfNoEntry: false });
  if (lock && lock.mtimeMs > built) return true;
  for (const f of [fileURLToPath(import.meta.url), ...inputs.map((p) => join(root, p))]) {
    const st = statSync(f, { throwIfNoEntry: false });
    if (!st || st.mtimeMs > built) return true;
  }
  return false;
}

async function rebuild() {
  const { build } = await import('esbuild');
  mkdirSync(dir, { recursive: true });
  // Written beside and renamed into place: several calls may rebuild at once, each whole.
  const tmp = `${bundle}.${process.pid}.tmp.mjs`;
  const r = await build({
    entryPoints: [join(root, 'src/cli/main.ts')], outfile: tmp, absWorkingDir: root, bundle: true, platform: 'node',
    // The packages bundled too (fewer files to find and compile at each start), but for Rapier (loaded
    // only by the queries that need it) and pngjs (only by viewshed).
    format: 'esm', target: 'node20', external: ['@dimforge/rapier3d-compat', 'pngjs'], metafile: true, logLevel: 'warning',
  });
  writeFileSync(`${inputsFile}.${process.pid}.tmp`, JSON.stringify(Object.keys(r.metafile.inputs)));
  renameSync(tmp, bundle);
  renameSync(`${inputsFile}.${process.pid}.tmp`, inputsFile);
  // Grids sampled by an older build's code are never read again.
  rmSync(reliefs, { recursive: true, force: true });
}

if (stale()) await rebuild();
process.env.SANDTABLE_RELIEF_CACHE = join(reliefs, String(Math.round(statSync(bundle).mtimeMs)));
process.argv = [process.argv[0], bundle, ...process.argv.slice(2)];
await import(pathToFileURL(bundle).href);
