// The layer rules of DESIGN.md as code: a small scanner that finds import/export-from statements,
// dynamic imports and window/document references in TypeScript source, and a checker that names
// every import a layer must not make. Used by layers.test.ts (which also feeds it bad sources).
import path from 'node:path';
import { rulesetIds } from '../../src/rules';

export interface ImportRef {
  specifier: string;
  /** `import type …` / `export type … from` — erased at build time. */
  typeOnly: boolean;
  dynamic: boolean;
  line: number;
}

export interface Violation {
  file: string;
  line: number;
  message: string;
}

export const HEADLESS_LAYERS = ['core', 'scenario', 'battlefield', 'rules', 'game', 'flow', 'testing'] as const;
const UI_PACKAGES = /^(react|react-dom|three|@react-three\/[^/]+)$/;
const RAPIER = '@dimforge/rapier3d-compat';

/**
 * Blank out comments (and, when `blankStrings`, the contents of string and template literals),
 * keeping offsets and line breaks so positions still match the source. Regex literals are kept
 * intact (they may contain `//`), told from division by the token before them.
 */
export function stripSource(src: string, blankStrings = false): string {
  const out = src.split('');
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  let i = 0;
  let lastSignificant = '';
  let lastWord = '';
  while (i < src.length) {
    const ch = src[i]!;
    const next = src[i + 1];
    if (ch === '/' && next === '/') {
      const end = src.indexOf('\n', i);
      const stop = end < 0 ? src.length : end;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = src.indexOf('*/', i + 2);
      const stop = end < 0 ? src.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === '`') {
      let j = i + 1;
      while (j < src.length && src[j] !== ch) {
        if (src[j] === '\\') j++;
        else if (ch !== '`' && src[j] === '\n') break;
        j++;
      }
      if (blankStrings) blank(i + 1, j);
      i = j + 1;
      lastSignificant = ch;
      lastWord = '';
      continue;
    }
    if (ch === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant) || /^(return|typeof|case|do|else|in|of|void|yield|await)$/.test(lastWord))) {
      // A regex literal: skip to its closing slash (outside a character class).
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n') {
        const c = src[j];
        if (c === '\\') j++;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        j++;
      }
      i = j + 1;
      lastSignificant = '/';
      lastWord = '';
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (/[\w$]/.test(ch)) {
      let j = i;
      while (j < src.length && /[\w$]/.test(src[j]!)) j++;
      lastWord = src.slice(i, j);
      lastSignificant = 'a';
      i = j;
      continue;
    }
    lastSignificant = ch;
    lastWord = '';
    i++;
  }
  return out.join('');
}

const lineAt = (src: string, offset: number) => src.slice(0, offset).split('\n').length;

/** Every module specifier the source imports or re-exports, statically or dynamically. */
export function findImports(source: string): ImportRef[] {
  const code = stripSource(source);
  const refs: ImportRef[] = [];
  const statement = /(?<![\w$.])(import|export)(\s+type(?=[\s{*]))?\s*([\w$*{},\s]*?)\s*from\s*(['"])([^'"\n]+)\4/g;
  for (const m of code.matchAll(statement)) {
    refs.push({ specifier: m[5]!, typeOnly: Boolean(m[2]), dynamic: false, line: lineAt(code, m.index) });
  }
  for (const m of code.matchAll(/(?<![\w$.])import\s*(['"])([^'"\n]+)\1/g)) {
    refs.push({ specifier: m[2]!, typeOnly: false, dynamic: false, line: lineAt(code, m.index) });
  }
  for (const m of code.matchAll(/(?<![\w$.])(import|require)\s*\(\s*(['"`])([^'"`\n]+)\2/g)) {
    refs.push({ specifier: m[3]!, typeOnly: false, dynamic: m[1] === 'import', line: lineAt(code, m.index) });
  }
  return refs.sort((a, b) => a.line - b.line);
}

/** Lines where `window` or `document` is used as an identifier (not in comments, strings or as a property name). */
export function findDomGlobals(source: string): Array<{ name: string; line: number }> {
  const code = stripSource(source, true);
  const hits: Array<{ name: string; line: number }> = [];
  for (const m of code.matchAll(/(?<![\w$.])(window|document)(?![\w$])(?!\s*:(?!:))/g)) {
    hits.push({ name: m[1]!, line: lineAt(code, m.index) });
  }
  return hits;
}

/** Ruleset folders under src/rules (a third path segment naming one of these is a ruleset): the registry's ids. */
const RULESETS = rulesetIds();

/**
 * The layer of a path under src/ (with or without an extension), and for rules the ruleset it
 * belongs to; null outside src.
 */
export function layerOf(relFromRoot: string): { layer: string; sub?: string } | null {
  const parts = relFromRoot.split(/[\\/]/).filter((p) => p !== '' && p !== '.');
  if (parts[0] !== 'src' || parts.length < 2) return null;
  const layer = parts[1]!.replace(/\.(tsx?|jsx?)$/, '');
  const sub = parts[2]?.replace(/\.(tsx?|jsx?)$/, '');
  return sub !== undefined && (parts.length > 3 || RULESETS.includes(sub)) ? { layer, sub } : { layer };
}

type Target = { kind: 'layer'; layer: string; sub?: string } | { kind: 'package'; name: string } | { kind: 'file'; rel: string };

function resolveTarget(fileRel: string, specifier: string): Target {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const from = path.posix.dirname(fileRel.split(path.sep).join('/'));
    const rel = specifier.startsWith('/') ? specifier.slice(1) : path.posix.normalize(path.posix.join(from, specifier));
    const l = layerOf(rel);
    return l ? { kind: 'layer', ...l } : { kind: 'file', rel };
  }
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return { kind: 'package', name };
}

interface LayerRule {
  /** Layers it may import (its own is always allowed); undefined = not restricted by allow-list. */
  layers?: readonly string[];
  /** Packages it may import; undefined = not restricted by allow-list. */
  packages?: readonly string[];
  /** Layers it must never import, not even types. */
  denyLayers?: readonly string[];
  /** Layers it may import only with `import type`. */
  typeOnlyLayers?: readonly string[];
  denyPackages?: readonly RegExp[];
}

/** DESIGN.md's table. Headless layers additionally never import UI packages nor touch window/document. */
export const LAYER_RULES: Readonly<Record<string, LayerRule>> = {
  core: { layers: [], packages: ['zod', 'pure-rand'] }, // pure-rand: the seeded dice
  scenario: { layers: ['core'], packages: ['zod'] },
  battlefield: { layers: ['core', 'scenario'], packages: [RAPIER] },
  rules: { denyLayers: ['flow', 'view', 'ui', 'app', 'cli', 'game'], typeOnlyLayers: ['battlefield'], denyPackages: [/^@dimforge\//, /^xstate$/] },
  game: { denyLayers: ['flow', 'view', 'ui', 'app', 'cli'], typeOnlyLayers: ['battlefield'], denyPackages: [/^@dimforge\//] },
  flow: { denyLayers: ['view', 'ui', 'app', 'cli'], typeOnlyLayers: ['battlefield'], denyPackages: [/^@dimforge\//] },
  view: { denyLayers: ['app', 'cli'], typeOnlyLayers: ['battlefield'], denyPackages: [/^@dimforge\//] },
  ui: { denyLayers: ['app', 'cli'], typeOnlyLayers: ['battlefield'], denyPackages: [/^@dimforge\//] },
  app: { denyLayers: ['cli'] },
  cli: { denyLayers: ['app', 'view', 'ui'] },
  // The tests' entry point (oracles, an immutable game): any headless layer, concrete battlefield included.
  testing: { denyLayers: ['view', 'ui', 'app', 'cli'] },
};

/** Every layer-rule violation in one source file (`fileRel` relative to the repository root). */
export function checkSource(fileRel: string, source: string): Violation[] {
  const home = layerOf(fileRel);
  if (!home) return [];
  const rule = LAYER_RULES[home.layer];
  const headless = (HEADLESS_LAYERS as readonly string[]).includes(home.layer);
  const out: Violation[] = [];
  const flag = (line: number, message: string) => out.push({ file: fileRel, line, message });
  for (const ref of findImports(source)) {
    const t = resolveTarget(fileRel, ref.specifier);
    const what = `${home.layer} imports "${ref.specifier}"`;
    if (t.kind === 'package') {
      if (t.name.startsWith('node:') && (home.layer === 'core' || home.layer === 'scenario' || home.layer === 'battlefield')) {
        flag(ref.line, `${what}: Node built-ins are not allowed in ${home.layer} (it runs in the browser)`);
      } else if (headless && UI_PACKAGES.test(t.name)) {
        flag(ref.line, `${what}: headless layers never import React, three.js or R3F`);
      } else if (rule?.packages && !rule.packages.includes(t.name)) {
        flag(ref.line, `${what}: ${home.layer} may import only ${rule.packages.join(', ') || 'no packages'}`);
      } else if (rule?.denyPackages?.some((re) => re.test(t.name))) {
        flag(ref.line, `${what}: ${home.layer} never imports ${t.name}`);
      }
      continue;
    }
    if (t.kind === 'file') continue; // data files outside src (scenario JSON, assets)
    if (t.layer === home.layer) {
      if (home.layer === 'rules' && home.sub && t.sub && home.sub !== t.sub) {
        flag(ref.line, `${what}: a ruleset never imports another ruleset`);
      }
      continue;
    }
    if (rule?.denyLayers?.includes(t.layer)) {
      flag(ref.line, `${what}: ${home.layer} never imports ${t.layer}`);
    } else if (rule?.typeOnlyLayers?.includes(t.layer)) {
      if (!ref.typeOnly) flag(ref.line, `${what}: ${home.layer} may import ${t.layer} only with \`import type\``);
    } else if (rule?.layers && !rule.layers.includes(t.layer)) {
      flag(ref.line, `${what}: ${home.layer} may import only ${[home.layer, ...rule.layers].join(', ')}`);
    } else if (home.layer === 'app' && (t.layer === 'battlefield') && !ref.dynamic && !ref.typeOnly) {
      flag(ref.line, `${what}: the app loads the battlefield lazily (await import) to keep Rapier out of the first bundle`);
    }
  }
  if (home.layer === 'app') {
    for (const ref of findImports(source)) {
      const t = resolveTarget(fileRel, ref.specifier);
      if (t.kind === 'package' && t.name === RAPIER && !ref.dynamic && !ref.typeOnly) {
        flag(ref.line, `app imports "${ref.specifier}" statically: Rapier is loaded only through the lazy battlefield import`);
      }
    }
  }
  if (headless) {
    for (const g of findDomGlobals(source)) flag(g.line, `${home.layer} references \`${g.name}\`: headless layers run in Node`);
  }
  return out;
}
