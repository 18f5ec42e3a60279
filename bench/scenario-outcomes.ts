// How random legal games of a scenario end: wins per side, by which victory condition, and on which
// turn — the figures a scenario designer weighs (random play is not a player: read them as a floor).
// Usage: npx tsx bench/scenario-outcomes.ts [--games N] [--options JSON] scenario.json …
// (seeds 1…N, the player seeded as in bench/game-hashes.ts; default 200 games).
import { readFileSync } from 'node:fs';
import { createBattlefield } from '../src/battlefield';
import { cachedTable, playableModule, playGame } from '../src/flow';
import { GameSession, type GameOptions } from '../src/game';
import { RULESET_MODULES } from '../src/rules';
import { parseScenarioOrThrow } from '../src/scenario';

const { ruleset } = playableModule(RULESET_MODULES.kuularuisku);
const player = RULESET_MODULES.kuularuisku.player;

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const games = Number(flag('--games') ?? 200);
const options = flag('--options') ? (JSON.parse(flag('--options')!) as GameOptions) : undefined;
const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!files.length) {
  console.error('usage: npx tsx bench/scenario-outcomes.ts [--games N] [--options JSON] scenario.json …');
  process.exit(2);
}

for (const file of files) {
  const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
  const bf = await createBattlefield(scenario);
  const bySide: Record<string, number> = {};
  const byEnd: Record<string, number> = {};
  for (let seed = 1; seed <= games; seed++) {
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset, scenario, table, seed, options });
    const r = playGame(g, player({ seed: seed * 7919 + 1, draw: 'groups' }), { table });
    const winner = r.result ? r.result.winner ?? 'draw' : 'unfinished';
    bySide[winner] = (bySide[winner] ?? 0) + 1;
    const end = [...g.events].reverse().find((e) => e.type === 'GAME_ENDED') as { text?: string } | undefined;
    // The condition's text up to its first colon or full stop names the tier ("White minor win: …").
    const why = (end?.text ?? r.result?.reason ?? '?').replace(/^[^:]*wins?: /, '').split(/[:.—]/)[0]!.trim();
    const key = `${winner} T${(g.state as { seq: { round: number } }).seq.round} ${why}`;
    byEnd[key] = (byEnd[key] ?? 0) + 1;
  }
  bf.free();
  console.log(`${scenario.id}: ${games} random legal games${options ? ` with options ${JSON.stringify(options)}` : ''}`);
  console.log(`  wins: ${Object.entries(bySide).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
  for (const [k, v] of Object.entries(byEnd).sort((a, b) => b[1] - a[1])) console.log(`  ${String(v).padStart(4)}  ${k}`);
}
