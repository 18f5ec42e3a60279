// npm run bench:cli [scenario] [runs] [before-checkout] — a CLI call's start-up: the sources run by tsx
// (how `npm run cli` ran before; in another checkout when given, e.g. the main branch's) against the
// esbuild bundle scripts/cli.mjs runs, each a real process, interleaved. Prints median wall and CPU
// (user + system, the process and its children) per form; no pass/fail.
import { spawnSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';

const scenario = process.argv[2] ?? 'scenarios/sandbox/training-ground.json';
const RUNS = Number(process.argv[3] ?? 7);
const node = process.execPath;
const beforeRoot = process.argv[4] ?? '.';
const tsx = `${beforeRoot}/node_modules/.bin/tsx`;

/** The commands timed: a verb that builds no table (start-up alone), and one sight line (start-up and the table). */
const calls: Array<{ name: string; args: string[] }> = [
  { name: 'help', args: ['help'] },
  { name: 'los (one line)', args: ['los', scenario, '--from', '15,60', '--to', '65,60', '--json'] },
];
const forms: Array<{ name: string; argv: (args: string[]) => string[] }> = [
  { name: 'tsx src/cli/main.ts (before)', argv: (args) => [tsx, `${beforeRoot}/src/cli/main.ts`, ...args] },
  { name: 'node scripts/cli.mjs (bundle)', argv: (args) => [node, 'scripts/cli.mjs', ...args] },
  { name: 'npm run -s cli (bundle)', argv: (args) => ['npm', 'run', '-s', 'cli', '--', ...args] },
];

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** One call under bash's `time`: wall, user and system seconds of the call and everything it started. */
function timed(argv: string[]): { wall: number; cpu: number; out: string } {
  const script = `TIMEFORMAT='%R %U %S'; { time ${argv.map(quote).join(' ')} > "$OUTF" 2>/dev/null ; } 2>&1; cat "$OUTF" >&2`;
  const r = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, OUTF: `/dev/shm/sandtable-cli-bench-${process.pid}` } });
  const [wall, user, sys] = r.stdout.trim().split(/\s+/).map(Number);
  return { wall: wall!, cpu: user! + sys!, out: r.stderr };
}

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };

// Warm-up: builds the bundle if it is stale (not counted) and checks the forms answer alike (the
// sight line; the usage text may differ from another checkout's).
for (const c of calls) {
  const outs = forms.map((f) => timed(f.argv(c.args)).out).slice(c.args[0] === 'help' ? 1 : 0);
  if (outs.some((o) => o !== outs[0])) throw new Error(`${c.name}: the forms answer differently:\n${outs.join('\n---\n')}`);
}

console.log(`cli start-up, ${scenario}, ${RUNS} runs each, interleaved (load ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores)`);
for (const c of calls) {
  const samples = forms.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let i = 0; i < RUNS; i++) {
    forms.forEach((f, k) => {
      const t = timed(f.argv(c.args));
      samples[k]!.wall.push(t.wall);
      samples[k]!.cpu.push(t.cpu);
    });
  }
  const before = median(samples[0]!.cpu);
  console.log(`\n${c.name}:`);
  forms.forEach((f, k) => {
    const cpu = median(samples[k]!.cpu);
    console.log(`  ${f.name.padEnd(32)} wall ${median(samples[k]!.wall).toFixed(2)} s   cpu ${cpu.toFixed(2)} s   (${(before / cpu).toFixed(2)}× less cpu than before)`);
  });
}
