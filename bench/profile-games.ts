// Games of one scenario played in this thread, as bench:games plays them (random legal play, the sequence
// machine in the session's fold), with a CPU or allocation profile of the measured games only (not the warm-up games).
// Usage: node bench/run-bundled.mjs bench/profile-games.ts [--games N] [--warmup N] [--profile FILE.cpuprofile]
// [--heap FILE.heapprofile] [scenario file]. Both open in Chrome's DevTools; bundled, so their lines are the bundle's.
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playableModule, playGame } from '../src/flow';
import { GameSession } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { parseScenarioOrThrow } from '../src/scenario';

const { ruleset } = playableModule(RULESET_MODULES.kuularuisku);
const player = RULESET_MODULES.kuularuisku.player;
const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : undefined;
};
const games = flag('--games') ?? 20;
const warmup = flag('--warmup') ?? 10;
const named = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const profile = named('--profile');
const heap = named('--heap');
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'scenarios/kuularuisku/kalevankangas.json';
const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
const bf = await createBattlefield(scenario);
const table = cachedTable(bf);
const play = (seed: number) => {
  const g = new GameSession({ ruleset, scenario, table, seed });
  return playGame(g, player({ seed: seed * 7919 + 1, draw: 'groups' }), { table });
};
for (let s = 0; s < warmup; s++) play(100_001 + s);
const inspector = profile || heap ? new Session() : undefined;
if (inspector) inspector.connect();
if (inspector && profile) {
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
  await inspector.post('Profiler.start');
}
// Where the measured games allocate (a .heapprofile, sampled every 32 kB), for the collector's share.
if (inspector && heap) await inspector.post('HeapProfiler.startSampling', { samplingInterval: 32_768, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
const t0 = performance.now();
const c0 = process.cpuUsage();
let commands = 0;
for (let s = 1; s <= games; s++) commands += play(s).commands;
const ms = performance.now() - t0;
const cpu = process.cpuUsage(c0);
if (inspector && profile) {
  const { profile: p } = await inspector.post('Profiler.stop');
  writeFileSync(profile, JSON.stringify(p));
}
if (inspector && heap) {
  const { profile: p } = await inspector.post('HeapProfiler.stopSampling');
  writeFileSync(heap, JSON.stringify(p));
}
inspector?.disconnect();
console.log(`${scenario.id}: ${games} games, ${(ms / games).toFixed(1)} ms/game wall, ${((cpu.user + cpu.system) / 1000 / games).toFixed(1)} ms/game cpu, ${Math.round(commands / games)} commands/game`);
bf.free();
