// enemyNear (special-play.ts, hidden-units K-5.2a) remembers its answer per unit for the figures record
// and member list it was worked out from; here it is asked on every state of a random Tammerkoski game
// (and on the state before, in alternation, at two distances) and must answer as its plain form.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import type { KGameState } from '../../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../../src/scenario';
import { enemyNear, enemyNearPlain } from '../../../src/rules/kuularuisku/special-play';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { setupRead } from './reading';
import { rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

describe('enemyNear = enemyNearPlain', () => {
  it('every state of a random Tammerkoski game, every unit, the state before asked in between', async () => {
    const file = 'scenarios/kuularuisku/tammerkoski.json';
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const bf = await createBattlefield(scenario);
    try {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 5 });
      let before = rulesTable(g.state as KSequenced);
      let states = 0, near = 0, far = 0;
      const same = (s: KGameState) => {
        for (const id in s.units) {
          const u = s.units[id]!;
          for (const within of [10, 40, 10]) {
            const plain = enemyNearPlain(s, u, within);
            expect(enemyNear(s, u, within)).toBe(plain);
            if (plain) near++; else far++;
          }
        }
      };
      const check = () => {
        const s = rulesTable(g.state as KSequenced);
        same(s);
        same(before);
        same(s);
        before = s;
        states++;
      };
      check();
      playGame(g, kuularuiskuModule.player({ seed: 5 * 7919 + 1, draw: 'groups' }), { table, onCommand: check });
      expect(states).toBeGreaterThan(200);
      expect(near).toBeGreaterThan(0);
      expect(far).toBeGreaterThan(0);
    } finally {
      bf.free();
    }
  }, 180_000);
});
