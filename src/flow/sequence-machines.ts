// The sequence machines: the one model of a sequenced ruleset's turn (src/core/sequence.ts). Their
// events are the game's own sequence events, so the session's fold (evolve) runs them and a save's
// command log replays through them; their context is the sequence (round, initiative, who acts,
// which units acted); the phase is their state. Guards ask the ruleset's pure functions of the table
// (a side's units left to act) and the round limit. Each state's `meta.takes` names the command roles
// it takes: the ruleset composed around them (sequenced.ts) accepts no other.
import { assign, setup, type StateValue } from 'xstate';
import type { AlternatingProgram, GameEvent, PhasesProgram, SequenceProgram, SequenceStep, SequenceView } from '../core';

/** The events the machines take (their own words: no ruleset names them). */
export const SEQUENCE_EVENTS = {
  alternating: { begin: 'ROUND_STARTED', select: 'UNIT_SELECTED', acted: 'UNIT_ACTED', end: 'ROUND_ENDED' },
  phases: { begin: 'TURN_STARTED', acted: 'UNIT_ACTED', endPhase: 'PHASE_ENDED', sideDone: 'PLAYER_TURN_ENDED', end: 'TURN_ENDED' },
} as const;

/** A command's role in the sequence: a step of the machine, or an action resolved by the rules. */
export type CommandRole = 'begin' | 'select' | 'action' | 'endPhase' | 'end';

/** The machine's context: the sequence, with the table its guards read (put in for a transition, never stored). */
export interface SequenceContext extends Omit<SequenceView, 'step' | 'phase'> {
  table: unknown;
}

type Args = { context: SequenceContext; event: GameEvent };
// The machines are typed over `unknown` table data: the program's functions are the only readers of it.
type AnyProgram = SequenceProgram<unknown, unknown, unknown>;

const other = (c: SequenceContext, side: string | null) => c.sides.find((x) => x !== side) ?? null;
const ready = (p: AnyProgram, c: SequenceContext, side: string | null) => (side ? p.units(c.table, side).filter((u) => !c.acted.includes(u)) : []);

/** Initiative each round, then alternate picks; a side with no unit left lets the other act on; after the last round, over. */
export function alternatingMachine(p: AlternatingProgram<unknown, unknown, unknown>) {
  const E = SEQUENCE_EVENTS.alternating;
  return setup({
    types: { context: {} as SequenceContext, events: {} as GameEvent, input: {} as SequenceContext },
    guards: {
      sideReady: ({ context }: Args) => ready(p, context, context.side).length > 0,
      otherReady: ({ context }: Args) => ready(p, context, other(context, context.side)).length > 0,
      unitReady: ({ context, event }: Args) => ready(p, context, context.side).includes(String(event.unit)),
      lastRoundPlayed: ({ context }: Args) => context.round >= context.lastRound,
      won: ({ context }: Args) => p.won(context.table, context.sides),
    },
  }).createMachine({
    id: 'alternating',
    context: ({ input }) => input,
    initial: 'between',
    states: {
      between: {
        meta: { takes: ['begin'] },
        on: { [E.begin]: { target: 'next', actions: assign(({ event }) => ({ round: Number(event.round), first: String(event.first), side: String(event.first), acted: [], unit: null })) } },
      },
      /** Who acts now: the side whose turn it is; if it has no unit left, the other; if neither has, the round ends. A game won on the table ends. */
      next: {
        always: [
          { guard: 'won', target: 'over', actions: assign({ side: null }) },
          { guard: 'sideReady', target: 'pick' },
          { guard: 'otherReady', target: 'pick', actions: assign(({ context }) => ({ side: other(context, context.side) })) },
          { target: 'end', actions: assign({ side: null }) },
        ],
      },
      pick: { meta: { takes: ['select'] }, on: { [E.select]: { guard: 'unitReady', target: 'activation', actions: assign(({ event }) => ({ unit: String(event.unit) })) } } },
      activation: {
        meta: { takes: ['action'] },
        // The activation over, the turn passes to the other side.
        on: { [E.acted]: { target: 'next', actions: assign(({ context }) => ({ acted: [...context.acted, context.unit!], unit: null, side: other(context, context.side) })) } },
      },
      end: { meta: { takes: ['end'] }, on: { [E.end]: 'afterRound' } },
      afterRound: { always: [{ guard: 'lastRoundPlayed', target: 'over' }, { target: 'between' }] },
      over: { type: 'final', meta: { takes: [] } },
    },
  });
}

/** You go, I go: the sides in order, each through the phases; after the last side the turn ends; after the last turn, over. */
export function phasesMachine(p: PhasesProgram<unknown, unknown, unknown>) {
  const E = SEQUENCE_EVENTS.phases;
  const phaseStates = Object.fromEntries(p.phases.map((name, i) => {
    const last = i === p.phases.length - 1;
    return [name, { meta: { takes: ['action', 'endPhase'] }, on: { [E.endPhase]: { target: last ? '#phases.sideDone' : p.phases[i + 1]!, actions: assign({ acted: [] }) } } }];
  }));
  return setup({
    types: { context: {} as SequenceContext, events: {} as GameEvent, input: {} as SequenceContext },
    guards: {
      sideLeft: ({ context }: Args) => context.sides.some((x) => !context.played.includes(x)),
      lastRoundPlayed: ({ context }: Args) => context.round >= context.lastRound,
      won: ({ context }: Args) => p.won(context.table, context.sides),
    },
  }).createMachine({
    id: 'phases',
    context: ({ input }) => input,
    initial: 'between',
    states: {
      between: {
        meta: { takes: ['begin'] },
        on: { [E.begin]: { target: 'phase', actions: assign(({ context, event }) => ({ round: Number(event.turn), side: context.sides[0]!, played: [], acted: [] })) } },
      },
      phase: {
        initial: p.phases[0]!,
        // Built from the ruleset's phase names, so typed loosely (each is a plain state with one transition).
        states: phaseStates as never,
        // A unit has acted in this phase; a game won on the table ends at once.
        on: {
          [E.acted]: [
            { guard: 'won', target: '#phases.over', actions: assign({ side: null, acted: [] }) },
            { actions: assign(({ context, event }) => ({ acted: [...context.acted, String(event.unit)] })) },
          ],
        },
      },
      /** A side's turn is over: the next side in order plays, or the game turn ends. */
      sideDone: {
        entry: assign(({ context }) => ({ played: [...context.played, context.side!] })),
        always: [
          { guard: 'sideLeft', target: 'phase', actions: assign(({ context }) => ({ side: context.sides.find((x) => !context.played.includes(x))! })) },
          { target: 'end', actions: assign({ side: null }) },
        ],
      },
      end: { meta: { takes: ['end'] }, on: { [E.end]: 'afterTurn' } },
      afterTurn: { always: [{ guard: 'lastRoundPlayed', target: 'over' }, { target: 'between' }] },
      over: { type: 'final', meta: { takes: [] } },
    },
  });
}

export type SequenceMachine = ReturnType<typeof alternatingMachine> | ReturnType<typeof phasesMachine>;

const MACHINES = new WeakMap<object, SequenceMachine>();

/** The machine of a ruleset's program (built once per program object). */
export function sequenceMachineFor(p: SequenceProgram<unknown, unknown, unknown>): SequenceMachine {
  let m = MACHINES.get(p);
  if (!m) MACHINES.set(p, (m = p.model === 'alternating' ? alternatingMachine(p) : phasesMachine(p)));
  return m;
}

/** The machine's state value for a stored sequence (its step, and the phase within a side's turn). */
export function valueOf(seq: SequenceView): StateValue {
  return seq.step === 'phase' ? { phase: seq.phase! } : seq.step;
}

/** The sequence as stored and shown: the machine's context, its step and phase (the table left out). */
export function viewOf(value: StateValue, context: SequenceContext): SequenceView {
  const { table: _table, ...rest } = context;
  if (typeof value === 'string') return { ...rest, step: value as SequenceStep, phase: null };
  const [step, sub] = Object.entries(value)[0]!;
  return { ...rest, step: step as SequenceStep, phase: String(sub) };
}
