// Model-based paths (xstate/graph): the activation machine is traversed with an immutable game
// (PureDriver and the machines' `apply` provided for it: Kuularuisku as played — its rules and the cards
// machine —, seeded dice) taking the legal commands of each position; every shortest path is then
// replayed on the live machines over a GameSession and must pass through the same states. Coverage:
// every state the model reaches, and the ones F2/F4 require (a charge's steps are the rules' own
// inside the activation: tests/flow/melee.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Battlefield } from '../../src/battlefield';
import { SessionDriver, activationMachineFor } from '../../src/flow';
import { GameSession, type Command } from '../../src/game';
import { phaseOf } from '../../src/rules/kuularuisku/engine';
import type { KSequenced } from '../../src/rules/kuularuisku/sequence/program';
import { checkedCommands } from '../../src/rules/kuularuisku/player';
import type { Scenario } from '../../src/scenario';
import { PureDriver, pureActivationMachine } from '../../src/testing';
import { flowScenario, flowTable, played, playedFrom, preparedSetup } from './fixture';

const kuularuiskuFlow = played.flow;
type KGameState = KSequenced;

let table: Battlefield;
beforeAll(async () => {
  table = await flowTable(flowScenario());
});

type Ruleset = ReturnType<typeof playedFrom>['ruleset'];
interface Fixture { scenario: Scenario; ruleset: Ruleset; seed: number; prefix: Command[] }

/** Play `prefix` on a pure game; undefined if a command is refused. */
function pureAt(f: Fixture): PureDriver<KGameState> | undefined {
  let d = PureDriver.start<KGameState>({ ruleset: f.ruleset as never, scenario: f.scenario, table, seed: f.seed }, kuularuiskuFlow);
  for (const c of f.prefix) {
    const r = d.step(c);
    if (!r.result.ok) return undefined;
    d = r.driver;
  }
  return d;
}

/** The legal commands of a position with the moves the rules accept (the player's, checked), trimmed: every flow command, two moves, two shots. */
function commandsOf(f: Fixture, d: PureDriver<KGameState>): Command[] {
  const all = checkedCommands(d.state.table, { scenario: f.scenario, table });
  const moves = all.filter((c) => c.type === 'MOVE').slice(0, 2);
  const shots = all.filter((c) => c.type === 'SHOOT').slice(0, 2);
  return [...all.filter((c) => c.type !== 'MOVE' && c.type !== 'SHOOT'), ...moves, ...shots] as Command[];
}

const valueKey = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** Traverse a machine's pure form from a prepared position and replay every shortest path on the live machine. */
function traverse(pure: AnyStateMachine, machine: AnyStateMachine, f: Fixture): { reached: Set<string>; paths: number } {
  const start = pureAt(f)!;
  // Traversed as the machine logic itself (createTestModel refuses machines that invoke others).
  const paths = getShortestPaths(pure, {
    input: { driver: start },
    events: (snap: { context: unknown }) => commandsOf(f, (snap.context as { driver: PureDriver<KGameState> }).driver),
    serializeEvent: (e: unknown) => JSON.stringify(e),
    // One vertex per machine state and game stage (the game itself would make every vertex new).
    serializeState: (snap: { value: unknown; context: unknown }) => {
      const d = (snap.context as { driver: PureDriver<KGameState> }).driver;
      return JSON.stringify([snap.value, phaseOf(d.state.table).kind, kuularuiskuFlow.sideToAct(d.state), kuularuiskuFlow.activationStage(d.state)]);
    },
  } as never);
  const reached = new Set<string>();
  for (const path of paths) {
    // The live system: a session replaying the prefix, the same machine on a session driver.
    const session = new GameSession({ ruleset: f.ruleset as never, scenario: f.scenario, table, seed: f.seed });
    for (const c of f.prefix) expect(session.dispatch(c as never).ok).toBe(true);
    const actor = createActor(machine, { input: { driver: new SessionDriver(session, kuularuiskuFlow) } });
    const errors: unknown[] = [];
    actor.subscribe({ error: (e) => errors.push(e) });
    actor.start();
    for (const step of path.steps) {
      if (!step.event.type.startsWith('xstate.')) actor.send(step.event as Command);
      expect(valueKey(actor.getSnapshot().value)).toBe(valueKey(step.state.value));
      reached.add(valueKey(step.state.value));
    }
    reached.add(valueKey(path.state.value));
    expect(errors).toEqual([]);
  }
  return { reached, paths: paths.length };
}

/** The first seed whose prepared game, after the prefix, satisfies `want`. */
function seedWhere(scenario: Scenario, ruleset: Ruleset, prefix: Command[], want: (s: KGameState) => boolean): Fixture {
  for (let seed = 1; seed < 400; seed++) {
    const f = { scenario, ruleset, seed, prefix };
    const d = pureAt(f);
    if (d && want(d.state)) return f;
  }
  throw new Error('no seed found');
}

const offerOf = (s: KGameState) => (phaseOf(s.table).kind === 'offer' ? (phaseOf(s.table) as { offer: { unitId: string } }).offer.unitId : undefined);
const opening: Command[] = [{ type: 'BEGIN_TURN', side: 'whites' }, { type: 'DRAW_CARD', side: 'whites' }];

describe('model-based paths (xstate/graph)', () => {
  it('F4 → F2 → K-2.4: from a leader\'s card, every activation state is reached by real commands and replays live', () => {
    const scenario = flowScenario();
    const f = seedWhere(scenario, played.ruleset, opening, (s) => offerOf(s) === 'wl');
    const { reached, paths } = traverse(pureActivationMachine(kuularuiskuFlow), activationMachineFor(kuularuiskuFlow), f);
    // The leader's choice and the commanded unit's are one `choosing` state now (the cards machine's offer).
    expect(paths).toBeGreaterThan(2);
    for (const v of ['{"choosing":"unit"}', 'done']) expect(reached).toContain(v);
  });

  it('F2.3 K-7.1f: from a pinned unit\'s card, both outcomes of its test lead on (pass: choosing; fail: choosing, pinned)', () => {
    const scenario = flowScenario();
    const ruleset = playedFrom(preparedSetup({ type: 'UNIT_STATUS_CHANGED', unitId: 'w1', status: 'pinned', from: 'normal' })).ruleset;
    const reached = new Set<string>();
    for (const passed of [true, false]) {
      const f = seedWhere(scenario, ruleset, [...opening, { type: 'RESOLVE', side: 'whites', step: 'pinned-test' }], (s) => offerOf(s) === 'w1' && (s.table.units.w1!.status === 'normal') === passed);
      f.prefix = opening;
      for (const v of traverse(pureActivationMachine(kuularuiskuFlow), activationMachineFor(kuularuiskuFlow), f).reached) reached.add(v);
    }
    for (const v of ['{"choosing":"unit"}', 'done']) expect(reached).toContain(v);
  });
});
