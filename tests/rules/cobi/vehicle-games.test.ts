// Random legal games on the COBI armour lane (a Panther and a Sherman, a squad each): every seed ends
// (at the round limit, or when a side has nothing left, C-3.2g), the rules and the alternating machine
// agree after every command (tests/flow/invariants.ts), a hit's location waits for its owner's answer
// (C-3.3.3.1m), vehicles keep on the table and within their card's move, and each save replays to the
// same state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { hashValue, hypot } from '../../../src/core';
import { cachedTable, playGame } from '../../../src/flow';
import { GameSession, loadSave, makeSave } from '../../../src/game';
import { cobiModule } from '../../../src/rules/cobi';
import type { CState } from '../../../src/rules/cobi/state';
import type { Scenario } from '../../../src/scenario';
import { sequenceViolations } from '../../flow/invariants';
import { armourLaneTable, cobi } from './fixture';

const SEEDS = 20;

describe('random legal games on the COBI armour lane', () => {
  let scenario: Scenario;
  let bf: Battlefield;
  beforeAll(async () => ({ scenario, bf } = await armourLaneTable()));
  afterAll(() => bf.free());

  it(`C-3.2g, C-3.3.1a, C-3.3.3.1m: ${SEEDS} seeds end, keep their invariants and replay from their saves`, () => {
    const problems: string[] = [];
    const tally = { fired: 0, answered: 0, wrecks: 0, moved: 0 };
    for (let seed = 1; seed <= SEEDS; seed++) {
      const table = cachedTable(bf);
      const g = new GameSession({ ruleset: cobi.ruleset, scenario, table, seed });
      let answers = 0;
      const r = playGame(g, cobiModule.player({ seed: seed * 7919 + 1 }) as never, {
        table,
        onCommand: (c) => {
          for (const p of sequenceViolations(cobiModule.sequence as never, g as never)) problems.push(`seed ${seed}: ${p}`);
          if (c.type === 'CHOOSE_LOCATION') {
            answers++;
            // C-3.3.3.1m only the target's owner answers.
            const struck = g.events.filter((e) => e.type === 'VEHICLE_STRUCK').at(-1);
            const owner = (g.state as CState).table.vehicles!.find((v) => v.id === struck?.target)?.side;
            if (c.side !== owner) problems.push(`seed ${seed}: ${String(c.side)} answered for ${String(owner)}`);
          }
          const s = g.state as CState;
          for (const v of s.table.vehicles ?? []) {
            if (v.at[0] < 0 || v.at[0] > 120 || v.at[1] < 0 || v.at[1] > 120) problems.push(`seed ${seed}: ${v.unit} off the table at ${v.at.join(', ')}`);
            if (v.crew < 0) problems.push(`seed ${seed}: ${v.unit} has ${v.crew} crew`);
          }
        },
      });
      const s = g.state as CState;
      if (!r.result) problems.push(`seed ${seed}: no result after ${g.events.length} events`);
      else if (r.result.rule !== 'C-3.2g') problems.push(`seed ${seed}: ended by ${r.result.rule}: ${r.result.reason}`);
      if (s.table.strike) problems.push(`seed ${seed}: a hit still awaits its location`);
      // C-3.3.1a no vehicle move goes past its card's allowance (CARD-1 + CARD-5 at most).
      for (const e of g.events.filter((x) => x.type === 'VEHICLE_MOVED')) if (Number(e.left) < -1e-6 || Number(e.spent) > 38 + 1e-6) problems.push(`seed ${seed}: ${String(e.text)}`);
      const fired = g.events.filter((e) => e.type === 'VEHICLE_FIRED').length;
      tally.fired += fired ? 1 : 0;
      tally.answered += answers ? 1 : 0;
      tally.wrecks += s.table.vehicles!.some((v) => v.wreck) ? 1 : 0;
      tally.moved += g.events.some((e) => e.type === 'VEHICLE_MOVED') ? 1 : 0;
      // A wreck keeps its place: the hull where its last move left it.
      for (const v of s.table.vehicles!.filter((x) => x.wreck)) {
        const last = g.events.filter((e) => e.type === 'VEHICLE_MOVED' && e.vehicle === v.id).at(-1);
        const start = scenario.units!.find((u) => u.id === v.unit)!.figures[0]!.at;
        const at = (last?.to as [number, number] | undefined) ?? start;
        if (hypot(at[0] - v.at[0], at[1] - v.at[1]) > 1e-9) problems.push(`seed ${seed}: the wreck of ${v.unit} moved`);
      }
      if (hashValue(g.stateAt(g.events.length)) !== g.stateHash()) problems.push(`seed ${seed}: the log folds to another state`);
      const back = loadSave(JSON.parse(JSON.stringify(makeSave(g))), 'game.json', scenario, cobi.ruleset, cachedTable(bf));
      if (back.stateHash() !== g.stateHash()) problems.push(`seed ${seed}: the save replays to another state`);
      if (problems.length > 20) break;
    }
    expect(problems).toEqual([]);
    // The seeds exercise the vehicle rules: most fire and move, some owners answer, some tanks are wrecked.
    expect(tally.fired).toBeGreaterThanOrEqual(SEEDS / 2);
    expect(tally.answered).toBeGreaterThan(0);
    expect(tally.wrecks).toBeGreaterThan(0);
    expect(tally.moved).toBeGreaterThanOrEqual((SEEDS * 3) / 4);
  }, 240_000);
});
