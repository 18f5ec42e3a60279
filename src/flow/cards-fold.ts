// The cards model's bookkeeping its steps share (sequenced-cards.ts, cards-exchange.ts): the machine's
// event types in the program's words, the fold of a command's events (the table, then the machine),
// the decision the table waits for, and which events are the rules' own (logged as they are).
import type { CardsProgram, CardsView, GameEvent, PendingDecision, Sequenced, TableQueries } from '../core';
import type { Scenario } from '../scenario';
import { cardsEvents, EXCHANGE_FIELD, EXCHANGE_STEP, stepped, withTableEffects, type SequenceMachine } from './sequence-machines';

export type Program = CardsProgram<unknown, Scenario, TableQueries>;
export type State = Sequenced<unknown>;
export type Ctx = { scenario: Scenario; table: TableQueries };

/** The machine's event types in the program's words (cardsEvents), and the set of them (the rest are the rules'). */
export const eventsOf = (p: Program) => cardsEvents(p as CardsProgram<unknown, unknown, unknown>);
const OWN = new WeakMap<object, Set<string>>();
function ownEvents(p: Program): Set<string> {
  let own = OWN.get(p);
  if (!own) OWN.set(p, (own = new Set<string>(Object.values(eventsOf(p)))));
  return own;
}
export const nameOf = (scenario: Scenario, unit: string) => scenario.units?.find((u) => u.id === unit)?.name ?? unit;
export const sideName = (scenario: Scenario, side: string) => scenario.sides.find((x) => x.id === side)?.name ?? side;
export const cardsOf = (s: State) => s.seq as CardsView;

/** The decision the table waits for now, if any (it pre-empts the machine's step). */
export const cardsDecision = (p: Program, s: State, scenario: Scenario): PendingDecision | undefined => p.rules.pendingDecision?.(s, { scenario });

/**
 * One event folded (the composed ruleset's `evolve`): the table follows the machine's events too,
 * first (the machine's guards read it); a table event may spend an activation or a readiness
 * (`tableEffects`). Kept per state and event: a command's events are folded while it is decided
 * (its closing step, the program's words, `settle`), then again by the session, from the same state.
 */
const FOLDS = new WeakMap<State, Map<GameEvent, State>>();
export function foldEvent(p: Program, machine: SequenceMachine, s: State, e: GameEvent): State {
  let memo = FOLDS.get(s);
  const known = memo?.get(e);
  if (known) return known;
  const table = p.rules.evolve(s.table, e);
  let next: State;
  // An exchange's step marked on the event: the machine moves to it first.
  const mark = e[EXCHANGE_FIELD];
  const seq0 = typeof mark === 'string' ? stepped(machine, { table, seq: s.seq }, { type: EXCHANGE_STEP, step: mark }) : s.seq;
  if (ownEvents(p).has(e.type)) next = { table, seq: stepped(machine, { table, seq: seq0 }, e) };
  else {
    const seq = p.tableEffects ? withTableEffects(seq0, p.tableEffects(s.table, e)) : seq0;
    next = table === s.table && seq === s.seq ? s : { table, seq };
  }
  if (!memo) FOLDS.set(s, (memo = new Map()));
  memo.set(e, next);
  return next;
}

/** The state after these events (the rules' fold for theirs, the machine for the sequence's). */
export function folded(p: Program, machine: SequenceMachine, s: State, events: readonly GameEvent[]): State {
  let t = s;
  for (const e of events) t = foldEvent(p, machine, t, e);
  return t;
}

/** A forced step's end: the unit goes on to decide, or its activation is spent. */
export function forcedResolved(p: Program, step: string, unit: string, goesOn: boolean, scenario: Scenario): GameEvent {
  const then = goesOn ? 'it goes on to its activation' : 'its activation is spent';
  return { type: eventsOf(p).resolved, rule: p.rule.activate, step, unit, goesOn, text: `${nameOf(scenario, unit)}: ${step} resolved — ${then}` };
}

/**
 * The events the rules' and the program's resolutions gave (which may bear a machine event's type: a
 * rout that starts the activation), and a machine event already in the program's words: logged as
 * they are, never dressed or followed again.
 */
const THEIRS = new WeakSet<GameEvent>();
export function theirEvents(events: GameEvent[]): GameEvent[] {
  for (const e of events) THEIRS.add(e);
  return events;
}
export const isTheirs = (e: GameEvent): boolean => THEIRS.has(e);
export function theirs<R extends { ok: boolean }>(r: R): R {
  if (r.ok) theirEvents((r as unknown as { events: GameEvent[] }).events);
  return r;
}
