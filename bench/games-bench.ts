// npm run bench:games — headless full games per second per scenario with random legal play (the
// flow's random player over the ruleset's legal commands, real dice, real battlefield queries).
// Usage: npm run bench:games [-- --games N] [--workers N] [scenario files …] (bundled like the browser
// build, see run-bundled.mjs). Goal: ≥ 20 games/s.
//
// Two figures per scenario: one game after another in this process (the rate one game is played at),
// then the same seeds shared out to worker threads, one per core by default (what the machine
// plays in a batch: 200-seed test runs, many headless games). Both play the same games: the results
// must match, and the bench fails if they do not.
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playRandomGame } from '../src/flow';
import { GameSession } from '../src/game';
import { kuularuiskuRuleset } from '../src/rules';
import { parseScenarioOrThrow, type Scenario } from '../src/scenario';

interface GameResult { seed: number; commands: number; events: number; winner: string }

function player(scenario: Scenario, bf: Awaited<ReturnType<typeof createBattlefield>>) {
  return (seed: number): GameResult => {
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
    const r = playRandomGame(g, {
      seed: seed * 7919 + 1,
      // The kind of command first, then only the candidates of that kind are built (see LazyCandidates).
      groups: () => kuularuiskuRuleset.candidateGroups(g.state, { scenario, table }),
      unchecked: kuularuiskuRuleset.uncheckedTypes,
    });
    return { seed, commands: r.commands, events: g.events.length, winner: r.result ? r.result.winner ?? 'draw' : 'unfinished' };
  };
}

const loadScenario = (file: string) => parseScenarioOrThrow(readFileSync(file, 'utf8'), file);

if (!isMainThread) {
  // A worker: build the battlefield, play a warm-up game, say ready, then play the seeds it is sent.
  const { file } = workerData as { file: string };
  const scenario = loadScenario(file);
  const bf = await createBattlefield(scenario);
  const play = player(scenario, bf);
  play(0);
  parentPort!.on('message', (seed: number | null) => {
    if (seed === null) {
      bf.free();
      parentPort!.close();
      return;
    }
    parentPort!.postMessage(play(seed));
  });
  parentPort!.postMessage('ready');
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

  console.log(`Headless Kuularuisku games, random legal play, ${games} games per scenario (seeds 1…${games})`);
  // Wall time is what a player waits; CPU time is what the cores spend (the two differ on a busy machine).
  console.log(`${'scenario'.padEnd(26)} ${pad('games/s', 8)} ${pad('ms/game', 8)} ${pad('cpu ms', 7)} ${pad('cmds', 6)} ${pad('events', 7)}  results`);
  let mismatch = false;
  for (const file of scenarioFiles) {
    const scenario = loadScenario(file);
    const bf = await createBattlefield(scenario);
    const play = player(scenario, bf);
    play(0); // warm-up (JIT, caches)
    const results: GameResult[] = [];
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (let seed = 1; seed <= games; seed++) results.push(play(seed));
    const ms = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    bf.free();
    const sum = (k: 'commands' | 'events') => results.reduce((a, r) => a + r[k], 0);
    console.log(`${scenario.id.padEnd(26)} ${pad((games / (ms / 1000)).toFixed(1), 8)} ${pad((ms / games).toFixed(1), 8)} ${pad(((cpu.user + cpu.system) / 1000 / games).toFixed(1), 7)} ${pad(Math.round(sum('commands') / games), 6)} ${pad(Math.round(sum('events') / games), 7)}  ${tallyOf(results)}`);

    if (workers > 1) {
      const parallel = await playInWorkers(file, games, workers);
      const same = parallel.results.every((r) => {
        const one = results[r.seed - 1]!;
        return one.commands === r.commands && one.events === r.events && one.winner === r.winner;
      });
      if (!same) mismatch = true;
      const label = `  ${workers} workers`;
      console.log(`${label.padEnd(26)} ${pad((games / (parallel.ms / 1000)).toFixed(1), 8)} ${pad((parallel.ms / games).toFixed(1), 8)} ${pad('', 7)} ${pad('', 6)} ${pad('', 7)}  ${same ? 'same games' : 'DIFFERENT GAMES'} (×${(ms / parallel.ms).toFixed(2)} the one-process rate)`);
    }
  }
  if (mismatch) {
    console.error('The worker threads played different games from the same seeds: the games are not reproducible.');
    process.exitCode = 1;
  }
}

/** The same seeds shared out to `n` worker threads (each asks for the next seed when done); wall time from when all are warm. */
async function playInWorkers(file: string, games: number, n: number): Promise<{ ms: number; results: GameResult[] }> {
  const url = new URL(import.meta.url);
  const pool = Array.from({ length: Math.min(n, games) }, () => new Worker(url, { workerData: { file } }));
  const exited = pool.map((w) => new Promise((resolve) => w.once('exit', resolve)));
  await Promise.all(pool.map((w) => new Promise<void>((resolve, reject) => {
    w.once('error', reject);
    w.once('message', () => resolve());
  })));
  const results: GameResult[] = [];
  let next = 1;
  const t0 = performance.now();
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
  await Promise.all(exited);
  return { ms, results };
}
