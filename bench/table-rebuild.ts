// npm run bench:tables [runs] — a table built again for a game (the app's table for a game's options, a
// new game, the CLI's tables for several options), with the relief sampled afresh ("before": the relief
// cache cleared first) against the relief cache holding the file's grid ("after"), interleaved in this
// process. Prints the medians of the relief sampling and of the whole build (createBattlefieldNow),
// and their ratio; no pass/fail.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { cachedRelief, clearReliefCache, createBattlefieldNow, sampleRelief } from '../src/battlefield';
import { scenarioWithOptions } from '../src/game';
import { kuularuiskuRuleset } from '../src/rules/kuularuisku/ruleset';
import { parseScenarioOrThrow, type Scenario } from '../src/scenario';

const RUNS = Number(process.argv[2] ?? 9);
const load = (f: string): Scenario => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);
const played = (s: Scenario, rules: Record<string, boolean>) => scenarioWithOptions(kuularuiskuRuleset, s, { rules });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const kalevankangas = load('scenarios/kuularuisku/kalevankangas.json');
const tammerkoski = load('scenarios/kuularuisku/tammerkoski.json');
const training = load('scenarios/sandbox/training-ground.json');
/** The file's table, then the one built again: same ground, or ground changed (a miss either way "before"). */
const CASES: Array<{ name: string; file: Scenario; again: Scenario }> = [
  { name: 'training ground, a new game', file: training, again: load('scenarios/sandbox/training-ground.json') },
  { name: 'Kalevankangas, a new game', file: kalevankangas, again: load('scenarios/kuularuisku/kalevankangas.json') },
  { name: 'Tammerkoski, belfry off (K-3.0a)', file: tammerkoski, again: played(tammerkoski, { 'opt-old-church-belfry': false }) },
  { name: 'Kalevankangas, embankment off (K-3.0a)', file: kalevankangas, again: played(kalevankangas, { 'opt-rail-embankment': false }) },
];

function timeBuild(c: (typeof CASES)[number], cached: boolean): { relief: number; build: number } {
  clearReliefCache();
  if (cached) cachedRelief(c.file); // the file's table was built first
  let t = performance.now();
  if (cached) cachedRelief(c.again);
  else sampleRelief(c.again);
  const relief = performance.now() - t;
  clearReliefCache();
  if (cached) cachedRelief(c.file);
  t = performance.now();
  createBattlefieldNow(c.again).free();
  return { relief, build: performance.now() - t };
}

console.log(`Table built again for a game, ${RUNS} interleaved runs (load ${loadavg()[0]!.toFixed(1)}); medians:`);
console.log('  case                                       relief before  after      build before  after    ratio');
for (const c of CASES) {
  const before: Array<{ relief: number; build: number }> = [];
  const after: typeof before = [];
  timeBuild(c, false); // warm-up: the sampler's and builder's code compiled
  for (let i = 0; i < RUNS; i++) {
    before.push(timeBuild(c, false));
    after.push(timeBuild(c, true));
  }
  const rb = median(before.map((x) => x.relief)), ra = median(after.map((x) => x.relief));
  const bb = median(before.map((x) => x.build)), ba = median(after.map((x) => x.build));
  console.log(`  ${c.name.padEnd(42)} ${rb.toFixed(1).padStart(8)} ms ${ra.toFixed(1).padStart(6)} ms ${bb.toFixed(1).padStart(11)} ms ${ba.toFixed(1).padStart(6)} ms ${(bb / ba).toFixed(2).padStart(6)}×`);
}
