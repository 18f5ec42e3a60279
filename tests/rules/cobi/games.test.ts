// Random legal games on the COBI skirmish: every seed ends (at the round limit, C-3.2g), the rules and
// the alternating machine agree after every command (tests/flow/invariants.ts), each unit acts at most
// once a round (C-3.3a), and each save replays to the same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { hashValue, type GameEvent } from '../../../src/core';
import { cachedTable, playGame } from '../../../src/flow';
import { GameSession, loadSave, makeSave } from '../../../src/game';
import { cobiModule } from '../../../src/rules/cobi';
import type { CState } from '../../../src/rules/cobi/state';
import type { Scenario } from '../../../src/scenario';
import { sequenceViolations } from '../../flow/invariants';
import { cobi, skirmishTable } from './fixture';

const SEEDS = 20;

/** C-3.3a no unit selected twice in a round. */
function twiceInARound(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  let round = new Set<string>();
  for (const e of events) {
    if (e.type === 'ROUND_STARTED') round = new Set();
    if (e.type !== 'UNIT_SELECTED') continue;
    if (round.has(String(e.unit))) out.push(`${String(e.unit)} activated twice in a round`);
    round.add(String(e.unit));
  }
  return out;
}

describe('random legal games on the COBI skirmish', () => {
  let scenario: Scenario;
  let bf: Battlefield;
  beforeAll(async () => ({ scenario, bf } = await skirmishTable()));
  afterAll(() => bf.free());

  it(`C-3.2e, C-3.2g: ${SEEDS} seeds end at the round limit, keep the sequence invariant and replay from their saves`, () => {
    const problems: string[] = [];
    const moved = new Set<number>();
    for (let seed = 1; seed <= SEEDS; seed++) {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: cobi.ruleset, scenario, table, seed });
      const r = playGame(g, cobiModule.player({ seed: seed * 7919 + 1 }) as never, {
        table,
        onCommand: () => { for (const p of sequenceViolations(cobiModule.sequence as never, g as never)) problems.push(`seed ${seed}: ${p}`); },
      });
      const s = g.state as CState;
      if (!r.result) problems.push(`seed ${seed}: no result after ${g.events.length} events`);
      else if (r.result.rule !== 'C-3.2g' || s.seq.round !== scenario.turnLimit) problems.push(`seed ${seed}: ended in round ${s.seq.round}: ${r.result.reason}`);
      for (const p of twiceInARound(g.events)) problems.push(`seed ${seed}: ${p}`);
      if (g.events.some((e) => e.type === 'UNIT_MOVED')) moved.add(seed);
      // The log folds to the state held, and the save replays to it (every roll and move again).
      if (hashValue(g.stateAt(g.events.length)) !== g.stateHash()) problems.push(`seed ${seed}: the log folds to another state`);
      const back = loadSave(JSON.parse(JSON.stringify(makeSave(g))), 'game.json', scenario, cobi.ruleset, cachedTable(bf));
      if (back.stateHash() !== g.stateHash()) problems.push(`seed ${seed}: the save replays to another state`);
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
    expect(moved.size).toBe(SEEDS);
  }, 120_000);
});
