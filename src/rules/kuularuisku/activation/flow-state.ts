// The turn & activation position of a Kuularuisku game (F1–F4): the activation deck, the unit offered
// its activation, forced steps awaiting a roll, readiness windows and the result. Folded from events.
import { copyRecord } from '../records';
import type { KState } from '../state';
import type { KEvent } from '../events';

/** How a unit came to be offered an activation (K-2.1b card, K-2.2a command, K-2.3b readiness). */
export type OfferVia = 'card' | 'command' | 'readiness';

/** F2/F4: the unit whose activation is being decided, before it starts acting. */
export interface KOffer {
  /** The card's unit (a leader's own unit when a leader's card was drawn). */
  unitId: string;
  side: string;
  via: OfferVia;
  /** K-2.2a the leader whose command brought this unit here. */
  commandedBy?: string;
  /** K-7.1f the unit failed its start-of-activation test: it may only shoot (hits on 6) or pass. */
  pinnedFailed?: boolean;
  /** K-1.0c / K-4.0c soldiers out of formation: the activation must bring them back. */
  mustRegroup?: boolean;
}

/** A forced step the game waits for: its dice are rolled when the named side resolves it. */
export type KPendingKind =
  | 'pinned-test' // F2.3, K-7.1f
  | 'rout' // F2.2, K-7.3d (+ K-7.3h rally)
  | 'melee-round' // F2.1, K-6.3a / K-6.5a
  | 'charge-target-test' // F6, K-7.2a
  | 'charger-morale' // F6, K-6.2e
  | 'melee-start'; // F6, K-6.1b the first round (after K-6.6 grenades); K-6.4e/g loser test and fall back in it

export interface KPending {
  kind: KPendingKind;
  /** The side that rolls (the HUD asks that player). */
  side: string;
  unitId: string;
  /** The melee concerned (melee steps). */
  meleeId?: string;
  /** F6 the charging unit and its target. */
  chargerId?: string;
  targetId?: string;
  /** F2 how the unit came to activate (kept for the offer that follows the step). */
  via?: OfferVia;
  commandedBy?: string;
}

/** F6 an optional decision by one player in the middle of a charge (K-6.2a defensive fire, K-6.6a grenades). */
export interface KChoice {
  kind: 'defensive-fire' | 'grenades';
  side: string;
  /** The unit that would fire or throw. */
  unitId: string;
  chargerId: string;
  targetId: string;
  meleeId?: string;
  /** K-6.6 grenades: sides still to be asked after this one. */
  nextSides?: string[];
  /** K-6.6 grenades: sides that chose to throw so far. */
  throwing?: string[];
}

/** K-2.3b the between-activations window: each side with ready units says whether it uses one. */
export interface KWindow {
  /** Sides still to declare, in order. */
  pending: string[];
  /** What each side declared (a ready unit, or null to pass). */
  declared: Record<string, string | null>;
}

export interface KFlow {
  /** Between BEGIN_TURN and END_TURN. */
  turnOpen: boolean;
  /** K-2.1b cards still in the deck, top first (unit ids). */
  deck: string[];
  /** K-2.1b cards drawn this turn, in order (spent ones included). */
  drawn: string[];
  offer?: KOffer;
  pending?: KPending;
  choice?: KChoice;
  readyWindow?: KWindow;
  /** K-2.3c ready units that will activate next, in roll-off order. */
  queue: string[];
  /** K-2.0b activations per unit this turn (an invariant: never above 1). */
  acted: Record<string, number>;
  /** K-GAP-1 the last turn of the game. */
  turnLimit: number;
  result?: KResult;
}

export interface KResult {
  winner: string | null;
  /** Why: 'eliminated' | 'conditions' | 'default' | 'turn-limit'. */
  reason: string;
  rule: string;
  /** The readable verdict. */
  text: string;
  score?: Record<string, number>;
}

/** The whole game: the rules engineer's KState plus the flow position. */
export interface KGameState extends KState {
  flow: KFlow;
}

interface Base {
  rule: string;
  text: string;
}

/** Events of the flow layer (the rules engineer's KEvent covers everything else). */
export type FlowEvent =
  | (Base & { type: 'DECK_SHUFFLED'; turn: number; order: string[] })
  | (Base & { type: 'CARD_DRAWN'; unitId: string; left: number })
  | (Base & { type: 'CARD_SPENT'; unitId: string; reason: 'activated' | 'gone' | 'joined' })
  | (Base & { type: 'ACTIVATION_OFFERED'; offer: KOffer })
  /** The offered unit never got to act (it routed or left the table during its start-of-activation test). */
  | (Base & { type: 'OFFER_LAPSED'; unitId: string })
  | (Base & { type: 'STEP_PENDING'; pending: KPending })
  | (Base & { type: 'STEP_DONE'; kind: KPendingKind })
  | (Base & { type: 'CHOICE_PENDING'; choice: KChoice })
  | (Base & { type: 'CHOICE_MADE'; kind: KChoice['kind']; side: string; yes: boolean })
  | (Base & { type: 'WINDOW_OPENED'; sides: string[] })
  | (Base & { type: 'READINESS_DECLARED'; side: string; unitId: string | null })
  | (Base & { type: 'WINDOW_CLOSED'; queue: string[] })
  | (Base & { type: 'QUEUE_SKIPPED'; unitId: string })
  | (Base & { type: 'GAME_ENDED'; winner: string | null; reason: string; score?: Record<string, number> });

export type FlowEventType = FlowEvent['type'];
export type FlowEventOf<T extends FlowEventType> = Extract<FlowEvent, { type: T }>;
export type KGameEvent = KEvent | FlowEvent;

export const FLOW_EVENT_TYPES: ReadonlySet<string> = new Set<FlowEventType>([
  'DECK_SHUFFLED', 'CARD_DRAWN', 'CARD_SPENT', 'ACTIVATION_OFFERED', 'OFFER_LAPSED', 'STEP_PENDING', 'STEP_DONE', 'CHOICE_PENDING',
  'CHOICE_MADE', 'WINDOW_OPENED', 'READINESS_DECLARED', 'WINDOW_CLOSED', 'QUEUE_SKIPPED', 'GAME_ENDED',
]);

/** Build a flow event. */
export function fev<T extends FlowEventType>(type: T, rule: string, text: string, fields: Omit<FlowEventOf<T>, 'type' | 'rule' | 'text'>): FlowEventOf<T> {
  return { type, rule, text, ...fields } as FlowEventOf<T>;
}

/**
 * Every flow record has one shape: all of KFlow's keys, in this order, an absent one holding
 * undefined (the state hash and JSON leave undefined keys out, so this is the same flow as one
 * without them). Flow records of one shape keep the fold's copies and the readers' loads monomorphic;
 * records whose optional keys came and went by spread and rest had a hidden class per combination.
 */
function flowRecord(
  turnOpen: boolean, deck: string[], drawn: string[], offer: KOffer | undefined, pending: KPending | undefined, choice: KChoice | undefined,
  readyWindow: KWindow | undefined, queue: string[], acted: Record<string, number>, turnLimit: number, result: KResult | undefined,
): KFlow {
  return { turnOpen, deck, drawn, offer, pending, choice, readyWindow, queue, acted, turnLimit, result };
}

/** A fresh copy of the flow record (one shape), to be changed before anyone else sees it. */
function copyFlow(f: KFlow): KFlow {
  return flowRecord(f.turnOpen, f.deck, f.drawn, f.offer, f.pending, f.choice, f.readyWindow, f.queue, f.acted, f.turnLimit, f.result);
}

export function initialFlow(turnLimit: number): KFlow {
  return flowRecord(false, [], [], undefined, undefined, undefined, undefined, [], {}, turnLimit, undefined);
}

/**
 * K-2.0b the activations-per-unit record of a new turn: every unit of the state as a key holding
 * undefined (no activation yet; the hash and JSON leave such keys out, so it reads as {}). Counting
 * copies this record at every activation: with the keys always present and in the units' order, every
 * copy has one hidden class, where records grown key by key in each game's own activation order made
 * a new hidden class (and a slow copy) for nearly every order.
 */
let actedTemplate: { ids: readonly string[]; record: Record<string, number> } | undefined;

function freshActed(units: Readonly<Record<string, unknown>>): Record<string, number> {
  const ids = Object.keys(units);
  const last = actedTemplate;
  if (!last || last.ids.length !== ids.length || ids.some((id, i) => id !== last.ids[i])) {
    // JSON.parse builds an object with fast properties whatever the number of keys (keyed stores
    // turn one into a dictionary after a dozen); the values are then set to undefined in place.
    const record = JSON.parse(`{${ids.map((id) => `${JSON.stringify(id)}:0`).join(',')}}`) as Record<string, number>;
    for (const id of ids) (record as Record<string, number | undefined>)[id] = undefined;
    actedTemplate = { ids, record };
  }
  return copyRecord(actedTemplate!.record);
}

function count(acted: Record<string, number>, ids: readonly string[]): Record<string, number> {
  const out = copyRecord(acted);
  for (const id of ids) out[id] = (out[id] ?? 0) + 1;
  return out;
}

/**
 * Fold one event into the flow. `s` is the state before the event (KState events such as
 * ACTIVATION_STARTED also move the flow: the offer is taken up, the activation is counted).
 */
export function evolveFlow(s: KGameState, e: KGameEvent): KFlow {
  const f = s.flow;
  let n: KFlow;
  switch (e.type) {
    case 'DECK_SHUFFLED':
      n = copyFlow(f);
      n.deck = [...e.order];
      n.drawn = [];
      return n;
    case 'CARD_DRAWN':
      n = copyFlow(f);
      n.deck = f.deck.slice(1);
      n.drawn = [...f.drawn, e.unitId];
      return n;
    case 'ACTIVATION_OFFERED':
      n = copyFlow(f);
      n.offer = e.offer;
      return n;
    case 'OFFER_LAPSED':
      if (f.offer === undefined) return f;
      n = copyFlow(f);
      n.offer = undefined;
      return n;
    case 'STEP_PENDING':
      n = copyFlow(f);
      n.pending = e.pending;
      return n;
    case 'STEP_DONE':
      if (f.pending === undefined) return f;
      n = copyFlow(f);
      n.pending = undefined;
      return n;
    case 'CHOICE_PENDING':
      n = copyFlow(f);
      n.choice = e.choice;
      return n;
    case 'CHOICE_MADE':
      if (f.choice === undefined) return f;
      n = copyFlow(f);
      n.choice = undefined;
      return n;
    case 'WINDOW_OPENED':
      n = copyFlow(f);
      n.readyWindow = { pending: [...e.sides], declared: {} };
      return n;
    case 'READINESS_DECLARED':
      if (!f.readyWindow) return f;
      n = copyFlow(f);
      n.readyWindow = { pending: f.readyWindow.pending.filter((x) => x !== e.side), declared: { ...f.readyWindow.declared, [e.side]: e.unitId } };
      return n;
    case 'WINDOW_CLOSED':
      n = copyFlow(f);
      n.readyWindow = undefined;
      n.queue = [...e.queue];
      return n;
    case 'QUEUE_SKIPPED':
      n = copyFlow(f);
      n.queue = f.queue.filter((x) => x !== e.unitId);
      return n;
    case 'GAME_ENDED':
      n = copyFlow(f);
      n.result = { winner: e.winner, reason: e.reason, rule: e.rule, text: e.text, ...(e.score ? { score: e.score } : {}) };
      return n;
    case 'TURN_STARTED':
      n = copyFlow(f);
      n.turnOpen = true;
      n.acted = freshActed(s.units);
      n.queue = [];
      return n;
    case 'TURN_ENDED':
      n = copyFlow(f);
      n.offer = undefined;
      n.pending = undefined;
      n.choice = undefined;
      n.turnOpen = false;
      n.deck = [];
      n.queue = [];
      return n;
    case 'ACTIVATION_STARTED':
      n = copyFlow(f);
      n.offer = undefined;
      n.acted = count(f.acted, e.units);
      if (e.via === 'readiness') n.queue = f.queue.filter((x) => x !== e.unitId);
      return n;
    case 'COMMAND_ISSUED':
      // K-2.2b commanding is the leader's activation.
      n = copyFlow(f);
      n.offer = undefined;
      n.acted = count(f.acted, [e.leaderId]);
      return n;
    case 'READINESS_ENTERED':
      if (f.offer === undefined) return f;
      n = copyFlow(f);
      n.offer = undefined;
      return n;
    case 'ROUT_STARTED':
      // K-7.3c a rout outside the unit's own activation counts as its activation.
      if (!e.countsAsActivation || s.activation?.units.includes(e.unitId) || (f.acted[e.unitId] ?? 0)) return f;
      n = copyFlow(f);
      n.acted = count(f.acted, [e.unitId]);
      return n;
    default:
      return f;
  }
}
