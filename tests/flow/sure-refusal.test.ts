// Random play drops a picked move or shot without dispatching it when its group's sureRefusal says
// the rules would refuse it (src/rules/kuularuisku/purpose-refusals.ts, runsIntoWall in purpose.ts).
// That must only ever be a real refusal: every command found so is checked here against the rules'
// own decision on the same state.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { SeededDice } from '../../src/core';
import { cachedTable, playRandomGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import { kuularuiskuRuleset, type KGameState } from '../../src/rules';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';

describe('sure refusals of random play are the rules\' refusals (Kalevankangas)', () => {
  let scenario: Scenario;
  let table: Battlefield;
  beforeAll(async () => {
    scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
    table = await createBattlefield(scenario);
  });
  afterAll(() => table.free());

  it('K-2.4, K-5.5e, K-WPN-10, K-5.3b, K-4.0: each command sureRefusal drops is refused by decide on the same state', () => {
    const found: Record<string, number> = {};
    const wrong: string[] = [];
    for (const seed of [1, 2, 3]) {
      const cached = cachedTable(table);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table: cached, seed });
      playRandomGame(g, {
        seed: seed * 7919 + 1,
        groups: () => {
          const s = g.state as KGameState;
          return kuularuiskuRuleset.candidateGroups(s, { scenario, table: cached }).map((grp) => {
            const sure = grp.sureRefusal;
            if (!sure) return grp;
            return {
              ...grp,
              sureRefusal: (c: Parameters<typeof sure>[0]) => {
                const yes = sure(c);
                if (yes) {
                  const r = kuularuiskuRuleset.decide(s, c, { scenario, table: cached, dice: new SeededDice(1) });
                  if (r.ok) wrong.push(JSON.stringify(c));
                  else found[`${c.type} ${r.rule}`] = (found[`${c.type} ${r.rule}`] ?? 0) + 1;
                }
                return yes;
              },
            };
          });
        },
        unchecked: kuularuiskuRuleset.uncheckedTypes,
      });
    }
    expect(wrong).toEqual([]);
    // The state-only refusals do come up in these games (a seriously wounded soldier nobody carries, an MG that fired).
    expect(Object.keys(found).some((k) => k.startsWith('MOVE K-5.5e') || k.startsWith('MOVE K-WPN'))).toBe(true);
  }, 240_000);
});
