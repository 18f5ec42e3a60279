// Model-based paths (xstate/graph) through each sequence model a ruleset may name — card-driven
// activation (Kuularuisku's program on the cards machine), initiative with alternating activations
// (toy armour), you-go-I-go phases (toy lines). The game (real rules composed with their sequence
// machine, seeded dice, immutable) is traversed from its start, taking the legal commands of each
// position, one vertex per machine step and progress through the turn; every shortest path is then
// sent, command by command, to a live GameSession (how the HUD, headless play, `cli play` and
// replays send commands) and must pass through the same steps and sequences.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { SeededDice, type Sequenced } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, type AnyRulesetModule, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { kuularuiskuModule } from '../../src/rules/kuularuisku';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { checkedCommands } from '../../src/rules/kuularuisku/player';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
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

/** Where the sequence machine stands: its step (the phase, the exchange's step inside one). */
const at = (step: string, inner?: string) => (inner === undefined ? step : `${step}.${inner}`);
const positionOf = (s: Sequenced<unknown>) => at(s.seq.step, s.seq.phase ?? s.seq.exchange ?? undefined);

interface Game {
  state: Sequenced<unknown>;
  dice: readonly number[] | undefined;
}

/** Traverse the game (the rules composed with their sequence machine) from its start; replay every path live on a session. */
interface Model {
  /** Where traversal stops (the next turn: one whole turn is walked). */
  stopAt: (state: never) => boolean;
  /** How far the turn has gone (cards left, units acted, the phasing side): a traversal vertex per value. */
  progress: (state: never) => unknown;
  /** The commands offered at a position (default: the rules' legal commands). */
  commands?: (state: never) => Command[];
}

function traverse(module: AnyRulesetModule, scenario: Scenario, table: unknown, seed: number, model: Model) {
  const ruleset = module.ruleset as Ruleset<Sequenced<unknown>, Command, GameEvent, unknown>;
  const ctx = { scenario, table };
  // A command decided and folded as the session does it, dice from the game's seed (an immutable game);
  // a refused one leaves the game as it was (the same vertex: no path goes through it).
  const logic = fromTransition((g: Game, command: Command): Game => {
    const dice = new SeededDice(seed, g.dice ? [...g.dice] : undefined);
    const acting = ruleset.actingSides(g.state, command, { scenario });
    if (!command.side || !acting.sides.includes(command.side)) return g;
    const d = ruleset.decide(g.state, command, { ...ctx, dice });
    if (!d.ok) return g;
    let s = g.state;
    for (const roll of dice.rolls) s = ruleset.evolve(s, { type: 'DICE_ROLLED', roll, rule: roll.rule });
    for (const e of d.events) s = ruleset.evolve(s, e);
    return { state: s, dice: dice.state() };
  }, { state: ruleset.setup(scenario, ctx), dice: undefined } as Game);
  const legal = (g: Game): Command[] => {
    if (model.stopAt(g.state as never)) return [];
    const commands = trimmed(model.commands ? model.commands(g.state as never) : ruleset.legalCommands(g.state, ctx), 1);
    // As the side to act sends it (a command any side may send goes as the first side's).
    return commands.map((c) => (c.side ? c : { ...c, side: ruleset.actingSides(g.state, c, { scenario }).sides[0] ?? scenario.sides[0]!.id }));
  };
  const paths = getShortestPaths(logic, {
    events: (snap: { context: Game }) => legal(snap.context),
    serializeEvent: (e: unknown) => JSON.stringify(e),
    // One vertex per machine step, progress through the turn and the side to act (the game itself
    // would make every vertex new): the traversal goes on through a whole turn.
    serializeState: (snap: { context: Game }) => JSON.stringify([positionOf(snap.context.state), model.progress(snap.context.state as never), snap.context.state.seq.side]),
  } as never);
  const reached = new Set<string>();
  for (const p of paths) {
    const session = new GameSession<Sequenced<unknown>, Command, GameEvent, unknown>({ ruleset, scenario, table, seed });
    for (const step of p.steps) {
      const want = step.state.context as Game;
      if (!step.event.type.startsWith('xstate.')) expect(session.dispatch(step.event as Command).ok, step.event.type).toBe(true);
      // The live session's machine stands where the traversal's did (a vertex is its step, progress and
      // side to act: the concrete game first seen there stands for every one that serializes alike).
      expect(positionOf(session.state)).toBe(positionOf(want.state));
      expect(session.state.seq.side).toBe(want.state.seq.side);
      expect(JSON.stringify(model.progress(session.state as never))).toBe(JSON.stringify(model.progress(want.state as never)));
      reached.add(positionOf(want.state));
    }
  }
  return { reached, paths: paths.length };
}

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
      // The units in readiness too: a unit passed and one gone into readiness lead on to different windows.
      progress: (s: KSequenced) => [s.seq.deck.length, s.seq.ready.length, s.seq.queue.length, s.seq.step],
      // The moves and shots the rules accept (the player's, checked), as well as the rules' other commands.
      commands: (s: KSequenced) => {
        const ctx = { scenario: flowScenario(), table: kTable as never };
        return checkedCommands(s.table, { ...ctx, legal: () => playableModule(kuularuiskuModule).ruleset.legalCommands(s, ctx) }) as Command[];
      },
    });
    expect(paths).toBeGreaterThan(20);
    for (const v of ['between', 'draw', 'offer', 'activation', 'window', 'end']) expect(reached).toContain(v);
  });

  it('initiative and alternating activations (TA-1, TA-2): initiative, a unit picked, its action, the round\'s end', () => {
    const { reached, paths } = traverse(playableModule(toyarmourModule), armour.scenario, armour.table, 3, {
      stopAt: (s: Sequenced<unknown>) => s.seq.round >= 2,
      progress: (s: Sequenced<unknown>) => s.seq.acted.length,
    });
    expect(paths).toBeGreaterThan(8);
    for (const v of ['between', 'pick', 'activation', 'end']) expect(reached).toContain(v);
  });

  it('you-go-I-go phases (TL-1): the phasing side\'s move then fire phase, then the other side', () => {
    const { reached, paths } = traverse(playableModule(toylinesModule), lines.scenario, lines.table, 2, {
      stopAt: (s: Sequenced<unknown>) => s.seq.round >= 2,
      progress: (s: Sequenced<unknown>) => [s.seq.side, s.seq.phase, s.seq.played.length],
    });
    expect(paths).toBeGreaterThan(4);
    for (const v of ['between', at('phase', 'move'), at('phase', 'fire'), 'end']) expect(reached).toContain(v);
  });
});
