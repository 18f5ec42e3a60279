// Model-based paths (xstate/graph) through the whole turn machine — activation and melee nested —
// for each turn model a ruleset may name: card-driven activation (Kuularuisku), initiative with
// alternating activations (toy armour), you-go-I-go phases (toy lines). The pure machine (an
// immutable game under it: real rules, seeded dice) is traversed from the start of a game, taking the
// legal commands of each position; every shortest path is then sent, command by command, through the
// machines over a live GameSession (machineSender: how headless play, `cli play` and replays send
// commands) and must pass through the same positions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getShortestPaths } from 'xstate/graph';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { cachedTable, flowPosition, machineSender, playableModule, positionOf, type FlowAdapter } from '../../src/flow';
import type { Sequenced } from '../../src/core';
import { GameSession, type AnyRulesetModule, type Command, type GameEvent } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { checkedCommands } from '../../src/rules/kuularuisku/player';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { PureDriver, pureTurnMachine } from '../../src/testing';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { toylinesModule } from '../toys/rules/toylines';
import { flowScenario } from './fixture';

const fields: Battlefield[] = [];
afterAll(() => {
  for (const bf of fields) bf.free();
});

async function tableOf(scenario: Scenario) {
  const bf = await createBattlefield(scenario);
  fields.push(bf);
  return cachedTable(bf);
}

const toyScenario = (id: string) => {
  const file = path.resolve(__dirname, '../toys/scenarios', `${id}.json`);
  return parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
};

/** A few of each kind of legal command (every kind is kept; the moves and shots are trimmed). */
function trimmed(commands: readonly Command[], perType = 2): Command[] {
  const n: Record<string, number> = {};
  return commands.filter((c) => (n[c.type] = (n[c.type] ?? 0) + 1) <= perType);
}

const key = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Traverse the pure turn machine from the game's start; replay every path live through the machines. */
interface Model {
  /** Where traversal stops (the next turn: one whole turn is walked). */
  stopAt: (state: never) => boolean;
  /** How far the turn has gone (cards left, units acted, the phasing side): a traversal vertex per value. */
  progress: (state: never) => unknown;
  /** The commands offered at a position (default: the rules' legal commands). */
  commands?: (state: never) => Command[];
}

function traverse(module: AnyRulesetModule, scenario: Scenario, table: unknown, seed: number, model: Model) {
  const flow = module.flow as FlowAdapter<unknown>;
  const game = { ruleset: module.ruleset, scenario, table, seed };
  const start = PureDriver.start(game, flow);
  const legal = (d: PureDriver<unknown>): Command[] => {
    if (model.stopAt(d.state as never)) return [];
    const commands = trimmed(model.commands ? model.commands(d.state as never) : (module.ruleset.legalCommands(d.state, { scenario, table: table as never }) as Command[]), 1);
    // As the side to act sends it (a command any side may send goes as the first side's).
    return commands.map((c) => (c.side ? c : { ...c, side: flow.sideToAct(d.state) ?? scenario.sides[0]!.id }));
  };
  const paths = getShortestPaths(pureTurnMachine(flow), {
    input: { driver: start },
    events: (snap: { context: unknown }) => legal((snap.context as { driver: PureDriver<unknown> }).driver),
    serializeEvent: (e: unknown) => JSON.stringify(e),
    // One vertex per machine position, progress through the turn and stage (the game itself would
    // make every vertex new): the traversal goes on through a whole turn.
    serializeState: (snap: { value: unknown; context: unknown }) => {
      const d = (snap.context as { driver: PureDriver<unknown> }).driver;
      return JSON.stringify([snap.value, model.progress(d.state as never), flow.sideToAct(d.state), flow.activationStage(d.state)]);
    },
  } as never);
  const reached = new Set<string>();
  for (const p of paths) {
    const session = new GameSession<unknown, Command, GameEvent, unknown>({ ruleset: module.ruleset, scenario, table, seed });
    const machines = machineSender(session, flow);
    for (const step of p.steps) {
      if (!step.event.type.startsWith('xstate.')) expect(machines.send(step.event as Command).ok, step.event.type).toBe(true);
      const want = positionOf(step.state.value);
      expect(flowPosition(machines.actor)).toEqual(want);
      reached.add(key(want));
    }
    machines.stop();
  }
  return { reached, paths: paths.length };
}

const at = (turn: unknown, activation?: unknown) => key(activation === undefined ? { turn } : { turn, activation });

describe('model-based paths through each turn model (xstate/graph)', () => {
  let kTable: unknown;
  let armour: { scenario: Scenario; table: unknown };
  let lines: { scenario: Scenario; table: unknown };
  beforeAll(async () => {
    kTable = await tableOf(flowScenario());
    const a = toyScenario('toyarmour');
    armour = { scenario: a, table: await tableOf(a) };
    const l = toyScenario('toylines');
    lines = { scenario: l, table: await tableOf(l) };
  });

  it('card-driven (K-2.1b, F1–F4): draw, the offered unit chooses and acts, readiness, the turn\'s end — Kuularuisku on the cards machine', () => {
    const { reached, paths } = traverse(playableModule(kuularuiskuModule), flowScenario(), kTable, 1, {
      stopAt: (s: KSequenced) => s.seq.round >= 2,
      progress: (s: KSequenced) => [s.seq.deck.length, s.seq.queue.length, s.seq.step],
      // The moves and shots the rules accept (the player's, checked), as well as the rules' other commands.
      commands: (s: KSequenced) => checkedCommands(s.table, { scenario: flowScenario(), table: kTable as never }) as Command[],
    });
    expect(paths).toBeGreaterThan(20);
    for (const v of [
      at('betweenTurns'), at({ turn: 'pick' }), at({ turn: 'activation' }, { choosing: 'unit' }), at({ turn: 'window' }), at({ turn: 'turnEnd' }),
    ]) expect(reached).toContain(v);
  });

  it('initiative and alternating activations (TA-1, TA-2): initiative, a unit picked, its action, the round\'s end', () => {
    const { reached, paths } = traverse(playableModule(toyarmourModule), armour.scenario, armour.table, 3, {
      stopAt: (s: Sequenced<unknown>) => s.seq.round >= 2,
      progress: (s: Sequenced<unknown>) => s.seq.acted.length,
    });
    expect(paths).toBeGreaterThan(8);
    for (const v of [at('betweenTurns'), at({ turn: 'pick' }), at({ turn: 'activation' }, { choosing: 'unit' }), at({ turn: 'turnEnd' })]) expect(reached).toContain(v);
  });

  it('you-go-I-go phases (TL-1): the phasing side\'s move then fire phase, then the other side', () => {
    const { reached, paths } = traverse(playableModule(toylinesModule), lines.scenario, lines.table, 2, {
      stopAt: (s: Sequenced<unknown>) => s.seq.round >= 2,
      progress: (s: Sequenced<unknown>) => [s.seq.side, s.seq.phase, s.seq.played.length],
    });
    expect(paths).toBeGreaterThan(4);
    for (const v of [at('betweenTurns'), at({ turn: 'activation' }, { acting: 'firstPart' }), at({ turn: 'activation' }, { acting: 'secondPart' }), at({ turn: 'turnEnd' })]) expect(reached).toContain(v);
  });
});
