// Model-based paths (xstate/graph): the activation and melee machines are traversed with an
// immutable game (PureDriver and the machines' `apply` provided for it: real rules, seeded dice)
// taking the legal commands of each position; every shortest path is then replayed on the live
// machines over a GameSession and must pass through the same states. Coverage: every state the model reaches, and the ones F2/F4/F6 require.
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, type AnyStateMachine } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Battlefield } from '../../src/battlefield';
import { SessionDriver, activationMachineFor, meleeMachineFor } from '../../src/flow';
import { kuularuiskuFlow } from '../../src/rules/kuularuisku/flow';
import { GameSession, type Command } from '../../src/game';
import { createKuularuiskuRuleset, kuularuiskuRuleset, phaseOf, type KGameState } from '../../src/rules/kuularuisku/engine';
import { checkedCommands } from '../../src/rules/kuularuisku/player';
import type { Scenario } from '../../src/scenario';
import { PureDriver, pureActivationMachine, pureMeleeMachine } from '../../src/testing';
import { flowScenario, flowTable, preparedSetup, type UnitSpec } from './fixture';

let table: Battlefield;
beforeAll(async () => {
  table = await flowTable(flowScenario());
});

type Ruleset = ReturnType<typeof createKuularuiskuRuleset>;
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
  const all = checkedCommands(d.state, { scenario: f.scenario, table });
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
      return JSON.stringify([snap.value, phaseOf(d.state).kind, kuularuiskuFlow.sideToAct(d.state), kuularuiskuFlow.activationStage(d.state), kuularuiskuFlow.meleeStage(d.state)]);
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

const offerOf = (s: KGameState) => (phaseOf(s).kind === 'offer' ? (phaseOf(s) as { offer: { unitId: string } }).offer.unitId : undefined);
const opening: Command[] = [{ type: 'BEGIN_TURN', side: 'whites' }, { type: 'DRAW_CARD', side: 'whites' }];

describe('model-based paths (xstate/graph)', () => {
  it('F4 → F2 → K-2.4: from a leader\'s card, every activation state is reached by real commands and replays live', () => {
    const scenario = flowScenario();
    const f = seedWhere(scenario, kuularuiskuRuleset, opening, (s) => offerOf(s) === 'wl');
    const { reached, paths } = traverse(pureActivationMachine(kuularuiskuFlow), activationMachineFor(kuularuiskuFlow), f);
    expect(paths).toBeGreaterThan(5);
    for (const v of ['{"choosing":"leader"}', '{"choosing":"unit"}', '{"acting":"firstPart"}', '{"acting":"secondPart"}', '{"acting":"finished"}', 'done']) expect(reached).toContain(v);
  });

  it('F2.3 K-7.1f: from a pinned unit\'s card, both outcomes of its test lead on (pass: choosing; fail: pinned choice)', () => {
    const scenario = flowScenario();
    const ruleset = createKuularuiskuRuleset(preparedSetup({ type: 'UNIT_STATUS_CHANGED', unitId: 'w1', status: 'pinned', from: 'normal' }));
    const reached = new Set<string>();
    for (const passed of [true, false]) {
      const f = seedWhere(scenario, ruleset, [...opening, { type: 'RESOLVE', side: 'whites', step: 'pinned-test' }], (s) => offerOf(s) === 'w1' && (s.units.w1!.status === 'normal') === passed);
      f.prefix = opening;
      for (const v of traverse(pureActivationMachine(kuularuiskuFlow), activationMachineFor(kuularuiskuFlow), f).reached) reached.add(v);
    }
    for (const v of ['{"choosing":"unit"}', '{"choosing":"pinned"}', '{"acting":"firstPart"}', 'done']) expect(reached).toContain(v);
  });

  it('F6: from a charge, the melee machine\'s steps and outcomes are reached by real commands and replay live', () => {
    const units: UnitSpec[] = [
      { id: 'c', side: 'whites', at: [50, 40], size: 2, data: { grenades: true } },
      { id: 't', side: 'reds', at: [58, 40], size: 2, data: { grenades: true } },
      { id: 'x', side: 'reds', at: [110, 70], size: 1 },
    ];
    const scenario = flowScenario(units);
    const charge: Command = { type: 'MOVE', side: 'whites', unitId: 'c', mode: 'charge', targetId: 't', moves: [{ figureId: 'c_1', to: [56.75, 40] }, { figureId: 'c_2', to: [56.75, 41.5] }] };
    const prefix: Command[] = [...opening, { type: 'ACTIVATE', side: 'whites', unitId: 'c', action: 'move-shoot' }, charge];
    const reached = new Set<string>();
    let tried = 0;
    for (let seed = 1; seed < 60 && !['continues', 'fallBack', 'collapsed'].every((v) => reached.has(v)); seed++) {
      const f = { scenario, ruleset: kuularuiskuRuleset, seed, prefix };
      const d = pureAt(f);
      if (!d || phaseOf(d.state).kind !== 'choice') continue;
      tried++;
      for (const v of traverse(pureMeleeMachine(kuularuiskuFlow), meleeMachineFor(kuularuiskuFlow), f).reached) reached.add(v);
    }
    expect(tried).toBeGreaterThan(0);
    // Resting states and outcomes (the transient resolution → loserMorale steps are microsteps: melee.test.ts).
    for (const v of ['defensiveFire', 'chargerMorale', 'grenades', 'round', 'continues', 'fallBack', 'collapsed']) expect(reached).toContain(v);
  });
});
