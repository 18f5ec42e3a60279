// The CLI's launcher (scripts/cli.mjs, `npm run cli`): the esbuild bundle it runs answers exactly as
// the sources do in-process, a plain-text batch through a real pipe included, a large answer arrives
// whole through a pipe, a table's sampled relief is kept for the next call (until the bundle is
// rebuilt), and the bundle is rebuilt once a file it was built from, or npm's lock file, is newer than it.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reliefKey } from '../../src/battlefield';
import { runCli } from '../../src/cli/commands';
import { TRAINING_GROUND, trainingGroundScenario } from '../battlefield/fixture';

const ROOT = join(import.meta.dirname, '../..');
const BUNDLE = join(ROOT, 'node_modules/.cache/sandtable-cli/sandtable-cli.mjs');
const INPUTS = join(ROOT, 'node_modules/.cache/sandtable-cli/inputs.json');
const RELIEFS = join(ROOT, 'node_modules/.cache/sandtable-cli/relief');

function launcher(args: string[], stdin = ''): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['scripts/cli.mjs', ...args], { cwd: ROOT });
    let out = '', err = '';
    p.stdout.on('data', (d: Buffer) => { out += d.toString('utf8'); });
    p.stderr.on('data', (d: Buffer) => { err += d.toString('utf8'); });
    p.on('error', reject);
    p.on('close', (code) => resolve({ code, out, err }));
    p.stdin.end(stdin);
  });
}

async function inProcess(argv: string[], stdin?: string): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const code = await runCli(argv, { out: (s) => { out += s; }, err: (s) => { err += s; }, ...(stdin === undefined ? {} : { input: async () => stdin }) });
  return { code, out, err };
}

describe('cli launcher (bundled)', () => {
  it('answers a sight line, a plain-text batch and a bad point exactly as the sources do', async () => {
    const cases: Array<[string[], string | undefined]> = [
      [['los', TRAINING_GROUND, '--from', '140,90,4', '--to', '62,90', '--json'], undefined],
      [['los', TRAINING_GROUND, '--text'], '15,60 65,60\n100,33,1,@-1 100,20\n15 65,60\n'],
      [['los', TRAINING_GROUND, '--from', '15,60,@-0.5', '--to', '65,60'], undefined],
    ];
    for (const [argv, stdin] of cases) {
      const bundled = await launcher(argv, stdin ?? '');
      const sources = await inProcess(argv, stdin);
      expect(bundled, argv.join(' ')).toEqual(sources);
    }
  });

  it('a batch answer far larger than a pipe\'s 64 KiB arrives whole through the pipe', async () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `${(i % 170) + 5},${(i * 7) % 110 + 5} 65,60,@${(i % 9) / 2}`);
    const r = await launcher(['los', TRAINING_GROUND], `${lines.join('\n')}\n`);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out.length).toBeGreaterThan(4 * 65_536);
    const answers = r.out.trimEnd().split('\n').map((l) => JSON.parse(l) as { line: number });
    expect(answers.map((a) => a.line)).toEqual(lines.map((_, i) => i + 1));
  });

  it('a call stores its table\'s sampled relief in the bundle build\'s folder, the next reads it and answers the same; a rebuild empties it', async () => {
    const args = ['los', TRAINING_GROUND, '--from', '15,60', '--to', '65,60', '--json'];
    const first = await launcher(args);
    expect(first.code).toBe(0);
    const folder = join(RELIEFS, String(Math.round(statSync(BUNDLE).mtimeMs)));
    expect(readdirSync(folder)).toContain(`${reliefKey(trainingGroundScenario())}.relief`);
    expect(await launcher(args)).toEqual(first);
    // A grid sampled by an older build's code is not read by the next build.
    utimesSync(BUNDLE, new Date(0), new Date(0));
    await launcher(['help']);
    expect(existsSync(folder)).toBe(false);
  });

  it('rebuilds the bundle when a file it was built from is newer than it', async () => {
    await launcher(['help']);
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8')) as string[];
    expect(inputs).toContain('src/cli/main.ts');
    expect(inputs).toContain('src/battlefield/battlefield.ts');
    // Made older than its sources: the next call must build it again before running it.
    utimesSync(BUNDLE, new Date(0), new Date(0));
    const r = await launcher(['help']);
    expect(r.out).toMatch(/^usage: npm run cli -- <verb>/);
    expect(statSync(BUNDLE).mtimeMs).toBeGreaterThan(statSync(join(ROOT, 'src/cli/main.ts')).mtimeMs);
  });

  it('rebuilds the bundle, which holds the packages, after an npm install (its lock file in node_modules newer than the bundle)', async () => {
    await launcher(['help']);
    const inputs = JSON.parse(readFileSync(INPUTS, 'utf8')) as string[];
    expect(inputs.some((p) => p.startsWith('node_modules/zod/'))).toBe(true);
    expect(inputs.some((p) => p.startsWith('node_modules/@dimforge/'))).toBe(false);
    const lock = join(ROOT, 'node_modules/.package-lock.json');
    const was = statSync(lock);
    const built = statSync(BUNDLE).mtimeMs;
    try {
      // An install just now, after the bundle was built.
      utimesSync(lock, was.atime, new Date(built + 2000));
      await launcher(['help']);
      expect(statSync(BUNDLE).mtimeMs).toBeGreaterThan(built);
    } finally {
      utimesSync(lock, was.atime, was.mtime);
    }
  });
});
