// The sequence machines: the one model of a sequenced ruleset's turn (src/core/sequence.ts). Their
// events are the game's own sequence events, so the session's fold (evolve) runs them and a save's
// command log replays through them; their context is the sequence (round, initiative, who acts,
// which units acted; for cards the deck, the unit offered, the readiness window); the phase is their
// state. Guards ask the ruleset's pure functions of the table (a side's units left to act, a forced
// step due, whom a leader may command) and the round limit. Each state's `meta.takes` names the
// command roles it takes: the ruleset composed around them (sequenced.ts) accepts no other.
import { and, assign, createActor, setup, type StateValue } from 'xstate';
import type { AlternatingProgram, CardsProgram, ExchangeProgram, GameEvent, PhasesProgram, Sequenced, SequenceProgram, SequenceStep, SequenceView, TableEffects } from '../core';

/** The events the machines take (their own words: no ruleset names them). */
export const SEQUENCE_EVENTS = {
  /** The setup's (alternating and phases models): a stage's command done, a stage started, the setup over. */
  setup: { step: 'SETUP_STEP', stage: 'SETUP_STAGE', ended: 'SETUP_ENDED' },
  alternating: { begin: 'ROUND_STARTED', first: 'FIRST_CHOSEN', select: 'UNIT_SELECTED', acted: 'UNIT_ACTED', end: 'ROUND_ENDED' },
  phases: { begin: 'TURN_STARTED', acting: 'UNIT_ACTING', acted: 'UNIT_ACTED', endPhase: 'PHASE_ENDED', sideDone: 'PLAYER_TURN_ENDED', end: 'TURN_ENDED' },
  cards: {
    begin: 'TURN_OPENED', draw: 'CARD_DRAWN', resolved: 'FORCED_RESOLVED', activate: 'UNIT_ACTIVATED', pass: 'UNIT_PASSED', ready: 'UNIT_READIED',
    command: 'UNIT_COMMANDED', action: 'ACTION_TAKEN', acted: 'UNIT_ACTED', declare: 'READINESS_DECLARED', rolled: 'ROLL_OFF_ROLLED', close: 'WINDOW_CLOSED', end: 'TURN_CLOSED',
    opening: 'TURN_OPENING', closing: 'TURN_CLOSING',
  },
} as const;

/**
 * Cards: a close-combat exchange's step is marked on the first event of its resolution by this field
 * (the step's name); folding such an event moves the machine to that step first (an EXCHANGE_STEP
 * event it takes, never logged on its own), so a log replayed moves the machine the same way.
 */
export const EXCHANGE_FIELD = 'exchangeStep';
export const EXCHANGE_STEP = 'EXCHANGE_STEP';

/**
 * A cards program's exchange as the machine can nest it: a forced step the program names, at least one
 * step, each named once, without '.' (XState's path separator) or a leading '#' (its id marker).
 */
function checkedExchange(p: CardsProgram<unknown, unknown, unknown>): ExchangeProgram<unknown, unknown, unknown> | undefined {
  const x = p.exchange;
  if (!x) return undefined;
  const fail = (what: string) => { throw new Error(`cards program: the exchange of forced step '${x.forced}': ${what}`); };
  if (!p.forcedSteps.includes(x.forced)) fail(`expected one of the program's forcedSteps (${p.forcedSteps.join(', ')})`);
  if (!x.steps.length) fail('expected at least one step in `steps`');
  x.steps.forEach((st, i) => {
    if (!st.name || st.name.includes('.') || st.name.startsWith('#')) {
      fail(`steps[${i}] is named '${st.name}': expected a non-empty name without '.' or a leading '#'`);
    }
    if (x.steps.findIndex((o) => o.name === st.name) !== i) fail(`steps[${i}] repeats the step name '${st.name}'`);
  });
  return x;
}

const EVENT_WORDS = new WeakMap<object, typeof SEQUENCE_EVENTS.cards>();
/** The cards machine's event types for a program: its own words where it names them, else the machine's. */
export function cardsEvents(p: CardsProgram<unknown, unknown, unknown>): Record<keyof typeof SEQUENCE_EVENTS.cards, string> {
  let words = EVENT_WORDS.get(p);
  if (!words) EVENT_WORDS.set(p, (words = { ...SEQUENCE_EVENTS.cards, ...p.events } as typeof SEQUENCE_EVENTS.cards));
  return words;
}

/** A command's role in the sequence: a step of the machine, or an action resolved by the rules. */
export type CommandRole = 'setup' | 'begin' | 'first' | 'anytime' | 'select' | 'action' | 'endPhase' | 'end' | 'draw' | 'resolve' | 'activate' | 'pass' | 'command' | 'ready' | 'declare' | 'endActivation' | 'answer';

/** The machine's context: the sequence, with the table its guards read (put in for a transition, never stored). */
export interface SequenceContext extends Omit<SequenceView, 'step' | 'phase' | 'exchange'> {
  table: unknown;
}

type Args = { context: SequenceContext; event: GameEvent };
// The machines are typed over `unknown` table data: the program's functions are the only readers of it.
type AnyProgram = SequenceProgram<unknown, unknown, unknown>;

const other = (c: SequenceContext, side: string | null) => c.sides.find((x) => x !== side) ?? null;
const ready = (p: AnyProgram, c: SequenceContext, side: string | null) => (side ? p.units(c.table, side).filter((u) => !c.acted.includes(u)) : []);

/** What every model's guards read of the context: the table, the sides, the round and the last one. */
type RoundArgs = { context: { table: unknown; sides: readonly string[]; round: number; lastRound: number } };

/** The guards every model shares: the game won on the table (it ends at once), the last round played. */
function roundGuards(p: AnyProgram) {
  return {
    won: ({ context }: RoundArgs) => p.won(context.table, context.sides),
    lastRoundPlayed: ({ context }: RoundArgs) => context.round >= context.lastRound,
  };
}

/**
 * The round's end every model shares: `end` takes the end command (and `extra` transitions), then the
 * game is over when won or after the last round, else the next round waits; `over` is final.
 */
function roundEndStates(endEvent: string, extra: Record<string, string> = {}) {
  return {
    end: { meta: { takes: ['end'] }, on: { ...extra, [endEvent]: 'afterRound' } },
    afterRound: { always: [{ guard: 'won', target: 'over' }, { guard: 'lastRoundPlayed', target: 'over' }, { target: 'between' }] as const },
    over: { type: 'final' as const, meta: { takes: [] } },
  };
}

/** Setup: how many commands each side has left in the stage (an alternate stage's; absent: the stage takes one command). */
const leftOf = (event: GameEvent, side: string | null) => (side && event.left && typeof event.left === 'object' ? Number((event.left as Record<string, unknown>)[side] ?? 0) : 0);

/** The setup's guards (alternating and phases models), reading the counts its events carry. */
const setupGuards = {
  otherHasLeft: ({ context, event }: Args) => leftOf(event, other(context, context.side)) > 0,
  sideHasLeft: ({ context, event }: Args) => leftOf(event, context.side) > 0,
  stageTakesOne: ({ event }: Args) => event.left === undefined,
  startSideHasLeft: ({ event }: Args) => leftOf(event, event.side === null ? null : String(event.side)) > 0,
  startOtherHasLeft: ({ context, event }: Args) => leftOf(event, other(context, event.side === null ? null : String(event.side))) > 0,
};

/**
 * The setup before the first round (ProgramBase.setup). In `setup` a stage takes its commands: after
 * each (its SETUP_STEP, carrying what each side has left) the other side goes if it has anything left,
 * else the same side goes on; with nothing left on either side (or a stage of one command) the stage
 * is over. In `stageOver` the next stage starts (SETUP_STAGE: its side, or the other when its side has
 * nothing left; a stage with nothing to do is passed over), or the setup ends and the first round waits.
 */
function setupStates() {
  const S = SEQUENCE_EVENTS.setup;
  const startAs = (side: (a: Args) => string | null) => assign((a: Args) => ({ setup: String(a.event.stage), side: side(a) }));
  const eventSide = ({ event }: Args) => (event.side === null || event.side === undefined ? null : String(event.side));
  return {
    setup: {
      meta: { takes: ['setup'] },
      on: {
        [S.step]: [
          { guard: 'otherHasLeft', actions: assign(({ context }: Args) => ({ side: other(context, context.side) })) },
          { guard: 'sideHasLeft' },
          { target: 'stageOver', actions: assign({ side: null }) },
        ],
      },
    },
    stageOver: {
      meta: { takes: [] },
      on: {
        [S.stage]: [
          { guard: 'stageTakesOne', target: 'setup', actions: startAs(eventSide) },
          { guard: 'startSideHasLeft', target: 'setup', actions: startAs(eventSide) },
          { guard: 'startOtherHasLeft', target: 'setup', actions: startAs((a) => other(a.context, eventSide(a))) },
        ],
        [S.ended]: { target: 'between', actions: assign({ setup: undefined, side: null }) },
      },
    },
    // Shared by two machines whose setup() types differ: typed loosely here (assigns and named guards only).
  } as unknown as Record<'setup' | 'stageOver', object>;
}

/**
 * Initiative each round (its winner choosing who acts first, when the program lets it), then alternate
 * picks (a unit, or units acting together); a side with no unit left lets the other act on; after the last round, over.
 */
export function alternatingMachine(p: AlternatingProgram<unknown, unknown, unknown>) {
  const E = SEQUENCE_EVENTS.alternating;
  return setup({
    types: { context: {} as SequenceContext, events: {} as GameEvent, input: {} as SequenceContext },
    guards: {
      sideReady: ({ context }: Args) => ready(p, context, context.side).length > 0,
      otherReady: ({ context }: Args) => ready(p, context, other(context, context.side)).length > 0,
      // The unit selected, and every unit acting with it (the event's `units`), ready on the side to act.
      unitReady: ({ context, event }: Args) => {
        const left = ready(p, context, context.side);
        return left.includes(String(event.unit)) && (!Array.isArray(event.units) || event.units.every((u) => left.includes(String(u))));
      },
      winnerChooses: ({ event }: Args) => event.choose === true,
      ...setupGuards,
      ...roundGuards(p),
    },
  }).createMachine({
    id: 'alternating',
    context: ({ input }) => input,
    initial: 'between',
    states: {
      ...(setupStates() as Record<'setup' | 'stageOver', { meta: { takes: CommandRole[] } }>),
      between: {
        meta: { takes: ['begin'] },
        on: {
          [E.begin]: [
            // The winner chooses to act first or hand the first activation over: the choice is awaited from that side.
            { guard: 'winnerChooses', target: 'first', actions: assign(({ event }) => ({ round: Number(event.round), first: String(event.winner), side: String(event.winner), acted: [], unit: null })) },
            { target: 'next', actions: assign(({ event }) => ({ round: Number(event.round), first: String(event.first), side: String(event.first), acted: [], unit: null })) },
          ],
        },
      },
      first: { meta: { takes: ['first'] }, on: { [E.first]: { target: 'next', actions: assign(({ event }) => ({ first: String(event.first), side: String(event.first) })) } } },
      /** Who acts now: the side whose turn it is; if it has no unit left, the other; if neither has, the round ends. A game won on the table ends. */
      next: {
        always: [
          { guard: 'won', target: 'over', actions: assign({ side: null }) },
          { guard: 'sideReady', target: 'pick' },
          { guard: 'otherReady', target: 'pick', actions: assign(({ context }) => ({ side: other(context, context.side) })) },
          { target: 'end', actions: assign({ side: null }) },
        ],
      },
      pick: {
        meta: { takes: ['select'] },
        on: {
          [E.select]: {
            guard: 'unitReady',
            target: 'activation',
            actions: assign(({ event }) => {
              const unit = String(event.unit);
              const together = Array.isArray(event.units) ? event.units.map(String).filter((u) => u !== unit) : [];
              return together.length ? { unit, together } : { unit };
            }),
          },
        },
      },
      activation: {
        meta: { takes: ['action'] },
        // The activation over (its units all counted as acted), the turn passes to the other side.
        on: {
          [E.acted]: {
            target: 'next',
            actions: assign(({ context }) => ({ acted: [...context.acted, context.unit!, ...(context.together ?? [])], unit: null, together: undefined, side: other(context, context.side) })),
          },
        },
      },
      ...roundEndStates(E.end),
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
      ...setupGuards,
      ...roundGuards(p),
    },
  }).createMachine({
    id: 'phases',
    context: ({ input }) => input,
    initial: 'between',
    states: {
      ...(setupStates() as Record<'setup' | 'stageOver', { meta: { takes: CommandRole[] } }>),
      between: {
        meta: { takes: ['begin'] },
        on: { [E.begin]: { target: 'phase', actions: assign(({ context, event }) => ({ round: Number(event.turn), side: context.sides[0]!, played: [], acted: [] })) } },
      },
      phase: {
        initial: p.phases[0]!,
        // Built from the ruleset's phase names, so typed loosely (each is a plain state with one transition).
        states: phaseStates as never,
        // A unit has acted in this phase; a game won on the table ends at once. A unit whose action raised a
        // decision is held acting (its acted event comes with the last answer).
        on: {
          [E.acting]: { actions: assign(({ event }) => ({ unit: String(event.unit) })) },
          [E.acted]: [
            { guard: 'won', target: '#phases.over', actions: assign({ side: null, unit: null, acted: [] }) },
            { actions: assign(({ context, event }) => ({ acted: [...context.acted, String(event.unit)], unit: null })) },
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
      ...roundEndStates(E.end),
    },
  });
}

/** The card-driven machine's context: every cards field of the view present. */
type CardKeys = 'deck' | 'drawn' | 'via' | 'by' | 'forced' | 'ready' | 'readiness' | 'queue' | 'taken';
export type CardsContext = Omit<SequenceContext, CardKeys> & Required<Pick<SequenceView, CardKeys>>;
type CardsArgs = { context: CardsContext; event: GameEvent };
type CardsProg = CardsProgram<unknown, unknown, unknown>;

/** Cards: may this unit still act this turn (on the table, not acted)? */
const able = (p: CardsProg, c: CardsContext, unit: string) => !c.acted.includes(unit) && p.units(c.table, p.sideOf(c.table, unit)).includes(unit);
/** Cards: may this ready unit still use its readiness (able, and the program's guard)? */
export const mayUse = (p: CardsProg, c: { table: unknown; acted: readonly string[] }, unit: string) => able(p, c as CardsContext, unit) && (p.mayUseReadiness?.(c.table, unit) ?? true);
/** Cards: the ready units of a side that may still use their readiness. */
export const readyToUse = (p: CardsProg, c: CardsContext, side: string) => c.ready.filter((u) => p.sideOf(c.table, u) === side && mayUse(p, c, u));
/** Cards: the queued ready units that may still act, in order. */
const ableQueue = (p: CardsProg, c: CardsContext) => c.queue.filter((u) => mayUse(p, c, u));
/** Cards: the state a guard asks the program about: the table and the machine's sequence at this step. */
const asked = (step: SequenceStep, c: CardsContext): Sequenced<unknown> => ({ table: c.table, seq: viewOf(step, c) });
/** Cards: nobody offered or acting (an activation over, a card spent). */
const cleared = { unit: null, side: null, via: null, by: null, forced: null, taken: [] } as const;

/**
 * Cards: each turn a dealt deck, cards drawn one by one; the unit a card offers faces its forced step
 * if any, then acts, passes, goes ready, or (a leader) commands another unit, which is offered in turn;
 * after an activation a readiness window opens if a ready unit waits; the turn ends with the deck and
 * the queue empty; after the last turn, over. A game won on the table ends at once. A turn's start and
 * end hooks may hold the deal or the turn's end back (opening, closing) until decisions are answered.
 */
export function cardsMachine(p: CardsProg) {
  if (p.setup) throw new Error('cards program: setup stages are not taken by the card-driven model (alternating and phases only)');
  const E = cardsEvents(p);
  // The unit offered has acted (already counted when it activated with others): a readiness it waited in is over.
  const actedNow = ({ context }: CardsArgs) => ({ acted: context.acted.includes(context.unit!) ? context.acted : [...context.acted, context.unit!], ready: context.ready.filter((u) => u !== context.unit), ...cleared });
  // Units activating together are counted as acted at once, the offered one first (their cards are spent); their readiness is used.
  const together = ({ context, event }: CardsArgs) => {
    const units = (event.units as string[] | undefined) ?? [];
    const gone = (u: string) => u === context.unit || units.includes(u);
    return { acted: [...context.acted, ...units.filter((u) => !context.acted.includes(u))], ready: context.ready.filter((u) => !gone(u)), queue: context.queue.filter((u) => !gone(u)) };
  };
  // A pass is the unit's activation too: its readiness and its place in the queue are used.
  const passed = (a: CardsArgs) => ({ ...actedNow(a), queue: a.context.queue.filter((u) => u !== a.context.unit) });
  // The turn's end: ready units whose readiness lapses with it (the ruleset's rule, its end event's `lapsed`) count as having acted.
  const lapse = ({ context, event }: CardsArgs) => {
    const lapsed = (event.lapsed as string[] | undefined) ?? [];
    return lapsed.length ? { acted: [...context.acted, ...lapsed.filter((u) => !context.acted.includes(u))], ready: context.ready.filter((u) => !lapsed.includes(u)) } : {};
  };
  const dealt = ({ event }: CardsArgs) => ({ round: Number(event.round), deck: [...(event.deck as string[])], drawn: [], acted: [], ready: [], queue: [], readiness: null, ...cleared });
  const exchange = checkedExchange(p);
  // The exchange's steps, each a transition to its state when a marked event names it (see EXCHANGE_FIELD).
  const toStep = (prefix: string) => (exchange?.steps ?? []).map((st) => ({ guard: { type: 'exchangeStepIs' as const, params: { step: st.name } }, target: `${prefix}${st.name}` }));
  // An exchange the program opens inside an activation (a charge's first round): the activation's unit is in it, at its forced step from then on.
  const intoExchange = (exchange?.opens ? exchange.steps : []).map((st) => ({ guard: { type: 'exchangeStepNamed' as const, params: { step: st.name } }, target: `#cards.exchange.${st.name}`, actions: assign({ forced: exchange!.forced }) }));
  return setup({
    types: { context: {} as CardsContext, events: {} as GameEvent, input: {} as CardsContext },
    guards: {
      ...roundGuards(p),
      queued: ({ context }: CardsArgs) => ableQueue(p, context).length > 0,
      deckLeft: ({ context }: CardsArgs) => context.deck.length > 0,
      offersUnit: ({ event }: CardsArgs) => typeof event.unit === 'string',
      forcedDue: ({ context }: CardsArgs) => p.forced(asked('offer', context), context.unit!) !== null,
      goesOn: ({ event }: CardsArgs) => event.goesOn === true,
      // Readiness only on the unit's own card.
      mayReady: ({ context }: CardsArgs) => context.via === 'card' && p.mayReady(asked('offer', context), context.unit!),
      // A commanded unit may not command in turn; the unit commanded has not acted.
      mayCommand: ({ context, event }: CardsArgs) => context.via !== 'command' && able(p, context, String(event.unit)) && p.commandable(asked('offer', context), context.unit!).includes(String(event.unit)),
      windowDue: ({ context }: CardsArgs) => ableQueue(p, context).length === 0 && context.sides.some((side) => readyToUse(p, context, side).length > 0),
      mayDeclare: ({ context, event }: CardsArgs) => {
        const side = String(event.side);
        return !!context.readiness?.pending.includes(side) && (event.unit === null || readyToUse(p, context, side).includes(String(event.unit)));
      },
      allDeclared: ({ context }: CardsArgs) => context.readiness?.pending.length === 0,
      /** The forced step awaited is the program's exchange, and the marked event names this step of it. */
      exchangeStepIs: ({ context, event }: CardsArgs, params: { step: string }) => context.forced === exchange?.forced && event.step === params.step,
      /** The marked event names this step of the exchange (one opened inside an activation: no forced step is awaited there). */
      exchangeStepNamed: ({ event }: CardsArgs, params: { step: string }) => event.step === params.step,
      /** The forced step's end names the exchange (the rules' own lines of the same type inside it do not). */
      closesExchange: ({ context, event }: CardsArgs) => event.step === context.forced,
    },
  }).createMachine({
    id: 'cards',
    context: ({ input }) => input,
    initial: 'between',
    states: {
      between: {
        meta: { takes: ['begin'] },
        on: { [E.opening]: 'opening', [E.begin]: { target: 'next', actions: assign(dealt) } },
      },
      /** The turn's start hook raised decisions: the deal waits for their last answer. */
      opening: { meta: { takes: [] }, on: { [E.begin]: { target: 'next', actions: assign(dealt) } } },
      /** What comes next: a queued ready unit, else the next card, else the turn's end. */
      next: {
        always: [
          { guard: 'won', target: 'over', actions: assign(cleared) },
          {
            guard: 'queued',
            target: 'offered',
            // The unit offered keeps its place at the queue's head until its activation starts: if a forced step
            // spends it instead it is passed over like any queued unit (a leader who commands has used it).
            actions: assign(({ context }) => {
              const queue = ableQueue(p, context);
              return { unit: queue[0]!, side: p.sideOf(context.table, queue[0]!), via: 'readiness' as const, by: null, queue };
            }),
          },
          { guard: 'deckLeft', target: 'draw', actions: assign({ queue: [] }) },
          { target: 'end', actions: assign({ queue: [] }) },
        ],
      },
      draw: {
        meta: { takes: ['draw'] },
        on: {
          [E.draw]: [
            { guard: 'offersUnit', target: 'offered', actions: assign(({ context, event }) => ({ deck: context.deck.slice(1), drawn: [...context.drawn, String(event.card)], unit: String(event.unit), side: p.sideOf(context.table, String(event.unit)), via: 'card' as const, by: null })) },
            // A spent card: nothing is offered.
            { target: 'next', actions: assign(({ context, event }) => ({ deck: context.deck.slice(1), drawn: [...context.drawn, String(event.card)] })) },
          ],
        },
      },
      /** A unit offered its activation: its forced steps first, one by one, while the ruleset names one. */
      offered: {
        always: [
          { guard: 'forcedDue', target: 'forced', actions: assign(({ context }) => ({ forced: p.forced(asked('offer', context), context.unit!) })) },
          { target: 'offer' },
        ],
      },
      forced: {
        meta: { takes: ['resolve'] },
        on: {
          [E.resolved]: [
            // The unit goes on: the ruleset is asked again (several forced steps may come in order).
            { guard: 'goesOn', target: 'offered', actions: assign({ forced: null }) },
            // The step spent the activation.
            { target: 'afterActivation', actions: assign(actedNow) },
          ],
          // The step starts the activation itself (a unit locked in a fight, a rout): the activation's actions follow.
          [E.activate]: { target: 'activation', actions: assign((a: CardsArgs) => ({ ...together(a), forced: null })) },
          // The program's close-combat exchange begins at the step its first marked event names.
          ...(exchange ? { [EXCHANGE_STEP]: toStep('#cards.exchange.') } : {}),
        },
      },
      /**
       * The close-combat exchange: a nested state per step the program names, entered as the marked
       * events name them, from its forced step or (the program's `opens`) from inside an activation.
       * A step may start the unit's activation (its activate event: the units act together, the
       * exchange goes on) and end it (its acted event); else the forced step's resolved event naming
       * the exchange ends it: the unit goes on to decide, or its activation is spent.
       */
      ...(exchange
        ? {
            exchange: {
              initial: exchange.steps[0]!.name,
              states: Object.fromEntries(exchange.steps.map((st) => [st.name, { meta: { takes: [] } }])),
              on: {
                [EXCHANGE_STEP]: toStep('.'),
                [E.activate]: { actions: assign(together) },
                [E.resolved]: [
                  { guard: and(['closesExchange', 'goesOn']), target: 'offered', actions: assign({ forced: null }) },
                  { guard: 'closesExchange', target: 'afterActivation', actions: assign(actedNow) },
                ],
                [E.acted]: { target: 'afterActivation', actions: assign(actedNow) },
              },
            },
          }
        : {}),
      offer: {
        meta: { takes: ['activate', 'pass', 'ready', 'command'] },
        on: {
          [E.activate]: { target: 'activation', actions: assign(together) },
          [E.pass]: { target: 'afterActivation', actions: assign(passed) },
          [E.ready]: { guard: 'mayReady', target: 'next', actions: assign(({ context }) => ({ ready: [...context.ready, context.unit!], ...cleared })) },
          // The leader's activation is used to command (his readiness and his place in the queue with it, as a
          // pass uses them): the unit commanded is offered in its place.
          [E.command]: {
            guard: 'mayCommand',
            target: 'offered',
            actions: assign(({ context, event }) => ({
              acted: [...context.acted, context.unit!], ready: context.ready.filter((u) => u !== context.unit), queue: context.queue.filter((u) => u !== context.unit),
              unit: String(event.unit), side: p.sideOf(context.table, String(event.unit)), via: 'command' as const, by: context.unit,
            })),
          },
        },
      },
      /**
       * The unit acts, one action a command, until the rules' guard says it is over (or it ends it): then its
       * acted event. A step of it may open the program's exchange (`opens`), which then ends the activation.
       */
      activation: {
        meta: { takes: ['action', 'endActivation'] },
        on: {
          [E.action]: [
            { guard: 'won', target: 'over', actions: assign(cleared) },
            { actions: assign(({ context, event }) => ({ taken: [...context.taken, String(event.action)] })) },
          ],
          [E.acted]: { target: 'afterActivation', actions: assign(actedNow) },
          // The program's close-combat exchange opened by a step of the activation, at the step its first marked event names.
          ...(intoExchange.length ? { [EXCHANGE_STEP]: intoExchange as never } : {}),
        },
      },
      /** An activation is over: the game may be won; ready units may use the window. */
      afterActivation: {
        always: [
          { guard: 'won', target: 'over' },
          {
            guard: 'windowDue',
            target: 'window',
            actions: assign(({ context }) => ({ readiness: { pending: context.sides.filter((side) => readyToUse(p, context, side).length > 0), declared: {} } })),
          },
          { target: 'next' },
        ],
      },
      window: {
        meta: { takes: ['declare'] },
        on: {
          [E.declare]: {
            guard: 'mayDeclare',
            actions: assign(({ context, event }) => {
              const side = String(event.side);
              const w = context.readiness!;
              return { readiness: { pending: w.pending.filter((x) => x !== side), declared: { ...w.declared, [side]: event.unit === null ? null : String(event.unit) } } };
            }),
          },
          // Every side has declared: the declared units queue in the roll-off's order (still in readiness until they act).
          [E.close]: { guard: 'allDeclared', target: 'next', actions: assign(({ event }) => ({ queue: [...(event.queue as string[])], readiness: null })) },
        },
      },
      ...roundEndStates(E.end),
      end: { meta: { takes: ['end'] }, on: { [E.closing]: 'closing', [E.end]: { target: 'afterRound', actions: assign(lapse) } } },
      /** The turn's end hook raised decisions: the turn's end waits for their last answer. */
      closing: { meta: { takes: [] }, on: { [E.end]: { target: 'afterRound', actions: assign(lapse) } } },
    },
  });
}

export type SequenceMachine = ReturnType<typeof alternatingMachine> | ReturnType<typeof phasesMachine> | ReturnType<typeof cardsMachine>;

const MACHINES = new WeakMap<object, SequenceMachine>();

/** The machine of a ruleset's program (built once per program object). */
export function sequenceMachineFor(p: SequenceProgram<unknown, unknown, unknown>): SequenceMachine {
  let m = MACHINES.get(p);
  if (!m) MACHINES.set(p, (m = p.model === 'alternating' ? alternatingMachine(p) : p.model === 'phases' ? phasesMachine(p) : cardsMachine(p)));
  return m;
}

/** The machine's state value for a stored sequence (its step, and the phase within a side's turn). */
export function valueOf(seq: SequenceView): StateValue {
  return seq.step === 'phase' ? { phase: seq.phase! } : seq.step === 'exchange' ? { exchange: seq.exchange! } : seq.step;
}

/*
 * A view and a context are copied field by field, not spread: on V8 a spread that leaves a key out or
 * adds keys takes microseconds for an object this size (its generic copy), and they are made at every
 * step. `EveryKey<…>` makes the compiler name any field a view gains and these copies would miss.
 */
type EveryKey<T> = { [K in keyof T]-?: unknown };

/** The sequence as stored and shown: the machine's context, its step and phase or exchange step (the table left out; the fields in the order a save has them). */
export function viewOf(value: StateValue, c: SequenceContext): SequenceView {
  let step: SequenceStep;
  let phase: string | null = null;
  let exchange: string | undefined;
  if (typeof value === 'string') step = value as SequenceStep;
  else {
    // Cards: the exchange's step on; the phases model: the phase on.
    const [k, sub] = Object.entries(value)[0]!;
    step = k as SequenceStep;
    if (k === 'exchange') exchange = String(sub);
    else phase = String(sub);
  }
  if (!('deck' in c)) {
    const view = { round: c.round, lastRound: c.lastRound, sides: c.sides, side: c.side, first: c.first, unit: c.unit, acted: c.acted, played: c.played, step, phase } satisfies EveryKey<Omit<SequenceView, CardKeys | 'exchange' | 'together' | 'setup'>>;
    // The setup's stage only while it is on (absent otherwise, so a save's shape stays).
    if (c.setup !== undefined) return { ...view, setup: c.setup } satisfies EveryKey<Omit<SequenceView, CardKeys | 'exchange' | 'together'>>;
    // Alternating: units acting together only while they do (absent otherwise, so a save's shape stays).
    return c.together?.length ? ({ ...view, together: c.together } satisfies EveryKey<Omit<SequenceView, CardKeys | 'exchange' | 'setup'>>) : view;
  }
  const view = {
    round: c.round, lastRound: c.lastRound, sides: c.sides, side: c.side, first: c.first, unit: c.unit, acted: c.acted, played: c.played,
    deck: c.deck, drawn: c.drawn, via: c.via, by: c.by, forced: c.forced, ready: c.ready, readiness: c.readiness, queue: c.queue, taken: c.taken, step, phase,
  } satisfies EveryKey<Omit<SequenceView, 'exchange' | 'together' | 'setup'>>;
  // The exchange's step only inside one (absent outside).
  return exchange === undefined ? view : ({ ...view, exchange } satisfies EveryKey<Omit<SequenceView, 'together' | 'setup'>>);
}

/** The machine's context for a stored sequence: the view less its step and phase, with the table its guards read. */
function contextOf(v: SequenceView, table: unknown): SequenceContext {
  if (!('deck' in v)) {
    const c = { table, round: v.round, lastRound: v.lastRound, sides: v.sides, side: v.side, first: v.first, unit: v.unit, acted: v.acted, played: v.played } satisfies EveryKey<Omit<SequenceContext, CardKeys | 'together' | 'setup'>>;
    if (v.setup !== undefined) return { ...c, setup: v.setup };
    return v.together ? { ...c, together: v.together } : c;
  }
  return {
    table, round: v.round, lastRound: v.lastRound, sides: v.sides, side: v.side, first: v.first, unit: v.unit, acted: v.acted, played: v.played,
    deck: v.deck, drawn: v.drawn, via: v.via, by: v.by, forced: v.forced, ready: v.ready, readiness: v.readiness, queue: v.queue, taken: v.taken,
  } satisfies EveryKey<Omit<SequenceContext, 'together' | 'setup'>>;
}

type Snapshot = ReturnType<SequenceMachine['resolveState']>;
/** What a machine's step is whatever the context: its snapshot's nodes, value and status, and the command roles it takes. */
type StepOf = { snapshot: Snapshot; roles: readonly CommandRole[] };
const STEPS = new WeakMap<object, Map<string, StepOf>>();

/**
 * A step of the machine resolved once per machine (xstate's `resolveState` walks the state tree on every
 * call; a step's nodes, value, status and meta depend on the step alone, not on the context).
 */
function stepOf(machine: SequenceMachine, seq: SequenceView): StepOf {
  let steps = STEPS.get(machine);
  if (!steps) STEPS.set(machine, (steps = new Map()));
  const key = seq.step === 'phase' ? `phase.${seq.phase}` : seq.step === 'exchange' ? `exchange.${seq.exchange}` : seq.step;
  let step = steps.get(key);
  if (!step) {
    const snapshot = machine.resolveState({ value: valueOf(seq) as never, context: {} as never });
    const meta = snapshot.getMeta() as Record<string, { takes?: CommandRole[] } | undefined>;
    steps.set(key, (step = { snapshot, roles: Object.values(meta).flatMap((m) => m?.takes ?? []) }));
  }
  return step;
}

/** The machine's snapshot of a stored state: its step's, with the sequence and the table (for the guards) as context. */
export function snapshotOf(machine: SequenceMachine, s: Sequenced<unknown>): Snapshot {
  return { ...stepOf(machine, s.seq).snapshot, context: contextOf(s.seq, s.table) } as Snapshot;
}

/**
 * An inert actor scope per machine, made once: xstate's `transition()` makes a new actor (and its
 * initial snapshot) for every call, the larger part of a step's cost. The machines' actions are
 * assigns only (resolved inside the transition), so a scope that executes nothing serves every step.
 */
const SCOPES = new WeakMap<object, object>();
function scopeOf(machine: SequenceMachine): object {
  let scope = SCOPES.get(machine);
  if (!scope) {
    // Never started: only its system is read (the machine's initial context is not, input or none).
    const self = (createActor as unknown as (logic: unknown) => { system: unknown })(machine);
    const none = () => undefined;
    SCOPES.set(machine, (scope = { self, defer: none, id: '', logger: none, sessionId: '', stopChild: none, system: self.system, emit: none, actionExecutor: none }));
  }
  return scope;
}

/** A sequence event through the machine: the sequence it leads to. */
export function stepped(machine: SequenceMachine, s: Sequenced<unknown>, event: GameEvent): SequenceView {
  const next = (machine as unknown as { transition(snap: unknown, e: unknown, scope: object): { value: StateValue; context: Parameters<typeof viewOf>[1] } }).transition(snapshotOf(machine, s), event, scopeOf(machine));
  return viewOf(next.value, next.context);
}

/**
 * Cards: a table event's mark on the sequence (CardsProgram.tableEffects), whatever the step: units
 * counted as acted, units out of readiness. Not a transition: the step stays, and so does the log.
 */
export function withTableEffects(seq: SequenceView, fx: TableEffects | undefined): SequenceView {
  const acted = fx?.acted?.filter((u) => !seq.acted.includes(u)) ?? [];
  const unready = fx?.unready?.filter((u) => seq.ready?.includes(u)) ?? [];
  if (!acted.length && !unready.length) return seq;
  return { ...seq, acted: [...seq.acted, ...acted], ...(unready.length ? { ready: seq.ready!.filter((u) => !unready.includes(u)) } : {}) };
}

/** The command roles the machine's current step takes (its states' meta). */
export function rolesNow(machine: SequenceMachine, s: Sequenced<unknown>): readonly CommandRole[] {
  return stepOf(machine, s.seq).roles;
}

