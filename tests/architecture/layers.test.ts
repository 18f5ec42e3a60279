// Enforces DESIGN.md's layer rules over every source file in src/, and proves the checker can fail.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource, findDomGlobals, findImports, layerOf } from './layer-rules';

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

describe('layer rules (DESIGN.md)', () => {
  const files = sourceFiles(path.join(ROOT, 'src')).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));

  it('finds the source tree', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(files.some((f) => layerOf(f)?.layer === 'core')).toBe(true);
  });

  it('every file in src/ keeps to its layer', () => {
    const violations = files.flatMap((f) => checkSource(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(violations.map((v) => `${v.file}:${v.line}: ${v.message}`)).toEqual([]);
  });
});

describe('the layer checker itself', () => {
  const flags = (file: string, src: string) => checkSource(file, src).map((v) => v.message);

  it('flags UI packages and DOM globals in headless layers', () => {
    expect(flags('src/core/bad.ts', `import * as THREE from 'three';`)).toHaveLength(1);
    expect(flags('src/battlefield/bad.ts', `import { useState } from "react";\nexport const w = window.innerWidth;`)).toHaveLength(2);
    expect(flags('src/game/bad.tsx', `import { Canvas } from '@react-three/fiber';`)).toHaveLength(1);
    expect(flags('src/flow/bad.ts', `export function f() { return document.title; }`)).toHaveLength(1);
    expect(flags('src/rules/cobi/bad.ts', `import type { Mesh } from 'three';`)).toHaveLength(1);
  });

  it('ignores comments, strings and property names', () => {
    const src = [
      `// import React from 'react'`,
      `/* window.alert(document) */`,
      `const a = "window"; const b = 'document.body';`,
      'const c = `window ${1}`;',
      `const re = /^\\/scenarios\\//; // a regex with slashes: window`,
      `const o = { window: 1 }; o.window = 2;`,
      `import { z } from 'zod';`,
    ].join('\n');
    expect(flags('src/core/good.ts', src)).toEqual([]);
    expect(findDomGlobals(src)).toEqual([]);
  });

  it('applies the allow-lists of core, scenario and battlefield', () => {
    expect(flags('src/core/bad.ts', `import { x } from '../scenario';`)).toHaveLength(1);
    expect(flags('src/core/bad.ts', `import { readFileSync } from 'node:fs';`)).toHaveLength(1);
    expect(flags('src/scenario/bad.ts', `export { lineOfSight } from '../battlefield';`)).toHaveLength(1);
    expect(flags('src/scenario/good.ts', `import { Vec2 } from '../core';\nimport { z } from 'zod';`)).toEqual([]);
    expect(flags('src/battlefield/bad.ts', `import { Raycaster } from 'three';`)).toHaveLength(1);
    expect(flags('src/battlefield/good.ts', `import RAPIER from '@dimforge/rapier3d-compat';\nimport { parseScenario } from '../scenario';`)).toEqual([]);
  });

  it('lets view and ui see the battlefield only through import type, and never Rapier', () => {
    expect(flags('src/view/Bad.tsx', `import { createBattlefield } from '../battlefield';`)).toHaveLength(1);
    expect(flags('src/ui/Bad.tsx', `import { Battlefield } from '../battlefield/types';`)).toHaveLength(1);
    expect(flags('src/view/Bad.tsx', `const R = await import('@dimforge/rapier3d-compat');`)).toHaveLength(1);
    expect(flags('src/view/Good.tsx', `import type { Battlefield } from '../battlefield';\nexport type { LosResult } from '../battlefield/types';`)).toEqual([]);
  });

  it('keeps rulesets apart and the app lazy about the battlefield', () => {
    expect(flags('src/rules/cobi/bad.ts', `import { deck } from '../kuularuisku/deck';`)).toHaveLength(1);
    expect(flags('src/rules/cobi/good.ts', `import { x } from './tables';\nimport type { Battlefield } from '../../battlefield';`)).toEqual([]);
    expect(flags('src/app/Bad.tsx', `import { createBattlefield } from '../battlefield';`)).toHaveLength(1);
    expect(flags('src/app/good.ts', `const { createBattlefield } = await import('../battlefield');`)).toEqual([]);
  });

  it('reads multi-line, type-only and dynamic imports', () => {
    const refs = findImports(`import {\n  a,\n  b,\n} from './x';\nimport type { T } from "./t";\nexport * from './y';\nconst m = import('./z');\nimport './side.css';`);
    expect(refs.map((r) => [r.specifier, r.typeOnly, r.dynamic])).toEqual([
      ['./x', false, false],
      ['./t', true, false],
      ['./y', false, false],
      ['./z', false, true],
      ['./side.css', false, false],
    ]);
  });
});
