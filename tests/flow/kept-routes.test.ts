// Random play's kept routes (player/kept-routes.ts, K-4.0 the way toward a goal): the way kept for a
// soldier's place is the one route works out afresh, asked again at later states (the same place
// array while he stands still, a new one once he moves) and at other lengths; a way kept under a
// wrong key would show as a different way.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../src/battlefield';
import type { Vec2 } from '../../src/core';
import { cachedTable, playGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import { type KGameState, kuularuiskuRuleset } from '../../src/rules/kuularuisku/engine';
import { kuularuiskuPlayer } from '../../src/rules/kuularuisku/player';
import { parseScenarioOrThrow } from '../../src/scenario';
import { KeptRoutes } from '../../src/rules/kuularuisku/player/kept-routes';
import { type Field, fieldOf, goalsOf, route } from '../../src/rules/kuularuisku/player/purpose';

describe('KeptRoutes (K-4.0 a soldier\'s way toward a goal kept while he stands still)', () => {
  it('plans once per field, soldier, start array and length (several lengths kept); a new array or field plans again', () => {
    const asked: string[] = [];
    const kept = new KeptRoutes<{ id: string }>((f, from, length) => {
      asked.push(`${f.id} ${from.join(',')} ${length}`);
      return [from, [from[0] + length, from[1]]];
    });
    const a = { id: 'a' }, b = { id: 'b' };
    const p: Vec2 = [1, 2];
    const first = kept.get(a, 'f1', p, 10);
    expect(kept.get(a, 'f1', p, 10)).toBe(first);
    expect(kept.get(a, 'f1', [1, 2], 10)).toEqual(first); // the same numbers in a new array: asked again
    expect(kept.get(b, 'f1', p, 10)).toEqual(first);
    const moved: Vec2 = [1, 2];
    expect(kept.get(a, 'f1', p, 5)).toEqual([p, [6, 2]]); // p again: its ways by length are gone with the new array
    expect(kept.get(a, 'f1', p, 10)).toEqual(first);
    expect(kept.get(a, 'f1', moved, 10)).toEqual(first);
    expect(kept.get(a, 'f1', moved, 5)).toBe(kept.get(a, 'f1', moved, 5));
    expect(kept.get(a, 'f1', moved, 10)).toBe(kept.get(a, 'f1', moved, 10));
    expect(asked).toEqual(['a 1,2 10', 'a 1,2 10', 'b 1,2 10', 'a 1,2 5', 'a 1,2 10', 'a 1,2 10', 'a 1,2 5']);
  });

  it('kalevankangas.json: the kept ways of a random game\'s soldiers equal route worked out afresh', async () => {
    const file = 'scenarios/kuularuisku/kalevankangas.json';
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const bf = await createBattlefield(scenario);
    try {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 5 });
      const kept = new KeptRoutes<Field>(route);
      let moves = 0, compared = 0;
      playGame(g, kuularuiskuPlayer({ seed: 5 * 7919 + 1, draw: 'groups' }), {
        table,
        maxCommands: 400,
        // After every fourth move, every soldier's way toward each of his side's goals, at two lengths.
        onCommand: (c) => {
          if (c.type !== 'MOVE' || ++moves % 4) return;
          const s = g.state as KGameState;
          for (const side of s.sides) {
            for (const goal of goalsOf(table, side.id)) {
              const field = fieldOf(s, table, goal);
              for (const f of Object.values(s.figures)) {
                if (f.unitId && s.units[f.unitId]?.side !== side.id) continue;
                for (const length of [28.8, 9.6]) {
                  const before = kept.get(field, f.id, f.at, length);
                  expect(kept.get(field, f.id, f.at, length)).toBe(before);
                  expect(before).toEqual(route(field, f.at, length));
                  compared++;
                }
              }
            }
          }
        },
      });
      expect(compared).toBeGreaterThan(500);
    } finally {
      bf.free();
    }
  }, 240_000);
});
