// Final state hashes of random legal games (3 scenarios × 20 seeds), the check that a refactor kept
// every game: `npx tsx bench/game-hashes.ts record FILE` plays them and writes hashes and command logs;
// `npx tsx bench/game-hashes.ts check FILE` plays the same seeds again (same player) and also replays
// each recorded command log through the rules, printing every game whose hash differs. A log recorded
// before the rules asked the owner's decisions replays with the default answer for each (game/missing-answers.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playGame } from '../src/flow';
import { GameSession, answerMissingDecisions, type Command } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { parseScenarioOrThrow } from '../src/scenario';

const { ruleset: kuularuiskuRuleset, player: kuularuiskuPlayer, flow: kuularuiskuFlow } = RULESET_MODULES.kuularuisku;

const SCENARIOS = ['scenarios/sandbox/training-ground.json', 'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

interface Game { scenario: string; seed: number; hash: string; winner: string; commands: Command[] }

async function playAll(): Promise<Game[]> {
  const out: Game[] = [];
  for (const file of SCENARIOS) {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const bf = await createBattlefield(scenario);
    for (const seed of SEEDS) {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
      const r = playGame(g, kuularuiskuPlayer({ seed: seed * 7919 + 1, draw: 'groups' }), { table, flow: kuularuiskuFlow });
      out.push({ scenario: file, seed, hash: g.stateHash(), winner: r.result?.winner ?? 'draw', commands: g.log.map((e) => e.command) });
    }
    bf.free();
  }
  return out;
}

async function replay(game: Game): Promise<string> {
  const scenario = parseScenarioOrThrow(readFileSync(game.scenario, 'utf8'), game.scenario);
  const bf = await createBattlefield(scenario);
  const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table: cachedTable(bf), seed: game.seed });
  for (const c of game.commands) {
    // Logs recorded before the owner's decisions were asked lack the answers: the default stands in (as for old saves).
    answerMissingDecisions(g, c);
    // Logs recorded before commands carried their side: each is sent by the side to act when it comes.
    const r = g.dispatch(g.withSideToAct(c as never));
    if (!r.ok) { bf.free(); return `refused ${c.type}: ${r.reason}`; }
  }
  if (g.stateHash() !== game.hash) answerMissingDecisions(g);
  const h = g.stateHash();
  bf.free();
  return h;
}

const [mode, file] = process.argv.slice(2);
if (!file || (mode !== 'record' && mode !== 'check')) {
  console.error('usage: tsx bench/game-hashes.ts record|check FILE');
  process.exit(2);
}
if (mode === 'record') {
  const games = await playAll();
  writeFileSync(file, JSON.stringify(games));
  for (const g of games) console.log(`${g.scenario} seed ${g.seed}: ${g.hash} ${g.winner} (${g.commands.length} commands)`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8')) as Game[];
  const now = await playAll();
  let played = 0;
  let replayed = 0;
  for (const [i, b] of before.entries()) {
    const n = now[i]!;
    if (n.hash !== b.hash) { played++; console.log(`played differs: ${b.scenario} seed ${b.seed}: ${b.hash} → ${n.hash} (${b.winner} → ${n.winner})`); }
    const r = await replay(b);
    if (r !== b.hash) { replayed++; console.log(`replay differs: ${b.scenario} seed ${b.seed}: ${b.hash} → ${r}`); }
  }
  console.log(`${before.length} games: ${played} played differently, ${replayed} replayed differently`);
}
