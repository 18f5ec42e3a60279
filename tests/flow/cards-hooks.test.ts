// The cards model's program hooks a ruleset moving onto the machine needs, each proven on a toycards
// variant with scripted or seeded dice: its words around the machine's events (dress, follow), the
// activate command's resolution (activated), a guard on using readiness (mayUseReadiness: the window and
// the queue), a forced step waiting for its owners' answers (forcedGoesOn) or starting the activation,
// actions without the machine's line (quietActions), a command word two steps share, the turn hooks'
// steps only when a decision holds them (or named as a hook's own event), lines after every command
// (settle); each replayed.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CardsProgram, CardsView, TableQueries } from '../../src/core';
import { playableModule, playGame } from '../../src/flow';
import { GameSession, loadSave, makeSave, type AnyRulesetModule, type Command, type GameEvent } from '../../src/game';
import type { Scenario } from '../../src/scenario';
import { toycardsModule } from '../toys/rules/toycards';
import { activationOver, evolveCards, resolveForcedStep, type CardsTable } from '../toys/rules/toycards/rules';
import { cardsSession, ok, replayedLog, toycardsTable, type CState, type Session } from './toycards-harness';

type Program = CardsProgram<CardsTable, Scenario, TableQueries>;
const base = toycardsModule.sequence as Program;
const plain = playableModule(toycardsModule);
/** A toycards module whose program is changed by `change`. */
const variant = (change: Partial<Program>) => playableModule({ ...toycardsModule, sequence: { ...base, ...change } as never });

const toy = toycardsTable();
let scenario: Scenario;
let table: TableQueries;
beforeAll(() => ({ scenario, table } = toy));

const session = (m: AnyRulesetModule, dice: number[], turnLimit = 1): Session => cardsSession(m, scenario, table, dice, turnLimit);
const plainTypes = (events: readonly GameEvent[]) => events.filter((e) => e.type !== 'DICE_ROLLED').map((e) => e.type);
/** The same game, its command log sent again with the same dice: the same state and events. */
function replays(m: AnyRulesetModule, g: Session, dice: number[]): void {
  const again = replayedLog(m, g, table, dice);
  expect(again.state).toEqual(g.state);
  expect(again.events).toEqual(g.events);
}

describe('the program\'s words around the machine\'s events (dress, follow)', () => {
  // A ruleset logging more lines than the machine has events: a turn's start line before the deal, the
  // cards left on a card drawn, a card spent or a unit offered after it, a window's opening after the event that opened it.
  const LINES = new Set(['TURN_BEGINS', 'CARD_SPENT', 'UNIT_OFFERED', 'WINDOW_OPENS']);
  const worded = variant({
    dress: (role, e, s) => {
      if (role === 'begin') return { before: [{ type: 'TURN_BEGINS', rule: 'TC-1', turn: e.round, text: `Turn ${String(e.round)} begins` }] };
      // The machine's own fields stay its own: a dress cannot change the card drawn.
      const left = (s.seq as CardsView).deck.length - 1;
      if (role === 'draw') return { fields: { left, card: 'nobody', text: `${String(e.text)} (${left} left)` } };
      return undefined;
    },
    follow: (role, e, s, prev) => {
      const out: GameEvent[] = [];
      if (role === 'draw') out.push(e.unit === null ? { type: 'CARD_SPENT', rule: 'TC-2', unitId: e.card, text: 'the card is spent' } : { type: 'UNIT_OFFERED', rule: 'TC-2', unitId: e.unit, text: 'offered its activation' });
      if (s.seq.step === 'window' && prev.seq.step !== 'window') out.push({ type: 'WINDOW_OPENS', rule: 'TC-6', sides: [...s.seq.readiness!.pending], text: 'ready units may act' });
      return out;
    },
  });

  it('TC-1 TC-2 TC-6 seeded games play the same commands; the log is the plain one with the lines in place and the draws dressed; saves load', () => {
    const seen = { spent: 0, offered: 0, windows: 0 };
    for (const seed of [1, 2, 3, 4]) {
      const p = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: plain.ruleset as never, scenario, table, seed });
      playGame(p as never, plain.player!({ seed }) as never, { table });
      const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: worded.ruleset as never, scenario, table, seed });
      expect(playGame(g as never, worded.player!({ seed }) as never, { table }).refused).toBe(0);
      expect(g.log.map((e) => e.command)).toEqual(p.log.map((e) => e.command));
      expect(g.state).toEqual(p.state);
      // Without the lines, and the draws without their dress, the log is the plain game's.
      const bare = g.events.filter((e) => !LINES.has(e.type)).map((e) => (e.type === 'CARD_DRAWN' ? { ...e, left: undefined, text: String(e.text).replace(/ \(\d+ left\)$/, '') } : e));
      expect(bare).toEqual(p.events.map((e) => (e.type === 'CARD_DRAWN' ? { ...e, left: undefined } : e)));
      g.events.forEach((e, i) => {
        if (e.type === 'TURN_OPENED') expect(g.events[i - 1]).toMatchObject({ type: 'TURN_BEGINS', turn: e.round });
        if (e.type === 'CARD_DRAWN') {
          expect(e.card).not.toBe('nobody');
          expect(g.events[i + 1]!.type).toBe(e.unit === null ? 'CARD_SPENT' : 'UNIT_OFFERED');
          expect(typeof e.left).toBe('number');
        }
        // A window's line comes right after the event that opened it and before any declaration.
        if (e.type === 'READINESS_DECLARED' && g.events[i - 1]!.type !== 'READINESS_DECLARED') expect(g.events[i - 1]!.type).toBe('WINDOW_OPENS');
      });
      seen.spent += g.events.filter((e) => e.type === 'CARD_SPENT').length;
      seen.offered += g.events.filter((e) => e.type === 'UNIT_OFFERED').length;
      seen.windows += g.events.filter((e) => e.type === 'WINDOW_OPENS').length;
      const again = loadSave(makeSave(g), 'save.json', g.scenario, worded.ruleset as never, table) as Session;
      expect(again.stateHash()).toBe(g.stateHash());
      expect(again.events).toEqual(g.events);
    }
    expect(seen.spent).toBeGreaterThan(0);
    expect(seen.offered).toBeGreaterThan(0);
    expect(seen.windows).toBeGreaterThan(0);
  });
});

describe('the activate command\'s resolution (activated)', () => {
  // A unit activating chooses its action: to act (a line), or to advance 5 cm at once, which is its whole activation.
  type AdvTable = CardsTable & { advanced?: string[] };
  const advancing = variant({
    // The command's own words before the machine's event (a leader leaving his group, in Kuularuisku).
    dress: (role, _e, _s, _ctx, command) => (role === 'activate' && command.action === 'advance' ? { before: [{ type: 'ADVANCE_ORDERED', rule: 'TC-3', unit: command.unitId, text: 'forward!' }] } : undefined),
    activateOptions: (s) => ['act', 'advance'].map((action) => ({ type: 'ACTIVATE', side: s.seq.side!, unitId: s.seq.unit!, action })),
    activated: (s, c) => {
      const unit = String(c.unitId);
      if (c.action === 'act') return { ok: true, events: [{ type: 'ACTION_CHOSEN', rule: 'TC-2', unit, action: 'act', text: `${unit}: act` }] };
      if (s.table.leaders.includes(unit)) return { ok: false, reason: 'a leader does not advance', rule: 'TC-3' };
      return { ok: true, events: [{ type: 'ADVANCED', rule: 'TC-3', unit, text: `${unit} advance 5 cm` }] };
    },
    activationOver: (s, unit) => activationOver(s, unit) || ((s.table as AdvTable).advanced ?? []).includes(unit),
    rules: {
      ...base.rules,
      evolve: (t: AdvTable, e: GameEvent) => (e.type === 'ADVANCED' ? { ...evolveCards(t, { ...e, type: 'UNIT_MOVED', dx: 0, dz: 5 }), advanced: [...(t.advanced ?? []), String(e.unit)] } : evolveCards(t, e)),
    } as never,
  });
  // Cards: lieutenant 5, first squad 6, second squad 3, blue first 2, blue second 1.
  const DICE = [5, 6, 3, 2, 1];

  it('TC-2 TC-3 the action chosen is logged right after the activation\'s start; an action that is the whole activation ends it at once; a refusal refuses the command; the log replays', () => {
    const g = session(advancing, DICE);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq.unit).toBe('red_a');
    const at = g.state.table.figures.find((f) => f.id === 'red_a_1')!.at;
    const adv = ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a', action: 'advance' });
    expect(adv.map((e) => e.type)).toEqual(['ADVANCE_ORDERED', 'UNIT_ACTIVATED', 'ADVANCED', 'UNIT_ACTED']);
    expect(g.state.table.figures.find((f) => f.id === 'red_a_1')!.at).toEqual([at[0], at[1] + 5]);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a'], unit: null });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq.unit).toBe('red_lt');
    const before = g.state;
    expect(g.dispatch({ type: 'ACTIVATE', side: 'red', unitId: 'red_lt', action: 'advance' })).toEqual({ ok: false, reason: 'a leader does not advance', rule: 'TC-3' });
    expect(g.state).toBe(before);
    const act = ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_lt', action: 'act' });
    expect(act.map((e) => e.type)).toEqual(['UNIT_ACTIVATED', 'ACTION_CHOSEN']);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'red_lt' });
    replays(advancing, g, DICE);
  });
});

describe('a guard on using readiness (mayUseReadiness)', () => {
  // Cards: first squad 6, blue first 5, lieutenant 4, second 2, blue second 1; roll-off 2–5 (Blues first).
  const READY_BOTH = [4, 6, 2, 5, 1, 2, 5];
  /** Both first squads go ready; the lieutenant's activation opens a window. */
  function readyBoth(m: AnyRulesetModule, after: number[]): Session {
    const g = session(m, [...READY_BOTH, ...after]);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'READY', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'READY', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_lt' });
    ok(g, { type: 'HOLD', side: 'red', unitId: 'red_lt' });
    return g;
  }

  it('TC-6 a window opens only for the sides with a ready unit that may use it; the other side\'s declaration is refused', () => {
    const g = readyBoth(variant({ mayUseReadiness: (_t, unit) => unit !== 'blue_a' }), []);
    expect(g.state.seq).toMatchObject({ step: 'window', readiness: { pending: ['red'], declared: {} } });
    expect(g.legalCommands()).toEqual([{ type: 'READINESS', side: 'red', unitId: null }, { type: 'READINESS', side: 'red', unitId: 'red_a' }]);
    expect(g.dispatch({ type: 'READINESS', side: 'blue', unitId: 'blue_a' }).ok).toBe(false);
    ok(g, { type: 'READINESS', side: 'red', unitId: 'red_a' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'red_a', via: 'readiness' });
    // With no ready unit usable by either side, no window at all.
    const none = readyBoth(variant({ mayUseReadiness: () => false }), []);
    expect(none.state.seq).toMatchObject({ step: 'draw', readiness: null });
  });

  it('TC-6 TC-9 TC-10 a queued unit shot and shaken before its turn may no longer use its readiness: it is passed over, the program\'s line says so, the next card is due', () => {
    const m = variant({
      mayUseReadiness: (t, unit) => !t.shaken.includes(unit),
      // The queued units passed over, in the program's words (after the event that moved past them).
      follow: (role, e, s, prev) => {
        // The unit offered from the queue keeps its place at the head until its activation starts.
        const was = role === 'close' ? (e.queue as string[]) : (prev.seq as CardsView).queue;
        const now = (s.seq as CardsView).queue;
        return was.filter((u) => !now.includes(u)).map((u) => ({ type: 'QUEUE_SKIPPED', rule: 'TC-6', unitId: u, text: `${u} can no longer use its readiness` }));
      },
    });
    // Blues' first squad, first from the roll-off, shoots Reds' first squad: one hit of three dice.
    const after = [6, 1, 1];
    const g = readyBoth(m, after);
    ok(g, { type: 'READINESS', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'READINESS', side: 'red', unitId: 'red_a' });
    expect(g.state.seq).toMatchObject({ step: 'offer', unit: 'blue_a', via: 'readiness', queue: ['blue_a', 'red_a'] });
    ok(g, { type: 'ACTIVATE', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'SHOOT', side: 'blue', unitId: 'blue_a', target: 'red_a' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_1' });
    expect(g.state.table.shaken).toEqual(['red_a']);
    const held = ok(g, { type: 'HOLD_FIRE', side: 'red', unitId: 'red_a' });
    expect(held.map((e) => e.type)).toEqual(['FIRE_HELD', 'ACTION_TAKEN', 'UNIT_ACTED', 'QUEUE_SKIPPED']);
    expect(held.at(-1)).toMatchObject({ unitId: 'red_a', text: 'red_a can no longer use its readiness' });
    expect(g.state.seq).toMatchObject({ step: 'draw', queue: [], unit: null, acted: ['red_lt', 'blue_a'] });
    replays(m, g, [...READY_BOTH, ...after]);
  });

  it('TC-6 a table event may spend a unit\'s activation and its readiness (tableEffects): the queued unit hit is counted as acted, out of readiness, and not offered', () => {
    // A variant where a unit hit by fire loses its readiness and its activation.
    const m = variant({ tableEffects: (_t, e) => (e.type === 'UNIT_SHOT' && Number(e.hits) > 0 ? { acted: [String(e.target)], unready: [String(e.target)] } : undefined) });
    const after = [6, 1, 1];
    const g = readyBoth(m, after);
    ok(g, { type: 'READINESS', side: 'blue', unitId: 'blue_a' });
    ok(g, { type: 'READINESS', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'ACTIVATE', side: 'blue', unitId: 'blue_a' });
    expect(g.state.seq).toMatchObject({ ready: ['red_a'], queue: ['red_a'], acted: ['red_lt'] });
    ok(g, { type: 'SHOOT', side: 'blue', unitId: 'blue_a', target: 'red_a' });
    // The shot's event marked the sequence at once, in the middle of the activation.
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'blue_a', ready: [], acted: ['red_lt', 'red_a'] });
    ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_1' });
    ok(g, { type: 'HOLD_FIRE', side: 'red', unitId: 'red_a' });
    expect(g.state.seq).toMatchObject({ step: 'draw', queue: [], unit: null, ready: [], acted: ['red_lt', 'red_a', 'blue_a'] });
    replays(m, g, [...READY_BOTH, ...after]);
  });

  it('TC-6 TC-7 readiness lapsing with the turn (the end event\'s `lapsed`): the units still ready count as having acted and are ready no more', () => {
    const endTurn = (m: AnyRulesetModule) => {
      const g = readyBoth(m, []);
      for (let i = 0; i < 10 && g.state.seq.step !== 'end'; i++) {
        if (g.state.seq.step === 'draw') ok(g, { type: 'DRAW_CARD', side: 'red' });
        else ok(g, { type: 'PASS', side: g.state.seq.side!, unitId: g.state.seq.unit! });
      }
      ok(g, { type: 'END_TURN', side: 'red' });
      return g;
    };
    // No window: nobody may use a readiness this turn, so both first squads are still ready at its end.
    const kept = endTurn(variant({ mayUseReadiness: () => false }));
    expect(kept.state.seq).toMatchObject({ step: 'over', ready: ['red_a', 'blue_a'] });
    expect(kept.state.seq.acted).not.toContain('red_a');
    const m = variant({ mayUseReadiness: () => false, dress: (role, _e, s) => (role === 'end' ? { fields: { lapsed: [...(s.seq as CardsView).ready] } } : undefined) });
    const g = endTurn(m);
    expect(g.events.find((e) => e.type === 'TURN_CLOSED')).toMatchObject({ lapsed: ['red_a', 'blue_a'] });
    expect(g.state.seq).toMatchObject({ step: 'over', ready: [] });
    expect(g.state.seq.acted).toEqual(expect.arrayContaining(['red_a', 'blue_a']));
    replays(m, g, READY_BOTH);
  });
});

describe('a forced step waiting for its owners\' answers (forcedGoesOn)', () => {
  // The nerve test also has the tested unit's sniper hit the enemy's first squad: its owner chooses who falls before the step ends.
  const sniping = variant({
    resolveForced: (s, step, ctx) => {
      const r = resolveForcedStep(s, step, ctx);
      if (!r.ok || step !== 'nerve test') return r;
      return { ...r, events: [...r.events, { type: 'SNIPED', rule: 'TC-12', side: s.seq.side, target: 'red_a', fallen: [], text: 'a sniper hits Red first squad' }] };
    },
    // Steadied, the unit goes on.
    forcedGoesOn: (s) => !s.table.shaken.includes(s.seq.unit!),
  });
  /** Red's first squad shoots Blues' first twice (shaken and pinned); Blues allocate; Blues' card is drawn. */
  function shaken(after: number[]): { g: Session; dice: number[] } {
    const dice = [1, 6, 1, 5, 1, 6, 6, 1, ...after];
    const g = session(sniping, dice);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_1' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_2' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    expect(g.state.seq).toMatchObject({ step: 'forced', unit: 'blue_a', forced: 'nerve test' });
    return { g, dice };
  }

  it('TC-5 TC-8 TC-9 the step\'s end waits for the last answer; the unit steadied goes on to its next forced step', () => {
    const { g, dice } = shaken([4]);
    const tested = ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    expect(plainTypes(tested)).toEqual(['NERVE_TESTED', 'SNIPED']);
    expect(g.state.seq).toMatchObject({ step: 'forced', forced: 'nerve test' });
    expect(g.pendingDecision()).toMatchObject({ side: 'red', kind: 'hit-allocation' });
    expect(g.dispatch({ type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' }).ok).toBe(false);
    const answered = ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_2' });
    expect(answered.map((e) => e.type)).toEqual(['HIT_ALLOCATED', 'FORCED_RESOLVED']);
    expect(answered.at(-1)).toMatchObject({ step: 'nerve test', unit: 'blue_a', goesOn: true });
    expect(g.state.seq).toMatchObject({ step: 'forced', forced: 'get up', unit: 'blue_a' });
    replays(sniping, g, dice);
  });

  it('TC-5 TC-9 a unit still shaken after the answers has spent its activation', () => {
    const { g } = shaken([1]);
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    const answered = ok(g, { type: 'ALLOCATE_HIT', side: 'red', figureId: 'red_a_2' });
    expect(answered.at(-1)).toMatchObject({ type: 'FORCED_RESOLVED', goesOn: false, text: 'Blue first squad: nerve test resolved — its activation is spent' });
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a', 'blue_a'], forced: null });
  });
});

describe('the turn hooks\' steps only when a decision holds them', () => {
  it('TC-11 TC-12 a turn whose hooks raise nothing opens and closes in one command: no opening or closing step', () => {
    const g = session(plain, [1, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 2);
    const open = ok(g, { type: 'BEGIN_TURN', side: 'red' });
    expect(plainTypes(open)).toEqual(['TURN_OPENED']);
    while (g.state.seq.step !== 'end') ok(g, g.legalCommands().find((x) => x.type === 'DRAW_CARD' || x.type === 'PASS')!);
    expect(ok(g, { type: 'END_TURN', side: 'red' }).map((e) => e.type)).toEqual(['TURN_CLOSED']);
    // Turn 2: both snipers miss (1s): nothing to answer, the deal at once.
    expect(plainTypes(ok(g, { type: 'BEGIN_TURN', side: 'red' }))).toEqual(['TURN_OPENED']);
    expect(g.state.seq).toMatchObject({ step: 'draw', round: 2 });
  });
});

/** Red's first squad shoots Blues' first twice (shaken and pinned); Blues allocate; Blues' card is drawn: its forced steps are due. */
function pinnedBlue(m: AnyRulesetModule, after: number[]): { g: Session; dice: number[] } {
  const dice = [1, 6, 1, 5, 1, 6, 6, 1, ...after];
  const g = session(m, dice);
  ok(g, { type: 'BEGIN_TURN', side: 'red' });
  ok(g, { type: 'DRAW_CARD', side: 'red' });
  ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
  ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
  ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_1' });
  ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_2' });
  ok(g, { type: 'DRAW_CARD', side: 'red' });
  return { g, dice };
}

describe('a forced step that starts the activation itself', () => {
  // Getting up, the unit acts at once (as a unit locked in a fight fights): the step's events hold the machine's activate event.
  const springing = variant({
    resolveForced: (s, step, ctx) => {
      const r = resolveForcedStep(s, step, ctx);
      if (!r.ok || step !== 'get up' || !r.goesOn) return r;
      return { ok: true, goesOn: true, events: [...r.events, { type: 'UNIT_ACTIVATED', rule: 'TC-8', unit: s.seq.unit, units: [s.seq.unit], text: 'up, they act at once' }] };
    },
  });

  it('TC-8 the unit that gets up is activated by the step: no offer, its actions follow, counted as acted; the log replays', () => {
    const { g, dice } = pinnedBlue(springing, [4, 5]);
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' });
    const up = ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'get up' });
    expect(plainTypes(up)).toEqual(['GOT_UP', 'UNIT_ACTIVATED']);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'blue_a', forced: null, acted: ['red_a', 'blue_a'] });
    expect(g.legalCommands().map((c) => c.type)).toContain('HOLD');
    expect(g.legalCommands().map((c) => c.type)).not.toContain('ACTIVATE');
    expect(ok(g, { type: 'HOLD', side: 'blue', unitId: 'blue_a' }).map((e) => e.type)).toEqual(['UNIT_HELD', 'ACTION_TAKEN', 'UNIT_ACTED']);
    expect(g.state.seq).toMatchObject({ step: 'draw', acted: ['red_a', 'blue_a'] });
    replays(springing, g, dice);
  });
});

describe('actions without the machine\'s line (quietActions)', () => {
  // The table keeps the activation's progress: here a unit that moved is done.
  const moved = (s: CState, unit: string) => s.table.figures.some((f) => f.unit === unit && f.at[0] !== scenario.units!.find((u) => u.id === unit)!.figures.find((x) => x.id === f.id)!.at[0]);
  const quiet = variant({ quietActions: true, activationOver: (s, unit) => activationOver(s, unit) || moved(s as CState, unit) });

  it('TC-3 no event of the machine per action, seq.taken stays empty; the rules\' guard still ends the activation after the action', () => {
    const dice = [1, 6, 1, 1, 1];
    const g = session(quiet, dice);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    const move = ok(g, { type: 'MOVE', side: 'red', unitId: 'red_a', dx: 10, dz: 0 });
    expect(move.map((e) => e.type)).toEqual(['UNIT_MOVED', 'UNIT_ACTED']);
    expect(g.state.seq).toMatchObject({ step: 'draw', taken: [], acted: ['red_a'] });
    replays(quiet, g, dice);
  });
});

describe('a command word the forced step and an action share', () => {
  // RESOLVE is the forced step's command and, inside an activation, an action (a roll awaited there: aiming).
  const aiming = variant({
    rules: {
      ...base.rules,
      actionTypes: [...base.rules.actionTypes, 'RESOLVE'],
      actions: (s, ctx) => [...base.rules.actions(s, ctx), ...(s.seq.step === 'activation' ? [{ type: 'RESOLVE', side: s.seq.side!, unitId: s.seq.unit!, step: 'aim' }] : [])],
      act: (s, c, ctx) => (c.type === 'RESOLVE' ? { ok: true, events: [{ type: 'AIMED', rule: 'TC-3', unit: c.unitId, text: 'they take aim' }] } : base.rules.act(s, c, ctx)),
    },
  });

  it('TC-3 TC-5 RESOLVE is taken as an action in an activation, as the forced step\'s roll at a forced step, and refused at a draw', () => {
    const { g, dice } = pinnedBlue(aiming, [4, 5]);
    expect(g.dispatch({ type: 'RESOLVE', side: 'red', unitId: 'red_b', step: 'aim' }).ok).toBe(false);
    expect(plainTypes(ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'nerve test' }))).toEqual(['NERVE_TESTED', 'FORCED_RESOLVED']);
    ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'get up' });
    expect(g.state.seq.step).toBe('offer');
    ok(g, { type: 'ACTIVATE', side: 'blue', unitId: 'blue_a' });
    expect(ok(g, { type: 'RESOLVE', side: 'blue', unitId: 'blue_a', step: 'aim' }).map((e) => e.type)).toEqual(['AIMED', 'ACTION_TAKEN']);
    expect(g.state.seq).toMatchObject({ step: 'activation', taken: ['RESOLVE'] });
    ok(g, { type: 'END_ACTIVATION', side: 'blue', unitId: 'blue_a' });
    expect(g.state.seq.step).toBe('draw');
    expect(g.dispatch({ type: 'RESOLVE', side: 'red', unitId: 'red_b', step: 'aim' })).toMatchObject({ ok: false, reason: 'not now: the next card has to be drawn' });
    replays(aiming, g, dice);
  });
});

describe('a hook\'s own event as the turn\'s closing step', () => {
  // The rally's call is the program's word for the closing event: no line of the machine's is added.
  const called = variant({ events: { closing: 'RALLY_CALLED' } });

  it('TC-11 the turn\'s end waits in its closing step on the hook\'s own event; the last answer ends the turn', () => {
    // Cards: red first squad first; one hit of three on Blues' first squad (shaken); it holds its fire; its nerve test then fails.
    const dice = [1, 6, 1, 1, 1, 6, 1, 1, 1];
    const g = session(called, dice);
    ok(g, { type: 'BEGIN_TURN', side: 'red' });
    ok(g, { type: 'DRAW_CARD', side: 'red' });
    ok(g, { type: 'ACTIVATE', side: 'red', unitId: 'red_a' });
    ok(g, { type: 'SHOOT', side: 'red', unitId: 'red_a', target: 'blue_a' });
    ok(g, { type: 'ALLOCATE_HIT', side: 'blue', figureId: 'blue_a_1' });
    ok(g, { type: 'HOLD_FIRE', side: 'blue', unitId: 'blue_a' });
    while (g.state.seq.step !== 'end') ok(g, g.legalCommands().find((x) => ['DRAW_CARD', 'PASS', 'RESOLVE'].includes(x.type))!);
    expect(g.state.table.shaken).toEqual(['blue_a']);
    const end = ok(g, { type: 'END_TURN', side: 'red' });
    expect(end.map((e) => e.type)).toEqual(['RALLY_CALLED']);
    expect(g.state.seq.step).toBe('closing');
    expect(ok(g, { type: 'RALLY', side: 'blue', unitId: 'blue_a' }).map((e) => e.type)).toEqual(['RALLIED', 'TURN_CLOSED']);
    expect(g.state.seq.step).toBe('over');
    replays(called, g, dice);
  });
});

describe('lines after every command (settle)', () => {
  // After every command, the men still standing, counted on the state the command left.
  const standing = (t: CardsTable) => t.figures.filter((f) => f.alive).length;
  const tallied = variant({ settle: (s, c, events) => [{ type: 'TALLY', rule: 'TC-7', standing: standing(s.table), after: c.type, events: events.length, text: `${standing(s.table)} men stand` }] });

  it('TC-7 every command\'s events end with the program\'s line, read from the state after them (closing events included); seeded games replay', () => {
    for (const seed of [1, 2]) {
      const g = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: tallied.ruleset as never, scenario, table, seed });
      expect(playGame(g as never, tallied.player!({ seed }) as never, { table }).refused).toBe(0);
      const p = new GameSession<CState, Command, GameEvent, TableQueries>({ ruleset: plain.ruleset as never, scenario, table, seed });
      playGame(p as never, plain.player!({ seed }) as never, { table });
      expect(g.log.map((e) => e.command)).toEqual(p.log.map((e) => e.command));
      expect(g.events.filter((e) => e.type !== 'TALLY')).toEqual(p.events);
      for (const entry of g.log) {
        const last = entry.events.at(-1)!;
        // The session puts the command's dice first: the decision's own events are the rest.
        expect(last).toMatchObject({ type: 'TALLY', after: entry.command.type, events: entry.events.filter((e) => e.type !== 'DICE_ROLLED').length - 1 });
      }
      expect(g.events.at(-1)).toMatchObject({ type: 'TALLY', standing: standing(g.state.table) });
      const again = loadSave(makeSave(g), 'save.json', g.scenario, tallied.ruleset as never, table) as Session;
      expect(again.events).toEqual(g.events);
    }
  });
});
