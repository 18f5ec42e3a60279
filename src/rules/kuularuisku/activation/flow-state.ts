// The turn & activation events of a Kuularuisku game (F1–F4) and their fold into the table's own
// activation state (flow-types.ts KTableFlow). The sequence they move (deck, unit offered, forced step,
// readiness) is the cards machine's: the rules read it through sequence/reading.ts.
import type { KReading, KState } from '../state';
import { isForcedStep, type KChoice, type KOffer, type KPending, type KPendingKind, type KResult, type KTableFlow } from '../flow-types';
import type { KEvent } from '../events';

export { FORCED_STEPS, isForcedStep, isOwnerChoice } from '../flow-types';
export type { OfferVia, KOffer, KPendingKind, KPending, KChoice, KChargeChoice, KWoundsChoice, KMedicChoice, KTakeOverChoice, KDiveChoice, KEvacuationChoice, KEscortChoice, KOwnerChoice, KWindow, KSeq, KTableFlow, KForcedStep, KChargeStep, KResult } from '../flow-types';

/** The game as the rules read it: the table and the machine's sequence (KReading); the name the flow and the view use. */
export type KGameState = KReading;

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
  /** `unit`: the unit offered whose forced step is done (the machine's field; the steps inside a charge leave it out). */
  | (Base & { type: 'STEP_DONE'; kind: KPendingKind; unit?: string })
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
 * Every table-flow record has one shape: all of KTableFlow's keys, an absent one holding undefined
 * (the state hash and JSON leave undefined keys out).
 */
function tableFlowRecord(pinnedFailed: boolean | undefined, mustRegroup: boolean | undefined, pending: KPending | undefined, choice: KChoice | undefined, result: KResult | undefined): KTableFlow {
  return { pinnedFailed, mustRegroup, pending, choice, result };
}

function copyTableFlow(t: KTableFlow): KTableFlow {
  return tableFlowRecord(t.pinnedFailed, t.mustRegroup, t.pending, t.choice, t.result);
}

export function initialTableFlow(): KTableFlow {
  return tableFlowRecord(undefined, undefined, undefined, undefined, undefined);
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
      if (e.kind === 'pinned-test' && e.unit) {
        const u = s.units[e.unit];
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
