// The cards machine's close-combat exchange (CardsProgram.exchange) on a toy ruleset with a two-step
// exchange (melee-exchange-toy.ts: TB-1 blows, TB-2 the struck unit's nerve): the steps are the
// machine's nested states, entered in the program's order as their events are folded; an owner's
// choice holds the exchange at its step and the steps after it go on with the last answer; then the
// forced step ends and the activation is spent. Scripted games (replayed), seeded
// games to their end (saved and loaded), model-based paths (xstate/graph) through every branch of the exchange,
// and an exchange the program opens inside an activation (`opens`).
import { describe, expect, it } from 'vitest';
import { fromTransition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ScriptedDice, type CardsView, type Sequenced, type TableQueries } from '../../src/core';
import { cardsMachine, EXCHANGE_FIELD } from '../../src/flow';
import { GameSession, loadSave, makeSave, type Command, type GameEvent } from '../../src/game';
import { brawlModule, type BrawlTable } from './melee-exchange-toy';
import { cardsSession, ok as accepted, replayedLog, toycardsTable } from './toycards-harness';

type BState = Sequenced<BrawlTable> & { seq: CardsView };
type Session = GameSession<BState, Command, GameEvent, TableQueries>;
type Module = ReturnType<typeof brawlModule>;

const toy = toycardsTable();

const BRAWL: [string, string] = ['red_a', 'blue_a'];
const brawl = brawlModule(BRAWL);
/** TC-1 the deal's dice (red_lt, red_a, red_b, blue_a, blue_b): red_a's card first, then blue_b, blue_a, red_b, red_lt. */
const DEAL = [1, 6, 2, 3, 4];

const session = (m: Module, dice: number[]) => cardsSession(m, toy.scenario, toy.table, dice) as unknown as Session;
const ok = (g: Session, c: Command) => accepted(g as never, c);
const decisionOf = (m: Module, s: BState) => m.ruleset.pendingDecision?.(s as never, { scenario: toy.scenario } as never);
const marks = (events: readonly GameEvent[]) => events.filter((e) => e[EXCHANGE_FIELD]).map((e) => `${e.type}@${String(e[EXCHANGE_FIELD])}`);

describe('the exchange as the cards machine\'s nested states (toy TB-1, TB-2)', () => {
  it('TB-1 TB-2 blows, the owner\'s choice holding the exchange at its step, then the nerve; the activation spent; replayed', () => {
    const dice = [...DEAL, 2, 5, 5, 6, 1, 1];
    const g = session(brawl, dice);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq).toMatchObject({ step: 'forced', forced: 'brawl', unit: 'red_a' });
    expect(g.legalCommands()).toEqual([{ type: 'RESOLVE', side: 'red', unitId: 'red_a', step: 'brawl' }]);

    // TB-1 red 2, blue 5: red_a takes a hit, three men stand: its owner chooses; the machine waits at `blows`.
    const fought = ok(g, { type: 'RESOLVE', side: 'red', unitId: 'red_a', step: 'brawl' });
    expect(marks(fought)).toEqual(['BRAWL_BLOWS@blows']);
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'blows', forced: 'brawl', unit: 'red_a' });
    const asked = decisionOf(brawl, g.state)!;
    expect(asked).toMatchObject({ side: 'red', rule: 'TC-9' });
    expect(g.legalCommands()).toEqual(asked.options.map((o) => o.command));
    // Nothing but the answer is taken while the exchange waits.
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'red', unitId: 'red_a' }).ok).toBe(false);

    // The answer, then TB-2 the nerve (5 holds), then the forced step's end: the activation is spent.
    const answered = ok(g, asked.options[0]!.command);
    expect(answered.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'BRAWL_HELD', 'FORCED_RESOLVED']);
    expect(marks(answered)).toEqual(['BRAWL_HELD@nerve']);
    expect(answered.at(-1)).toMatchObject({ step: 'brawl', unit: 'red_a', goesOn: false });
    expect(g.state.seq.step).toBe('draw');
    expect(g.state.seq.exchange).toBeUndefined();
    expect(g.state.seq.acted).toContain('red_a');
    expect(g.state.table.brawl).toEqual({ units: BRAWL, struck: null });

    // TB-1 blue_a's card (blue_b's first, passed): red 6, blue 1 (red_a rolls first, the brawl's order): blue_a takes two hits.
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'PASS', side: 'blue', unitId: 'blue_b' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq).toMatchObject({ step: 'forced', forced: 'brawl', unit: 'blue_a' });
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'brawl' });
    expect(decisionOf(brawl, g.state)).toMatchObject({ side: 'blue', label: expect.stringContaining('2 hits') });
    // Two hits, chosen one at a time: the exchange stays at `blows` until the last, then TB-2 the nerve (1: it breaks off).
    ok(g, decisionOf(brawl, g.state)!.options[0]!.command);
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'blows' });
    const last = ok(g, decisionOf(brawl, g.state)!.options[0]!.command);
    expect(last.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'BRAWL_BROKEN', 'FORCED_RESOLVED']);
    expect(g.state.table.brawl).toBeNull();
    expect(g.state.table.shaken).toContain('blue_a');
    expect(g.state.seq.acted).toEqual(expect.arrayContaining(['red_a', 'blue_a']));

    // The command log sent again gives the same game.
    const again = replayedLog(brawl, g as never, toy.table, dice);
    expect(again.events).toEqual(g.events);
    expect(again.state).toEqual(g.state);
  });

  it('TB-1 TB-2 seeded games with the brawl play to their end; a save loads to the same game', () => {
    let exchanges = 0;
    for (const seed of [1, 2, 3, 4]) {
      const g = new GameSession<BState, Command, GameEvent, TableQueries>({ ruleset: brawl.ruleset as never, scenario: { ...toy.scenario, turnLimit: 3 }, table: toy.table, seed });
      // The last legal command each time (a unit offered passes rather than go ready or command; a choice takes its last option).
      for (let n = 0; n < 400 && !g.victory(); n++) ok(g, g.legalCommands().at(-1)!);
      expect(g.victory(), `seed ${seed}: the game ends`).toBeDefined();
      exchanges += g.events.filter((e) => e[EXCHANGE_FIELD] === 'blows').length;
      const loaded = loadSave(makeSave(g as never), 'save.json', g.scenario, brawl.ruleset as never, toy.table) as Session;
      expect(loaded.events).toEqual(g.events);
      expect(loaded.state).toEqual(g.state);
    }
    expect(exchanges).toBeGreaterThan(1);
  });

  it('TB-1 equal blows: the nerve is not due, the exchange ends after its first step', () => {
    const g = session(brawl, [...DEAL, 3, 3]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    const events = ok(g, { type: 'RESOLVE', side: 'red', unitId: 'red_a', step: 'brawl' });
    expect(events.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['BRAWL_BLOWS', 'FORCED_RESOLVED']);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'] });
    expect(g.state.table.brawl).toEqual({ units: BRAWL, struck: null });
  });
});

/** A game for xstate/graph: a command with the dice it is to roll (scripted per event), decided and folded. */
interface Game {
  state: BState;
  log: GameEvent[];
  refused?: string;
}
type Step = { type: string; command: Command; dice: number[] };

function exchangeLogic(m: Module, start: BState) {
  return fromTransition((g: Game, { command, dice }: Step): Game => {
    const d = m.ruleset.decide(g.state as never, command, { scenario: toy.scenario, table: toy.table, dice: new ScriptedDice(dice) } as never);
    if (!d.ok) return { ...g, refused: `${command.type}: ${d.reason}` };
    let s = g.state;
    for (const e of d.events as GameEvent[]) s = m.ruleset.evolve(s as never, e) as BState;
    return { state: s, log: [...g.log, ...(d.events as GameEvent[])] };
  }, { state: start, log: [] } as Game);
}

/** Every shortest path from `start` (a brawling unit offered) to the exchange's end, each roll of its dice that branches it. */
function exchangePaths(m: Module, start: BState): Game[][] {
  // TB-1: a tie, the blue unit lower (one hit, two), the red lower (one hit, two); TB-2: holds (5), breaks (1).
  const blowsDice = [[3, 3], [4, 2], [6, 2], [2, 4], [2, 6]];
  const nerveDice = [[5], [1]];
  const over = (g: Game) => g.refused !== undefined || (g.state.seq.step !== 'forced' && g.state.seq.step !== 'exchange');
  const events = (g: Game): Step[] => {
    if (over(g)) return [];
    const d = decisionOf(m, g.state);
    if (d) return d.options.flatMap((o) => nerveDice.map((dice) => ({ type: o.command.type, command: o.command, dice })));
    return m.ruleset.legalCommands(g.state as never, { scenario: toy.scenario, table: toy.table } as never).flatMap((command) => [...blowsDice.map((b) => [...b, 5]), ...blowsDice.map((b) => [...b, 1])].map((dice) => ({ type: command.type, command, dice })));
  };
  const paths = getShortestPaths(exchangeLogic(m, start), {
    events: (snap: { context: Game }) => events(snap.context),
    serializeEvent: (e: unknown) => JSON.stringify(e),
    serializeState: (snap: { context: Game }) => {
      const { state: s, refused } = snap.context;
      return JSON.stringify([s.seq.step, s.seq.exchange ?? null, s.seq.forced, s.seq.unit, s.seq.acted, s.table.brawl, s.table.allocating, s.table.figures.filter((f) => f.alive).map((f) => f.id), s.table.shaken, refused ?? null]);
    },
  } as never);
  return paths.map((p) => p.steps.map((st) => (st.state as { context: Game }).context));
}

/** The state with red_a offered its activation, locked in the brawl (the deal's dice put its card on top). */
function offered(m: Module): BState {
  const g = session(m, DEAL);
  ok(g, { type: 'BEGIN_TURN', side: 'red' });
  ok(g, { type: 'DRAW_CARD', side: 'red' });
  expect(g.state.seq).toMatchObject({ step: 'forced', forced: 'brawl', unit: 'red_a' });
  return g.state;
}

describe('model-based paths through the exchange (xstate/graph, toy TB-1, TB-2)', () => {
  const STEPS = ['blows', 'nerve'];

  /** What every path must show: the program's order, a rest only on a decision, the end the model allows; the outcomes reached. */
  function check(m: Module, paths: Game[][]): Set<string> {
    const outcomes = new Set<string>();
    for (const p of paths) {
      let at = -1;
      for (const g of p) {
        expect(g.refused, g.refused).toBeUndefined();
        const { seq } = g.state;
        if (seq.step !== 'exchange') continue;
        // The machine's nested state follows the program's steps in order, and rests only while an owner chooses.
        const i = STEPS.indexOf(seq.exchange!);
        expect(i).toBeGreaterThanOrEqual(at);
        at = i;
        const d = decisionOf(m, g.state);
        expect(d, `the exchange rests at ${seq.exchange} with nothing asked`).toBeDefined();
        expect(m.ruleset.legalCommands(g.state as never, { scenario: toy.scenario, table: toy.table } as never)).toEqual(d!.options.map((o) => o.command));
      }
      const end = p.at(-1)!;
      const types = end.log.map((e) => e.type);
      if (end.state.seq.step === 'forced' || end.state.seq.step === 'exchange') continue;
      // The exchange's end: the forced step resolved, the activation spent, the marks in the steps' order.
      expect(types.at(-1)).toBe('FORCED_RESOLVED');
      expect(end.state.seq.acted).toContain('red_a');
      expect(end.log.filter((e) => e[EXCHANGE_FIELD]).map((e) => e[EXCHANGE_FIELD])).toEqual(STEPS.slice(0, end.log.some((e) => e.type.startsWith('BRAWL_') && e.type !== 'BRAWL_BLOWS') ? 2 : 1));
      const blowsEvent = end.log.find((e) => e.type === 'BRAWL_BLOWS')!;
      const brawlNow = end.state.table.brawl;
      if (blowsEvent.loser === null) {
        outcomes.add('tie');
        expect(brawlNow).toEqual({ units: BRAWL, struck: null });
      } else if ((blowsEvent.fallen as string[]).length) {
        outcomes.add('cut down');
        expect(brawlNow).toBeNull();
        expect(types).not.toContain('BRAWL_HELD');
      } else if (types.includes('BRAWL_BROKEN')) {
        outcomes.add('broken');
        expect(brawlNow).toBeNull();
        expect(end.state.table.shaken).toContain(blowsEvent.loser);
      } else {
        outcomes.add('held');
        expect(types).toContain('BRAWL_HELD');
        expect(brawlNow).toEqual({ units: BRAWL, struck: null });
      }
    }
    return outcomes;
  }

  it('TB-1 TB-2 every path from a brawling unit offered: a tie, or the owner\'s choices then the nerve held or broken', () => {
    const paths = exchangePaths(brawl, offered(brawl));
    expect(paths.length).toBeGreaterThan(10);
    expect([...check(brawl, paths)].sort()).toEqual(['broken', 'held', 'tie']);
  });

  it('TB-1 a unit down to its last man is cut down by a hit: the brawl ends and the nerve is never due', () => {
    // blue_a has one man left: its hit (red higher) cuts it down, no choice asked.
    const lastMan = brawlModule(BRAWL, (t) => {
      const blue = t.figures.filter((f) => f.unit === 'blue_a').map((f) => f.id);
      return { ...t, figures: t.figures.map((f) => (blue.slice(1).includes(f.id) ? { ...f, alive: false } : f)) };
    });
    const paths = exchangePaths(lastMan, offered(lastMan));
    expect([...check(lastMan, paths)].sort()).toEqual(['broken', 'cut down', 'held', 'tie']);
  });
});

describe('an exchange the program opens inside an activation (`opens`)', () => {
  const opened = brawlModule(BRAWL, undefined, true);

  it('TB-1 TB-2 red_a activates, its HOLD opens the brawl: the exchange holds its forced step, waits for the owner at `blows`, then the nerve; its end spends the activation; replayed', () => {
    const dice = [...DEAL, 2, 5, 5];
    const g = session(opened, dice);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    // No forced step at the offer: red_a activates.
    expect(g.state.seq).toMatchObject({ step: 'offer', forced: null, unit: 'red_a' });
    ok(g, g.legalCommands().find((c) => c.type === 'ACTIVATE')!);
    expect(g.state.seq).toMatchObject({ step: 'activation', forced: null });
    const fought = ok(g, { type: 'HOLD', side: 'red', unitId: 'red_a' });
    expect(marks(fought)).toEqual(['BRAWL_BLOWS@blows']);
    expect(g.state.seq).toMatchObject({ step: 'exchange', exchange: 'blows', forced: 'brawl', unit: 'red_a' });
    const asked = decisionOf(opened, g.state)!;
    expect(g.legalCommands()).toEqual(asked.options.map((o) => o.command));
    const answered = ok(g, asked.options[0]!.command);
    expect(answered.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'BRAWL_HELD', 'FORCED_RESOLVED']);
    expect(marks(answered)).toEqual(['BRAWL_HELD@nerve']);
    expect(answered.at(-1)).toMatchObject({ step: 'brawl', unit: 'red_a', goesOn: false });
    expect(g.state.seq).toMatchObject({ step: 'draw', forced: null, unit: null });
    expect(g.state.seq.acted).toContain('red_a');

    const again = replayedLog(opened, g as never, toy.table, dice);
    expect(again.events).toEqual(g.events);
    expect(again.state).toEqual(g.state);
  });

  it('a HOLD by a unit outside the brawl is the rules\' own action: no exchange opens', () => {
    // blue_b is not in the brawl: its HOLD opens nothing.
    const g = session(opened, [...DEAL]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, g.legalCommands().find((c) => c.type === 'ACTIVATE')!);
    ok(g, { type: 'END_ACTIVATION', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'blue_b' });
    ok(g, g.legalCommands().find((c) => c.type === 'ACTIVATE')!);
    const held = ok(g, { type: 'HOLD', side: 'blue', unitId: 'blue_b' });
    expect(marks(held)).toEqual([]);
    expect(g.state.seq.exchange).toBeUndefined();
  });
});

describe('a program\'s exchange the machine cannot nest is refused when its machine is built', () => {
  const program = (brawl as unknown as { sequence: Parameters<typeof cardsMachine>[0] }).sequence;
  const exchange = program.exchange!;
  const built = (steps: typeof exchange.steps, forced = exchange.forced) => () => cardsMachine({ ...program, exchange: { forced, steps } });
  const [blows, nerve] = exchange.steps as [typeof exchange.steps[0], typeof exchange.steps[0]];

  it('names the forced step and the bad step: none, a dotted or #-name, a repeated name, an unknown forced step', () => {
    expect(built([...exchange.steps])).not.toThrow();
    expect(built([])).toThrow("cards program: the exchange of forced step 'brawl': expected at least one step in `steps`");
    expect(built([blows, { ...nerve, name: 'nerve.test' }])).toThrow("steps[1] is named 'nerve.test': expected a non-empty name without '.' or a leading '#'");
    expect(built([{ ...blows, name: '#blows' }])).toThrow("steps[0] is named '#blows'");
    expect(built([{ ...blows, name: '' }])).toThrow("steps[0] is named ''");
    expect(built([blows, { ...nerve, name: 'blows' }])).toThrow("the exchange of forced step 'brawl': steps[1] repeats the step name 'blows'");
    expect(built([blows, nerve], 'scuffle')).toThrow("the exchange of forced step 'scuffle': expected one of the program's forcedSteps (");
  });
});
