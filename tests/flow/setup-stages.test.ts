// The setup before the first round (ProgramBase.setup) on the toy armour's setup variant: TA-12 a
// roll any side makes, TA-13 the terrain pool (three pieces: two for the roll's winner, one for the
// loser) placed by turns, TA-14 units deployed by turns, the loser first. Model-based paths
// (xstate/graph) walk the game from its start to the first round, each replayed on a live session;
// scripted walks check who is heard at each step; the machine alone passes over a stage with nothing
// to do and starts with the other side when the first has nothing; a program without setup starts as before.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createBattlefield, createBattlefieldNow, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, SeededDice, type Sequenced } from '../../src/core';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { SEQUENCE_EVENTS, stepped, sequenceMachineFor, viewOf } from '../../src/flow/sequence-machines';
import { GameSession, TableFor, type Command, type GameEvent, type Ruleset } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { setupSequence, toyarmourModule, toyarmourSetupModule } from '../toys/rules/toyarmour';
import { toylinesModule } from '../toys/rules/toylines';
import type { ArmourTable } from '../toys/rules/toyarmour/rules';

const scenarioOf = (id: string) => {
  const file = path.resolve(__dirname, '../toys/scenarios', `${id}.json`);
  return parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
};

type State = Sequenced<ArmourTable>;
const module = playableModule(toyarmourSetupModule);
const ruleset = module.ruleset as Ruleset<State, Command, GameEvent, unknown>;

let scenario: Scenario;
let bf: Battlefield;
let table: unknown;
beforeAll(async () => {
  scenario = scenarioOf('toyarmour-setup');
  bf = await createBattlefield(scenario);
  table = cachedTable(bf);
});
afterAll(() => bf?.free());

/** Where the game stands: the machine's step, the stage on, the side heard. */
const at = (s: State) => [s.seq.step, s.seq.setup ?? null, s.seq.side] as const;

describe('setup stages before the first round (TA-12…TA-14)', () => {
  it('model-based paths: roll, terrain by turns with unequal shares, deployment by turns, then the first round waits', () => {
    type Game = { state: State; dice: readonly number[] | undefined };
    const seed = 4;
    const ctx = () => ({ scenario, table });
    const logic = fromTransition((g: Game, c: Command): Game => {
      const dice = new SeededDice(seed, g.dice ? [...g.dice] : undefined);
      if (!c.side || !ruleset.actingSides(g.state, c, { scenario }).sides.includes(c.side)) return g;
      const d = ruleset.decide(g.state, c, { ...ctx(), dice });
      if (!d.ok) return g;
      let s = g.state;
      for (const roll of dice.rolls) s = ruleset.evolve(s, { type: 'DICE_ROLLED', roll, rule: roll.rule });
      for (const e of d.events) s = ruleset.evolve(s, e);
      return { state: s, dice: dice.state() };
    }, { state: ruleset.setup(scenario, ctx()), dice: undefined } as Game);
    // Every side's commands (the wrong side's are refused: no path goes through them), one of each type and side.
    const offered = (g: Game): Command[] => {
      if (g.state.seq.step !== 'setup') return [];
      const legal = ruleset.legalCommands(g.state, ctx());
      const wrong = legal.map((c) => ({ ...c, side: scenario.sides.find((x) => x.id !== c.side)!.id }));
      const seen = new Set<string>();
      return [...legal, ...wrong].filter((c) => !seen.has(`${c.type}:${c.side}`) && !!seen.add(`${c.type}:${c.side}`));
    };
    const left = (s: State) => [s.table.setup!.quota, s.table.setup!.undeployed.length];
    const paths = getShortestPaths(logic, {
      events: (snap: { context: Game }) => offered(snap.context),
      serializeEvent: (e: unknown) => JSON.stringify(e),
      serializeState: (snap: { context: Game }) => JSON.stringify([at(snap.context.state), left(snap.context.state)]),
    } as never);
    const reached = new Set<string>();
    const orders: string[][] = [];
    for (const p of paths) {
      const session = new GameSession<State, Command, GameEvent, unknown>({ ruleset, scenario, table, seed });
      const sides: string[] = [];
      for (const step of p.steps) {
        const want = (step.state.context as Game).state;
        if (!step.event.type.startsWith('xstate.')) {
          expect(session.dispatch(step.event as Command).ok, step.event.type).toBe(true);
          sides.push(`${step.event.type}:${String((step.event as Command).side)}`);
        }
        expect(at(session.state)).toEqual(at(want));
        reached.add(`${want.seq.step}.${want.seq.setup ?? ''}`);
      }
      if (session.state.seq.step === 'between') orders.push(sides);
    }
    for (const v of ['setup.roll', 'setup.terrain', 'setup.deploy', 'between.']) expect(reached).toContain(v);
    // The whole setup: the roll, the winner's two pieces around the loser's one, the loser deploying first.
    expect(orders.length).toBeGreaterThan(0);
    const winner = orders[0]![1]!.split(':')[1]!;
    const loser = scenario.sides.find((x) => x.id !== winner)!.id;
    expect(orders[0]!.slice(1)).toEqual([
      `PLACE_TERRAIN:${winner}`, `PLACE_TERRAIN:${loser}`, `PLACE_TERRAIN:${winner}`,
      `DEPLOY:${loser}`, `DEPLOY:${winner}`, `DEPLOY:${loser}`, `DEPLOY:${winner}`,
    ]);
  });

  it('scripted: the roll is any side\'s; then only the side whose turn it is is heard; a side with nothing left lets the other go on', () => {
    // TA-12: Reds 2, Blues 2 (a tie, re-rolled), then Reds 5, Blues 3: Reds win (then 4–1 for the first round's initiative).
    const session = new GameSession<State, Command, GameEvent, unknown>({ ruleset, scenario, table, seed: 1, dice: new ScriptedDice([2, 2, 5, 3, 4, 1]) });
    expect(at(session.state)).toEqual(['setup', 'roll', null]);
    expect(session.actingSides({ type: 'SETUP_ROLL', side: 'blue' }).anySide).toBe(true);
    expect(session.dispatch({ type: 'SETUP_ROLL', side: 'blue' }).ok).toBe(true);
    expect(session.state.table.setup!.winner).toBe('red');
    expect(session.state.table.setup!.quota).toEqual({ red: 2, blue: 1 });
    expect(at(session.state)).toEqual(['setup', 'terrain', 'red']);
    // TA-13 the winner places first: the loser's piece is refused now.
    const place = (side: string, piece: string, x: number, z: number): Command => ({ type: 'PLACE_TERRAIN', side, piece, at: [x, z], rotation: 0 });
    expect(session.dispatch(place('blue', 'copse', 30, 30)).ok).toBe(false);
    // Too near an edge (TA-13): refused with its rule.
    expect(session.dispatch(place('red', 'copse', 10, 30))).toMatchObject({ ok: false, rule: 'TA-13' });
    expect(session.dispatch(place('red', 'copse', 30, 30)).ok).toBe(true);
    expect(at(session.state)).toEqual(['setup', 'terrain', 'blue']);
    expect(session.dispatch(place('blue', 'house', 30, 10)).ok).toBe(true);
    // Blues have placed their one piece: Reds place on.
    expect(at(session.state)).toEqual(['setup', 'terrain', 'red']);
    expect(session.legalCommands().every((c) => c.side === 'red' && c.piece === 'copse')).toBe(true);
    const last = session.dispatch(place('red', 'copse', 39, 20));
    expect(last.ok).toBe(true);
    // The stage over: the machine's events name the next stage, the loser first (TA-14).
    if (last.ok) expect(last.events.map((e) => e.type).slice(-2)).toEqual([SEQUENCE_EVENTS.setup.step, SEQUENCE_EVENTS.setup.stage]);
    expect(at(session.state)).toEqual(['setup', 'deploy', 'blue']);
    const deploy = (side: string, unitId: string, x: number, z: number): Command => ({ type: 'DEPLOY', side, unitId, at: [x, z] });
    expect(session.dispatch(deploy('blue', 'blue_a', 30, 30))).toMatchObject({ ok: false, rule: 'TA-14' });
    for (const c of [deploy('blue', 'blue_a', 55, 30), deploy('red', 'tank', 5, 22), deploy('blue', 'blue_b', 55, 10)]) {
      expect(session.dispatch(c).ok, JSON.stringify(c)).toBe(true);
    }
    expect(at(session.state)).toEqual(['setup', 'deploy', 'red']);
    const end = session.dispatch(deploy('red', 'red_squad', 5, 8));
    expect(end.ok).toBe(true);
    if (end.ok) expect(end.events.at(-1)!.type).toBe(SEQUENCE_EVENTS.setup.ended);
    // The setup over: the first round waits, and the stage's field is gone from the sequence.
    expect(at(session.state)).toEqual(['between', null, null]);
    expect('setup' in session.state.seq).toBe(false);
    expect(session.state.table.figures.find((f) => f.unit === 'red_squad')!.at).toEqual([5, 8]);
    expect(session.dispatch({ type: 'BEGIN_TURN', side: 'red' }).ok).toBe(true);
    expect(session.state.seq.round).toBe(1);
    // A setup command after the setup is refused by the machine's step.
    expect(session.dispatch(place('red', 'copse', 30, 20)).ok).toBe(false);
  });

  it('random games go through the setup to their end, on tables rebuilt as pieces are placed, and replay from their commands to the same state', () => {
    const built: Battlefield[] = [];
    const tables = () => new TableFor<unknown>((played: Scenario) => {
      const b = createBattlefieldNow(played);
      built.push(b);
      return cachedTable(b);
    });
    try {
      for (const seed of [1, 2, 3, 4, 5]) {
        const session = new GameSession<State, Command, GameEvent, unknown>({ ruleset, scenario, table: tables(), seed });
        const played = playGame(session, module.player!({ seed }) as never, { table: session.table });
        expect(played.result, `seed ${seed}`).toBeDefined();
        // The setup ran whole: three pieces placed, every unit deployed, then rounds were played.
        expect(session.state.table.setup!.placed).toHaveLength(3);
        expect(session.state.table.setup!.undeployed).toEqual([]);
        expect(session.state.seq.round).toBeGreaterThan(0);
        const again = new GameSession<State, Command, GameEvent, unknown>({ ruleset, scenario, table: tables(), seed });
        for (const entry of session.log) expect(again.dispatch(entry.command).ok).toBe(true);
        expect(again.stateHash()).toBe(session.stateHash());
      }
    } finally {
      for (const b of built) b.free();
    }
  });

  it('a stage with nothing to do is passed over, logged: without a terrain pool the roll leads straight to deployment', () => {
    const bare: Scenario = { ...scenario, terrainPool: undefined };
    const session = new GameSession<State, Command, GameEvent, unknown>({ ruleset, scenario: bare, table, seed: 1, dice: new ScriptedDice([1, 6]) });
    const r = session.dispatch({ type: 'SETUP_ROLL', side: 'red' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.events.filter((e) => e.type === SEQUENCE_EVENTS.setup.stage).map((e) => e.stage)).toEqual(['terrain', 'deploy']);
    // Blues won: Reds, the loser, deploy first (TA-14).
    expect(at(session.state)).toEqual(['setup', 'deploy', 'red']);
  });

  it('the HUD prompts the stage on, and offers its commands as buttons', () => {
    const session = new GameSession<State, Command, GameEvent, unknown>({ ruleset, scenario, table, seed: 1, dice: new ScriptedDice([6, 1]) });
    const view = () => module.hud.describe(session.state, { scenario, table: table as never });
    expect(view().prompt.headline).toBe('Setup: roll for who places terrain first');
    expect(view().actions.map((a) => a.id)).toEqual(['setup-roll']);
    session.dispatch({ type: 'SETUP_ROLL', side: 'red' });
    expect(view().prompt).toMatchObject({ side: 'red', headline: 'Setup: place a terrain piece' });
    expect(view().actions.length).toBeGreaterThan(0);
    expect(view().actions.every((a) => a.rule === 'TA-13')).toBe(true);
  });

  it('a program without setup starts between rounds, its sequence without the stage\'s field (the plain toy)', () => {
    const plain = playableModule(toyarmourModule).ruleset as Ruleset<State, Command, GameEvent, unknown>;
    const s = plain.setup(scenarioOf('toyarmour'), { table });
    expect(s.seq.step).toBe('between');
    expect('setup' in s.seq).toBe(false);
  });
});

describe('the setup states of the machine itself', () => {
  const machine = sequenceMachineFor(setupSequence as never);
  const base = viewOf('stageOver', { table: undefined, round: 0, lastRound: 3, sides: ['red', 'blue'], side: null, first: null, unit: null, acted: [], played: [] });
  const send = (seq: typeof base, e: GameEvent) => stepped(machine, { table: undefined, seq }, e);
  const S = SEQUENCE_EVENTS.setup;

  it('an alternate stage whose first side has nothing left starts with the other; one with nothing left on either side is passed over', () => {
    expect(send(base, { type: S.stage, stage: 'deploy', side: 'red', left: { red: 0, blue: 2 } })).toMatchObject({ step: 'setup', setup: 'deploy', side: 'blue' });
    expect(send(base, { type: S.stage, stage: 'terrain', side: 'red', left: { red: 0, blue: 0 } })).toMatchObject({ step: 'stageOver', side: null });
    // A stage of one command (no counts): its side, or any side (null).
    expect(send(base, { type: S.stage, stage: 'roll', side: null })).toMatchObject({ step: 'setup', setup: 'roll', side: null });
  });

  it('after each command the other side goes if it has anything left, else the same side; neither: the stage is over', () => {
    const on = send(base, { type: S.stage, stage: 'terrain', side: 'red', left: { red: 2, blue: 1 } });
    const a = send(on, { type: S.step, stage: 'terrain', side: 'red', left: { red: 1, blue: 1 } });
    expect(a.side).toBe('blue');
    const b = send(a, { type: S.step, stage: 'terrain', side: 'blue', left: { red: 1, blue: 0 } });
    expect(b.side).toBe('red');
    const c = send(b, { type: S.step, stage: 'terrain', side: 'red', left: { red: 0, blue: 0 } });
    expect(c).toMatchObject({ step: 'stageOver', side: null });
    const done = send(c, { type: S.ended });
    expect(done.step).toBe('between');
    expect('setup' in done).toBe(false);
  });

  it('the phases machine takes the same setup (a you-go-I-go ruleset: the defender deploys, then the attacker)', () => {
    const phases = sequenceMachineFor(toylinesModule.sequence as never);
    const go = (seq: typeof base, e: GameEvent) => stepped(phases, { table: undefined, seq }, e);
    const on = go(base, { type: S.stage, stage: 'deploy', side: 'blue', left: { red: 1, blue: 1 } });
    expect(on).toMatchObject({ step: 'setup', setup: 'deploy', side: 'blue' });
    const a = go(on, { type: S.step, stage: 'deploy', side: 'blue', left: { red: 1, blue: 0 } });
    expect(a.side).toBe('red');
    const b = go(a, { type: S.step, stage: 'deploy', side: 'red', left: { red: 0, blue: 0 } });
    expect(b.step).toBe('stageOver');
    expect(go(b, { type: S.ended }).step).toBe('between');
  });
});
