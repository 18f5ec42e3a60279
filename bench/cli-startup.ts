// npm run bench:cli [scenario] [runs] [before-checkout] — whole CLI calls, each a real process: `help`
// (start-up alone), one `los` line, and a batch of 1,000 lines in one `los` call. The bundle of this
// checkout (`node scripts/cli.mjs`, and through `npm run -s cli`) against "before": another checkout's
// bundle when given (e.g. a worktree of the main branch), else this checkout's sources run by tsx.
// The bundle run bare, without the launcher's folder of sampled reliefs, shows what that store saves.
// Interleaved runs; prints median wall and CPU (user + system, the process and its children) per form
// and the ratio to "before"; no pass/fail. Every form must print the same answers.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { randomStream } from '../src/view/noise';

const scenario = process.argv[2] ?? 'scenarios/sandbox/training-ground.json';
const RUNS = Number(process.argv[3] ?? 7);
const beforeRoot = process.argv[4] === undefined ? undefined : resolve(process.argv[4]);
const BATCH_LINES = 1000;
const node = process.execPath;

const dir = mkdtempSync(join(tmpdir(), 'sandtable-cli-bench-'));
const outFile = join(dir, 'out');

/**
 * Plain-text batch lines, points inside x 0–120 and z 0–100 cm (on every shipped table): eyes,
 * heights above the surface and absolute heights, seeded.
 */
function batchLines(): string {
  const r = randomStream(16);
  const point = () => {
    const x = (r() * 120).toFixed(1), z = (r() * 100).toFixed(1);
    const k = r();
    return k < 0.5 ? `${x},${z}` : k < 0.8 ? `${x},${z},@${(0.5 + r() * 3).toFixed(2)}` : `${x},${z},=${(8 + r() * 6).toFixed(2)}`;
  };
  const lines: string[] = [];
  for (let i = 0; i < BATCH_LINES; i++) lines.push(`${point()} ${point()}`);
  return `${lines.join('\n')}\n`;
}
const linesFile = join(dir, 'lines.txt');
writeFileSync(linesFile, batchLines());

/** The commands timed: a verb that builds no table (start-up alone), one sight line, and a batch (the table built once). */
const calls: Array<{ name: string; args: string[] }> = [
  { name: 'help', args: ['help'] },
  { name: 'los (one line)', args: ['los', scenario, '--from', '15,60', '--to', '65,60', '--json'] },
  { name: `los (${BATCH_LINES} lines, --lines)`, args: ['los', scenario, '--lines', linesFile] },
];
const forms: Array<{ name: string; argv: (args: string[]) => string[] }> = [
  beforeRoot
    ? { name: 'before: node CHECKOUT/scripts/cli.mjs', argv: (args) => [node, join(beforeRoot, 'scripts/cli.mjs'), ...args] }
    : { name: 'before: tsx src/cli/main.ts', argv: (args) => ['node_modules/.bin/tsx', 'src/cli/main.ts', ...args] },
  // The same bundle run without the launcher's relief folder: every call samples its relief.
  { name: 'bundle, relief sampled each call', argv: (args) => ['env', '-u', 'SANDTABLE_RELIEF_CACHE', node, 'node_modules/.cache/sandtable-cli/sandtable-cli.mjs', ...args] },
  { name: 'node scripts/cli.mjs (bundle)', argv: (args) => [node, 'scripts/cli.mjs', ...args] },
  { name: 'npm run -s cli (bundle)', argv: (args) => ['npm', 'run', '-s', 'cli', '--', ...args] },
];

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One call under bash's `time`: wall, user and system seconds of the call and everything it started. */
function timed(argv: string[]): { wall: number; cpu: number; out: string } {
  const script = `TIMEFORMAT='%R %U %S'; { time ${argv.map(quote).join(' ')} > "$OUTF" 2>/dev/null ; } 2>&1; cat "$OUTF" >&2`;
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, OUTF: outFile } });
  const [wall, user, sys] = r.stdout.trim().split(/\s+/).map(Number);
  return { wall: wall!, cpu: user! + sys!, out: r.stderr };
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

try {
  // Warm-up: builds the bundles if stale (not counted) and checks the forms answer alike (the
  // sight lines; the usage text may differ from another checkout's).
  for (const c of calls) {
    const outs = forms.map((f) => timed(f.argv(c.args)).out).slice(c.args[0] === 'help' ? 1 : 0);
    if (!outs[0]!.trim() || outs.some((o) => o !== outs[0])) throw new Error(`${c.name}: the forms answer differently (or not at all):\n${outs.map((o) => o.slice(0, 2000)).join('\n---\n')}`);
  }

  console.log(`cli calls, ${scenario}, ${RUNS} runs each, interleaved (load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
  for (const c of calls) {
    const samples = forms.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
    for (let i = 0; i < RUNS; i++) {
      forms.forEach((f, k) => {
        const t = timed(f.argv(c.args));
        samples[k]!.wall.push(t.wall);
        samples[k]!.cpu.push(t.cpu);
      });
    }
    const beforeCpu = median(samples[0]!.cpu), beforeWall = median(samples[0]!.wall);
    console.log(`\n${c.name}:`);
    forms.forEach((f, k) => {
      const cpu = median(samples[k]!.cpu), wall = median(samples[k]!.wall);
      const ratios = k === 0 ? '' : `   before/this: cpu × ${(beforeCpu / cpu).toFixed(2)}, wall × ${(beforeWall / wall).toFixed(2)}`;
      console.log(`  ${f.name.padEnd(40)} wall ${wall.toFixed(2)} s   cpu ${cpu.toFixed(2)} s${ratios}`);
    });
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
