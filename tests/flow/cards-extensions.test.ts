// The cards turn model's extensions, each proven on the toy cards rules with scripted dice: an
// activation of several commands (TC-3), forced steps in a row (TC-5, TC-8), decisions by another side
// (TC-9), actions by another side inside an activation (TC-10), and the turn's start and end hooks
// (TC-11, TC-12); each with undo and a save replayed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Sequenced, TableQueries } from '../../src/core';
import { playableModule, playGame } from '../../src/flow';
import { GameSession, loadSave, makeSave, type Command, type GameEvent } from '../../src/game';
import type { Scenario } from '../../src/scenario';
import { toycardsModule } from '../toys/rules/toycards';
import type { CardsTable } from '../toys/rules/toycards/rules';
import { sequenceViolations } from './invariants';
import { cardsSession, ok, replayedLog, toycardsTable, type CState, type Session } from './toycards-harness';

const cards = playableModule(toycardsModule);

const toy = toycardsTable();
let scenario: Scenario;
let table: TableQueries;
beforeAll(() => ({ scenario, table } = toy));

/** Each session's scripted dice, so that its log can be replayed with the same. */
const DICE = new WeakMap<Session, number[]>();
const session = (dice: number[], turnLimit = 1, sc?: Scenario): Session => {
  const g = cardsSession(cards, sc ?? scenario, table, dice, turnLimit);
  DICE.set(g, dice);
  return g;
};
const types = (g: Session) => g.legalCommands().map((c) => c.type);
const count = (events: readonly GameEvent[], type: string) => events.filter((e) => e.type === type).length;
/** The same game, its command log sent again to a fresh session (as a save replays) with the same dice. */
const replayed = (g: Session): Session => replayedLog(cards, g, table, DICE.get(g)!);
/** A seeded game's save loaded (replayed by the session). */
const loaded = (g: Session) => loadSave(makeSave(g), 'save.json', g.scenario, cards.ruleset as never, table) as Session;
/** Cards d6 in the scenario's order (lieutenant, first squad, second squad, blue first, blue second): the first squad's card on top. */
const SQUAD_FIRST = [1, 6, 1, 1, 1];

describe('an activation of several commands (TC-3)', () => {
  it('TC-3 a squad moves, then shoots: the activation goes on after the move and its acted event comes once, at the end', () => {
    const g = session([...SQUAD_FIRST, 6, 6, 6]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    expect(types(g)).toContain('HOLD');
    const moved = ok(g, { type: 'MOVE', side: 'red', unitId: 'red_a', dx: 10, dz: 0 });
    expect(count(moved, 'UNIT_ACTED')).toBe(0);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'red_a', taken: ['MOVE'] });
    // After a move: shots, or the end of the activation — no second move, no hold.
    expect([...new Set(types(g))]).toEqual(['SHOOT', 'END_ACTIVATION']);
    expect(g.dispatch({ type: 'MOVE', side: 'red', unitId: 'red_a', dx: 0, dz: 5 })).toEqual({ ok: false, reason: 'Red first squad may move only as its activation\'s first action', rule: 'TC-3' });
    const shot = ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_b' });
    expect(count(shot, 'UNIT_ACTED')).toBe(1);
    expect(shot.at(-1)).toMatchObject({ type: 'UNIT_ACTED', unit: 'red_a' });
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'], taken: [], unit: null });
    expect(count(g.events, 'UNIT_ACTED')).toBe(1);
    expect(replayed(g).state).toEqual(g.state);
  });

  it('TC-3 the unit may end its activation after moving; the end is refused outside an activation; undo takes back the move', () => {
    const g = session(SQUAD_FIRST);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'red', unitId: 'red_a' })).toMatchObject({ ok: false, reason: 'not now: Red first squad has to decide how to use its activation' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    const before = g.state;
    ok(g, { type: 'MOVE', side: 'red', unitId: 'red_a', dx: 0, dz: 10 });
    expect(g.undo()).toBe(true);
    expect(g.state).toEqual(before);
    ok(g, { type: 'MOVE', side: 'red', unitId: 'red_a', dx: 0, dz: 10 });
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'red', unitId: 'red_b' })).toMatchObject({ ok: false, reason: 'Red second squad is not the unit offered: Red first squad is' });
    const ended = ok(g, { type: 'END_ACTIVATION', side: 'red', unitId: 'red_a' });
    expect(ended).toEqual([{ type: 'UNIT_ACTED', rule: 'TC-2', unit: 'red_a', text: 'Red first squad ends its activation' }]);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'], taken: [] });
    expect(g.state.table.figures.find((f) => f.id === 'red_a_1')!.at).toEqual([10, 22]);
    expect(replayed(g).state).toEqual(g.state);
  });

  it('TC-3 a hold ends the activation at once (the rules\' guard, asked after every action)', () => {
    const g = session(SQUAD_FIRST);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    const held = ok(g, { type: 'HOLD', side: 'red', unitId: 'red_a' });
    expect(held.map((e) => e.type)).toEqual(['UNIT_HELD', 'ACTION_TAKEN', 'UNIT_ACTED']);
  });
});

describe('several forced steps in a row (TC-5, TC-8)', () => {
  /** The first squad's card, then the first blue squad's; red shoots it twice (shaken and pinned, one man left). */
  function pinnedBlue(after: number[]): Session {
    const g = session([1, 6, 1, 5, 1, 6, 6, 1, ...after]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    expect(g.state.table).toMatchObject({ shaken: ['blue_a'], pinned: ['blue_a'] });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_1' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_2' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    return g;
  }

  it('TC-5, TC-8 a shaken and pinned unit tests its nerve, then tries to get up, then decides: the ruleset is asked again after each step', () => {
    const g = pinnedBlue([4, 3]);
    expect(g.state.seq).toMatchObject({ step: 'forced', unit: 'blue_a', forced: 'nerve test' });
    const nerve = ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    expect(nerve.at(-1)).toMatchObject({ type: 'FORCED_RESOLVED', step: 'nerve test', goesOn: true });
    expect(g.state.seq).toMatchObject({ step: 'forced', unit: 'blue_a', forced: 'get up' });
    expect(g.legalCommands()).toEqual([{ type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'get up' }]);
    expect(g.dispatch({ type: 'ACTIVATE', side: 'blue', unitId: 'blue_a' })).toMatchObject({ ok: false, reason: 'not now: Blue first squad must first resolve its get up' });
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'get up' });
    expect(g.state.table).toMatchObject({ shaken: [], pinned: [] });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'blue_a', forced: null });
    expect(types(g).slice(0, 2)).toEqual(['ACTIVATE', 'PASS']);
    expect(replayed(g).state).toEqual(g.state);
  });

  it('TC-8 the second step may spend the activation: steady, but still down — the pin is gone, the unit has acted', () => {
    const g = pinnedBlue([6, 2]);
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    const down = ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'get up' });
    expect(down.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['GOT_UP', 'FORCED_RESOLVED']);
    expect(g.state.table.pinned).toEqual([]);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a', 'blue_a'], forced: null, unit: null });
  });

  it('TC-5 a failed nerve test spends the activation before the second step: the pin stays for the next card', () => {
    const g = pinnedBlue([1]);
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a', 'blue_a'] });
    expect(g.state.table).toMatchObject({ shaken: ['blue_a'], pinned: ['blue_a'] });
  });
});

describe('decisions by another side at any step (TC-9)', () => {
  it('TC-9 the target\'s owner allocates the hits mid-activation: only its answers are legal, the shooter\'s side is refused naming who is awaited, the acted event waits for the last answer', () => {
    const g = session([...SQUAD_FIRST, 6, 6, 1]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    const shot = ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    expect(count(shot, 'UNIT_ACTED')).toBe(0);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'red_a', side: 'red' });
    expect(g.pendingDecision()).toMatchObject({ side: 'blue', kind: 'hit-allocation', label: '2 hits on Blue first squad: which man falls?', rule: 'TC-9' });
    expect(g.legalCommands()).toEqual(['blue_a_1', 'blue_a_2', 'blue_a_3'].map((figureId) => ({ type: 'ALLOCATE_HIT', side: 'blue', figureId })));
    const waits = { ok: false, reason: 'Reds may not act now: the game waits for Blues (2 hits on Blue first squad: which man falls?)', rule: 'TC-9' };
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'red', unitId: 'red_a' })).toEqual(waits);
    expect(g.dispatch({ type: 'ALLOCATE_HIT', side: 'red', figureId: 'blue_a_1' })).toEqual(waits);
    // The answering side may send nothing else, and only a standing man of the unit hit.
    expect(g.dispatch({ type: 'DRAW_CARD', side: 'blue' })).toEqual({ ok: false, reason: 'not now: Blues must first answer: 2 hits on Blue first squad: which man falls?', rule: 'TC-9' });
    expect(g.dispatch({ type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_b_1' })).toEqual({ ok: false, reason: 'the hit falls on a standing man of Blue first squad', rule: 'TC-9' });
    const view = cards.hud.describe(g.state, { scenario: g.scenario, table });
    expect(view.decision).toMatchObject({ side: 'blue', rule: 'TC-9' });
    expect(view.prompt).toMatchObject({ side: 'blue', headline: '2 hits on Blue first squad: which man falls?' });
    expect(view.actions.map((a) => a.label)).toEqual(['Blues: Blue first squad, man 1 falls', 'Blues: Blue first squad, man 2 falls', 'Blues: Blue first squad, man 3 falls']);
    const first = ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_3' });
    expect(first.map((e) => e.type)).toEqual(['HIT_ALLOCATED']);
    expect(g.pendingDecision()).toMatchObject({ side: 'blue', label: '1 hit on Blue first squad: which man falls?' });
    expect(g.legalCommands().map((c) => c.figureId)).toEqual(['blue_a_1', 'blue_a_2']);
    const before = g.state;
    const last = ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_1' });
    expect(last.map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'UNIT_ACTED']);
    expect(last[1]).toMatchObject({ unit: 'red_a', text: 'Red first squad: activation over' });
    expect(g.pendingDecision()).toBeUndefined();
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'] });
    expect(g.state.table.figures.filter((f) => f.unit === 'blue_a' && f.alive).map((f) => f.id)).toEqual(['blue_a_2']);
    // An answer rolls nothing: it may be taken back.
    expect(g.undo()).toBe(true);
    expect(g.state).toEqual(before);
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_1' });
    expect(replayed(g).state).toEqual(g.state);
  });

  it('TC-9 an answer when nothing is asked is refused; hits enough for every man need no choice', () => {
    const g = session([...SQUAD_FIRST, 6, 6, 6]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    expect(g.dispatch({ type: 'ALLOCATE_HIT', side: 'red', figureId: 'blue_a_1' })).toEqual({ ok: false, reason: 'not now: nothing is asked (the next card has to be drawn)', rule: 'TC-2' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    const shot = ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    expect(shot.at(-1)).toMatchObject({ type: 'UNIT_ACTED' });
    expect(g.pendingDecision()).toBeUndefined();
  });
});

describe('actions by another side inside an activation (TC-10)', () => {
  /** The first squad shoots the second blue squad: one hit (not pinned), Blues choose who falls. */
  function shotOnce(after: number[]): Session {
    const g = session([...SQUAD_FIRST, 6, 1, 1, ...after]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_b' });
    const answered = ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_b_1' });
    expect(count(answered, 'UNIT_ACTED')).toBe(0);
    return g;
  }

  it('TC-10 the side shot at fires back inside the shooter\'s activation: the acting sides are its; the shooter\'s side is refused; the shooter\'s owner then allocates (TC-9); one acted event at the end', () => {
    const g = shotOnce([5, 6]);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'red_a', side: 'red', taken: ['SHOOT'] });
    expect(g.legalCommands()).toEqual([{ type: 'RETURN_FIRE', side: 'blue', unitId: 'blue_b', target: 'red_a' }, { type: 'HOLD_FIRE', side: 'blue', unitId: 'blue_b' }]);
    expect(g.actingSides({ type: 'RETURN_FIRE', side: 'blue' }).sides).toEqual(['blue']);
    expect(g.dispatch({ type: 'END_ACTIVATION', side: 'red', unitId: 'red_a' })).toEqual({ ok: false, reason: 'Reds may not act now: the game waits for Blues', rule: 'TC-2' });
    const fired = ok(g, { type: 'RETURN_FIRE', side: 'blue', unitId: 'blue_b', target: 'red_a' });
    expect(fired.filter((e) => e.type !== 'DICE_ROLLED')).toEqual([
      { type: 'FIRE_RETURNED', rule: 'TC-10', unit: 'blue_b', target: 'red_a', hits: 2, fallen: [], text: 'Blue second squad return fire at Red first squad: 2 hits' },
      { type: 'ACTION_TAKEN', rule: 'TC-2', unit: 'red_a', action: 'RETURN_FIRE', side: 'blue' },
    ]);
    // Two hits on the shooter's three men: its owner, the side acting, chooses.
    expect(g.pendingDecision()).toMatchObject({ side: 'red', label: '2 hits on Red first squad: which man falls?' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_1' });
    const last = ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_2' });
    expect(last.map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'UNIT_ACTED']);
    expect(count(g.events, 'UNIT_ACTED')).toBe(1);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'], taken: [] });
    expect(g.state.table.returnFire).toBeNull();
    expect(replayed(g).state).toEqual(g.state);
  });

  it('TC-10 the side shot at may hold its fire: the activation ends with it', () => {
    const g = shotOnce([]);
    const held = ok(g, { type: 'HOLD_FIRE', side: 'blue', unitId: 'blue_b' });
    expect(held.map((e) => e.type)).toEqual(['FIRE_HELD', 'ACTION_TAKEN', 'UNIT_ACTED']);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'] });
    expect(g.dispatch({ type: 'RETURN_FIRE', side: 'blue', unitId: 'blue_b', target: 'red_a' })).toMatchObject({ ok: false });
  });
});

describe('turn start and turn end hooks (TC-11, TC-12)', () => {
  /** Draw and pass every card left (a shaken unit's nerve test rolled from the script). */
  function passAll(g: Session) {
    while (g.state.seq.step !== 'end') {
      const c = g.legalCommands().find((x) => x.type === 'DRAW_CARD' || x.type === 'PASS' || x.type === 'RESOLVE')!;
      ok(g, c);
    }
  }

  it('TC-11 with nothing shaken the turn closes at once; the hook\'s step passes through the machine', () => {
    const g = session(SQUAD_FIRST);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    passAll(g);
    const end = ok(g, { type: 'END_TURN', side: 'red' });
    expect(end.map((e) => e.type)).toEqual(['TURN_CLOSED']);
    expect(g.state.seq.step).toBe('over');
  });

  it('TC-11 each side rallies in turn at the turn\'s end, the end waiting for the last answer; TC-12 the next turn\'s sniper hit is allocated before the deal', () => {
    // Cards: first squad 6, blue second 5, the rest 1: red shoots blue first once, blue second shoots red first once; blue first fails its nerve.
    const g = session([1, 6, 1, 1, 5, 6, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 1, 1, 1], 2);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_3' });
    ok(g, { type: 'HOLD_FIRE', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'blue', unitId: 'blue_b' });
    ok(g, { type: 'SHOOT', side: 'blue', unitId: 'blue_b', target: 'red_a' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_3' });
    ok(g, { type: 'HOLD_FIRE', side: 'red', unitId: 'red_a' });
    passAll(g);
    expect(g.state.table.shaken).toEqual(['blue_a', 'red_a']);
    const end = ok(g, { type: 'END_TURN', side: 'red' });
    expect(end.map((e) => e.type)).toEqual(['RALLY_CALLED', 'TURN_CLOSING']);
    expect(g.state.seq).toMatchObject({ step: 'closing', round: 1 });
    expect(g.pendingDecision()).toMatchObject({ side: 'red', kind: 'rally', label: 'Reds: which shaken unit rallies?', rule: 'TC-11' });
    expect(g.legalCommands()).toEqual([{ type: 'RALLY', side: 'red', unitId: 'red_a' }, { type: 'RALLY', side: 'red', unitId: null }]);
    expect(g.dispatch({ type: 'RALLY', side: 'blue', unitId: 'blue_a' })).toEqual({ ok: false, reason: 'Blues may not act now: the game waits for Reds (Reds: which shaken unit rallies?)', rule: 'TC-11' });
    expect(g.dispatch({ type: 'BEGIN_TURN', side: 'red' })).toMatchObject({ ok: false, reason: 'not now: Reds must first answer: Reds: which shaken unit rallies?' });
    expect(ok(g, { type: 'RALLY', side: 'red', unitId: 'red_a' }).map((e) => e.type)).toEqual(['RALLIED']);
    expect(g.state.seq.step).toBe('closing');
    const last = ok(g, { type: 'RALLY', side: 'blue', unitId: null });
    expect(last.map((e) => e.type)).toEqual(['RALLIED', 'TURN_CLOSED']);
    expect(g.state.table.shaken).toEqual(['blue_a']);
    expect(g.state.seq).toMatchObject({ step: 'between', round: 1 });
    // Turn 2 opens with the snipers (TC-12): Reds' 6 hits the blue unit with most men (second squad, three); Blues choose; then the deal.
    const open = ok(g, { type: 'BEGIN_TURN', side: 'red' });
    expect(open.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['SNIPED', 'TURN_OPENING']);
    expect(open.find((e) => e.type === 'SNIPED')).toMatchObject({ side: 'red', target: 'blue_b', fallen: [] });
    expect(g.state.seq).toMatchObject({ step: 'opening', round: 1, deck: [] });
    expect(g.pendingDecision()).toMatchObject({ side: 'blue', label: '1 hit on Blue second squad: which man falls?' });
    const dealt = ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_b_2' });
    expect(dealt.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'TURN_OPENED']);
    expect(g.state.seq).toMatchObject({ step: 'draw', round: 2 });
    expect(g.state.seq.deck).toHaveLength(5);
    expect(replayed(g).state).toEqual(g.state);
  });
});

describe('whole games', () => {
  it('TC-1 … TC-12 random legal games play to their end, decisions answered by the player, the rules and the cards machine agreeing at every step; each save loads', () => {
    for (const seed of [1, 2, 3]) {
      const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: cards.ruleset as never, scenario, table, seed });
      const problems: string[] = [];
      const played = playGame(g as never, cards.player!({ seed }) as never, { table, onCommand: () => problems.push(...sequenceViolations(toycardsModule.sequence as never, g as never)) });
      expect(problems, `seed ${seed}`).toEqual([]);
      expect(played.result, `seed ${seed}`).toMatchObject({ rule: 'TC-7' });
      expect(played.refused).toBe(0);
      expect(count(g.events, 'UNIT_ACTED') + count(g.events, 'UNIT_PASSED')).toBeGreaterThan(0);
      expect(loaded(g).stateHash()).toBe(g.stateHash());
    }
  });
});

describe('the sides due in an activation', () => {
  it('TC-10 carry every legal action (ending an activation reads them): a ruleset naming only the acting side while return fire is due is caught', () => {
    const rules = toycardsModule.sequence.rules;
    const program = { ...toycardsModule.sequence, rules: { ...rules, actionSides: (s: never) => { const side = (s as CState).seq.side; return side ? [side] : []; } } };
    const blind = playableModule({ ...toycardsModule, sequence: program });
    const problems: string[] = [];
    for (const seed of [1, 2, 3]) {
      const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: blind.ruleset as never, scenario, table, seed });
      try {
        playGame(g as never, cards.player!({ seed }) as never, { table, onCommand: () => problems.push(...sequenceViolations(program as never, g as never)) });
      } catch {
        // The return fire's side is refused its turn: the game may stall; the violation is named before.
      }
    }
    expect(problems.some((x) => /^RETURN_FIRE of \w+ is listed legal in the activation, but the sides due are \w+$/.test(x)), problems.slice(0, 3).join('\n')).toBe(true);
  });
});

describe('the program\'s words for the machine\'s events', () => {
  // A ruleset moving onto the machine keeps its log: it names the machine's events as it names its commands.
  const WORDS = { begin: 'TURN_STARTED', acted: 'ACTIVATION_ENDED', close: 'READY_UNITS_QUEUED', rolled: 'READINESS_ROLL_OFF' } as const;
  const renamed = playableModule({ ...toycardsModule, sequence: { ...toycardsModule.sequence, events: WORDS } });
  const rename = (type: string) => ({ TURN_OPENED: WORDS.begin, UNIT_ACTED: WORDS.acted, WINDOW_CLOSED: WORDS.close, ROLL_OFF_ROLLED: WORDS.rolled })[type] ?? type;

  it('TC-1 TC-2 TC-6 a game with the events renamed plays as the same game, its log in the program\'s words; its save loads', () => {
    for (const seed of [1, 2, 3]) {
      const plain = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: cards.ruleset as never, scenario, table, seed });
      playGame(plain as never, cards.player!({ seed }) as never, { table });
      const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: renamed.ruleset as never, scenario, table, seed });
      const played = playGame(g as never, renamed.player!({ seed }) as never, { table });
      expect(played.refused).toBe(0);
      expect(g.log.map((e) => e.command)).toEqual(plain.log.map((e) => e.command));
      expect(g.events).toEqual(plain.events.map((e) => ({ ...e, type: rename(e.type) })));
      expect(g.events.some((e) => e.type === 'TURN_STARTED') && g.events.some((e) => e.type === 'ACTIVATION_ENDED')).toBe(true);
      expect(g.events.map((e) => e.type)).not.toContain('TURN_OPENED');
      expect(g.state.seq).toEqual(plain.state.seq);
      const again = loadSave(makeSave(g), 'save.json', g.scenario, renamed.ruleset as never, table) as Session;
      expect(again.stateHash()).toBe(g.stateHash());
    }
  });
});

describe('the program\'s fields for a leader\'s command', () => {
  // A ruleset whose saves name the leader `leaderId` and the unit commanded `unitId` keeps that shape.
  const renamed = playableModule({ ...toycardsModule, sequence: { ...toycardsModule.sequence, commandFields: { unit: 'leaderId', target: 'unitId' } } });
  const reshaped = (c: Command): Command => (c.type === 'COMMAND' ? { type: c.type, side: c.side, leaderId: c.unitId, unitId: c.target } : c);

  it('TC-4 a game whose commands name the leader and the unit commanded in its own fields plays as the same game; its save loads', () => {
    let commands = 0;
    for (const seed of [1, 2, 3]) {
      const plain = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: cards.ruleset as never, scenario, table, seed });
      playGame(plain as never, cards.player!({ seed }) as never, { table });
      const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: renamed.ruleset as never, scenario, table, seed });
      expect(playGame(g as never, renamed.player!({ seed }) as never, { table }).refused).toBe(0);
      expect(g.log.map((e) => e.command)).toEqual(plain.log.map((e) => reshaped(e.command)));
      expect(g.events).toEqual(plain.events);
      commands += count(g.events, 'UNIT_COMMANDED');
      const again = loadSave(makeSave(g), 'save.json', g.scenario, renamed.ruleset as never, table) as Session;
      expect(again.stateHash()).toBe(g.stateHash());
    }
    expect(commands).toBeGreaterThan(0);
  });

  it('TC-4 the leader offered is named in the program\'s field: the machine\'s own shape is refused', () => {
    const g = cardsSession(renamed, scenario, table, [6, 1, 1, 1, 1]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq.unit).toBe('red_lt');
    const legal = g.legalCommands().filter((c) => c.type === 'COMMAND');
    expect(legal.length).toBeGreaterThan(0);
    expect(legal.every((c) => c.leaderId === 'red_lt' && typeof c.unitId === 'string' && c.target === undefined)).toBe(true);
    expect(g.dispatch({ type: 'COMMAND', side: 'red', unitId: 'red_lt', target: legal[0]!.unitId }).ok).toBe(false);
    expect(g.dispatch({ type: 'COMMAND', side: 'red', leaderId: 'red_lt', unitId: 'blue_a' })).toMatchObject({ ok: false, rule: 'TC-4' });
    const done = ok(g, legal[0]!);
    expect(done.at(-1)).toMatchObject({ type: 'UNIT_COMMANDED', by: 'red_lt', unit: legal[0]!.unitId });
  });
});

describe('units acting together on one card', () => {
  // The lieutenant goes with the first squad when it activates (as a joined leader does): both have acted.
  const together = playableModule({
    ...toycardsModule,
    sequence: { ...toycardsModule.sequence, activationUnits: (_s: CState, c: Command) => (c.unitId === 'red_a' ? ['red_a', 'red_lt'] : [String(c.unitId)]) },
  });

  it('TC-2 TC-4 the units activating together are counted as acted at once, the offered one first; the other\'s card is then spent; the save replays', () => {
    // Cards: lieutenant 5, first squad 6, second squad 3, blue first 2, blue second 1.
    const dice = [5, 6, 3, 2, 1];
    const g = cardsSession(together, scenario, table, dice);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    expect(g.state.seq.deck).toEqual(['red_a', 'red_lt', 'red_b', 'blue_a', 'blue_b']);
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    const act = ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    expect(act.at(-1)).toMatchObject({ type: 'UNIT_ACTIVATED', unit: 'red_a', units: ['red_a', 'red_lt'] });
    expect(act.at(-1)!.text).toMatch(/ activates with /);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'red_a', acted: ['red_a', 'red_lt'] });
    ok(g, { type: 'END_ACTIVATION', side: 'red' });
    expect(g.state.seq.acted).toEqual(['red_a', 'red_lt']);
    const drawn = ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(drawn.at(-1)).toMatchObject({ type: 'CARD_DRAWN', card: 'red_lt', unit: null, rule: 'TC-4' });
    expect(g.state.seq).toMatchObject({ step: 'draw', deck: ['red_b', 'blue_a', 'blue_b'] });
    // Without the program's answer the lieutenant would still have his own card.
    const alone = session(dice);
    ok(alone, { type: 'BEGIN_TURN', side: 'red' });
    ok(alone, { type: 'DRAW_CARD', side: 'red' });
    ok(alone, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(alone, { type: 'END_ACTIVATION', side: 'red' });
    expect(ok(alone, { type: 'DRAW_CARD', side: 'red' }).at(-1)).toMatchObject({ type: 'CARD_DRAWN', card: 'red_lt', unit: 'red_lt' });
    expect(replayedLog(together, g, table, dice).state).toEqual(g.state);
  });
});

describe('a leader\'s command measured on the battlefield', () => {
  // A program whose command range is measured with the battlefield's queries: here, with them, only the first unit in reach.
  const plainCommandable = toycardsModule.sequence.commandable;
  const measured = playableModule({
    ...toycardsModule,
    sequence: { ...toycardsModule.sequence, commandable: (s: Sequenced<CardsTable>, unit: string, queries?: TableQueries) => (queries ? plainCommandable(s, unit).slice(0, 1) : plainCommandable(s, unit)) },
  });

  it('TC-4 the legal commands and a command\'s resolution ask with the queries; a unit out of the measured reach is refused', () => {
    const g = cardsSession(measured, scenario, table, [6, 1, 1, 1, 1]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq.unit).toBe('red_lt');
    const reach = plainCommandable(g.state, 'red_lt');
    expect(reach.length).toBeGreaterThan(1);
    expect(g.legalCommands().filter((c) => c.type === 'COMMAND').map((c) => c.target)).toEqual([reach[0]]);
    expect(g.dispatch({ type: 'COMMAND', side: 'red', unitId: 'red_lt', target: reach[1] })).toMatchObject({ ok: false, rule: 'TC-4' });
    expect(ok(g, { type: 'COMMAND', side: 'red', unitId: 'red_lt', target: reach[0] }).at(-1)).toMatchObject({ type: 'UNIT_COMMANDED', unit: reach[0] });
  });
});

describe('the activate commands a program offers', () => {
  // The first squad's lieutenant may go with it or leave it (as a joined leader does): two activate commands.
  const withOrLeave = playableModule({
    ...toycardsModule,
    sequence: {
      ...toycardsModule.sequence,
      activateOptions: (s: CState) => (s.seq.unit === 'red_a' ? (['with', 'leave'] as const).map((leaders) => ({ type: 'ACTIVATE', side: 'red', unitId: 'red_a', leaders })) : [{ type: 'ACTIVATE', side: s.seq.side!, unitId: s.seq.unit! }]),
      activationUnits: (_s: CState, c: Command) => (c.leaders === 'with' ? ['red_a', 'red_lt'] : [String(c.unitId)]),
    },
  });
  const opened = () => {
    const g = cardsSession(withOrLeave, scenario, table, [5, 6, 3, 2, 1]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    return g;
  };

  it('TC-2 the legal list gives the program\'s activate commands; only they are taken; each acts with its units', () => {
    const g = opened();
    expect(g.legalCommands().filter((c) => c.type === 'ACTIVATE')).toEqual([
      { type: 'ACTIVATE', side: 'red', unitId: 'red_a', leaders: 'with' }, { type: 'ACTIVATE', side: 'red', unitId: 'red_a', leaders: 'leave' },
    ]);
    expect(g.dispatch({ type: 'ACTIVATE', side: 'red', unitId: 'red_a' })).toMatchObject({ ok: false, rule: 'TC-2' });
    expect(g.dispatch({ type: 'ACTIVATE', side: 'red', unitId: 'red_a', leaders: 'alone' })).toMatchObject({ ok: false, rule: 'TC-2' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a', leaders: 'leave' });
    expect(g.state.seq.acted).toEqual(['red_a']);
    ok(g, { type: 'END_ACTIVATION', side: 'red' });
    expect(g.state.seq.acted).toEqual(['red_a']);
    expect(ok(g, { type: 'DRAW_CARD', side: 'red' }).at(-1)).toMatchObject({ type: 'CARD_DRAWN', card: 'red_lt', unit: 'red_lt' });
    const h = opened();
    ok(h, { type: 'ACTIVATE', side: 'red', leaders: 'with', unitId: 'red_a' });
    expect(h.state.seq.acted).toEqual(['red_a', 'red_lt']);
  });
});
