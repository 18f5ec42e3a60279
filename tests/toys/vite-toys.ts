// A Vite plugin for the browser tests' toy build only (tests/e2e/global-setup.ts): it registers the toy
// rulesets of tests/toys/rules/<id>/ as a ruleset is registered — an import and one map entry in
// src/rules/index.ts, here added to the source as it is bundled — and ships each toy's scenario beside
// the app at scenarios/local/<id>.json, which the page opens with ?scenario=local/<id>. The normal build
// (`npm run build`, vite.config.ts) never loads this file: nothing of the toys is in it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REGISTRY = path.join(ROOT, 'src/rules/index.ts');
const ENTRY = 'export const RULESET_MODULES = {\n';

/** The toy rulesets: folder id, the module it exports, and its scenario (tests/toys/scenarios/<id>.json). */
export const TOY_RULESETS = [
  { id: 'toyarmour', exportName: 'toyarmourModule' },
  { id: 'toylines', exportName: 'toylinesModule' },
] as const;

/** The registry's source with each toy's import and map entry added (the one line a ruleset adds). */
export function registerToys(source: string, importPath: (id: string) => string): string {
  if (!source.includes(ENTRY)) throw new Error(`src/rules/index.ts: no "${ENTRY.trim()}" to add the toy rulesets to`);
  const imports = TOY_RULESETS.map((t) => `import { ${t.exportName} } from '${importPath(t.id)}';\n`).join('');
  const entries = TOY_RULESETS.map((t) => `  ${t.id}: ${t.exportName},\n`).join('');
  return `${imports}${source}`.replace(ENTRY, `${ENTRY}${entries}`);
}

export function toyRulesets(): Plugin {
  return {
    name: 'sandtable-toy-rulesets',
    enforce: 'pre',
    transform(code, id) {
      if (path.resolve(id.split('?')[0]!) !== REGISTRY) return null;
      const rel = (toy: string) => path.relative(path.dirname(REGISTRY), path.join(ROOT, 'tests/toys/rules', toy)).split(path.sep).join('/');
      return { code: registerToys(code, rel), map: null };
    },
    generateBundle() {
      for (const t of TOY_RULESETS) {
        this.emitFile({ type: 'asset', fileName: `scenarios/local/${t.id}.json`, source: readFileSync(path.join(ROOT, 'tests/toys/scenarios', `${t.id}.json`), 'utf8') });
      }
    },
  };
}
