// Random legal play with a purpose (src/rules/kuularuisku/purpose.ts): the random player heads for
// each side's K-GAP-1 objectives, so that the fight for them happens in the random games the soak
// relies on. Fixed seeds (the games are deterministic): what random play reaches today, a regression
// floor rather than a statistic.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import { GameSession } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { actionWeight, attacks, distanceToGoal, enemyWithin, gainWeight, unitGoal } from '../../src/rules/kuularuisku/player/purpose';
import { setupRead } from '../rules/kuularuisku/reading';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const SEEDS = [1, 2, 3, 4];
// Kuularuisku as it is played: the rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

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
      const r = playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), {
        table: cached,
        onCommand: () => {
          if (there) return;
          const s = rulesTable(g.state as KSequenced);
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

describe('random play: the attacking side presses on to its objectives (purpose.ts)', () => {
  const load = async (file: string) => {
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const table = await createBattlefield(scenario);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 1 });
    return { scenario, table, s: rulesTable(g.state as KSequenced) };
  };

  it('K-GAP-1 the side with "hold" conditions of its own attacks; the side that wins by default defends', async () => {
    for (const file of ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json']) {
      const { table } = await load(file);
      expect(attacks(table, 'white')).toBe(true);
      expect(attacks(table, 'red')).toBe(false);
      table.free();
    }
  }, 60_000);

  it('an attacking unit far from its objective with no enemy near is weighted to advance (fast move over shooting); a long move toward the goal outweighs a short one by more than its length', async () => {
    const { table, s } = await load('scenarios/kuularuisku/kalevankangas.json');
    const white = Object.values(s.units).filter((u) => u.side === 'white' && (distanceToGoal(s, table, u.id) ?? 0) > 20 && !enemyWithin(s, u.id, 25));
    expect(white.length).toBeGreaterThan(0);
    for (const u of white) expect(actionWeight(s, table, u.id, 'fast-move')).toBeGreaterThan(actionWeight(s, table, u.id, 'shoot'));
    expect(gainWeight(20) / gainWeight(10)).toBeGreaterThan(2);
    expect(gainWeight(1)).toBe(1);
    table.free();
  }, 60_000);

  it('K-3.3a Tammerkoski: every White unit east of the rapids has a way to its objective over a crossing; with the bridge span blown the way goes round by the dam, and a unit by the dam heads for the objective just over it', async () => {
    const { table, s } = await load('scenarios/kuularuisku/tammerkoski.json');
    const blown: KGameState = { ...s, special: { ...s.special!, destroyed: ['bridge-demolition'] } };
    const east = Object.values(s.units).filter((u) => u.side === 'white');
    let finite = 0;
    for (const u of east) {
      const d = distanceToGoal(s, table, u.id);
      const db = distanceToGoal(blown, table, u.id);
      if (d === undefined || db === undefined) continue;
      finite++;
      expect(db).toBeGreaterThanOrEqual(d - 1e-6);
    }
    expect(finite).toBeGreaterThan(2);
    // The squad starting by the dam (south, x ≈ 136, z ≈ 22): the felt factory lies over the dam.
    expect(unitGoal(blown, table, 'w_sq3')?.id).toBe('obj_felt_factory');
    expect(distanceToGoal(blown, table, 'w_sq3')).toBeLessThan(200);
    // Special rule "demolition": while the charge stands, some White unit heads for it (to remove it and keep the bridge); once blown, none.
    const whites = Object.values(s.units).filter((u) => u.side === 'white').map((u) => u.id);
    expect(whites.some((id) => unitGoal(s, table, id)?.id === 'remove:bridge-demolition')).toBe(true);
    expect(whites.some((id) => unitGoal(blown, table, id)?.id.startsWith('remove:'))).toBe(false);
    table.free();
  }, 60_000);
});
