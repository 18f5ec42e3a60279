// Final state hashes of random legal games (3 scenarios × 20 seeds), the check that a refactor kept
// every game: `npx tsx bench/game-hashes.ts record FILE [scenario files …]` plays them (by default the
// three below; any ruleset's scenarios, each played with its ruleset from the registry) and writes hashes
// and command logs; `npx tsx bench/game-hashes.ts check FILE` plays the games the file holds again (same
// scenarios, seeds and player) and also replays each recorded command log through the rules, printing
// every game whose hash differs. A log recorded before the rules asked the owner's decisions replays
// with the default answer for each (game/missing-answers.ts).
// Each game also stores a hash of its event log (each event's type, rule and text, in order): it names no
// field of the state, so a change that only moves state fields keeps it while the state hashes change.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playGame } from '../src/flow';
import { GameSession, answerMissingDecisions, type Command } from '../src/game';
import { parseScenarioOrThrow } from '../src/scenario';
import { benchRuleset } from './ruleset-player';

const SCENARIOS = ['scenarios/sandbox/training-ground.json', 'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];
const SEEDS = Array.from({ length: 20 }, (_, i) => i + 1);

interface Game { scenario: string; seed: number; hash: string; events?: string; winner: string; commands: Command[] }

/** The hash of what the game told its players: every event's type, rule and text, in order (no state shape). */
function eventsHash(g: { events: ReadonlyArray<{ type: string; rule?: unknown; text?: unknown }> }): string {
  const h = createHash('sha256');
  for (const e of g.events) h.update(`${e.type}\u0000${String(e.rule ?? '')}\u0000${String(e.text ?? '')}\n`);
  return h.digest('hex').slice(0, 16);
}

/** The games of these scenario files and seeds, each scenario's seeds in the order given. */
async function playAll(games: ReadonlyArray<{ scenario: string; seed: number }>): Promise<Game[]> {
  const out: Game[] = [];
  const files = [...new Set(games.map((g) => g.scenario))];
  for (const file of files) {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const { ruleset, player } = benchRuleset(scenario);
    const bf = await createBattlefield(scenario);
    for (const { seed } of games.filter((g) => g.scenario === file)) {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset, scenario, table, seed });
      const r = playGame(g, player(seed), { table });
      out.push({ scenario: file, seed, hash: g.stateHash(), events: eventsHash(g), winner: r.result?.winner ?? 'draw', commands: g.log.map((e) => e.command) });
    }
    bf.free();
  }
  return out;
}

async function replay(game: Game): Promise<{ hash: string; events: string }> {
  const scenario = parseScenarioOrThrow(readFileSync(game.scenario, 'utf8'), game.scenario);
  const bf = await createBattlefield(scenario);
  const g = new GameSession({ ruleset: benchRuleset(scenario).ruleset, scenario, table: cachedTable(bf), seed: game.seed });
  for (const c of game.commands) {
    // Logs recorded before the owner's decisions were asked lack the answers: the default stands in (as for old saves).
    answerMissingDecisions(g, c);
    // Logs recorded before commands carried their side: each is sent by the side to act when it comes.
    const r = g.dispatch(g.withSideToAct(c as never));
    if (!r.ok) { bf.free(); return { hash: `refused ${c.type}: ${r.reason}`, events: '' }; }
  }
  if (g.stateHash() !== game.hash) answerMissingDecisions(g);
  const h = { hash: g.stateHash(), events: eventsHash(g) };
  bf.free();
  return h;
}

const [mode, file, ...scenarioFiles] = process.argv.slice(2);
if (!file || (mode !== 'record' && mode !== 'check') || (mode === 'check' && scenarioFiles.length)) {
  console.error('usage: tsx bench/game-hashes.ts record FILE [scenario files …] | check FILE');
  process.exit(2);
}
if (mode === 'record') {
  const scenarios = scenarioFiles.length ? scenarioFiles : SCENARIOS;
  const games = await playAll(scenarios.flatMap((scenario) => SEEDS.map((seed) => ({ scenario, seed }))));
  writeFileSync(file, JSON.stringify(games));
  for (const g of games) console.log(`${g.scenario} seed ${g.seed}: ${g.hash} events ${g.events} ${g.winner} (${g.commands.length} commands)`);
} else {
  const before = JSON.parse(readFileSync(file, 'utf8')) as Game[];
  const now = new Map((await playAll(before)).map((g) => [`${g.scenario}#${g.seed}`, g]));
  // A baseline with event hashes: a game is the same when it gives the same events (the state's shape may
  // have moved); the state hashes are then reported apart. Without them, the state hash decides.
  const byEvents = before.every((b) => b.events !== undefined);
  let played = 0;
  let replayed = 0;
  let statesMoved = 0;
  for (const b of before) {
    const n = now.get(`${b.scenario}#${b.seed}`)!;
    const r = await replay(b);
    if (byEvents) {
      if (n.events !== b.events || n.commands.length !== b.commands.length) { played++; console.log(`played differs: ${b.scenario} seed ${b.seed}: events ${b.events} → ${n.events} (${b.winner} → ${n.winner})`); }
      if (r.events !== b.events) { replayed++; console.log(`replay differs: ${b.scenario} seed ${b.seed}: events ${b.events} → ${r.events}${r.events ? '' : ` (${r.hash})`}`); }
      if (n.hash !== b.hash || r.hash !== b.hash) statesMoved++;
    } else {
      if (n.hash !== b.hash) { played++; console.log(`played differs: ${b.scenario} seed ${b.seed}: ${b.hash} → ${n.hash} (${b.winner} → ${n.winner})`); }
      if (r.hash !== b.hash) { replayed++; console.log(`replay differs: ${b.scenario} seed ${b.seed}: ${b.hash} → ${r.hash}`); }
    }
  }
  console.log(`${before.length} games: ${played} played differently, ${replayed} replayed differently`);
  if (byEvents) console.log(`(compared by event log; ${statesMoved} games' final state hashes differ — the state's shape, not its play)`);
}
