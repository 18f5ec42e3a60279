// The flow machines run the toy rulesets' own activation models from their adapters alone: a whole
// random game of each (alternating: initiative and a unit at a time; IGO-UGO: the phasing side's
// phases as one activation) goes through the machines, which take every command the rules allow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, flowCan, flowPosition, playableModule, startFlow } from '../../src/flow';
import { GameSession, type AnyRulesetModule, type Command, type GameEvent } from '../../src/game';
import { parseScenarioOrThrow } from '../../src/scenario';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { toylinesModule } from '../toys/rules/toylines';

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

/** Plays a random game of the module on the machines; returns the machine positions met, by the stage the adapter read. */
function playOnMachines(module: AnyRulesetModule, id: string, seed: number) {
  const bf = fields[id]!;
  const table = cachedTable(bf);
  const session = new GameSession<unknown, Command, GameEvent, unknown>({ ruleset: module.ruleset, scenario: bf.scenario, table, seed });
  const { actor } = startFlow(session, module.flow);
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  const player = module.player!({ seed });
  const view = { scenario: session.scenario, table, legal: () => session.legalCommands() };
  const positions = new Set<string>();
  let sent = 0;
  while (!session.victory() && sent < 500) {
    const command = session.withSideToAct(player.choose(session.state, view).next()!);
    // The machines take every command the rules list as legal, in the state the adapter reads.
    expect(flowCan(actor, command), `${command.type} at ${JSON.stringify(flowPosition(actor))}`).toBe(true);
    actor.send(command);
    sent++;
    expect(session.log.length).toBe(sent);
    positions.add(JSON.stringify(flowPosition(actor)));
  }
  return { session, actor, errors, positions, sent };
}

describe('the machines run the toys\' activation models', () => {
  it('alternating (TA-1, TA-2): initiative opens each round, then a unit is picked and chooses its action', () => {
    const { session, actor, errors, positions } = playOnMachines(playableModule(toyarmourModule), 'toyarmour', 3);
    expect(errors).toEqual([]);
    expect(session.victory()).toMatchObject({ rule: 'TA-8' });
    expect(flowPosition(actor)).toEqual({ turn: 'over' });
    expect(positions).toContain(JSON.stringify({ turn: { turn: 'pick' } }));
    expect(positions).toContain(JSON.stringify({ turn: { turn: 'activation' }, activation: { choosing: 'unit' } }));
    expect(positions).toContain(JSON.stringify({ turn: { turn: 'turnEnd' } }));
  });

  it('IGO-UGO (TL-1): the phasing side\'s move and fire phases are the parts of one activation, then the other side\'s', () => {
    const { session, actor, errors, positions } = playOnMachines(playableModule(toylinesModule), 'toylines', 2);
    expect(errors).toEqual([]);
    expect(session.victory()).toMatchObject({ rule: 'TL-5' });
    expect(flowPosition(actor)).toEqual({ turn: 'over' });
    expect(positions).toContain(JSON.stringify({ turn: { turn: 'activation' }, activation: { acting: 'firstPart' } }));
    expect(positions).toContain(JSON.stringify({ turn: { turn: 'activation' }, activation: { acting: 'secondPart' } }));
    expect(positions).toContain(JSON.stringify({ turn: { turn: 'turnEnd' } }));
    // Both sides play a player turn each game turn: the phasing side alternates.
    const turns = session.events.filter((e) => e.type === 'PLAYER_TURN_ENDED').map((e) => e.side);
    expect(turns.slice(0, 4)).toEqual(['red', 'blue', 'red', 'blue']);
  });
});
