// Where a Kuularuisku game stands (F1): one value derived from the state, read by legality checks,
// the legal-command list and the XState machines (which mirror it, never decide it).
import type { KActivation, KReading, KState } from '../state';
import type { KChoice, KForcedStep, KOffer, KPending, KResult, KWindow } from './flow-state';

export type KPhase =
  | { kind: 'over'; result: KResult }
  /** F1 TURN_START: the next turn (turn 0: the game has not begun). */
  | { kind: 'between-turns'; turn: number }
  /** F6 an optional decision (defensive fire, grenades) by `choice.side`. */
  | { kind: 'choice'; choice: KChoice }
  /** A forced step rolled by `pending.side`. */
  | { kind: 'pending'; pending: KPending }
  /** F2 a unit is acting (K-2.4). */
  | { kind: 'activation'; activation: KActivation; side: string }
  /** F2.5 / F4 a unit decides how to use its activation. */
  | { kind: 'offer'; offer: KOffer }
  /** F3 BETWEEN_ACTIVATIONS with ready units: `side` declares next. */
  | { kind: 'window'; readyWindow: KWindow; side: string }
  /** F1 DRAW_CARD. */
  | { kind: 'draw'; left: number }
  /** F1 DECK_EMPTY → END_OF_TURN_EVACUATION. */
  | { kind: 'turn-end' };

export type KPhaseKind = KPhase['kind'];

/** The phase of the state last asked (asked many times a state: by the flow's checks, the legal list, the HUD). */
let last: { s: KState; p: KPhase } | undefined;

export function phaseOf(s: KReading): KPhase {
  if (last?.s === s) return last.p;
  const p = readPhase(s);
  last = { s, p };
  return p;
}

function readPhase(s: KReading): KPhase {
  const q = s.seq;
  const t = s.tableFlow;
  if (t.result) return { kind: 'over', result: t.result };
  // An owner's word before the turn opens (the preparation barrage's wounds before turn 1).
  if (!q.turnOpen) return t.choice ? { kind: 'choice', choice: t.choice } : { kind: 'between-turns', turn: s.seq.round };
  if (t.choice) return { kind: 'choice', choice: t.choice };
  if (t.pending) return { kind: 'pending', pending: t.pending };
  if (q.forced && q.unit !== null) return { kind: 'pending', pending: forcedPending(s, q.unit, q.forced) };
  if (s.activation) return { kind: 'activation', activation: s.activation, side: s.units[s.activation.unitId]?.side ?? '' };
  if (q.unit !== null) return { kind: 'offer', offer: offerOf(s, q.unit) };
  if (q.readiness && q.readiness.pending.length) return { kind: 'window', readyWindow: q.readiness, side: q.readiness.pending[0]! };
  if (q.deck.length) return { kind: 'draw', left: q.deck.length };
  return { kind: 'turn-end' };
}

/** The offer last read, kept while the sequence and table-flow records it came from stay (most events touch neither). */
let lastOffer: { seq: KReading['seq']; tableFlow: KState['tableFlow']; offer: KOffer } | undefined;

/** F2/F4 the offer as the rules read it: the sequence's unit offered, with the table's limits on it. */
function offerOf(s: KReading, unitId: string): KOffer {
  const q = s.seq;
  const t = s.tableFlow;
  if (lastOffer && lastOffer.seq === q && lastOffer.tableFlow === t) return lastOffer.offer;
  const offer: KOffer = { unitId, side: q.side ?? '', via: q.via ?? 'card' };
  if (q.by) offer.commandedBy = q.by;
  if (t.pinnedFailed) offer.pinnedFailed = true;
  if (t.mustRegroup) offer.mustRegroup = true;
  lastOffer = { seq: q, tableFlow: t, offer };
  return offer;
}

/** F2.1–3 the forced step due at the offer, as a pending step (the melee: the one the acting unit is locked in). */
function forcedPending(s: KReading, unitId: string, kind: KForcedStep): KPending {
  const q = s.seq;
  // K-2.2d a joined leader's card: his group is the one in melee.
  const u = s.units[unitId];
  const acting = u?.kind === 'leader' && u.joinedTo ? s.units[u.joinedTo] ?? u : u;
  const meleeId = kind === 'melee-round' ? acting?.meleeId : undefined;
  return { kind, side: q.side ?? '', unitId, ...(meleeId ? { meleeId } : {}), via: q.via ?? 'card', ...(q.by ? { commandedBy: q.by } : {}) };
}

/** The side whose player must act now (undefined: anyone may, e.g. to draw a card). */
export function sideToAct(p: KPhase): string | undefined {
  switch (p.kind) {
    case 'choice': return p.choice.side;
    case 'pending': return p.pending.side;
    case 'activation': return p.side;
    case 'offer': return p.offer.side;
    case 'window': return p.side;
    default: return undefined;
  }
}
