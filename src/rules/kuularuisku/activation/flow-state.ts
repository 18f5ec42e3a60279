// The turn & activation events of a Kuularuisku game (F1–F4) and their fold into the state's flow
// position (flow-types.ts): the deck, the unit offered its activation, forced steps, readiness windows.
import { copyRecord } from '../records';
import type { KState } from '../state';
import type { KChoice, KFlow, KOffer, KPending, KPendingKind, KResult, KWindow } from '../flow-types';
import type { KEvent } from '../events';

export { isOwnerChoice } from '../flow-types';
export type { OfferVia, KOffer, KPendingKind, KPending, KChoice, KChargeChoice, KWoundsChoice, KMedicChoice, KTakeOverChoice, KDiveChoice, KEvacuationChoice, KEscortChoice, KOwnerChoice, KWindow, KFlow, KResult } from '../flow-types';

/** The whole game's state: one type (KState holds the flow position); the name the flow and the view use. */
export type KGameState = KState;

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

/** Any event the game log holds (dice rolls included: they change nothing by themselves). */
export type AnyGameEvent = KGameEvent | { type: 'DICE_ROLLED'; rule?: string; text?: string; [key: string]: unknown };

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
export function evolveFlow(s: KState, e: KGameEvent): KFlow {
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
