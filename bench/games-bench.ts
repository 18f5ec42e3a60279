// npm run bench:games — headless full games per second per scenario with random legal play (the random
// player of the scenario's ruleset, from the registry, over its candidate commands, real dice, real
// battlefield queries). Usage: npm run bench:games [-- --games N] [--warmup N] [--workers N] [scenario files …]
// (any ruleset's; the default set is the sandbox training ground and the Kuularuisku scenarios; bundled like
// the browser build, see run-bundled.mjs). Goal: ≥ 20 games/s, every command sent to the session as the
// browser sends it (the sequence machine runs in the session's fold).
//
// Per scenario, first the warm-up: --warmup games (default 20, seeds of their own) played in a fresh
// process, printed as the cold rate. V8 compiles the hot rule code with TurboFan on a background thread
// for about the first 20 games (≈ 500 compilations); until it has, the rate is a third of the warm one.
// Then the measured games, one after another in this process (the rate games are played at once the
// code is compiled), then the same seeds shared out to worker threads, one per core by default, each
// warmed up the same way (what the machine plays in a batch: 200-seed test runs, many headless games).
// Both play the same games: the results must match, and the bench fails if they do not.
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playGame } from '../src/flow';
import { GameSession } from '../src/game';
import { parseScenarioOrThrow, type Scenario } from '../src/scenario';
import { benchRuleset } from './ruleset-player';

interface GameResult { seed: number; commands: number; events: number; winner: string }

function player(scenario: Scenario, bf: Awaited<ReturnType<typeof createBattlefield>>) {
  const { ruleset, player: playerFor } = benchRuleset(scenario);
  return (seed: number): GameResult => {
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset, scenario, table, seed });
    const r = playGame(g, playerFor(seed), { table });
    return { seed, commands: r.commands, events: g.events.length, winner: r.result ? r.result.winner ?? 'draw' : 'unfinished' };
  };
}

const loadScenario = (file: string) => parseScenarioOrThrow(readFileSync(file, 'utf8'), file);

/** Warm-up seeds: their own range, so the measured seeds 1…N are games the process has not played. */
function warmupSeeds(n: number): number[] {
  return Array.from({ length: n }, (_, i) => 100_001 + i);
}

if (!isMainThread) {
  // A worker (a fresh V8 isolate: nothing compiled yet): play the warm-up games and report their wall time,
  // then free that battlefield and build a fresh one, so the measured games find the JIT warm but no
  // terrain query memoised; say ready, then play the seeds it is sent.
  const { file, warmup } = workerData as { file: string; warmup: number };
  const scenario = loadScenario(file);
  let bf = await createBattlefield(scenario);
  let play = player(scenario, bf);
  const t0 = performance.now();
  for (const seed of warmupSeeds(warmup)) play(seed);
  const warmupMs = performance.now() - t0;
  bf.free();
  bf = await createBattlefield(scenario);
  play = player(scenario, bf);
  parentPort!.on('message', (seed: number | null) => {
    if (seed === null) {
      bf.free();
      parentPort!.close();
      return;
    }
    parentPort!.postMessage(play(seed));
  });
  parentPort!.postMessage({ warmupMs });
} else {
  await main();
}

async function main() {
  const args = process.argv.slice(2);
  const flag = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : undefined;
  };
  const games = flag('--games') ?? 30;
  const warmup = flag('--warmup') ?? 20;
  const workers = flag('--workers') ?? availableParallelism();
  const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  const scenarioFiles = files.length ? files : [
    'scenarios/sandbox/training-ground.json',
    ...readdirSync('scenarios/kuularuisku').filter((f) => f.endsWith('.json')).sort().map((f) => join('scenarios/kuularuisku', f)),
  ];
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const tallyOf = (rs: readonly GameResult[]) => {
    const t: Record<string, number> = {};
    for (const r of rs) t[r.winner] = (t[r.winner] ?? 0) + 1;
    return Object.entries(t).sort().map(([k, v]) => `${k} ${v}`).join(', ');
  };

  console.log(`Headless games, each scenario's ruleset, random legal play, ${games} games per scenario (seeds 1…${games}) after ${warmup} warm-up games`);
  // Wall time is what a player waits; CPU time is what the cores spend (the two differ on a busy machine:
  // V8's compiler and GC run on other threads).
  console.log(`${'scenario'.padEnd(26)} ${pad('games/s', 8)} ${pad('ms/game', 8)} ${pad('cpu ms', 7)} ${pad('cold/s', 7)} ${pad('cmds', 6)} ${pad('events', 7)}  results`);
  let mismatch = false;
  for (const file of scenarioFiles) {
    const id = loadScenario(file).id;
    // One game after another in one thread: the rate a game is played at.
    const one = await playInWorkers(file, games, 1, warmup);
    const results = [...one.results].sort((a, b) => a.seed - b.seed);
    const sum = (k: 'commands' | 'events') => results.reduce((a, r) => a + r[k], 0);
    const cold = warmup > 0 ? (warmup / (one.warmupMs / 1000)).toFixed(1) : '–';
    console.log(`${id.padEnd(26)} ${pad((games / (one.ms / 1000)).toFixed(1), 8)} ${pad((one.ms / games).toFixed(1), 8)} ${pad((one.cpuMs / games).toFixed(1), 7)} ${pad(cold, 7)} ${pad(Math.round(sum('commands') / games), 6)} ${pad(Math.round(sum('events') / games), 7)}  ${tallyOf(results)}`);


    if (workers > 1) {
      const parallel = await playInWorkers(file, games, workers, warmup);
      const same = parallel.results.every((r) => {
        const o = results[r.seed - 1]!;
        return o.commands === r.commands && o.events === r.events && o.winner === r.winner;
      });
      if (!same) mismatch = true;
      const label = `  ${workers} workers`;
      console.log(`${label.padEnd(26)} ${pad((games / (parallel.ms / 1000)).toFixed(1), 8)} ${pad((parallel.ms / games).toFixed(1), 8)} ${pad('', 7)} ${pad('', 7)} ${pad('', 6)} ${pad('', 7)}  ${same ? 'same games' : 'DIFFERENT GAMES'} (×${(one.ms / parallel.ms).toFixed(2)} the one-thread rate)`);
    }
  }
  if (mismatch) {
    console.error('The worker threads played different games from the same seeds: the games are not reproducible.');
    process.exitCode = 1;
  }
}

/**
 * The seeds 1…games shared out to `n` worker threads (each asks for the next seed when done), each
 * warmed up first; wall time from when all are warm, and the first worker's warm-up time.
 */
async function playInWorkers(file: string, games: number, n: number, warmup: number): Promise<{ ms: number; cpuMs: number; warmupMs: number; results: GameResult[] }> {
  const url = new URL(import.meta.url);
  const pool = Array.from({ length: Math.min(n, games) }, () => new Worker(url, { workerData: { file, warmup } }));
  const exited = pool.map((w) => new Promise((resolve) => w.once('exit', resolve)));
  const warm = await Promise.all(pool.map((w) => new Promise<number>((resolve, reject) => {
    w.once('error', reject);
    w.once('message', (m: { warmupMs: number }) => resolve(m.warmupMs));
  })));
  const results: GameResult[] = [];
  let next = 1;
  const t0 = performance.now();
  // All of the process's threads (the workers, V8's compiler and GC threads) while the measured games run.
  const c0 = process.cpuUsage();
  await Promise.all(pool.map((w) => new Promise<void>((resolve, reject) => {
    const feed = () => {
      if (next > games) {
        w.postMessage(null);
        resolve();
        return;
      }
      w.postMessage(next++);
    };
    w.on('message', (r: GameResult) => {
      results.push(r);
      feed();
    });
    w.on('error', reject);
    feed();
  })));
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  await Promise.all(exited);
  return { ms, cpuMs: (cpu.user + cpu.system) / 1000, warmupMs: warm[0]!, results };
}
