// npm run bench:games — headless full games per second per scenario with random legal play (the
// flow's random player over the ruleset's legal commands, real dice, real battlefield queries).
// Usage: npm run bench:games [-- --games N] [scenario files …] (bundled like the browser build, see
// run-bundled.mjs). Goal: ≥ 20 games/s.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playRandomGame } from '../src/flow';
import { GameSession } from '../src/game';
import { kuularuiskuRuleset } from '../src/rules';
import { parseScenarioOrThrow } from '../src/scenario';

const args = process.argv.slice(2);
const gamesFlag = args.indexOf('--games');
const games = gamesFlag >= 0 ? Number(args[gamesFlag + 1]) : 30;
const files = args.filter((a, i) => !a.startsWith('--') && (gamesFlag < 0 || i !== gamesFlag + 1));
const scenarioFiles = files.length ? files : [
  'scenarios/sandbox/training-ground.json',
  ...readdirSync('scenarios/kuularuisku').filter((f) => f.endsWith('.json')).sort().map((f) => join('scenarios/kuularuisku', f)),
];

const pad = (s: string | number, n: number) => String(s).padStart(n);

console.log(`Headless Kuularuisku games, random legal play, ${games} games per scenario (seeds 1…${games})`);
// Wall time is what a player waits; CPU time is what one core spends (the two differ on a busy machine).
console.log(`${'scenario'.padEnd(26)} ${pad('games/s', 8)} ${pad('ms/game', 8)} ${pad('cpu ms', 7)} ${pad('cmds', 6)} ${pad('events', 7)}  results`);
for (const file of scenarioFiles) {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  const bf = await createBattlefield(scenario);
  const play = (seed: number) => {
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
    const r = playRandomGame(g, {
      seed: seed * 7919 + 1,
      // The kind of command first, then only the candidates of that kind are built (see LazyCandidates).
      groups: () => kuularuiskuRuleset.candidateGroups(g.state, { scenario, table }),
      unchecked: kuularuiskuRuleset.uncheckedTypes,
    });
    return { commands: r.commands, events: g.events.length, winner: r.result ? r.result.winner ?? 'draw' : 'unfinished' };
  };
  play(0); // warm-up (JIT, caches)
  const results: Record<string, number> = {};
  let commands = 0;
  let events = 0;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let seed = 1; seed <= games; seed++) {
    const r = play(seed);
    commands += r.commands;
    events += r.events;
    const key = r.winner ?? 'draw';
    results[key] = (results[key] ?? 0) + 1;
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  bf.free();
  const tally = Object.entries(results).map(([k, v]) => `${k} ${v}`).join(', ');
  console.log(`${scenario.id.padEnd(26)} ${pad((games / (ms / 1000)).toFixed(1), 8)} ${pad((ms / games).toFixed(1), 8)} ${pad(((cpu.user + cpu.system) / 1000 / games).toFixed(1), 7)} ${pad(Math.round(commands / games), 6)} ${pad(Math.round(events / games), 7)}  ${tally}`);
}
