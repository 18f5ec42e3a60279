// Model-based paths (xstate/graph) through the sequence machines over the toys' real rules: the game
// (table rules + the flow's alternating or phases machine, composed by playableModule) is walked from
// its start, each vertex a machine step and how far the round has gone, taking the rules' legal
// commands with the game's seeded dice. Every command on every path is taken, every state reached is
// one the model allows (a side to act has a unit left; a round ends only when nobody has), a side
// with no unit left lets the other act on, and initiative is rolled again each round. Then the same
// sequence through a session (undo, a save replayed), and the XState machines
// themselves walked whole games long with the sequence events the rules decide.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, SeededDice, type CardsView, type Sequenced, type TableQueries } from '../../src/core';
import { cachedTable, playableModule, playGame } from '../../src/flow';
import { GameSession, loadSave, makeSave, type AnyRulesetModule, type Command, type GameEvent } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { armourUnits } from '../toys/rules/toyarmour/rules';
import { SEQUENCE_EVENTS, sequenceMachineFor, viewOf, type SequenceContext } from '../../src/flow/sequence-machines';
import { toylinesModule } from '../toys/rules/toylines';
import { toycardsModule } from '../toys/rules/toycards';
import { cardUnits, type CardsTable } from '../toys/rules/toycards/rules';
import { sideLines } from '../toys/rules/toylines/rules';

const SCENARIOS = path.resolve(__dirname, '../toys/scenarios');
const load = (id: string): Scenario => parseScenarioOrThrow(readFileSync(path.join(SCENARIOS, `${id}.json`), 'utf8'), `${id}.json`);
const fields: Battlefield[] = [];
afterAll(() => {
  for (const bf of fields) bf.free();
});
async function tableOf(scenario: Scenario): Promise<TableQueries> {
  const bf = await createBattlefield(scenario);
  fields.push(bf);
  return cachedTable(bf);
}

const armour = playableModule(toyarmourModule);
const lines = playableModule(toylinesModule);
const cards = playableModule(toycardsModule);
type State = Sequenced<{ figures: Array<{ id: string; unit: string; side: string }> }>;

/** The toy armour scenario with a third red unit: a side outnumbers the other, so it acts on alone. */
function armourThreeUnits(): Scenario {
  const s = load('toyarmour');
  const squad = s.units!.find((u) => u.side === 'red' && u.type !== 'vehicle')!;
  const extra = { ...squad, id: 'red_reserve', name: 'Red reserve', figures: squad.figures.map((f) => ({ ...f, id: `${f.id}_r`, at: [f.at[0], f.at[1] + 6] as [number, number] })) };
  return { ...s, units: [...s.units!, extra] };
}

interface Game {
  state: State;
  dice: readonly number[] | undefined;
  /** The last command's events, and a refusal if the rules refused it (none is expected). */
  last: GameEvent[];
  refused?: string;
}

/** The game as an actor logic for xstate/graph: a command is decided and folded, dice from the game's seed. */
function gameLogic(module: AnyRulesetModule, scenario: Scenario, table: TableQueries, seed: number) {
  const ruleset = module.ruleset;
  const start: Game = { state: ruleset.setup(scenario, { table }), dice: undefined, last: [] };
  return fromTransition((g: Game, command: Command): Game => {
    const dice = new SeededDice(seed, g.dice ? [...g.dice] : undefined);
    const d = ruleset.decide(g.state, command, { scenario, table, dice });
    if (!d.ok) return { ...g, refused: `${command.type}: ${d.reason}` };
    const events: GameEvent[] = [...dice.rolls.map((roll) => ({ type: 'DICE_ROLLED', roll, rule: roll.rule })), ...d.events];
    let s = g.state;
    for (const e of events) s = ruleset.evolve(s, e);
    return { state: s, dice: dice.state(), last: events };
  }, start);
}

/** A few of each kind of legal command (every kind kept; moves and shots trimmed). */
function trimmed(commands: readonly Command[], perType: number): Command[] {
  const n: Record<string, number> = {};
  return commands.filter((c) => (n[c.type] = (n[c.type] ?? 0) + 1) <= perType);
}

interface Walk {
  games: Game[][];
  module: AnyRulesetModule;
  scenario: Scenario;
  table: TableQueries;
}

/** Every shortest path through `rounds` rounds of the game (a vertex per step, side, units acted). */
function walk(module: AnyRulesetModule, scenario: Scenario, table: TableQueries, seed: number, rounds: number, perType = 1): Walk {
  const legal = (g: Game): Command[] => {
    const s = g.state;
    if (g.refused || (s.seq.round >= rounds && s.seq.step === 'between')) return [];
    return trimmed(module.ruleset.legalCommands(s, { scenario, table }), perType);
  };
  const paths = getShortestPaths(gameLogic(module, scenario, table, seed), {
    events: (snap: { context: Game }) => legal(snap.context),
    serializeEvent: (e: unknown) => JSON.stringify(e),
    serializeState: (snap: { context: Game }) => {
      const { seq, table: t } = snap.context.state;
      // The cards model's own fields (absent elsewhere) and what its guards read of the table (shaken units, figures standing).
      const c = seq as Partial<CardsView>;
      const shaken = [(t as Partial<CardsTable>).shaken, (t as Partial<CardsTable>).pinned];
      const cardsPart = c.deck ? [c.deck, c.via, c.by, c.forced, c.ready, c.readiness, c.queue, c.taken, shaken, (t as CardsTable).figures.filter((f) => f.alive).length] : [];
      return JSON.stringify([seq.step, seq.phase, seq.round, seq.side, seq.unit, [...seq.acted].sort(), seq.played, ...cardsPart, snap.context.refused ?? null]);
    },
  } as never);
  return { games: paths.map((p) => p.steps.map((st) => (st.state as { context: Game }).context)), module, scenario, table };
}

/** Units of a side still to act this round (or this phase). */
const readyOf = (units: (t: never, side: string) => string[], s: State, side: string) => units(s.table as never, side).filter((u) => !s.seq.acted.includes(u));

describe('the alternating machine over the toy armour rules (TA-1, TA-2, TA-8)', () => {
  let scenario: Scenario;
  let table: TableQueries;
  let three: { scenario: Scenario; table: TableQueries };
  beforeAll(async () => {
    scenario = load('toyarmour');
    table = await tableOf(scenario);
    const s3 = armourThreeUnits();
    three = { scenario: s3, table: await tableOf(s3) };
  });

  /** Each state the model allows: who acts has a unit left; the round ends only when nobody has; the legal commands are the step's. */
  function checkStates(w: Walk) {
    const reached = new Set<string>();
    for (const path of w.games) {
      for (const g of path) {
        expect(g.refused, g.refused).toBeUndefined();
        const s = g.state;
        const { step, side, unit } = s.seq;
        reached.add(step);
        const legal = w.module.ruleset.legalCommands(s, { scenario: w.scenario, table: w.table });
        if (w.module.ruleset.victory(s, { scenario: w.scenario })) {
          expect(legal).toEqual([]);
          continue;
        }
        expect(legal.length, `no legal command at ${step}`).toBeGreaterThan(0);
        if (step === 'pick') {
          expect(readyOf(armourUnits, s, side!).length).toBeGreaterThan(0);
          expect(legal.every((c) => c.type === 'SELECT_UNIT' && c.side === side)).toBe(true);
        }
        if (step === 'activation') {
          expect(s.table.figures.some((f) => f.unit === unit && f.side === side)).toBe(true);
          expect(s.seq.acted).not.toContain(unit);
          expect(legal.every((c) => c.unitId === unit)).toBe(true);
        }
        if (step === 'end') for (const x of s.seq.sides) expect(readyOf(armourUnits, s, x)).toEqual([]);
      }
    }
    return reached;
  }

  it('every path through two rounds takes each legal command and reaches only states the model allows', () => {
    const w = walk(armour, scenario, table, 3, 2);
    expect(w.games.length).toBeGreaterThan(8);
    const reached = checkStates(w);
    for (const step of ['between', 'pick', 'activation', 'end']) expect(reached).toContain(step);
  });

  it('TA-1 initiative is rolled again each round: every round opens with both sides\' d6 and names who acts first', () => {
    const w = walk(armour, scenario, table, 5, 3);
    const opened = new Map<number, Game>();
    for (const path of w.games) for (const g of path) if (g.last.some((e) => e.type === 'ROUND_STARTED')) opened.set(g.state.seq.round, g);
    expect([...opened.keys()].sort()).toEqual([1, 2, 3]);
    for (const [round, g] of opened) {
      const rolls = g.last.filter((e) => e.type === 'DICE_ROLLED' && (e.roll as { rule: string }).rule === 'TA-1');
      expect(rolls.length % 2).toBe(0);
      expect(rolls.length).toBeGreaterThanOrEqual(2);
      expect(g.state.seq).toMatchObject({ round, step: 'pick', side: g.state.seq.first, acted: [] });
    }
  });

  it('TA-2 a side with no unit left lets the other act on: with three red units to two blue, red acts twice running only once blue has none', () => {
    const w = walk(armour, three.scenario, three.table, 1, 1);
    checkStates({ ...w });
    let twice = 0;
    for (const path of w.games) {
      const acting = path.filter((g) => g.last.some((e) => e.type === 'UNIT_SELECTED')).map((g) => g.state);
      acting.forEach((s, i) => {
        if (i === 0 || s.seq.side !== acting[i - 1]!.seq.side) return;
        twice++;
        const otherSide = s.seq.sides.find((x) => x !== s.seq.side)!;
        expect(readyOf(armourUnits, s, otherSide)).toEqual([]);
      });
    }
    expect(twice).toBeGreaterThan(0);
  });

  it('TA-1 with scripted dice: blue win round 1, red round 2; the round ends after the last round\'s units (TA-8)', () => {
    const g = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset: armour.ruleset as never, scenario: { ...scenario, turnLimit: 2 }, table, seed: 1, dice: new ScriptedDice([2, 5, 6, 1]) });
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(g.state.seq).toMatchObject({ round: 1, first: 'blue', side: 'blue', step: 'pick' });
    const hold = () => {
      const side = g.state.seq.side!;
      const unitId = String(g.legalCommands()[0]!.unitId);
      expect(g.dispatch({ type: 'SELECT_UNIT', side, unitId }).ok).toBe(true);
      expect(g.dispatch({ type: 'HOLD', side, unitId }).ok).toBe(true);
    };
    while (g.state.seq.step !== 'end') hold();
    expect(g.dispatch({ type: 'END_TURN', side: 'red' }).ok).toBe(true);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(g.state.seq).toMatchObject({ round: 2, first: 'red', side: 'red' });
    while (g.state.seq.step !== 'end') hold();
    g.dispatch({ type: 'END_TURN', side: 'red' });
    expect(g.state.seq.step).toBe('over');
    expect(g.victory()).toMatchObject({ rule: 'TA-8' });
    expect(g.legalCommands()).toEqual([]);
  });

  it('TA-2 a unit that has acted this round may not be picked again: the machine\'s guard refuses it', () => {
    const g = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset: armour.ruleset as never, scenario, table, seed: 1, dice: new ScriptedDice([6, 1]) });
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    for (const [side, unitId] of [['red', 'tank'], ['blue', 'blue_a']]) {
      g.dispatch({ type: 'SELECT_UNIT', side, unitId });
      g.dispatch({ type: 'HOLD', side, unitId });
    }
    expect(g.state.seq).toMatchObject({ step: 'pick', side: 'red', acted: ['tank', 'blue_a'] });
    expect(g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' })).toEqual({ ok: false, reason: 'Tank may not activate now', rule: 'TA-2' });
    expect(g.legalCommands().map((c) => c.unitId)).toEqual(['red_squad']);
  });

  it('TA-8 a side with nothing left ends the game at once: the machine goes to its end from the middle of a round', () => {
    const ruleset = armour.ruleset;
    const start = ruleset.setup(scenario, { table }) as State;
    // Blue down to one soldier, under the tank's template; the tank activated in round 1.
    const figures = start.table.figures.map((f) => (f.side === 'blue' && f.id !== 'blue_a_1' ? { ...f, hp: 0 } : f));
    const s: State = { table: { figures }, seq: { ...start.seq, step: 'activation', round: 1, first: 'red', side: 'red', unit: 'tank' } };
    expect(ruleset.victory(s, { scenario })).toBeUndefined();
    const d = ruleset.decide(s, { type: 'TEMPLATE', side: 'red', unitId: 'tank', at: [44, 30] }, { scenario, table, dice: new ScriptedDice([3]) });
    expect(d.ok).toBe(true);
    let after = s;
    for (const e of d.ok ? d.events : []) after = ruleset.evolve(after, e);
    expect(after.seq).toMatchObject({ step: 'over', side: null, round: 1 });
    expect(ruleset.victory(after, { scenario })).toMatchObject({ winner: 'red', rule: 'TA-8' });
    expect(ruleset.legalCommands(after, { scenario, table })).toEqual([]);
  });

  it('TA-2 a step out of turn is refused with the machine\'s reason; undo takes back a command that rolled nothing', () => {
    const g = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset: armour.ruleset as never, scenario, table, seed: 1, dice: new ScriptedDice([6, 1]) });
    expect(g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' })).toMatchObject({ ok: false, rule: 'TA-1' });
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(g.dispatch({ type: 'END_TURN', side: 'red' })).toMatchObject({ ok: false, reason: expect.stringMatching(/^not now: /) });
    expect(g.dispatch({ type: 'HOLD', side: 'red', unitId: 'tank' })).toMatchObject({ ok: false, rule: 'TA-2' });
    g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' });
    const picked = g.state;
    g.dispatch({ type: 'HOLD', side: 'red', unitId: 'tank' });
    expect(g.state.seq).toMatchObject({ step: 'pick', side: 'blue', acted: ['tank'] });
    expect(g.undo()).toBe(true);
    expect(g.state).toEqual(picked);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'tank', acted: [] });
  });
});

describe('the phases machine over the toy lines rules (TL-1, TL-5)', () => {
  let scenario: Scenario;
  let table: TableQueries;
  beforeAll(async () => {
    scenario = load('toylines');
    table = await tableOf(scenario);
  });

  it('every path through two turns: each side plays every phase in order, the first side first, then the turn ends', () => {
    const w = walk(lines, scenario, table, 2, 2);
    expect(w.games.length).toBeGreaterThan(4);
    const phases = new Set<string>();
    for (const path of w.games) {
      for (const g of path) {
        expect(g.refused, g.refused).toBeUndefined();
        const s = g.state;
        const legal = lines.ruleset.legalCommands(s, { scenario, table });
        if (!lines.ruleset.victory(s, { scenario })) expect(legal.length).toBeGreaterThan(0);
        if (s.seq.step === 'phase') {
          phases.add(`${s.seq.side}:${s.seq.phase}`);
          expect(s.seq.played).not.toContain(s.seq.side);
          // The sides play in the scenario's order.
          expect(s.seq.played).toEqual(s.seq.sides.slice(0, s.seq.played.length));
          expect(legal.every((c) => c.side === s.seq.side)).toBe(true);
          expect(legal.filter((c) => c.unitId).every((c) => sideLines(s.table as never, s.seq.side!).includes(String(c.unitId)) && !s.seq.acted.includes(String(c.unitId)))).toBe(true);
        }
        if (s.seq.step === 'end') expect(s.seq.played).toEqual(s.seq.sides);
        // A side's turn passing is told in the log when the machine passes it.
        if (g.last.some((e) => e.type === 'PLAYER_TURN_ENDED')) expect(g.last.find((e) => e.type === 'PHASE_ENDED')).toMatchObject({ phase: 'fire' });
      }
    }
    expect([...phases].sort()).toEqual(['blue:fire', 'blue:move', 'red:fire', 'red:move']);
  });

  it('TL-5 a side with no figure left ends the game at once, in the middle of its enemy\'s fire phase', () => {
    const ruleset = lines.ruleset;
    const start = ruleset.setup(scenario, { table }) as State;
    type Fig = { id: string; side: string; unit: string; at: [number, number]; alive: boolean };
    const figs = (start.table.figures as unknown as Fig[]);
    const last = figs.filter((f) => f.side === 'blue').at(-1)!;
    // Blue down to one figure, 12" from the red line.
    const figures = figs.map((f) => (f.side !== 'blue' ? f : f === last ? { ...f, at: [f.at[0], 4 + 12 * 2.54 + 2.5] } : { ...f, alive: false }));
    const s = { table: { figures }, seq: { ...start.seq, step: 'phase', phase: 'fire', round: 1, side: 'red' } } as unknown as State;
    const d = ruleset.decide(s, { type: 'FIRE', side: 'red', unitId: 'red_line', targetId: last.unit }, { scenario, table, dice: new ScriptedDice([20, 20, 20, 20, 20, 20]) });
    expect(d.ok).toBe(true);
    let after = s;
    for (const e of d.ok ? d.events : []) after = ruleset.evolve(after, e);
    expect(after.seq).toMatchObject({ step: 'over', side: null, phase: null });
    expect(ruleset.victory(after, { scenario })).toMatchObject({ winner: 'red', rule: 'TL-5' });
  });

  it('TL-5 after the last turn the game is over; a save replays to the same state', () => {
    const session = new GameSession<State, Command, GameEvent, TableQueries>({ ruleset: lines.ruleset as never, scenario: { ...scenario, turnLimit: 1 }, table, seed: 4 });
    for (const c of [
      { type: 'BEGIN_TURN', side: 'red' }, { type: 'MOVE_LINE', side: 'red', unitId: 'red_line', inches: 2, wheel: 0 }, { type: 'END_PHASE', side: 'red' },
      { type: 'END_PHASE', side: 'red' }, { type: 'END_PHASE', side: 'blue' }, { type: 'END_PHASE', side: 'blue' }, { type: 'END_TURN', side: 'red' },
    ]) expect(session.dispatch(c).ok, c.type).toBe(true);
    expect(session.state.seq.step).toBe('over');
    expect(session.victory()).toMatchObject({ rule: 'TL-5' });
    const loaded = loadSave(makeSave(session), 'save.json', session.scenario, lines.ruleset as never, table) as GameSession<State>;
    expect(loaded.state).toEqual(session.state);
    expect(loaded.stateHash()).toBe(session.stateHash());
  });
});

describe('the cards machine over the toy cards rules (TC-1 … TC-7)', () => {
  let scenario: Scenario;
  let table: TableQueries;
  /** The lieutenant and one squad a side: two turns of every path stay few. */
  let small: { scenario: Scenario; table: TableQueries };
  beforeAll(async () => {
    scenario = load('toycards');
    table = await tableOf(scenario);
    const s2 = { ...scenario, turnLimit: 2, units: scenario.units!.filter((u) => u.id !== 'red_b' && u.id !== 'blue_b') };
    small = { scenario: s2, table: await tableOf(s2) };
  });
  type CState = Sequenced<CardsTable> & { seq: CardsView };
  const session = (dice: number[], turnLimit = 1) =>
    new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: cards.ruleset as never, scenario: { ...scenario, turnLimit }, table, seed: 1, dice: new ScriptedDice(dice) });
  const ok = (g: GameSession<CState>, c: Command) => {
    const r = g.dispatch(c);
    expect(r.ok, `${c.type}: ${r.ok ? '' : r.reason}`).toBe(true);
  };
  const types = (g: GameSession<CState>) => g.legalCommands().map((c) => c.type);

  /** Each state the model allows (the machine's context against the table and the legal commands). */
  /** Steps reached with a decision open; activations where the other side's return fire was due. */
  const decided = new Set<string>();
  let returned = 0;
  function checkCardStates(w: Walk) {
    const reached = new Set<string>();
    for (const path of w.games) {
      for (const g of path) {
        expect(g.refused, g.refused).toBeUndefined();
        const s = g.state as unknown as CState;
        const seq = s.seq;
        reached.add(seq.step);
        const legal = w.module.ruleset.legalCommands(s, { scenario: w.scenario, table: w.table });
        if (w.module.ruleset.victory(s, { scenario: w.scenario })) {
          expect(legal).toEqual([]);
          continue;
        }
        expect(legal.length, `no legal command at ${seq.step}`).toBeGreaterThan(0);
        // TC-1 every card drawn this turn came off the deck: drawn + left = the units dealt, each once.
        if (seq.step !== 'between' && seq.step !== 'over') expect(new Set([...seq.drawn, ...seq.deck]).size).toBe(seq.drawn.length + seq.deck.length);
        if (seq.step === 'draw') expect(seq.deck.length).toBeGreaterThan(0);
        // TC-9 a decision pre-empts the step: its answers are the legal commands, its side the only one heard.
        const decision = w.module.ruleset.pendingDecision?.(s, { scenario: w.scenario, table: w.table });
        if (decision) {
          decided.add(seq.step);
          expect(legal).toEqual(decision.options.map((o) => o.command));
          expect(legal.every((c) => ['ALLOCATE_HIT', 'RALLY'].includes(c.type) && c.side === decision.side)).toBe(true);
          expect(w.module.ruleset.actingSides(s, legal[0]!, { scenario: w.scenario }).sides).toEqual([decision.side]);
          continue;
        }
        if (seq.step === 'forced' || seq.step === 'offer' || seq.step === 'activation') {
          expect(seq.acted).not.toContain(seq.unit);
          expect(cardUnits(s.table, seq.side!)).toContain(seq.unit);
          // TC-10 in an activation the acting sides are those of the legal actions (return fire: the side shot at, for the unit shot at).
          const sides = w.module.ruleset.actingSides(s, legal[0]!, { scenario: w.scenario }).sides;
          expect([...new Set(legal.map((c) => c.side))]).toEqual(sides);
          if (sides[0] !== seq.side) {
            returned++;
            expect(legal.map((c) => c.type)).toEqual(['RETURN_FIRE', 'HOLD_FIRE']);
            expect(legal.every((c) => s.table.returnFire?.unit === c.unitId && cardUnits(s.table, String(c.side)).includes(String(c.unitId)))).toBe(true);
          } else expect(legal.every((c) => c.side === seq.side && (c.unitId === undefined || c.unitId === seq.unit))).toBe(true);
        }
        // TC-3 the acting side may end the activation whenever none of its enemy's actions is due.
        if (seq.step === 'activation' && legal.every((c) => c.side === seq.side)) expect(legal.at(-1)).toEqual({ type: 'END_ACTIVATION', side: seq.side, unitId: seq.unit });
        // TC-5, TC-8 the forced steps come only to a shaken unit (its nerve test first), then to a pinned one; nothing else is taken then.
        if (seq.step === 'forced') {
          expect(seq.forced).toBe(s.table.shaken.includes(seq.unit!) ? 'nerve test' : 'get up');
          if (seq.forced === 'get up') expect(s.table.pinned).toContain(seq.unit);
          expect(legal.map((c) => c.type)).toEqual(['RESOLVE']);
        }
        if (seq.step === 'offer') {
          expect(legal.slice(0, 2).map((c) => c.type)).toEqual(['ACTIVATE', 'PASS']);
          // TC-4 a commanded unit may neither command nor go ready; TC-6 readiness only on its own card.
          if (seq.via !== 'card') expect(legal.some((c) => c.type === 'READY' || c.type === 'COMMAND')).toBe(false);
          if (seq.via === 'command') expect(seq.acted).toContain(seq.by);
        }
        if (seq.step === 'window') {
          expect(seq.readiness!.pending.length).toBeGreaterThan(0);
          for (const side of seq.readiness!.pending) expect(seq.ready.some((u) => s.table.figures.some((f) => f.unit === u && f.side === side && f.alive))).toBe(true);
        }
        // The turn ends only with the deck empty and nobody queued.
        if (seq.step === 'end') {
          expect(seq.deck).toEqual([]);
          expect(seq.queue).toEqual([]);
        }
      }
    }
    return reached;
  }

  it('TC-1, TC-2, TC-5, TC-6 every path through a turn takes each legal command and reaches only states the model allows', () => {
    const w = walk(cards, scenario, table, 1, 1);
    expect(w.games.length).toBeGreaterThan(50);
    const reached = checkCardStates(w);
    for (const step of ['between', 'draw', 'forced', 'offer', 'activation', 'window', 'end']) expect(reached, step).toContain(step);
    // TC-9 hits were allocated in the middle of an activation (the acted event held back until the last answer).
    expect(decided).toContain('activation');
    expect(returned).toBeGreaterThan(0);
    // Every step's event is taken on some path (a pass leads to the state a held activation does: the walk keeps one of them).
    const taken = new Set(w.games.flatMap((path) => path.flatMap((g) => g.last.map((e) => e.type))));
    for (const t of ['TURN_OPENED', 'CARD_DRAWN', 'FORCED_RESOLVED', 'GOT_UP', 'ACTION_TAKEN', 'HIT_ALLOCATED', 'FIRE_RETURNED', 'FIRE_HELD', 'UNIT_ACTIVATED', 'UNIT_READIED', 'UNIT_COMMANDED', 'UNIT_ACTED', 'READINESS_DECLARED', 'WINDOW_CLOSED', 'TURN_CLOSED']) expect(taken, t).toContain(t);
  });

  it('TC-1 every turn deals a new deck of the units on the table; the turn ends with the deck empty; after the last turn the game is over (TC-7)', () => {
    const w = walk(cards, small.scenario, small.table, 3, 2);
    expect(checkCardStates(w)).toContain('over');
    const dealt = w.games.flatMap((path) => path.filter((g) => g.last.some((e) => e.type === 'TURN_OPENED')));
    expect(new Set(dealt.map((g) => g.state.seq.round))).toEqual(new Set([1, 2]));
    for (const g of dealt) {
      const s = g.state as unknown as CState;
      const units = s.seq.sides.flatMap((side) => cardUnits(s.table, side));
      expect([...s.seq.deck].sort()).toEqual([...units].sort());
      expect(g.last.filter((e) => e.type === 'DICE_ROLLED' && (e.roll as { rule: string }).rule === 'TC-1').length).toBe(units.length);
      expect(s.seq).toMatchObject({ drawn: [], acted: [], ready: [], queue: [] });
    }
  });

  it('TC-4 the leader commands a squad: it acts in his place, its own card is then spent; TC-5 a shaken unit fails its nerve and its activation is spent; TC-6 a ready squad acts in the window after it', () => {
    // Cards: lieutenant 6, first squad 5, second 4, blue first 3, blue second 2: drawn in that order.
    const g = session([6, 5, 4, 3, 2, 6, 6, 1, 2]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    expect(g.state.seq.deck).toEqual(['red_lt', 'red_a', 'red_b', 'blue_a', 'blue_b']);
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'red_lt', via: 'card', side: 'red' });
    expect(types(g)).toEqual(['ACTIVATE', 'PASS', 'COMMAND', 'COMMAND']);
    ok(g, { type: 'COMMAND', side: 'red', unitId: 'red_lt', target: 'red_a' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'red_a', via: 'command', by: 'red_lt', acted: ['red_lt'] });
    expect(types(g)).toEqual(['ACTIVATE', 'PASS']);
    // A commanded unit may not command in turn (the machine's guard refuses it).
    expect(g.dispatch({ type: 'COMMAND', side: 'red', unitId: 'red_a', target: 'red_b' })).toEqual({ ok: false, reason: 'Red first squad may not command Red second squad now', rule: 'TC-4' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    expect(g.state.table.shaken).toEqual(['blue_a']);
    // TC-9 two hits on three men: Blues choose who falls.
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_2' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_3' });
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_lt', 'red_a'] });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.events.at(-1)).toMatchObject({ type: 'CARD_DRAWN', card: 'red_a', unit: null, rule: 'TC-4' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'READY', side: 'red', unitId: 'red_b' });
    // Going ready is no activation: no window yet.
    expect(g.state.seq).toMatchObject({ step: 'draw', ready: ['red_b'], readiness: null });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq).toMatchObject({ step: 'forced', unit: 'blue_a', forced: 'nerve test', side: 'blue' });
    expect(g.dispatch({ type: 'ACTIVATE', side: 'blue', unitId: 'blue_a' })).toMatchObject({ ok: false, reason: 'not now: Blue first squad must first resolve its nerve test', rule: 'TC-2' });
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    expect(g.state.table.shaken).toEqual(['blue_a']);
    expect(g.state.seq).toMatchObject({ step: 'window', acted: ['red_lt', 'red_a', 'blue_a'], readiness: { pending: ['red'], declared: {} } });
    expect(g.dispatch({ type: 'READINESS', side: 'red', unitId: 'red_a' })).toMatchObject({ ok: false, rule: 'TC-6' });
    ok(g, { type: 'READINESS', side: 'red', unitId: 'red_b' });
    // The unit offered from the queue is still in readiness, at the queue's head, until its activation starts.
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'red_b', via: 'readiness', ready: ['red_b'], queue: ['red_b'], readiness: null });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_b' });
    expect(g.state.seq).toMatchObject({ step: 'activation', ready: [], queue: [] });
    ok(g, { type: 'HOLD', side: 'red', unitId: 'red_b' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'PASS', side: 'blue', unitId: 'blue_b' });
    expect(g.state.seq).toMatchObject({ step: 'end', deck: [], drawn: ['red_lt', 'red_a', 'red_b', 'blue_a', 'blue_b'] });
    ok(g, { type: 'END_TURN', side: 'red' });
    // TC-11 Blues, with a shaken unit, choose whether it rallies before the turn ends.
    expect(g.state.seq.step).toBe('closing');
    ok(g, { type: 'RALLY', side: 'blue', unitId: null });
    expect(g.state.seq.step).toBe('over');
    expect(g.victory()).toMatchObject({ rule: 'TC-7', winner: 'red' });
  });

  it('TC-6 both sides declare a ready unit: a roll-off (a tie re-rolled) orders them, both act before the next card', () => {
    // Cards: first squad 6, blue first 5, lieutenant 4, second 2, blue second 1; roll-off 4–4 then 2–5.
    const g = session([4, 6, 2, 5, 1, 4, 4, 2, 5]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    expect(g.state.seq.deck).toEqual(['red_a', 'blue_a', 'red_lt', 'red_b', 'blue_b']);
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'READY', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'READY', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(types(g)).not.toContain('READY');
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_lt' });
    ok(g, { type: 'HOLD', side: 'red', unitId: 'red_lt' });
    expect(g.state.seq.readiness).toEqual({ pending: ['red', 'blue'], declared: {} });
    expect(g.legalCommands()).toEqual([
      { type: 'READINESS', side: 'red', unitId: null }, { type: 'READINESS', side: 'red', unitId: 'red_a' },
      { type: 'READINESS', side: 'blue', unitId: null }, { type: 'READINESS', side: 'blue', unitId: 'blue_a' },
    ]);
    expect(g.actingSides({ type: 'READINESS', side: 'blue', unitId: 'blue_a' }).sides).toEqual(['red', 'blue']);
    ok(g, { type: 'READINESS', side: 'blue', unitId: 'blue_a' });
    expect(g.state.seq).toMatchObject({ step: 'window', readiness: { pending: ['red'], declared: { blue: 'blue_a' } } });
    ok(g, { type: 'READINESS', side: 'red', unitId: 'red_a' });
    // Each round of the roll-off is its own line with its dice (the tie, then the re-roll), then the window closes.
    expect(g.events.filter((e) => e.type === 'ROLL_OFF_ROLLED')).toMatchObject([
      { rule: 'TC-6', rolls: [{ side: 'red', value: 4 }, { side: 'blue', value: 4 }], text: 'Readiness roll-off Reds 4, Blues 4: a tie, rolled again' },
      { rule: 'TC-6', rolls: [{ side: 'red', value: 2 }, { side: 'blue', value: 5 }], text: 'Readiness roll-off Reds 2, Blues 5: Blues go first' },
    ]);
    expect(g.events.at(-1)).toMatchObject({ type: 'WINDOW_CLOSED', queue: ['blue_a', 'red_a'], text: 'Readiness roll-off 2–5: Blues go first' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'blue_a', via: 'readiness', queue: ['blue_a', 'red_a'], ready: ['red_a', 'blue_a'] });
    ok(g, { type: 'ACTIVATE', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'HOLD', side: 'blue', unitId: 'blue_a' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'red_a', via: 'readiness', queue: ['red_a'], ready: ['red_a'] });
    // A pass is the unit's activation: its readiness and its place in the queue are used.
    ok(g, { type: 'PASS', side: 'red', unitId: 'red_a' });
    expect(g.state.seq).toMatchObject({ step: 'draw', deck: ['red_b', 'blue_b'], queue: [], ready: [] });
  });

  it('TC-7 a side with nothing left ends the game at once, in the middle of the turn, even with a ready unit waiting (TC-6)', () => {
    const ruleset = cards.ruleset;
    const start = ruleset.setup(scenario, { table }) as CState;
    const last = start.table.figures.find((f) => f.id === 'blue_a_1')!;
    const figures = start.table.figures.map((f) => (f.side === 'blue' && f !== last ? { ...f, alive: false } : f));
    const s = { table: { ...start.table, figures }, seq: { ...start.seq, step: 'activation', round: 1, side: 'red', unit: 'red_a', via: 'card', deck: ['blue_a'], drawn: ['red_b', 'red_a'], ready: ['red_b'] } } as CState;
    const d = ruleset.decide(s, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' }, { scenario, table, dice: new ScriptedDice([6, 1, 1]) });
    expect(d.ok).toBe(true);
    let after = s;
    for (const e of d.ok ? d.events : []) after = ruleset.evolve(after, e) as CState;
    expect(after.seq).toMatchObject({ step: 'over', deck: ['blue_a'] });
    expect(ruleset.victory(after, { scenario })).toMatchObject({ winner: 'red', rule: 'TC-7' });
    expect(ruleset.legalCommands(after, { scenario, table })).toEqual([]);
  });

  it('TC-2 undo takes back a choice that rolled nothing; a save replays to the same state', () => {
    const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: cards.ruleset as never, scenario, table, seed: 9 });
    // Random play, each command to the session (as `cli play` and the browser send commands).
    const played = playGame(g as never, cards.player!({ seed: 9 }) as never, { table, maxCommands: 30 });
    expect(played).toMatchObject({ commands: 30, refused: 0 });
    const loaded = loadSave(makeSave(g), 'save.json', g.scenario, cards.ruleset as never, table) as GameSession<CState>;
    expect(loaded.state).toEqual(g.state);
    expect(loaded.stateHash()).toBe(g.stateHash());
    // Walk on to an offer and take the choice back.
    while (g.state.seq.step !== 'offer' && !g.victory()) ok(g, g.legalCommands()[0]!);
    if (g.state.seq.step === 'offer') {
      const before = g.state;
      ok(g, { type: 'PASS', side: before.seq.side!, unitId: before.seq.unit! });
      expect(g.state.seq.acted).toContain(before.seq.unit);
      expect(g.undo()).toBe(true);
      expect(g.state).toEqual(before);
    }
  });
});

describe('the machines themselves, walked with the sequence events the toys\' rules decide', () => {
  /**
   * Every path of the module's sequence machine from a new game to its end, each event the one its
   * step's command leads to (the units hold, or a side ends its phases: the table stays as set up).
   */
  function machinePaths(module: AnyRulesetModule, sequence: object, scenario: Scenario, table: TableQueries) {
    const start = module.ruleset.setup(scenario, { table }) as State;
    const own = new Set<string>([...Object.values(SEQUENCE_EVENTS.alternating), ...Object.values(SEQUENCE_EVENTS.phases), ...Object.values(SEQUENCE_EVENTS.cards)]);
    const events = (snap: { value: never; context: SequenceContext }): GameEvent[] => {
      const s: State = { table: start.table, seq: viewOf(snap.value, snap.context) };
      return module.ruleset.legalCommands(s, { scenario, table })
        .filter((c) => !['MOVE', 'SHOOT', 'PIVOT', 'TEMPLATE', 'MOVE_LINE', 'FIRE'].includes(c.type))
        .flatMap((c) => {
          const d = module.ruleset.decide(s, c, { scenario, table, dice: new SeededDice(1) });
          return d.ok ? d.events.filter((e) => own.has(e.type)) : [];
        });
    };
    const { step: _s, phase: _p, ...context } = start.seq;
    return getShortestPaths(sequenceMachineFor(sequence as never) as never, {
      input: { ...context, table: start.table },
      events,
      serializeEvent: (e: unknown) => JSON.stringify(e),
      serializeState: (snap: { value: unknown; context: SequenceContext }) => JSON.stringify([snap.value, { ...snap.context, table: undefined }]),
    } as never) as unknown as Array<{ state: { value: never; context: SequenceContext; status: string }; steps: Array<{ event: GameEvent }> }>;
  }

  it('alternating (TA-1, TA-2, TA-8): each round every unit acts once, the sides taking turns, and after the last round the machine is over', async () => {
    const scenario = load('toyarmour');
    const table = await tableOf(scenario);
    const paths = machinePaths(armour, toyarmourModule.sequence, scenario, table);
    const ended = paths.filter((p) => p.state.status === 'done');
    expect(ended.length).toBeGreaterThan(0);
    const units = scenario.units!.length;
    const rounds = scenario.turnLimit!;
    for (const p of ended) {
      const types = p.steps.map((st) => st.event.type);
      expect(types.filter((t) => t === 'ROUND_STARTED').length).toBe(rounds);
      expect(types.filter((t) => t === 'ROUND_ENDED').length).toBe(rounds);
      expect(types.filter((t) => t === 'UNIT_ACTED').length).toBe(rounds * units);
      // TA-2 within a round the sides take turns while both have a unit left (two units each here).
      const sides = p.steps.filter((st) => st.event.type === 'UNIT_SELECTED').map((st) => String(st.event.unit).startsWith('blue') ? 'blue' : 'red');
      for (let r = 0; r < rounds; r++) {
        const round = sides.slice(r * units, (r + 1) * units);
        round.forEach((side, i) => { if (i > 0) expect(side).not.toBe(round[i - 1]); });
      }
    }
    const steps = new Set(paths.map((p) => viewOf(p.state.value, p.state.context).step));
    expect([...steps].sort()).toEqual(['activation', 'between', 'end', 'over', 'pick']);
  });

  it('cards (TC-1, TC-2, TC-4, TC-6, TC-7): each turn every card is drawn once, no unit acts twice, readiness waits for an activation, and after the last turn the machine is over', async () => {
    const full = load('toycards');
    // The lieutenant and one squad a side, two turns.
    const scenario = { ...full, turnLimit: 2, units: full.units!.filter((u) => u.id !== 'red_b' && u.id !== 'blue_b') };
    const table = await tableOf(scenario);
    const paths = machinePaths(cards, toycardsModule.sequence, scenario, table);
    const ended = paths.filter((p) => p.state.status === 'done');
    expect(ended.length).toBeGreaterThan(0);
    for (const p of ended) {
      const types = p.steps.map((st) => st.event.type);
      expect(types.filter((t) => t === 'TURN_OPENED').length).toBe(2);
      expect(types.filter((t) => t === 'TURN_CLOSED').length).toBe(2);
    }
    const units = scenario.units!.map((u) => u.id);
    expect(paths.length).toBeGreaterThan(50);
    for (const p of paths) {
      // Split into turns: every card drawn once in a turn that closed; a unit's activation ends at most once a turn.
      const turns: GameEvent[][] = [];
      for (const { event: e } of p.steps) {
        if (e.type === 'TURN_OPENED') turns.push([]);
        else turns.at(-1)?.push(e);
      }
      for (const turn of turns) {
        if (turn.at(-1)?.type === 'TURN_CLOSED') expect(turn.filter((e) => e.type === 'CARD_DRAWN').map((e) => e.card).sort()).toEqual([...units].sort());
        // TC-4 the leader who commands has used his activation.
        const done = turn.flatMap((e) => (e.type === 'UNIT_PASSED' || e.type === 'UNIT_ACTED' ? [String(e.unit)] : e.type === 'UNIT_COMMANDED' ? [String(e.by)] : []));
        expect(new Set(done).size).toBe(done.length);
        // TC-6 a window opens only after an activation ended (never straight after a card or a unit going ready).
        turn.forEach((e, i) => {
          if (e.type === 'READINESS_DECLARED' && turn[i - 1]?.type !== 'READINESS_DECLARED') expect(['UNIT_ACTED', 'UNIT_PASSED']).toContain(turn[i - 1]?.type);
        });
      }
    }
    const steps = new Set(paths.map((p) => viewOf(p.state.value, p.state.context).step));
    // Opening and closing wait for decisions the hooks raise, never raised on this walk's starting table (cards-extensions: TC-11, TC-12).
    expect([...steps].sort()).toEqual(['activation', 'between', 'draw', 'end', 'offer', 'over', 'window']);
  });

  it('phases (TL-1, TL-5): every side plays the move then the fire phase in the scenario\'s order each turn, then over', async () => {
    const scenario = load('toylines');
    const table = await tableOf(scenario);
    const paths = machinePaths(lines, toylinesModule.sequence, scenario, table);
    const ended = paths.filter((p) => p.state.status === 'done');
    expect(ended.length).toBe(1);
    const phases = ended[0]!.steps.filter((st) => st.event.type === 'PHASE_ENDED').map((st) => `${st.event.side}:${st.event.phase}`);
    expect(phases).toEqual(Array.from({ length: scenario.turnLimit! }, () => ['red:move', 'red:fire', 'blue:move', 'blue:fire']).flat());
  });
});
