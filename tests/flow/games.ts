// Whole games in Node: random legal commands to the end under many seeds, with the invariants of
// invariants.ts after every command and at the end (shared by the games-*.test.ts files).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import { GameSession } from '../../src/game';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { gameViolations, placementViolations, sequenceViolations } from './invariants';
import { setupRead } from '../rules/kuularuisku/reading';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

/** SANDTABLE_GAME_SEEDS=200 runs the full soak on every scenario (npm run test:games). */
export const SOAK = Number(process.env.SANDTABLE_GAME_SEEDS ?? 0);

export const KUULARUISKU_SCENARIOS = readdirSync('scenarios/kuularuisku').filter((f) => f.endsWith('.json')).sort().map((f) => join('scenarios/kuularuisku', f));

/** Random legal games on one scenario for seeds from..to; every `replayEvery`-th save is replayed in full. */
export function describeGames(file: string, from: number, to: number, replayEvery = 1, expectEvents: readonly string[] = []): void {
  describe(`random legal games on ${file}, seeds ${from}–${to}`, () => {
    let scenario: Scenario;
    let table: Battlefield;

    beforeAll(async () => {
      scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      table = await createBattlefield(scenario);
    });
    afterAll(() => table.free());

    it(`K-2.0b, K-5.5, K-7.4a, K-GAP-1: ${to - from + 1} seeds end, keep the invariants and replay from their saves`, () => {
      const problems: string[] = [];
      const winners: Record<string, number> = {};
      const seen = new Set<string>();
      for (let seed = from; seed <= to; seed++) {
        const cached = cachedTable(table);
        const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table: cached, seed });
        // Most seeds pick among the player's cheap candidates (the rules refuse what does not fit),
        // built group by group as the benchmark does (odd seeds) or all at once (even seeds); every
        // twentieth picks only among the rules' legal commands and the moves they accept (checkedCommands),
        // each of which the rules must then accept.
        const checked = seed % 20 === 0;
        const draw = checked ? 'checked' : seed % 2 ? 'groups' : 'list';
        // After every command the rules and the cards machine must agree on the step (invariants.ts).
        const r = playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw }), {
          table: cached,
          onCommand: (_c, events) => {
            for (const p of placementViolations(rulesTable(g.state as KSequenced), table, events)) problems.push(`seed ${seed}: ${p}`);
            for (const p of sequenceViolations(kuularuiskuModule.sequence as never, g as never)) problems.push(`seed ${seed}: ${p}`);
          },
        });
        // The full save replay (every roll and sight line again) for every `replayEvery`-th seed;
        // every seed checks its log, its fold and its state.
        for (const p of gameViolations(g as never, scenario, cached, kuularuiskuRuleset as never, seed % replayEvery === 0)) problems.push(`seed ${seed}: ${p}`);
        for (const e of g.events) seen.add(e.type);
        const w = r.result?.winner ?? 'draw';
        winners[w] = (winners[w] ?? 0) + 1;
        if (problems.length > 20) break;
      }
      expect(problems).toEqual([]);
      // The scenario's special rules happen in random play (e.g. a preparation barrage, a bridge blown).
      expect(expectEvents.filter((t) => !seen.has(t))).toEqual([]);
      expect(Object.values(winners).reduce((a, b) => a + b, 0)).toBe(to - from + 1);
    }, Math.max(60_000, (to - from + 1) * 3_000));
  });
}
