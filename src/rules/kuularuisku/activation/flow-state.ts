// The turn & activation events of a Kuularuisku game (F1–F4) and their fold into the state's two flow
// parts (flow-types.ts): the sequence (deck, unit offered, forced step, readiness) and the table's own.
import type { KState } from '../state';
import { isForcedStep, type KChoice, type KForcedStep, type KOffer, type KPending, type KPendingKind, type KResult, type KSeq, type KTableFlow, type KWindow, type OfferVia } from '../flow-types';
import type { KEvent } from '../events';

export { FORCED_STEPS, isForcedStep, isOwnerChoice } from '../flow-types';
export type { OfferVia, KOffer, KPendingKind, KPending, KChoice, KChargeChoice, KWoundsChoice, KMedicChoice, KTakeOverChoice, KDiveChoice, KEvacuationChoice, KEscortChoice, KOwnerChoice, KWindow, KSeq, KTableFlow, KForcedStep, KChargeStep, KResult } from '../flow-types';

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
 * Every sequence record has one shape: all of KSeq's keys, in this order. Records of one shape keep
 * the fold's copies and the readers' loads monomorphic.
 */
function seqRecord(
  round: number, turnOpen: boolean, lastRound: number, deck: string[], drawn: string[], acted: string[], unit: string | null, side: string | null,
  via: OfferVia | null, by: string | null, forced: KForcedStep | null, ready: string[], readiness: KWindow | null, queue: string[],
): KSeq {
  return { round, turnOpen, lastRound, deck, drawn, acted, unit, side, via, by, forced, ready, readiness, queue };
}

/** A fresh copy of the sequence record (one shape), to be changed before anyone else sees it. */
function copySeq(q: KSeq): KSeq {
  return seqRecord(q.round, q.turnOpen, q.lastRound, q.deck, q.drawn, q.acted, q.unit, q.side, q.via, q.by, q.forced, q.ready, q.readiness, q.queue);
}

/**
 * Every table-flow record has one shape: all of KTableFlow's keys, an absent one holding undefined
 * (the state hash and JSON leave undefined keys out).
 */
function tableFlowRecord(pinnedFailed: boolean | undefined, mustRegroup: boolean | undefined, pending: KPending | undefined, choice: KChoice | undefined, result: KResult | undefined): KTableFlow {
  return { pinnedFailed, mustRegroup, pending, choice, result };
}

function copyTableFlow(t: KTableFlow): KTableFlow {
  return tableFlowRecord(t.pinnedFailed, t.mustRegroup, t.pending, t.choice, t.result);
}

/** The sequence of a game before its first turn; `lastRound`: K-GAP-1 its last turn. */
export function initialSeq(lastRound: number): KSeq {
  return seqRecord(0, false, lastRound, [], [], [], null, null, null, null, null, [], null, []);
}

export function initialTableFlow(): KTableFlow {
  return tableFlowRecord(undefined, undefined, undefined, undefined, undefined);
}

/** K-2.0b the units that have activated, with these (each once, in order). */
function withActed(acted: readonly string[], ids: readonly string[]): string[] {
  const out = [...acted];
  for (const id of ids) if (!out.includes(id)) out.push(id);
  return out;
}

/** The sequence without these units among the ready ones (itself when none was). */
function notReady(q: KSeq, ids: readonly string[]): KSeq {
  if (!q.ready.length || !ids.some((id) => q.ready.includes(id))) return q;
  const n = copySeq(q);
  n.ready = q.ready.filter((id) => !ids.includes(id));
  return n;
}

/** The sequence with no unit offered. */
function clearOffer(n: KSeq): void {
  n.unit = null;
  n.side = null;
  n.via = null;
  n.by = null;
}

/**
 * Fold one event into the sequence. `s` is the state before the event (KState events such as
 * ACTIVATION_STARTED also move it: the offer is taken up, the activation is counted).
 */
export function evolveSeq(s: KState, e: KGameEvent): KSeq {
  const q = s.seq;
  let n: KSeq;
  switch (e.type) {
    case 'DECK_SHUFFLED':
      n = copySeq(q);
      n.deck = [...e.order];
      n.drawn = [];
      return n;
    case 'CARD_DRAWN':
      n = copySeq(q);
      n.deck = q.deck.slice(1);
      n.drawn = [...q.drawn, e.unitId];
      return n;
    case 'ACTIVATION_OFFERED':
      n = copySeq(q);
      n.unit = e.offer.unitId;
      n.side = e.offer.side;
      n.via = e.offer.via;
      n.by = e.offer.commandedBy ?? null;
      return n;
    case 'STEP_PENDING':
      // F2 a forced step at the offer names the unit offered; a step inside a charge is the table's.
      if (!isForcedStep(e.pending.kind)) return q;
      n = copySeq(q);
      n.unit = e.pending.unitId;
      n.side = e.pending.side;
      n.via = e.pending.via ?? 'card';
      n.by = e.pending.commandedBy ?? null;
      n.forced = e.pending.kind;
      return n;
    case 'STEP_DONE':
      if (q.forced === null) return q;
      n = copySeq(q);
      n.forced = null;
      return n;
    case 'OFFER_LAPSED':
      if (q.unit === null) return q;
      n = copySeq(q);
      clearOffer(n);
      return n;
    case 'READINESS_ENTERED':
      // K-2.3a the unit offered waits in readiness instead.
      n = copySeq(q);
      clearOffer(n);
      if (!q.ready.includes(e.unitId)) n.ready = [...q.ready, e.unitId];
      return n;
    case 'WINDOW_OPENED':
      n = copySeq(q);
      n.readiness = { pending: [...e.sides], declared: {} };
      return n;
    case 'READINESS_DECLARED':
      if (!q.readiness) return q;
      n = copySeq(q);
      n.readiness = { pending: q.readiness.pending.filter((x) => x !== e.side), declared: { ...q.readiness.declared, [e.side]: e.unitId } };
      return n;
    case 'WINDOW_CLOSED':
      n = copySeq(q);
      n.readiness = null;
      n.queue = [...e.queue];
      return n;
    case 'QUEUE_SKIPPED':
      n = copySeq(q);
      n.queue = q.queue.filter((x) => x !== e.unitId);
      return n;
    case 'TURN_STARTED':
      n = copySeq(q);
      n.round = e.turn;
      n.turnOpen = true;
      n.acted = [];
      n.ready = [];
      n.queue = [];
      return n;
    case 'TURN_ENDED':
      // K-GAP-2 (house) unused readiness lapses.
      n = copySeq(notReady(q, e.expiredReadiness));
      n.acted = withActed(q.acted, e.expiredReadiness);
      clearOffer(n);
      n.forced = null;
      n.turnOpen = false;
      n.deck = [];
      n.queue = [];
      return n;
    case 'ACTIVATION_STARTED':
      // K-2.3b a ready unit's readiness is used when it activates.
      n = copySeq(notReady(q, [e.unitId]));
      clearOffer(n);
      n.acted = withActed(q.acted, e.units);
      if (e.via === 'readiness') n.queue = q.queue.filter((x) => x !== e.unitId);
      return n;
    case 'COMMAND_ISSUED':
      // K-2.2a/b, K-2.4, K-AMB-3 commanding is the leader's activation: a ready leader's readiness (his place in the queue) is used.
      n = copySeq(notReady(q, [e.leaderId]));
      clearOffer(n);
      n.acted = withActed(q.acted, [e.leaderId]);
      if (q.queue.includes(e.leaderId)) n.queue = q.queue.filter((x) => x !== e.leaderId);
      return n;
    case 'ROUT_STARTED': {
      // K-2.3 a routing unit is no longer ready; K-7.3c a rout outside the unit's own activation counts as its activation.
      const r = notReady(q, [e.unitId]);
      if (!e.countsAsActivation || s.activation?.units.includes(e.unitId) || q.acted.includes(e.unitId)) return r;
      n = copySeq(r);
      n.acted = withActed(q.acted, [e.unitId]);
      return n;
    }
    case 'ACTIVATION_ENDED':
      return notReady(q, e.units);
    // A unit in melee or off the table is no longer ready.
    case 'MELEE_STARTED':
      return notReady(q, e.units);
    case 'MELEE_JOINED':
    case 'UNIT_DESTROYED':
    case 'UNIT_SURRENDERED':
    case 'UNIT_WITHDRAWN':
      return notReady(q, [e.unitId]);
    default:
      return q;
  }
}

/** Fold one event into the table's own activation state (`s`: the state before the event). */
export function evolveTableFlow(s: KState, e: KGameEvent): KTableFlow {
  const t = s.tableFlow;
  let n: KTableFlow;
  switch (e.type) {
    case 'ACTIVATION_OFFERED':
      n = copyTableFlow(t);
      n.pinnedFailed = e.offer.pinnedFailed;
      n.mustRegroup = e.offer.mustRegroup;
      return n;
    case 'STEP_PENDING':
      if (isForcedStep(e.pending.kind)) return t;
      n = copyTableFlow(t);
      n.pending = e.pending;
      return n;
    case 'STEP_DONE':
      // K-7.1c/f the unit offered took its pinned test: still pinned, it goes on under the test's limits (the offer that follows says so too; the cards machine asks `forced` again before it).
      if (s.seq.forced === 'pinned-test' && s.seq.unit) {
        const u = s.units[s.seq.unit];
        // The unit acting for the card: a joined leader's group (offer.ts actingUnit).
        const acting = u?.kind === 'leader' && u.joinedTo ? s.units[u.joinedTo] ?? u : u;
        const failed = acting?.status === 'pinned' ? true : undefined;
        if (failed === t.pinnedFailed) return t;
        n = copyTableFlow(t);
        n.pinnedFailed = failed;
        return n;
      }
      if (t.pending === undefined) return t;
      n = copyTableFlow(t);
      n.pending = undefined;
      return n;
    case 'CHOICE_PENDING':
      n = copyTableFlow(t);
      n.choice = e.choice;
      return n;
    case 'CHOICE_MADE':
      if (t.choice === undefined) return t;
      n = copyTableFlow(t);
      n.choice = undefined;
      return n;
    case 'GAME_ENDED':
      n = copyTableFlow(t);
      n.result = { winner: e.winner, reason: e.reason, rule: e.rule, text: e.text, ...(e.score ? { score: e.score } : {}) };
      return n;
    case 'TURN_ENDED':
      n = copyTableFlow(t);
      n.pinnedFailed = undefined;
      n.mustRegroup = undefined;
      n.pending = undefined;
      n.choice = undefined;
      return n;
    case 'OFFER_LAPSED':
    case 'READINESS_ENTERED':
    case 'ACTIVATION_STARTED':
    case 'COMMAND_ISSUED':
      // The offer is taken up (or gone): its limits with it.
      if (t.pinnedFailed === undefined && t.mustRegroup === undefined) return t;
      n = copyTableFlow(t);
      n.pinnedFailed = undefined;
      n.mustRegroup = undefined;
      return n;
    default:
      return t;
  }
}
