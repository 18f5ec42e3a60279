// Random legal play with a purpose (src/rules/kuularuisku/purpose.ts): the random player heads for
// each side's K-GAP-1 objectives, so that the fight for them happens in the random games the soak
// relies on. Fixed seeds (the games are deterministic): what random play reaches today, a regression
// floor rather than a statistic.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playRandomGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import { kuularuiskuRuleset, type KGameState } from '../../src/rules';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const SEEDS = [1, 2, 3, 4];

describe('random play heads for the objectives (Kalevankangas, brief K1)', () => {
  let scenario: Scenario;
  let table: Battlefield;
  beforeAll(async () => {
    scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
    table = await createBattlefield(scenario);
  });
  afterAll(() => table.free());

  it(`K-GAP-1 in seeds ${SEEDS.join(', ')} a fighting White soldier reaches O1 (the east gate, 5 cm) at least once, and the Reds win at least once`, () => {
    const o1 = scenario.objectives!.find((o) => o.id === 'O1')!;
    const reached: number[] = [];
    const winners: string[] = [];
    for (const seed of SEEDS) {
      const cached = cachedTable(table);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table: cached, seed });
      let there = false;
      const r = playRandomGame(g, {
        seed: seed * 7919 + 1,
        groups: () => kuularuiskuRuleset.candidateGroups(g.state, { scenario, table: cached }),
        unchecked: kuularuiskuRuleset.uncheckedTypes,
        onCommand: () => {
          if (there) return;
          const s = g.state as KGameState;
          // K-GAP-1 objectiveHolder's test: a soldier (not seriously wounded) of a unit still fighting, within the radius in plan.
          there = Object.values(s.figures).some((f) => f.side === 'white' && !f.removed && f.condition !== 'dead' && f.condition !== 'serious'
            && !['routing', 'surrendered', 'withdrawn', 'destroyed'].includes(s.units[f.unitId]?.status ?? 'destroyed')
            && Math.hypot(f.at[0] - o1.at[0], f.at[1] - o1.at[1]) <= o1.radius + f.baseRadius);
        },
      });
      if (there) reached.push(seed);
      winners.push(r.result?.winner ?? 'draw');
    }
    expect(reached.length).toBeGreaterThan(0);
    expect(winners).toContain('red');
  }, 120_000);
});
