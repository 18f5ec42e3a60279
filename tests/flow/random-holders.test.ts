// Random play's goal choice asks who holds each goal (purpose.ts goalHolders): the victory check's
// objectiveHolders (K-GAP-1), with each unit's part kept while its records stay the same objects.
// Here both are asked on every state of recorded random games (the 1918 scenarios, each side's goals)
// and must agree — a unit part kept too long (a stale answer) would show as a difference.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { goalHolders, goalsOf, type Goal } from '../../src/rules/kuularuisku/player/purpose';
import { objectiveHolders } from '../../src/rules/kuularuisku/activation/victory';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { setupRead } from '../rules/kuularuisku/reading';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const FILES = ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json'];

describe('purpose.ts goalHolders = objectiveHolders (K-GAP-1) on recorded games', () => {
  for (const file of FILES) {
    it(`${file.split('/').pop()}: every state of two random games, each side's goals and all objectives`, async () => {
      const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      const bf = await createBattlefield(scenario);
      try {
        let states = 0, held = 0;
        for (const seed of [1, 2]) {
          const table = cachedTable(bf);
          const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
          const s0 = rulesTable(g.state as KSequenced);
          // Each side's goals, every objective as a goal of its own radius, and as an outline (a square
          // twice as wide: K-GAP-1 'inside', which the scenarios' own conditions do not name).
          const objectives = scenario.objectives ?? [];
          const square = (x: number, z: number, r: number): Array<[number, number]> => [[x - r, z - r], [x + r, z - r], [x + r, z + r], [x - r, z + r]];
          const lists: Goal[][] = [
            ...s0.sides.map((x) => goalsOf(table, x.id)),
            objectives.map((o) => ({ id: o.id, polygons: [], at: [o.at[0], o.at[1]], radius: o.radius })),
            objectives.map((o) => ({ id: o.id, polygons: [square(o.at[0], o.at[1], 2 * o.radius + 5)], at: [o.at[0], o.at[1]], radius: o.radius })),
          ];
          const check = () => {
            const s = rulesTable(g.state as KSequenced);
            for (const goals of lists) {
              const want = objectiveHolders(s, goals.map((x) => ({ at: x.at, radius: x.radius, inside: x.polygons })));
              expect(goalHolders(s, goals)).toEqual(want);
              held += want.filter((h) => h !== null).length;
            }
            states++;
          };
          check();
          playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), { table, onCommand: check });
        }
        expect(states).toBeGreaterThan(200);
        // The games do put soldiers on the objectives (the comparison is not only of empty answers).
        expect(held).toBeGreaterThan(0);
      } finally {
        bf.free();
      }
    }, 120_000);
  }

  it('a soldier moved onto an objective in a new figure record, his unit record unchanged: the new holder (no stale unit part)', async () => {
    const file = FILES[0]!;
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const bf = await createBattlefield(scenario);
    try {
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table: cachedTable(bf), seed: 1 });
      const s0 = rulesTable(g.state as KSequenced);
      const o = scenario.objectives![0]!;
      const goals: Goal[] = [{ id: o.id, polygons: [], at: [o.at[0], o.at[1]], radius: o.radius }];
      const plain = (s: KGameState) => objectiveHolders(s, [{ at: o.at, radius: o.radius }]);
      expect(goalHolders(s0, goals)).toEqual(plain(s0));
      // A fighting soldier of a fighting squad of each side in turn, put on the objective (for a side not
      // holding it alone already, which changes the holder; a lone leader holds nothing at Kalevankangas).
      let changed = 0;
      for (const side of s0.sides) {
        const u = Object.values(s0.units).find((x) => x.side === side.id && x.kind !== 'leader' && x.status !== 'routing' && x.figures.some((id) => !s0.figures[id]!.removed))!;
        const f = s0.figures[u.figures.find((id) => !s0.figures[id]!.removed)!]!;
        const s1: KGameState = { ...s0, figures: { ...s0.figures, [f.id]: { ...f, at: [o.at[0], o.at[1]] } } };
        if (JSON.stringify(plain(s1)) === JSON.stringify(plain(s0))) continue;
        changed++;
        expect(goalHolders(s1, goals)).toEqual(plain(s1));
        // And back: the first state's records again.
        expect(goalHolders(s0, goals)).toEqual(plain(s0));
      }
      expect(changed).toBeGreaterThan(0);
    } finally {
      bf.free();
    }
  }, 60_000);
});
