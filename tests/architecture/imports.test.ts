// Enforces over src/: no import cycles, no deep imports across layers, view/ui off the rules' internals,
// src/testing for tests only (its oracles named nowhere else), a ruleset's rules never reaching its
// player, and each ruleset's rule ids and command words only in its folder; and proves each check can
// fail. Violations other branches remove are listed below: the list only shrinks.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkEdges, importCycles, importGraph, resolveImport, rulesReachingPlayer } from './import-graph';
import { stripSource } from './layer-rules';
import { rulesetIds, rulesetNames } from '../../src/rules';
import { RULE_ID_PREFIXES, checkRulesetWords, checkWordsOf, kuularuiskuCommandWords, rulesetWords, type RulesetWords } from './ruleset-words';

const ROOT = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(sourceFiles(full));
    else if (/\.(ts|tsx|mts|cts|js|jsx)$/.test(name)) out.push(full);
  }
  return out;
}

/**
 * Violations that exist today and are removed on another branch of issue 14 (named after each). A
 * listed violation that no longer occurs fails the test too: take it off the list.
 */
const KNOWN: Readonly<Record<string, string>> = {
};

/** Compare what a check finds (keys without line numbers) with the known list's entries of that kind. */
function expectOnlyKnown(found: readonly string[], kind: (key: string) => boolean): void {
  const known = Object.keys(KNOWN).filter(kind);
  expect([...new Set(found)].filter((k) => !(k in KNOWN)).sort(), 'new violations').toEqual([]);
  expect(known.filter((k) => !found.includes(k)).sort(), 'listed violations that no longer occur: take them off KNOWN').toEqual([]);
}

describe('imports and words across src/', () => {
  const files = sourceFiles(path.join(ROOT, 'src')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
  const sources = new Map(files.map((f) => [f, readFileSync(path.join(ROOT, f), 'utf8')]));
  const edges = importGraph(sources);

  it('reads the import graph', () => {
    expect(edges.length).toBeGreaterThan(files.length);
    expect(edges.some((e) => e.from === 'src/flow/index.ts' && e.to === 'src/flow/sequenced.ts')).toBe(true);
  });

  it('no import cycles among src/ modules (type-only imports count)', () => {
    const found = importCycles(edges).map((c) => `cycle: ${c.join(' → ')}`);
    expectOnlyKnown(found, (k) => k.startsWith('cycle: '));
  });

  it('no deep imports across layers; view and ui off the rules\' internals; src/testing only for tests', () => {
    const found = checkEdges(edges).map((v) => `${v.file}: ${v.message}`);
    expectOnlyKnown(found, (k) => !k.startsWith('cycle: ') && / imports "/.test(k));
  });

  it('a ruleset\'s rules never import its player, directly or through other files', () => {
    expect(edges.some((e) => e.from === 'src/rules/kuularuisku/index.ts' && e.to === 'src/rules/kuularuisku/player/index.ts')).toBe(true);
    expect(rulesReachingPlayer(edges).map((v) => `${v.file}:${v.line}: ${v.message}`)).toEqual([]);
  });

  it('the test oracles live in src/testing only: no production file names them (comments may)', () => {
    // The names src/testing's entry point exports (the oracles).
    const entry = stripSource(sources.get('src/testing/index.ts')!);
    const names = [...entry.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1]!.split(',').map((n) => n.replace(/^\s*type\s+/, '').trim().split(/\s+as\s+/).pop()!)).filter(Boolean);
    expect(names).toEqual(expect.arrayContaining(['rapierReferenceHeight', 'rapierReferenceWall']));
    const named = files.filter((f) => !f.startsWith('src/testing/')).flatMap((f) => {
      const code = stripSource(sources.get(f)!);
      return names.filter((n) => new RegExp(`(?<![\\w$])${n}(?![\\w$])`).test(code)).map((n) => `${f}: ${n}`);
    });
    expect(named).toEqual([]);
  });

  it('Kuularuisku rule ids and command words only under src/rules/kuularuisku (comments may cite them)', () => {
    const words = kuularuiskuCommandWords(sources);
    // Read from the ruleset's own command types: a sample that must be among them.
    for (const w of ['DRAW_CARD', 'ACTIVATE', 'RESOLVE', 'END_TURN', 'MOVE', 'SHOOT', 'OFF_TABLE_FIRE', 'DEMOLISH']) expect(words).toContain(w);
    const found = files.flatMap((f) => checkRulesetWords(f, sources.get(f)!, words)).map((v) => `${v.file}: ${v.message}`);
    // Another ruleset's folder may use a word that ruleset has too (checked per ruleset below).
    const own = rulesetWords(rulesetIds(), sources);
    const shared = found.filter((k) => own.some((o) => o.folder !== 'src/rules/kuularuisku/' && k.startsWith(o.folder) && o.commandWords.has(/"(\w+)"/.exec(k)![1]!)));
    expectOnlyKnown(found.filter((k) => !shared.includes(k)), (k) => / outside src\/rules\/kuularuisku\/$/.test(k));
  });

  it('every registered ruleset\'s rule ids and command words only in its folder (or a word another ruleset has too, in that one\'s folder)', () => {
    expect(Object.keys(RULE_ID_PREFIXES).sort()).toEqual(rulesetIds().sort());
    const all = rulesetWords(rulesetIds(), sources, rulesetNames());
    // COBI's words are read from its own command list.
    expect([...all.find((r) => r.folder === 'src/rules/cobi/')!.commandWords]).toEqual(expect.arrayContaining(['BEGIN_ROUND', 'SELECT_UNIT', 'END_ROUND', 'HOLD', 'MOVE']));
    const found = all.flatMap((r) => files.flatMap((f) => checkWordsOf(f, sources.get(f)!, r, all.filter((o) => o !== r)))).map((v) => `${v.file}: ${v.message}`);
    expectOnlyKnown(found, (k) => / outside src\/rules\/\w+\/$/.test(k));
  });
});

describe('the import checks themselves', () => {
  const graphOf = (files: Record<string, string>) => importGraph(new Map(Object.entries(files)));

  it('resolves relative specifiers as TypeScript does', () => {
    const files = new Set(['src/flow/index.ts', 'src/flow/a.ts', 'src/view/B.tsx', 'src/core/index.ts']);
    expect(resolveImport('src/flow/b.ts', './a', files)).toBe('src/flow/a.ts');
    expect(resolveImport('src/flow/b.ts', './a.js', files)).toBe('src/flow/a.ts');
    expect(resolveImport('src/view/x/y.tsx', '../B', files)).toBe('src/view/B.tsx');
    expect(resolveImport('src/view/x.ts', '../flow', files)).toBe('src/flow/index.ts');
    expect(resolveImport('src/view/x.ts', '../core/', files)).toBe('src/core/index.ts');
    expect(resolveImport('src/view/x.ts', 'xstate', files)).toBeUndefined();
    expect(resolveImport('src/view/x.ts', '../../scenarios/a.json', files)).toBeUndefined();
  });

  it('finds each cycle as a path from its first file back to it, type-only imports included', () => {
    const edges = graphOf({
      'src/flow/c.ts': `import { a } from './a';`,
      'src/flow/a.ts': `import { b } from './b';\nimport { z } from '../core';`,
      'src/flow/b.ts': `import type { C } from './c';`,
      'src/flow/d.ts': `import { a } from './a';`,
      'src/core/index.ts': `export const z = 1;`,
      'src/game/self.ts': `export * from './self';`,
    });
    expect(importCycles(edges)).toEqual([
      ['src/flow/a.ts', 'src/flow/b.ts', 'src/flow/c.ts', 'src/flow/a.ts'],
      ['src/game/self.ts', 'src/game/self.ts'],
    ]);
    expect(importCycles(graphOf({ 'src/flow/a.ts': `import { b } from './b';`, 'src/flow/b.ts': `export const b = 1;` }))).toEqual([]);
  });

  it('lists every file of a tangle in some cycle, through barrels too', () => {
    const edges = graphOf({
      'src/rules/x/a.ts': `import { b } from './b';\nimport { c } from './c';`,
      'src/rules/x/b.ts': `import { a } from './a';`,
      'src/rules/x/c.ts': `import { a } from './index';`,
      'src/rules/x/index.ts': `export * from './a';`,
    });
    expect(importCycles(edges)).toEqual([
      ['src/rules/x/a.ts', 'src/rules/x/b.ts', 'src/rules/x/a.ts'],
      ['src/rules/x/a.ts', 'src/rules/x/c.ts', 'src/rules/x/index.ts', 'src/rules/x/a.ts'],
    ]);
  });

  const flags = (files: Record<string, string>) => checkEdges(graphOf(files)).map((v) => `${v.file}:${v.line}: ${v.message}`);

  it('flags deep imports across layers, not within one nor through an index', () => {
    const base = { 'src/battlefield/index.ts': '', 'src/battlefield/types.ts': '', 'src/core/index.ts': '', 'src/core/geometry.ts': '', 'src/view/tools/index.ts': '', 'src/view/tools/sight.ts': '' };
    expect(flags({ ...base, 'src/view/a.ts': `import type { Battlefield } from '../battlefield/types';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/scenario/a.ts': `import { rotate2 } from '../core/geometry';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/ui/a.tsx': `import { ToolController } from '../view/tools';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/view/a.ts': `import type { Battlefield } from '../battlefield';\nimport { sight } from './tools/sight';` })).toEqual([]);
  });

  it('keeps view and ui off a ruleset\'s internals: the registry only, only for types', () => {
    const base = { 'src/rules/index.ts': '', 'src/rules/kuularuisku/index.ts': '', 'src/rules/kuularuisku/hud/describe.ts': '' };
    expect(flags({ ...base, 'src/ui/A.tsx': `import { describePlay } from '../rules/kuularuisku/hud/describe';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/view/a.ts': `import type { K } from '../rules/kuularuisku';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/ui/A.tsx': `import { PLAY_HUDS } from '../rules';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/ui/A.tsx': `import type { PlayHud } from '../rules';` })).toEqual([]);
  });

  it('lets only tests and benchmarks import src/testing', () => {
    const base = { 'src/testing/index.ts': '', 'src/flow/index.ts': '', 'src/battlefield/index.ts': '' };
    expect(flags({ ...base, 'src/app/a.ts': `import { rapierReferenceHeight } from '../testing';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/flow/a.ts': `import type { rapierReferenceHeight } from '../testing';` })).toHaveLength(1);
    expect(flags({ ...base, 'src/testing/a.ts': `import { playGame } from '../flow';\nimport { createBattlefield } from '../battlefield';` })).toEqual([]);
  });
});

describe('the player check itself', () => {
  const flags = (files: Record<string, string>) => rulesReachingPlayer(importGraph(new Map(Object.entries(files)))).map((v) => `${v.file}:${v.line}`);
  const base = {
    'src/rules/x/index.ts': `import { player } from './player';\nimport { rules } from './rules';`,
    'src/rules/x/engine.ts': `export * from './player';`,
    'src/rules/x/player/index.ts': `import { rules } from '../rules';\nimport { pick } from './pick';`,
    'src/rules/x/player/pick.ts': `export const pick = 1;`,
    'src/rules/x/rules.ts': `import { help } from './help';`,
    'src/rules/x/help.ts': `export const help = 1;`,
  };

  it('passes the module\'s index, the tests\' barrel and the player itself', () => {
    expect(flags(base)).toEqual([]);
  });

  it('flags a rules file importing the player, directly, through another file or through the barrel', () => {
    expect(flags({ ...base, 'src/rules/x/help.ts': `import { pick } from './player/pick';` })).toEqual(['src/rules/x/help.ts:1', 'src/rules/x/rules.ts:1']);
    expect(flags({ ...base, 'src/rules/x/rules.ts': `export const rules = 1;\nimport { all } from './engine';` })).toEqual(['src/rules/x/rules.ts:2']);
  });
});

describe('the ruleset-words check itself', () => {
  const words = new Set(['DRAW_CARD', 'MOVE', 'PASS']);
  const flags = (file: string, src: string) => checkRulesetWords(file, src, words).map((v) => `${v.line}: ${v.message}`);

  it('flags rule ids in strings and command words in strings and identifiers', () => {
    expect(flags('src/app/a.ts', `if (r.rule === 'K-6.1a') retry();`)).toEqual(['1: Kuularuisku rule id "K-6.1a" outside src/rules/kuularuisku/']);
    expect(flags('src/flow/a.ts', 'const why = `see K-AMB-3 and K-GAP-1`;\nconst t = "K-2.4";')).toHaveLength(3);
    expect(flags('src/flow/a.ts', `const pick = ['DRAW_CARD'];\nconst on = { MOVE: 1 };`)).toEqual([
      '1: Kuularuisku command word "DRAW_CARD" outside src/rules/kuularuisku/',
      '2: Kuularuisku command word "MOVE" outside src/rules/kuularuisku/',
    ]);
    expect(flags('src/ui/A.tsx', `<p>walls need a door (K-4.0)</p>`)).toHaveLength(1);
  });

  it('passes comments, longer words, other rulesets\' ids and the ruleset\'s own folder', () => {
    const src = [
      `// K-6.1a a charge; DRAW_CARD draws`,
      `/** F2.5 K-2.4 PASS */`,
      `const PICK_COMMANDS = { cards: 'DRAW_CARDS', x: 'MOVED', y: 'C-3.1', z: 'OK-1.2' };`,
    ].join('\n');
    expect(flags('src/flow/a.ts', src)).toEqual([]);
    expect(flags('src/rules/kuularuisku/a.ts', `const c = { type: 'DRAW_CARD', rule: 'K-2.1b' };`)).toEqual([]);
  });

  it('checks each ruleset in turn: its ids and words outside its folder, a word another ruleset has too only in that one\'s folder', () => {
    const k: RulesetWords = { name: 'Kuularuisku', folder: 'src/rules/kuularuisku/', prefix: 'K', commandWords: new Set(['MOVE', 'DRAW_CARD']) };
    const c: RulesetWords = { name: 'COBI WWII', folder: 'src/rules/cobi/', prefix: 'C', commandWords: new Set(['MOVE', 'HOLD']) };
    const check = (file: string, src: string, r: RulesetWords) => checkWordsOf(file, src, r, [k, c].filter((o) => o !== r)).map((v) => v.message);
    const src = `const a = { type: 'MOVE', rule: 'C-3.3.1e' };\nconst b = ['HOLD', 'DRAW_CARD', 'K-2.4', 'C-GAP-1'];`;
    expect(check('src/flow/a.ts', src, c)).toEqual([
      'COBI WWII rule id "C-3.3.1e" outside src/rules/cobi/', 'COBI WWII rule id "C-GAP-1" outside src/rules/cobi/',
      'COBI WWII command word "MOVE" outside src/rules/cobi/', 'COBI WWII command word "HOLD" outside src/rules/cobi/',
    ]);
    // In Kuularuisku's folder its own MOVE passes; COBI's HOLD and ids do not.
    expect(check('src/rules/kuularuisku/a.ts', src, c)).toEqual(['COBI WWII rule id "C-3.3.1e" outside src/rules/cobi/', 'COBI WWII rule id "C-GAP-1" outside src/rules/cobi/', 'COBI WWII command word "HOLD" outside src/rules/cobi/']);
    // In COBI's folder Kuularuisku's DRAW_CARD and K- id are flagged, the MOVE both have is not.
    expect(check('src/rules/cobi/a.ts', src, k)).toEqual(['Kuularuisku rule id "K-2.4" outside src/rules/kuularuisku/', 'Kuularuisku command word "DRAW_CARD" outside src/rules/kuularuisku/']);
    expect(check('src/rules/cobi/a.ts', src, c)).toEqual([]);
  });

  it('reads the command words from the ruleset\'s command types and action lists', () => {
    const sources = new Map([
      ['src/rules/kuularuisku/commands.ts', `export type FlowCommand =\n  /** F1 (K-2.1b) */\n  | { type: 'BEGIN_TURN'; side?: string }\n  | { type: 'DRAW_CARD' };\nexport type Other = { type: 'NOT_A_COMMAND' };`],
      ['src/rules/kuularuisku/api.ts', `export const ACTION_TYPES: ReadonlySet<string> = new Set(['MOVE', 'SHOOT']);`],
      ['src/flow/x.ts', `export type XCommand = { type: 'ELSEWHERE' };`],
    ]);
    expect([...kuularuiskuCommandWords(sources)].sort()).toEqual(['BEGIN_TURN', 'DRAW_CARD', 'MOVE', 'SHOOT']);
  });
});
