// The sequence machines run the toy rulesets' own activation models: a whole random game of each
// (alternating: initiative and a unit at a time; IGO-UGO: the phasing side's move and fire phases)
// goes to the session, which takes every command its player proposes from the legal list; after each
// the rules' legal list and the machine's step agree (invariants.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Sequenced } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, type AnyRulesetModule, type Command, type GameEvent } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { toylinesModule } from '../toys/rules/toylines';
import { sequenceViolations } from './invariants';

const SCENARIOS = path.resolve(__dirname, '../toys/scenarios');
const fields: Record<string, Battlefield> = {};

beforeAll(async () => {
  for (const id of ['toyarmour', 'toylines']) {
    const file = path.join(SCENARIOS, `${id}.json`);
    fields[id] = await createBattlefield(parseScenarioOrThrow(readFileSync(file, 'utf8'), file));
  }
});
afterAll(() => {
  for (const bf of Object.values(fields)) bf.free();
});

/** Plays a random game of the module; returns the machine steps met (a phase step with its phase). */
function playGameOf(module: AnyRulesetModule, program: unknown, id: string, seed: number) {
  const bf = fields[id]!;
  const table = cachedTable(bf);
  const session = new GameSession<Sequenced<unknown>, Command, GameEvent, unknown>({ ruleset: module.ruleset, scenario: bf.scenario, table, seed });
  const player = module.player!({ seed });
  const view = { scenario: session.scenario, table, legal: () => session.legalCommands() };
  const steps = new Set<string>();
  const problems: string[] = [];
  let sent = 0;
  while (!session.victory() && sent < 500) {
    const command = session.withSideToAct(player.choose(session.state, view).next()!);
    // The session takes every command the player picks from the legal list.
    const r = session.dispatch(command);
    expect(r.ok, `${command.type} at ${session.state.seq.step}: ${r.ok ? '' : r.reason}`).toBe(true);
    sent++;
    problems.push(...sequenceViolations(program as never, session as never));
    const seq = session.state.seq;
    steps.add(seq.phase ? `${seq.step}.${seq.phase}` : seq.step);
  }
  return { session, steps, problems };
}

describe('the sequence machines run the toys\' activation models', () => {
  it('alternating (TA-1, TA-2): initiative opens each round, then a unit is picked and takes its action', () => {
    const { session, steps, problems } = playGameOf(playableModule(toyarmourModule), toyarmourModule.sequence, 'toyarmour', 3);
    expect(problems).toEqual([]);
    expect(session.victory()).toMatchObject({ rule: 'TA-8' });
    expect(session.state.seq.step).toBe('over');
    for (const step of ['pick', 'activation', 'end']) expect(steps).toContain(step);
  });

  it('IGO-UGO (TL-1): the phasing side\'s move then fire phase, then the other side\'s', () => {
    const { session, steps, problems } = playGameOf(playableModule(toylinesModule), toylinesModule.sequence, 'toylines', 2);
    expect(problems).toEqual([]);
    expect(session.victory()).toMatchObject({ rule: 'TL-5' });
    expect(session.state.seq.step).toBe('over');
    for (const step of ['phase.move', 'phase.fire', 'end']) expect(steps).toContain(step);
    // Both sides play a player turn each game turn: the phasing side alternates.
    const turns = session.events.filter((e) => e.type === 'PLAYER_TURN_ENDED').map((e) => e.side);
    expect(turns.slice(0, 4)).toEqual(['red', 'blue', 'red', 'blue']);
  });
});
