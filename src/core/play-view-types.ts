// The play HUD's model: what a hot-seat player sees and may do, in terms every ruleset can fill in
// (Kuularuisku's cards, COBI's alternating initiative, Shturm's IGO-UGO), and the command it sends back.
// Plain types in core so there is one definition: the game layer (src/game: Command, PlayView, the
// seat filters, the controller interface) and each ruleset's HUD describers (src/rules/<id>/hud, which
// may not import the game layer) both use these. Nothing here decides a rule.
import type { Vec2 } from './geometry';

/** A player's (or the flow's) request. `type` is UPPER_SNAKE; the rest is ruleset data. */
export interface Command {
  type: string;
  /**
   * The side (id) sending it. Every command carries one: the game session refuses a command without
   * it, or from a side that may not act now (optional here only because files and old saves may lack it).
   */
  side?: string;
  [key: string]: unknown;
}

/** Something that happened, citing the rule that made it happen. */
export interface GameEvent {
  type: string;
  /** Rule id, e.g. "K-5.3" — shown in the log and linked to the rules panel. */
  rule?: string;
  /** One readable line for the game log. */
  text?: string;
  [key: string]: unknown;
}

/** The end of a game: the winner (null for a draw), why, and the rule. */
export interface VictoryResult {
  winner: string | null;
  reason: string;
  rule?: string;
}

/** A unit as the unit cards and the table show it. */
export interface PlayUnit {
  id: string;
  side: string;
  name: string;
  /** Ruleset words, e.g. "squad", "MG squad", "leader". */
  kind: string;
  /** Short status chips, e.g. ["pinned"], ["routing"], ["in melee"], ["activated"], ["ready"]. */
  status: string[];
  /** Figures on the table now / at the start. */
  strength: { now: number; start: number };
  figures: PlayFigure[];
  /** Has acted this turn (card spent, or moved in an IGO-UGO phase). */
  activated: boolean;
  /**
   * Hidden by the rules from these sides (a scenario's hidden units until revealed): at a hot-seat
   * screen it is neither drawn nor listed while one of them sits at it (see viewForSeat).
   */
  hiddenFrom?: string[];
}

export interface PlayFigure {
  id: string;
  unitId: string;
  side: string;
  /** Table position in cm (x east, z north) and building floor. */
  at: [number, number];
  floor: number;
  facing: number;
  /** "healthy" | "light" | "serious" | "dead" or a ruleset's words. */
  condition: string;
  /** Weapon name for the card and tooltip. */
  weapon?: string;
  role?: string;
  /** Off the table (dead, evacuated, left the table): not drawn. */
  removed?: string;
}

/** One choice the HUD offers as a button; `command` goes to the controller unchanged. */
export interface PlayAction {
  /** Stable id for tests and keys, e.g. "activate:move-shoot", "draw", "resolve:pinned-test". */
  id: string;
  label: string;
  /** Rule the choice comes from, linked to the rules panel. */
  rule?: string;
  /** A one-line explanation shown as its tooltip. */
  hint?: string;
  command: Command;
}

/** The reachable cells of one storey of one building, for one figure (PlayMoveOffer.floorReach). */
export interface FloorReach {
  buildingId: string;
  floor: number;
  /** Side of a cell, cm. */
  cell: number;
  /** Centres [x, z] of the cells where the figure may end on that floor. */
  cells: Array<[number, number]>;
}

/** The move the active unit may make now, for the drag gizmo. */
export interface PlayMoveOffer {
  unitId: string;
  /** Mode the MOVE command carries (Kuularuisku: normal | fast | charge | regroup | join …). */
  mode: string;
  /** Allowance in cm per figure in open ground, and in difficult ground (K-4.2). */
  allowance: Record<string, { open: number; difficult: number }>;
  /** Rule ids behind the allowance (K-4.0, K-4.1, K-4.2, K-5.5f …). */
  rules: string[];
  why: string[];
  /**
   * The reachable outline around each figure, as table points [x, z] in order (a closed ring), taking
   * difficult ground and the edge-of-difficult-terrain stop into account.
   */
  reach: Record<string, Array<[number, number]>>;
  /**
   * Per figure, where he may end on the storeys of nearby buildings other than his own floor (the
   * outline above is for his own floor): the centres of the square cells (side `cell` cm) of each
   * building floor he can reach, by the same checks as the outline. Absent when no building is in reach.
   */
  floorReach?: Record<string, FloorReach[]>;
  /** Build the MOVE command for figure destinations (the controller sends it; refusals come back with a reason). */
  commandType: string;
}

/** A possible target for the active unit, with what the rules see. */
export interface PlayTarget {
  unitId: string;
  name: string;
  side: string;
  /** Distance in the ruleset's unit (cm or inches) from the nearest firer, and that unit's label. */
  distance: number;
  unit: 'cm' | 'in';
  /** Figures of the target unit seen / in the unit. */
  visible: number;
  total: number;
  /** Cover class the target would test with, e.g. "open", "light cover (5+)", "hard cover (3+)". */
  cover: string;
  /** When the unit may shoot it: the command; otherwise the reason and rule it may not. */
  command?: Command;
  refusal?: { reason: string; rule?: string };
  /** Close range (K-5.7) and other notes. */
  notes: string[];
}

/**
 * A unit that may leave some of its soldiers behind as a group of their own (Kuularuisku's covering
 * fire, K-1.1a): the player picks them; the controller's `check` says whether that choice is legal.
 */
export interface PlaySplitOffer {
  unitId: string;
  name: string;
  /** Soldiers who may be picked (a joined leader goes with the main part). */
  figureIds: string[];
  /** How many may stay behind. */
  min: number;
  max: number;
  rule?: string;
  /** What the group does, for the panel's heading. */
  label: string;
  /** The command for a default choice; the HUD sends it with `figureIds` set to the player's pick. */
  command: Command;
}

/** Whose turn it is and what the game waits for. */
export interface PlayPrompt {
  /** The side that must act now (hot seat: hand the screen over). */
  side: string | null;
  /** "Turn 2 — card drawn: Ruotsalainen's squad" and similar. */
  headline: string;
  /** What the player must do, e.g. "Choose an action for 1st squad", "Roll the pinned test". */
  detail: string;
  /** Turn number and limit. */
  turn: number;
  turnLimit?: number;
  /** The activation card or initiative marker being played, if any. */
  card?: { unitId: string; label: string; via: string };
  /** Cards left in the deck (card-driven rulesets). */
  deck?: { left: number; drawn: number };
}

/** A line of the game log. */
export interface PlayLogLine {
  /** Index of the event in the session's event list (the replay scrubber steps on these). */
  index: number;
  /** Index of the command that produced it. */
  commandIndex: number;
  type: string;
  text: string;
  rule?: string;
  /** Dice rolled, for DICE_ROLLED lines. */
  dice?: { purpose: string; values: number[]; sides: number; rule?: string };
  side?: string;
}

/** A rule or house value the rules panel lists. */
export interface PlayRuleEntry {
  id: string;
  title: string;
  text: string;
  /** A house value filling a gap or choosing a reading (K-GAP-n / K-AMB-n). */
  house?: { key: string; value: unknown; options?: unknown[]; source: string };
}

export interface PlayView {
  rulesetId: string;
  scenarioTitle: string;
  sides: Array<{ id: string; name: string; colour?: string }>;
  prompt: PlayPrompt;
  units: PlayUnit[];
  /** The unit acting or offered its activation. */
  activeUnitId?: string;
  /** Buttons for the side to act; only legal choices. */
  actions: PlayAction[];
  /** Movement the active unit may make now (absent when it may not move now). */
  move?: PlayMoveOffer;
  /** Targets for the active unit when shooting is its next step. */
  targets: PlayTarget[];
  /**
   * Other units acting on the same card that may shoot now, each with its own targets — Kuularuisku's
   * covering-fire half (K-1.1b, K-AMB-2). Absent when there are none.
   */
  supportTargets?: Array<{ unitId: string; name: string; rule?: string; targets: PlayTarget[] }>;
  /** The active unit may split now (absent otherwise). */
  split?: PlaySplitOffer;
  /** Set when the game is over. */
  victory?: VictoryResult;
}

/** A figure's destination from a drag on the table (the view's move request). */
export interface PlayFigureMove {
  figureId: string;
  /** Table position in cm (x east, z north). */
  to: Vec2;
  floor?: number;
}
