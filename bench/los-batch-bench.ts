// npm run bench:los [scenario] [lines] — `cli los` with many sight lines in one call (--lines FILE)
// against single calls, in this process (the table built once vs once per line) and as real
// processes (start-up included). Prints the figures and the ratio; no pass/fail.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createBattlefield, type Battlefield } from '../src/battlefield';
import { runCli } from '../src/cli/commands';
import { answerLines } from '../src/cli/los';
import { loadScenarioFile } from '../src/cli/cli-io';
import { randomStream } from '../src/view/noise';

const scenarioFile = process.argv[2] ?? 'scenarios/kuularuisku/kalevankangas.json';
const LINES = Number(process.argv[3] ?? 1000);
const SINGLES = 5;
const now = () => performance.now();
/** This process's CPU time (user + system), ms: what the work cost, whatever else the machine runs. */
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };

/** The project's seeded stream (mulberry32), so every run asks the same lines. */
const rng = randomStream;

/** A random point in one of the CLI's forms: a floor (and height) inside a building, else eye, @height or =y. */
function randomPoint(bf: Battlefield, r: () => number): string {
  const { width, depth } = bf.scenario.table;
  const x = Math.round(r() * width * 10) / 10;
  const z = Math.round(r() * depth * 10) / 10;
  const b = bf.buildingAt(x, z);
  if (b) {
    const floor = Math.floor(r() * b.levels.length);
    return r() < 0.5 ? `${x},${z},${floor}` : `${x},${z},${floor},@${(0.5 + r() * 2).toFixed(2)}`;
  }
  const k = r();
  if (k < 0.5) return `${x},${z}`;
  if (k < 0.8) return `${x},${z},@${(0.5 + r() * 3).toFixed(2)}`;
  return `${x},${z},=${(bf.groundHeight(x, z) + 0.5 + r() * 10).toFixed(2)}`;
}

const quiet = { out: () => {}, err: () => {} };
let outBytes = 0;
const counting = { out: (s: string) => { outBytes += s.length; }, err: (s: string) => process.stderr.write(s) };

const dir = mkdtempSync(join(tmpdir(), 'sandtable-los-bench-'));
try {
  // The lines (and Rapier's start-up, once per process, out of the timings below).
  const probe = await createBattlefield(loadScenarioFile(scenarioFile));
  const r = rng(16);
  const lines: Array<{ from: string; to: string }> = [];
  for (let i = 0; i < LINES; i++) lines.push({ from: randomPoint(probe, r), to: randomPoint(probe, r) });
  const file = join(dir, 'lines.jsonl');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

  // The lines alone on a table already built: the part that grows with the batch.
  const body = `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
  await answerLines(probe, body, file, quiet); // warm-up: the JIT's first pass over the line code
  const t0 = now();
  const c0 = cpu();
  const answered = await answerLines(probe, body, file, quiet);
  const linesOnly = now() - t0;
  const linesOnlyCpu = cpu() - c0;
  probe.free();

  // One batch call, in-process: read the file, build the table, answer every line, print.
  const tb = now();
  const cb = cpu();
  const code = await runCli(['los', scenarioFile, '--lines', file], counting);
  const batch = now() - tb;
  const batchCpu = cpu() - cb;

  // Single calls, in-process: each reads the scenario and builds its table for one line.
  const singles: number[] = [];
  const singlesCpu: number[] = [];
  for (let i = 0; i < SINGLES; i++) {
    const l = lines[i]!;
    const ts = now();
    const cs = cpu();
    await runCli(['los', scenarioFile, '--from', l.from, '--to', l.to, '--json'], quiet);
    singles.push(now() - ts);
    singlesCpu.push(cpu() - cs);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const single = median(singles);
  const singleCpu = median(singlesCpu);

  // The same as real processes, start-up (node, the bundled CLI, Rapier) included; the first call
  // builds the bundle if it is stale, out of the timings.
  const cli = (args: string[]) => spawnSync(process.execPath, ['scripts/cli.mjs', ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  cli(['help']);
  const tp = now();
  const proc = cli(['los', scenarioFile, '--lines', file]);
  const batchProcess = now() - tp;
  const tq = now();
  cli(['los', scenarioFile, '--from', lines[0]!.from, '--to', lines[0]!.to, '--json']);
  const singleProcess = now() - tq;
  const procLines = proc.stdout.split('\n').filter(Boolean).length;

  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log(`scenario ${scenarioFile}, ${LINES} sight lines (${answered.refused.length} refused), exit ${code}, ${(outBytes / 1024).toFixed(0)} KiB of JSON lines`);
  console.log(`in this process (wall clock, and CPU time; load average ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} cores):`);
  console.log(`  lines alone, table built:   ${ms(linesOnly)}, CPU ${ms(linesOnlyCpu)} (${((linesOnly / LINES) * 1000).toFixed(0)} µs a line)`);
  console.log(`  one batch call:             ${ms(batch)}, CPU ${ms(batchCpu)} (table built once)`);
  console.log(`  one single call:            ${ms(single)}, CPU ${ms(singleCpu)} (median of ${SINGLES}; a table built for one line)`);
  console.log(`  ${LINES} single calls:          ${ms(single * LINES)} (estimated: ${LINES} × the median)`);
  console.log(`  ratio, singles / batch:     ${((single * LINES) / batch).toFixed(0)} × (CPU ${((singleCpu * LINES) / batchCpu).toFixed(0)} ×)`);
  console.log('as processes (node + the bundled CLI + Rapier start-up included):');
  console.log(`  batch call:                 ${ms(batchProcess)} (${procLines} answer lines, exit ${proc.status})`);
  console.log(`  single call:                ${ms(singleProcess)}`);
  console.log(`  ratio, ${LINES} singles / batch: ${((singleProcess * LINES) / batchProcess).toFixed(0)} ×`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
