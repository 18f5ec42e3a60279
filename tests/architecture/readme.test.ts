// The README says what is: its Layout table names every folder the repository holds (a folder as a row,
// or as `sub/` in an ancestor's row) and no folder that is gone; docs and code carry no dated run logs,
// no session references and no /tmp paths.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

/** The repository's tracked files, relative to its root. */
function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).split('\0').filter(Boolean);
}

/** Every folder holding a tracked file, its ancestors included. */
export function foldersOf(files: readonly string[]): string[] {
  const out = new Set<string>();
  for (const f of files) {
    const parts = f.split('/').slice(0, -1);
    for (let i = 1; i <= parts.length; i++) out.add(parts.slice(0, i).join('/'));
  }
  return [...out].sort();
}

/** The Layout section's table rows: the folder each row names (`src/core`, `bench/` → `bench`) and the row's text. */
export function layoutRows(readme: string): Array<{ folder: string; text: string }> {
  const section = /^## Layout\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(readme);
  if (!section) throw new Error('README.md: no "## Layout" section');
  return section[1]!.split('\n').flatMap((line) => {
    const m = /^\|\s*`([^`]+)`\s*\|(.*)\|\s*$/.exec(line);
    return m ? [{ folder: m[1]!.replace(/\/$/, ''), text: m[2]! }] : [];
  });
}

/** Folders the rows do not cover: not a row, nor above one, nor named `rel/` in an ancestor's row. */
export function uncoveredFolders(folders: readonly string[], rows: ReadonlyArray<{ folder: string; text: string }>): string[] {
  const named = (text: string, rel: string) => new RegExp(`(?<![\\w/.-])${rel.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/`).test(text);
  return folders.filter((f) => !rows.some((r) => r.folder === f || r.folder.startsWith(`${f}/`) || (f.startsWith(`${r.folder}/`) && named(r.text, f.slice(r.folder.length + 1)))));
}

/** Lines that read like a run log or a note to oneself: calendar dates, work sessions, /tmp paths. */
export function hygieneProblems(file: string, text: string): string[] {
  const checks: Array<[RegExp, string]> = [
    [/\b20\d\d-\d\d-\d\d\b/, 'a calendar date'],
    [/\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? 20\d\d\b/, 'a calendar date'],
    [/\b(?:this|last|previous|next|earlier|later) (?:work )?session\b/i, 'a work session'],
    [/(?<![\w.-])\/tmp\//, 'a /tmp path'],
  ];
  return text.split('\n').flatMap((line, i) => checks.filter(([re]) => re.test(line)).map(([, what]) => `${file}:${i + 1}: ${what}: ${line.trim().slice(0, 120)}`));
}

describe('the README and the code say what is', () => {
  const files = trackedFiles();
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

  it('the Layout table covers every tracked folder, and names none that is gone', () => {
    const folders = foldersOf(files);
    expect(folders).toContain('src/rules/kuularuisku');
    const rows = layoutRows(readme);
    expect(uncoveredFolders(folders, rows), 'folders the README\'s Layout does not name').toEqual([]);
    expect(rows.map((r) => r.folder).filter((f) => !folders.includes(f)), 'Layout rows naming no tracked folder').toEqual([]);
  });

  it('no calendar dates, work sessions or /tmp paths in the README, docs, code, tests, benchmarks or scripts', () => {
    const text = files.filter((f) => /\.(md|ts|tsx|mts|js|mjs|cjs)$/.test(f) && !f.startsWith('tests/architecture/readme.test.ts'));
    const problems = text.flatMap((f) => hygieneProblems(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(problems).toEqual([]);
  });
});

describe('the README checks themselves', () => {
  const readme = '# X\n\n## Layout\n\n| folder | what |\n|---|---|\n| `src/view` | scene; `camera/`, `play/` |\n| `tests/` | `unit/`, `toys/rules/toya/` |\n\nmore\n\n## Next\n| `bench/` | not layout |\n';

  it('reads the rows of the Layout section only, trailing slashes dropped', () => {
    expect(layoutRows(readme).map((r) => r.folder)).toEqual(['src/view', 'tests']);
  });

  it('finds a folder neither a row nor named in an ancestor\'s row', () => {
    const rows = layoutRows(readme);
    const folders = foldersOf(['src/view/camera/a.ts', 'src/view/play/b.ts', 'src/view/tools/c.ts', 'tests/unit/d.ts', 'tests/toys/rules/toya/e.ts', 'tests/toys/f.ts', 'tests/cli/g.ts', 'bench/g.ts']);
    expect(uncoveredFolders(folders, rows)).toEqual(['bench', 'src/view/tools', 'tests/cli']);
  });

  it('flags dates, sessions and /tmp paths, not seeds or paths merely ending in tmp', () => {
    expect(hygieneProblems('a.ts', 'measured 2026-11-29\n// Seeds known (Nov 2026)\n// as the last session found\nconst f = "/tmp/x";')).toHaveLength(4);
    expect(hygieneProblems('a.ts', 'fc.assert(p, { seed: 20261129 });\nconst d = "bench/tmp/";\nconst s = new GameSession();\n// K-5.6 1918')).toEqual([]);
  });
});
