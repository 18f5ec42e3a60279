// Where a Kuularuisku game stands (F1): one value derived from the state, read by legality checks,
// the legal-command list and the XState machines (which mirror it, never decide it).
import type { KActivation, KState } from '../state';
import type { KChoice, KOffer, KPending, KResult, KWindow } from './flow-state';

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

export function phaseOf(s: KState): KPhase {
  const f = s.flow;
  if (f.result) return { kind: 'over', result: f.result };
  // An owner's word before the turn opens (the preparation barrage's wounds before turn 1).
  if (!f.turnOpen) return f.choice ? { kind: 'choice', choice: f.choice } : { kind: 'between-turns', turn: s.turn };
  if (f.choice) return { kind: 'choice', choice: f.choice };
  if (f.pending) return { kind: 'pending', pending: f.pending };
  if (s.activation) return { kind: 'activation', activation: s.activation, side: s.units[s.activation.unitId]?.side ?? '' };
  if (f.offer) return { kind: 'offer', offer: f.offer };
  if (f.readyWindow && f.readyWindow.pending.length) return { kind: 'window', readyWindow: f.readyWindow, side: f.readyWindow.pending[0]! };
  if (f.deck.length) return { kind: 'draw', left: f.deck.length };
  return { kind: 'turn-end' };
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
