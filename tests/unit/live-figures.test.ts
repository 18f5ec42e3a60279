// liveFigures (table.ts) remembers one list per list of figure ids for the two latest figures records; here
// it is asked on every state of random games (and on the state before, and in alternation) and must
// give the same figures in the same order as its plain form — a list kept too long would differ.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { liveFigures, liveFiguresPlain } from '../../src/rules/kuularuisku/table';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { setupRead } from '../rules/kuularuisku/reading';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

describe('liveFigures = liveFiguresPlain', () => {
  it('every state of a random Kalevankangas game, each unit by record and by id, the state before asked in between', async () => {
    const file = 'scenarios/kuularuisku/kalevankangas.json';
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const bf = await createBattlefield(scenario);
    try {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 3 });
      let before = rulesTable(g.state as KSequenced);
      let states = 0, differ = 0;
      const same = (s: KGameState) => {
        for (const id in s.units) {
          const u = s.units[id]!;
          expect(liveFigures(s, u)).toEqual(liveFiguresPlain(s, u));
          expect(liveFigures(s, id)).toEqual(liveFiguresPlain(s, id));
        }
      };
      const check = () => {
        const s = rulesTable(g.state as KSequenced);
        same(s);
        same(before);
        same(s);
        // A unit whose figures changed between the two states (the memo must not hand the old list on).
        for (const id in s.units) if (liveFiguresPlain(s, id).length !== liveFiguresPlain(before, id).length) differ++;
        before = s;
        states++;
      };
      check();
      playGame(g, kuularuiskuModule.player({ seed: 3 * 7919 + 1, draw: 'groups' }), { table, onCommand: check });
      expect(states).toBeGreaterThan(200);
      expect(differ).toBeGreaterThan(0);
      expect(liveFigures(before, 'no such unit')).toEqual([]);
    } finally {
      bf.free();
    }
  }, 120_000);
});
