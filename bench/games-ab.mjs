// Whole games of this checkout against a baseline checkout (another worktree, e.g. of main), both in
// this one process and thread, game by game in turn (A B, B A, …): on a shared, busy machine both
// builds meet the same load, so their ratio holds where two separate runs' figures do not. Each tree's
// code is bundled as bench:games bundles it (run-bundled.mjs) and plays as bench:games does (random
// legal play, each as the browser sends commands), on its own battlefield, memos and JIT.
// Usage: node bench/games-ab.mjs --baseline DIR [--games N] [--warmup N] [scenario files …]
// (DIR: the baseline checkout's root, with its node_modules installed.) Prints per scenario both
// builds' ms/game (wall and this process's CPU), the ratio this/baseline, and whether the games match.
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const named = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const baseline = named('--baseline');
if (!baseline) {
  console.error('usage: node bench/games-ab.mjs --baseline DIR [--games N] [--warmup N] [scenario files …]');
  process.exit(2);
}
const games = Number(named('--games') ?? 30);
const warmup = Number(named('--warmup') ?? 15);
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const scenarioFiles = files.length ? files : readdirSync('scenarios/kuularuisku').filter((f) => f.endsWith('.json')).sort().map((f) => join('scenarios/kuularuisku', f));

// One game of a scenario on a battlefield, as bench:games plays it (the same seeds, the same player).
const ENTRY = `
import { readFileSync } from 'node:fs';
import { createBattlefield } from './src/battlefield';
import { cachedTable, playableModule, playGame } from './src/flow';
import { GameSession } from './src/game';
import { RULESET_MODULES } from './src/rules';
import { parseScenarioOrThrow } from './src/scenario';
// A registered module as it is played (a sequenced one composed with its machine). A baseline whose
// modules still carry a flow adapter (its turn machine) plays through it, as its browser did; this
// tree's have none, and playGame sends straight to the session.
const { ruleset, flow } = playableModule(RULESET_MODULES.kuularuisku);
const player = RULESET_MODULES.kuularuisku.player;
export async function open(file) {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  const bf = await createBattlefield(scenario);
  const table = cachedTable(bf);
  return {
    play(seed) {
      const g = new GameSession({ ruleset, scenario, table, seed });
      const r = playGame(g, player({ seed: seed * 7919 + 1, draw: 'groups' }), { table, flow });
      return { commands: r.commands, events: g.events.length, winner: r.result ? r.result.winner ?? 'draw' : 'unfinished' };
    },
    free: () => bf.free(),
  };
}
`;

/** The games module of the checkout at `root`, bundled under its node_modules (its packages resolve from there). */
async function load(root) {
  const dir = join(root, 'node_modules', '.cache', 'sandtable-bench');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `games-ab-${process.pid}.mjs`);
  await build({ stdin: { contents: ENTRY, resolveDir: root, sourcefile: 'games-ab-entry.ts', loader: 'ts' }, outfile: out, bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(out, { force: true });
  }
}

const builds = [
  { name: 'baseline', mod: await load(resolve(baseline)) },
  { name: 'this', mod: await load(resolve('.')) },
];

/** One game timed: wall and CPU ms (this process: the thread, and V8's compiler and collector threads). */
function timed(run, seed) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const r = run(seed);
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { r, ms, cpu: (c.user + c.system) / 1000 };
}

console.log(`This checkout against ${resolve(baseline)}: ${games} games per scenario (seeds 1…${games}) after ${warmup} warm-up games each, in turn`);
console.log(`${'scenario'.padEnd(16)} ${'base ms'.padStart(8)} ${'this ms'.padStart(8)} ${'ratio'.padStart(6)}  ${'base cpu'.padStart(8)} ${'this cpu'.padStart(8)} ${'ratio'.padStart(6)}  games`);
let differ = false;
for (const file of scenarioFiles) {
  const tables = [];
  for (const b of builds) tables.push(await b.mod.open(file));
  // Warm-up seeds of their own (as bench:games): the JIT of both builds compiled before the measured games.
  for (let i = 0; i < warmup; i++) for (const t of tables) t.play(100_001 + i);
  const sum = [{ ms: 0, cpu: 0 }, { ms: 0, cpu: 0 }];
  let same = true;
  for (let seed = 1; seed <= games; seed++) {
    // Each build first in every other game: neither always meets the other's leftovers (GC, caches).
    const order = seed % 2 ? [0, 1] : [1, 0];
    const got = [];
    for (const k of order) {
      const g = timed((s) => tables[k].play(s), seed);
      sum[k].ms += g.ms;
      sum[k].cpu += g.cpu;
      got[k] = g.r;
    }
    if (got[0].commands !== got[1].commands || got[0].events !== got[1].events || got[0].winner !== got[1].winner) same = false;
  }
  for (const t of tables) t.free();
  if (!same) differ = true;
  const f = (x) => (x / games).toFixed(1).padStart(8);
  const id = file.split('/').pop().replace(/\.json$/, '');
  console.log(`${id.padEnd(16)} ${f(sum[0].ms)} ${f(sum[1].ms)} ${(sum[1].ms / sum[0].ms).toFixed(3).padStart(6)}  ${f(sum[0].cpu)} ${f(sum[1].cpu)} ${(sum[1].cpu / sum[0].cpu).toFixed(3).padStart(6)}  ${same ? 'same' : 'DIFFERENT'}`);
}
if (differ) console.log('Some games differ between the builds (expected only where a change is meant to change games).');
