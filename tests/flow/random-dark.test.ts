// K-5.2a under Tammerkoski's night rule (turns 1–4, sight limited to 30 cm except onto lit areas): a shot
// whose every pair of an able firer and a target soldier is farther apart in plan than the limit, with
// no target soldier in the lit strip, sees nobody — random play drops it unsent (player/sure-refusals.ts
// shotSurelyRefused). Each such shot of two random games is checked here against the rules' decision
// on the same state: refused, for want of sight (K-5.2a) or by an earlier check.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createBattlefield } from '../../src/battlefield';
import { SeededDice } from '../../src/core';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import { candidateGroups } from '../../src/rules/kuularuisku/player';
import { GameSession } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { parseScenarioOrThrow } from '../../src/scenario';
import { shotSurelyRefused } from '../../src/rules/kuularuisku/player/sure-refusals';
import { nightNow } from '../../src/rules/kuularuisku/special-queries';
import type { SoldierCommand } from '../../src/rules/kuularuisku/activation/soldier-command';

// Kuularuisku as it is played: the rules and the cards machine composed.
const played = playableModule(kuularuiskuModule);

describe('K-5.2a at night: a shot with every pair in the dark is a sure refusal (Tammerkoski)', () => {
  it('each one found in two random games is refused by decide on the same state', async () => {
    const file = 'scenarios/kuularuisku/tammerkoski.json';
    const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    const bf = await createBattlefield(scenario);
    try {
      const rules: Record<string, number> = {};
      const wrong: string[] = [];
      let day = 0;
      for (const seed of [1, 2]) {
        const table = cachedTable(bf);
        const g = new GameSession({ ruleset: played.ruleset, scenario, table, seed });
        playGame(g, kuularuiskuModule.player({
          seed: seed * 7919 + 1,
          groups: (s: KGameState, view) => {
            return candidateGroups(s, view).map((grp) => !grp.keys.includes('SHOOT') ? grp : {
              ...grp,
              sureRefusal: (c: Parameters<NonNullable<typeof grp.sureRefusal>>[0]) => {
                const yes = grp.sureRefusal!(c);
                // Only those the sight check would have had to refuse before: a shot the gate or the target's own checks refuse is another test's.
                if (yes && c.type === 'SHOOT') {
                  // The groups are built on the session's state now (`s` is its table).
                  const r = played.ruleset.decide(g.state, c, { scenario, table, dice: new SeededDice(1) });
                  if (r.ok) wrong.push(JSON.stringify(c));
                  else {
                    rules[r.rule ?? '?'] = (rules[r.rule ?? '?'] ?? 0) + 1;
                    // By day the same shot is the rules' to decide (no sight limit): not sure for want of dark.
                    if (nightNow(s) && r.rule === 'K-5.2a' && r.reason.includes('is not visible to')) {
                      const bright = { ...s, turn: 5, seq: { ...s.seq, round: 5 } } as KGameState;
                      if (!shotSurelyRefused(bright, c as SoldierCommand)) day++;
                    }
                  }
                }
                return yes;
              },
            });
          },
        }), { table });
      }
      expect(wrong).toEqual([]);
      expect(rules['K-5.2a']).toBeGreaterThan(0);
      // Shots dropped at night for the dark alone, that by day would go to the rules' sight check.
      expect(day).toBeGreaterThan(0);
    } finally {
      bf.free();
    }
  }, 240_000);
});
