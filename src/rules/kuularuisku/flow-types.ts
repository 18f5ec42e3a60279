// The turn & activation position of a Kuularuisku game (F1–F4), part of the state (KState.flow): the
// activation deck, the unit offered its activation, forced steps awaiting a roll, readiness windows
// and the result. Folded from events (activation/flow-state.ts evolveFlow).

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
