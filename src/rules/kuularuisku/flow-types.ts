// The turn & activation position of a Kuularuisku game (F1–F4), in two parts: the sequence (KSeq, the
// cards machine's: the deck, the unit offered, the forced step at the offer, readiness), which the rules
// read in these words from the machine's view (sequence/reading.ts), and `tableFlow` (KTableFlow, the
// table's own: the offer's limits, the steps inside a charge, the choices, the result), folded from
// events (activation/flow-state.ts evolveTableFlow).

/** How a unit came to be offered an activation (K-2.1b card, K-2.2a command, K-2.3b readiness). */
export type OfferVia = 'card' | 'command' | 'readiness';

/** F2/F4: the unit whose activation is being decided, before it starts acting (read from `seq` and `tableFlow`: phase.ts). */
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

/** F2 the forced steps a unit offered its activation faces before it decides (the cards machine's `forced`). */
export type KForcedStep =
  | 'pinned-test' // F2.3, K-7.1f
  | 'rout' // F2.2, K-7.3d (+ K-7.3h rally)
  | 'melee-round'; // F2.1, K-6.3a / K-6.5a

/** F6 the steps inside a charge, awaiting a roll (the table's own: `tableFlow.pending`). */
export type KChargeStep =
  | 'charge-target-test' // F6, K-7.2a
  | 'charger-morale' // F6, K-6.2e
  | 'melee-start'; // F6, K-6.1b the first round (after K-6.6 grenades); K-6.4e/g loser test and fall back in it

/** A forced step the game waits for: its dice are rolled when the named side resolves it. */
export type KPendingKind = KForcedStep | KChargeStep;

export const FORCED_STEPS: readonly KForcedStep[] = ['pinned-test', 'rout', 'melee-round'];

export function isForcedStep(kind: string): kind is KForcedStep {
  return kind === 'pinned-test' || kind === 'rout' || kind === 'melee-round';
}

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

/** A decision the game waits for from one player, often not the one acting (F6 charge choices, K-5.5a wounds). */
export type KChoice = KChargeChoice | KOwnerChoice;

/** An owner's choice the book gives in the middle of another side's action, asked of that owner. */
export type KOwnerChoice = KWoundsChoice | KMedicChoice | KTakeOverChoice | KDiveChoice | KEvacuationChoice | KEscortChoice;

/** Is this choice an owner's choice (a neutral PendingDecision with its answers)? */
export function isOwnerChoice(c: KChoice | undefined): c is KOwnerChoice {
  return !!c && (c.kind === 'wounds' || c.kind === 'medic' || c.kind === 'take-over' || c.kind === 'dive' || c.kind === 'evacuation' || c.kind === 'escort');
}

/** Where a wounded man heads (KFigure's evacuation destination, met structurally). */
export type KEvacuationDestination = { kind: 'edge'; edge: string } | { kind: 'station'; index: number };

/**
 * K-5.6e as the turn ends, a group heading to the rear (a wounded man, with his escort if any) waits
 * for its owner's word on its move: where it heads and how far. `rest`: the groups that move after it.
 */
export interface KEvacuationChoice {
  kind: 'evacuation';
  /** The wounded man's owner. */
  side: string;
  /** The wounded man's own unit (named in the question). */
  unitId: string;
  /** The group's key (its first figure in the order of moving). */
  key: string;
  rest: string[];
  wounded: string;
  escort?: string;
  destination: KEvacuationDestination;
  other?: KEvacuationDestination;
  /** K-5.6f his whole half-speed move, cm. */
  allowance: number;
  /** K-5.6a the bearings off the straight line (degrees to his left) offered for his whole move. */
  bearings?: number[];
}

/**
 * K-5.6d as the turn ends, an escort who delivered his man waits for his owner's word: he heads back to
 * his own unit (`toward`, the default; else the nearest visible friendly unit), to the nearest visible
 * friendly unit (`other`), or stays where he is. `rest`: the groups that move after him.
 */
export interface KEscortChoice {
  kind: 'escort';
  /** The escort's owner. */
  side: string;
  /** The escort's own unit (named in the question). */
  unitId: string;
  key: string;
  rest: string[];
  escort: string;
  toward: string;
  other?: string;
}

/**
 * K-5.1b a shot at a lone leader waits, before any die, for his owner: does he dive into one of the
 * units `into` (within 3 cm; the whole unit becomes the target) or stay on his own?
 */
export interface KDiveChoice {
  kind: 'dive';
  /** The leader's owner. */
  side: string;
  /** The leader (his own unit). */
  unitId: string;
  shooterId: string;
  shooters?: string[];
  spotter?: string;
  into: string[];
  /** Fire from off the table (the scenario's special rule id) rather than a unit's shot (`shooterId`: the activating unit). */
  offTable?: string;
}

/**
 * K-5.5a after a shot's cover test, the target's owner allocates its wounds (K-5.5b spreading them);
 * the wound tests and the rest of the shooting follow the answer.
 */
export interface KWoundsChoice {
  kind: 'wounds';
  /** The target's owner, who allocates. */
  side: string;
  /** The unit hit. */
  unitId: string;
  shooterId: string;
  /** K-5.5b the soldiers who may take a wound (those the shooters could hit). */
  eligible: string[];
  wounds: number;
  /** K-7.1-T2 a machine gun fired: the morale after fire counts it. */
  machineGun: boolean;
  /** Fire from off the table (the scenario's special rule id; `shooterId` is then the activating unit): its wounds as a shot's. */
  offTable?: string;
  /** Where the wounds came from when not a shot (K-6.2d defensive fire, K-6.4d a melee round): what follows the answer. */
  after?: KWoundsAfter;
  /** The preparation barrage before turn 1 (no shooter: `shooterId` is empty): where it goes on after the answers. */
  barrage?: KBarrageAt;
}

/** Where a preparation barrage (a scenario's preparation-fire) stopped for an owner: its salvo, and the units that salvo still rolls for. */
export interface KBarrageAt {
  salvo: number;
  rest: string[];
}

/**
 * K-6.2d the charger's owner allocates the wounds of defensive fire (the charge goes on after); K-6.4d
 * the owner of a side hit in a melee round allocates its wounds among the soldiers of all its units
 * there (`side` of the round's `order`), then the sides after it, then the rest of the round.
 */
export type KWoundsAfter =
  | { kind: 'defensive-fire'; chargerId: string; targetId: string }
  | { kind: 'melee'; round: MeleeRoundWounds };

/** A melee round between its dice and its outcome (K-6.4d–i): kept while an owner allocates. */
export interface MeleeRoundWounds {
  meleeId: string;
  /** The melee's units when the round began. */
  units: string[];
  /** Each side in the order its wounds are taken (the order the round rolled them), with its units. */
  order: Array<{ side: string; units: string[] }>;
  /** Hits each side took (K-6.4e compares them). */
  hitsTaken: Record<string, number>;
  /** The place in `order` of the side whose wounds wait. */
  at: number;
  /** The round's outcome (K-6.4e–i) is a step of its own (the cards exchange's): the owners' answers stop after the wounds. */
  deferOutcome?: boolean;
}

/** K-5.5c a wound test's result (a scratch, or the condition it leaves). */
export type WoundResult = 'scratch' | 'healthy' | 'light' | 'serious' | 'dead';

/**
 * Where a run of wound tests stands (K-5.5c): the soldier (his place among the allocation's soldiers
 * with wounds) and test reached, his rolls and worst result so far, the results of the soldiers done.
 * Plain data: a run paused for the owner's word on the medic's re-roll is held in the game's state.
 */
export interface WoundTestCursor {
  entry: number;
  test: number;
  rolls: number[];
  result: WoundResult;
  usedMedic?: string;
  /** K-SKL-8 / K-AMB-18 the medic's re-roll was used in this fire (scope 'event': once). */
  medicUsed: boolean;
  worst: Array<WoundResult>;
  /** The unit's medic when the tests began (he stays the one asked). */
  medicId?: string;
  /** A wound-test die the owner may have the medic re-roll: the run waits for his word. */
  pending?: number;
  /** K-5.5h a fallen soldier (his tests done) whose special weapon waits for the owner's word on who takes it over. */
  takeOver?: string;
}

/**
 * Where wound tests paused for their owner's word came from when not a shot: K-6.2d defensive fire
 * (then K-6.2e, the melee), or K-6.4d a melee round (`byUnit`: the allocation of the side's wounds to
 * each of its units there, `unit` the one whose tests wait; then its other units, the other side's
 * wounds and the round's outcome).
 */
export type KTestsAfter =
  | { kind: 'defensive-fire'; chargerId: string; targetId: string }
  | { kind: 'melee'; round: MeleeRoundWounds; byUnit: Array<{ unitId: string; allocation: Record<string, number> }>; unit: number };

/**
 * K-SKL-8 a unit's wound tests wait for its owner: does his medic re-roll this die (the second result
 * stands)? The tests go on from `cursor` with his word (`after`: not a shot's tests).
 */
export interface KMedicChoice {
  kind: 'medic';
  side: string;
  unitId: string;
  shooterId: string;
  machineGun: boolean;
  allocation: Record<string, number>;
  cursor: WoundTestCursor;
  after?: KTestsAfter;
  /** The preparation barrage's tests (as KWoundsChoice's). */
  barrage?: KBarrageAt;
}

/**
 * K-5.5h a unit's wound tests (a shot's, defensive fire's or a melee round's) wait for its owner: who
 * of the unit takes over the special weapon of the soldier who fell (`cursor.takeOver`), or nobody (a
 * marker is left)? The tests go on after.
 */
export interface KTakeOverChoice extends Omit<KMedicChoice, 'kind'> {
  kind: 'take-over';
}

/** F6 an optional decision by one player in the middle of a charge (K-6.2a defensive fire, K-6.6a grenades). */
export interface KChargeChoice {
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

/**
 * The sequence as the rules read it: the cards machine's, in `CardsView`'s names (src/core/sequence.ts;
 * sequence/reading.ts sequenceFacts). The table keeps no copy of it.
 * The unit offered (`unit`, its `side`, `via`, `by`) is set from the card, command or readiness that
 * offered it until it starts acting, commands, goes ready or lapses; `forced` is the step it must
 * resolve first.
 */
export interface KSeq {
  /** K-2.1b the turn being played, or the last one played between turns (0 before the first). */
  round: number;
  /** Between BEGIN_TURN and END_TURN (the machine: any step but `between`). */
  turnOpen: boolean;
  /** K-GAP-1 the last turn of the game. */
  lastRound: number;
  /** K-2.1b cards still in the deck, top first (unit ids). */
  deck: string[];
  /** K-2.1b cards drawn this turn, in order (spent ones included). */
  drawn: string[];
  /** K-2.0b units that activated this turn, in order (each once; K-GAP-2 a lapsed readiness too): the rules read it through `hasActivated`. */
  acted: string[];
  /** F2/F4 the unit offered its activation (a card's unit, a commanded unit, a ready unit), or null. */
  unit: string | null;
  /** Its side. */
  side: string | null;
  via: OfferVia | null;
  /** K-2.2a the leader whose command brought it. */
  by: string | null;
  /** F2.1–3 the forced step it faces before deciding, or null. */
  forced: KForcedStep | null;
  /** K-2.3a units waiting in readiness this turn, in the order they went ready (each once). */
  ready: string[];
  /** K-2.3b the between-activations window open now, or null. */
  readiness: KWindow | null;
  /** K-2.3c ready units that will activate next, in roll-off order. */
  queue: string[];
}

/** The table's own activation state: the offer's limits, the steps and choices inside an activation, the result. */
export interface KTableFlow {
  /** K-7.1f the unit offered failed its start-of-activation test: it may only shoot (hits on 6) or pass. */
  pinnedFailed?: boolean;
  /** K-1.0c / K-4.0c soldiers of the unit offered are out of formation: the activation must bring them back. */
  mustRegroup?: boolean;
  /** F6 a step inside a charge awaiting its roll. */
  pending?: KPending;
  /** A decision awaited from one player (F6 charge choices, owners' choices). */
  choice?: KChoice;
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
