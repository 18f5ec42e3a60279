// Random legal games on the COBI skirmish: every seed ends (a side wiped out, or the round limit, C-3.2g),
// squads attack and the defenders answer their rolls (C-3.3.3.2), MG teams lay their templates
// (C-3.3.3.2j), some games are won, the rules and the alternating machine agree after every command
// (tests/flow/invariants.ts), each unit acts at most once a round (C-3.3a), and each save replays to the
// same state (the answers in it).
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

  it(`C-3.2e, C-3.2g, C-3.3.3.2: ${SEEDS} seeds end, keep the sequence invariant and replay from their saves`, () => {
    const problems: string[] = [];
    const moved = new Set<number>();
    const attacked = new Set<number>();
    const won = new Set<number>();
    const templated = new Set<number>();
    let answers = 0;
    let hits = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: cobi.ruleset, scenario, table, seed });
      const r = playGame(g, cobiModule.player({ seed: seed * 7919 + 1 }) as never, {
        table,
        onCommand: () => { for (const p of sequenceViolations(cobiModule.sequence as never, g as never)) problems.push(`seed ${seed}: ${p}`); },
      });
      const s = g.state as CState;
      if (!r.result) problems.push(`seed ${seed}: no result after ${g.events.length} events`);
      else if (r.result.rule !== 'C-3.2g' || (s.seq.round !== scenario.turnLimit && !r.result.reason.includes('lost their last squad'))) problems.push(`seed ${seed}: ended in round ${s.seq.round}: ${r.result.reason}`);
      else if (r.result.winner) won.add(seed);
      for (const p of twiceInARound(g.events)) problems.push(`seed ${seed}: ${p}`);
      if (g.events.some((e) => e.type === 'UNIT_MOVED')) moved.add(seed);
      if (g.events.some((e) => e.type === 'UNIT_ATTACKS')) attacked.add(seed);
      // C-3.3.3.2j the MG teams lay their burst templates.
      if (g.events.some((e) => e.type === 'TEMPLATE_LAID')) templated.add(seed);
      answers += g.log.filter((l) => l.command.type === 'ROLL_DEFENCE').length;
      hits += g.events.filter((e) => e.type === 'FIGURE_HIT' && e.outcome !== 'miss').length;
      // C-3.3.3.2g every defence was rolled by the side of the figures it defended.
      const sideOf = new Map(s.table.figures.map((f) => [f.id, f.side] as const));
      for (const l of g.log) {
        if (l.command.type !== 'ROLL_DEFENCE') continue;
        for (const e of l.events) if (e.type === 'FIGURE_HIT' && sideOf.get(String(e.figure)) !== l.command.side) problems.push(`seed ${seed}: ${String(l.command.side)} rolled the defence of ${String(e.figure)}`);
      }
      // No attack left waiting at the end.
      if (s.table.attack) problems.push(`seed ${seed}: an attack still waits for its defence`);
      // The log folds to the state held, and the save replays to it (every roll and move again).
      if (hashValue(g.stateAt(g.events.length)) !== g.stateHash()) problems.push(`seed ${seed}: the log folds to another state`);
      const back = loadSave(JSON.parse(JSON.stringify(makeSave(g))), 'game.json', scenario, cobi.ruleset, cachedTable(bf));
      if (back.stateHash() !== g.stateHash()) problems.push(`seed ${seed}: the save replays to another state`);
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
    expect(moved.size).toBe(SEEDS);
    expect(attacked.size).toBe(SEEDS);
    expect(templated.size).toBeGreaterThan(SEEDS / 2);
    expect(answers).toBeGreaterThan(SEEDS);
    expect(hits).toBeGreaterThan(0);
    // Some games are won (a side with more figures standing, or the other wiped out), not all drawn.
    expect(won.size).toBeGreaterThan(0);
  }, 120_000);
});
