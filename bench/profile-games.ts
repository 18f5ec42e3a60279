// Games of one scenario played in this thread, as bench:games plays them (random legal play, the flow
// machines in the loop), with a CPU profile of the measured games only (the warm-up games left out).
// Usage: node bench/run-bundled.mjs bench/profile-games.ts [--games N] [--warmup N] [--profile FILE] [scenario file]
// FILE (.cpuprofile) opens in Chrome's DevTools; bundled, so its lines are the bundle's.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playGame } from '../src/flow';
import { GameSession } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { parseScenarioOrThrow } from '../src/scenario';

const { ruleset, player, flow } = RULESET_MODULES.kuularuisku;
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const games = flag('--games') ?? 20;
const warmup = flag('--warmup') ?? 10;
const profile = (() => {
  const i = args.indexOf('--profile');
  return i >= 0 ? args[i + 1] : undefined;
})();
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
const bf = await createBattlefield(scenario);
const table = cachedTable(bf);
const play = (seed: number) => {
  const g = new GameSession({ ruleset, scenario, table, seed });
  return playGame(g, player({ seed: seed * 7919 + 1, draw: 'groups' }), { table, flow });
};
for (let s = 0; s < warmup; s++) play(100_001 + s);
const inspector = profile ? new Session() : undefined;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.post('Profiler.start');
}
const t0 = performance.now();
const c0 = process.cpuUsage();
let commands = 0;
for (let s = 1; s <= games; s++) commands += play(s).commands;
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
if (inspector && profile) {
  const { profile: p } = await inspector.post('Profiler.stop');
  writeFileSync(profile, JSON.stringify(p));
  inspector.disconnect();
}
console.log(`${scenario.id}: ${games} games, ${(ms / games).toFixed(1)} ms/game wall, ${((cpu.user + cpu.system) / 1000 / games).toFixed(1)} ms/game cpu, ${Math.round(commands / games)} commands/game`);
bf.free();
