// The harness of the cards-program test: random legal games of each
// Kuularuisku scenario (the default player, fixed seeds), each handed to a check that counts what it
// compared; the counts over a scenario's games must reach every kind the test names.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import type { TableQueries } from '../../../src/core';
import { cachedTable, playableModule, playGame } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { parseScenarioOrThrow, type Scenario } from '../../../src/scenario';

export const SCENARIOS = ['scenarios/sandbox/training-ground.json', 'scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];

// Kuularuisku as it is played: its rules and the cards machine composed.
const played = playableModule(kuularuiskuModule);

/** A check of one finished game (its log: commands and events), counting what it compared. */
export type GameCheck = (g: GameSession<KSequenced>, scenario: Scenario, table: TableQueries) => Record<string, number>;

/** One test per scenario: `check` runs on each seed's finished game; every kind in `mustSee` counted at least once. */
export function describeOverRandomGames(title: string, testTitle: (seeds: number, file: string) => string, seeds: readonly number[], check: GameCheck, mustSee: readonly string[]): void {
  describe(title, () => {
    const bfs = new Map<string, Battlefield>();
    beforeAll(async () => {
      for (const file of SCENARIOS) bfs.set(file, await createBattlefield(parseScenarioOrThrow(readFileSync(file, 'utf8'), file)));
    });
    afterAll(() => { for (const bf of bfs.values()) bf.free(); });

    for (const file of SCENARIOS) {
      it(testTitle(seeds.length, file), () => {
        const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
        const total: Record<string, number> = {};
        for (const seed of seeds) {
          const table = cachedTable(bfs.get(file)!);
          const g = new GameSession({ ruleset: played.ruleset, scenario, table, seed });
          playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), { table });
          for (const [k, v] of Object.entries(check(g as unknown as GameSession<KSequenced>, scenario, table))) total[k] = (total[k] ?? 0) + v;
        }
        for (const k of mustSee) expect(total[k], k).toBeGreaterThan(0);
      }, 600_000);
    }
  });
}
