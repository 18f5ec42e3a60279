// K-5.1a / K-5.2 / K-AMB-6 evaluateTarget's verdict mode (what resolveShooting asks: a refusal's rule and
// text only) against the plain search over every SHOOT of random games at Tammerkoski: the same valid
// option, the same refusal — including "out of range of every soldier who sees it", settled early there.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import { evaluateTarget } from '../../../src/rules/kuularuisku/visibility';
import { parseScenarioOrThrow } from '../../../src/scenario';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const FILE = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
let bf: Battlefield;
beforeAll(async () => { bf = await createBattlefield(scenario); });
afterAll(() => bf.free());

describe('evaluateTarget verdict mode', () => {
  it('gives the plain answer to every SHOOT of random games', () => {
    const seen: Record<string, number> = {};
    for (let seed = 1; seed <= 3; seed++) {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed });
      const dispatch = g.dispatch.bind(g);
      (g as { dispatch: typeof dispatch }).dispatch = (c) => {
        const cmd = c as { type: string; unitId?: string; targetId?: string; spotter?: string };
        const s = (g.state as KSequenced).table;
        if (cmd.type === 'SHOOT' && cmd.unitId && typeof cmd.targetId === 'string' && s.units[cmd.targetId]) {
          const plain = evaluateTarget(s, cmd.unitId, cmd.targetId, { table }, cmd.spotter);
          const fast = evaluateTarget(s, cmd.unitId, cmd.targetId, { table }, cmd.spotter, true);
          if (plain.valid) expect(fast).toEqual(plain);
          else expect(fast.reason).toEqual(plain.reason);
          const k = plain.valid ? 'ok' : plain.reason!.text.includes('every soldier') ? 'out of range of seers' : plain.reason!.rule;
          seen[k] = (seen[k] ?? 0) + 1;
        }
        return dispatch(c);
      };
      playGame(g, kuularuiskuModule.player({ seed: seed * 7919 + 1, draw: 'groups' }), { table });
    }
    expect(seen.ok).toBeGreaterThan(10);
    expect(seen['out of range of seers']).toBeGreaterThan(0); // the early refusal was met
  }, 120_000);
});
