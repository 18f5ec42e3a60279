// The play HUD's model: what a hot-seat player sees and may do, in terms every ruleset can fill in
// (Kuularuisku's cards, COBI's alternating initiative, Shturm's IGO-UGO), and the command it sends back.
// Plain types in core so there is one definition: the game layer (src/game: Command, PlayView, the
// seat filters, the controller interface) and each ruleset's HUD describers (src/rules/<id>/hud, which
// may not import the game layer) both use these. Nothing here decides a rule.
import type { Measure } from './distance-format';
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
  /** A vehicle's model (hull size from the scenario's hull spec): the table draws it as a vehicle, not a soldier. */
  hull?: PlayHull;
  /** Degrees clockwise from north, as `facing`: a turret's (or a gun's) heading; absent: the hull's. */
  turretFacing?: number;
  /** Arcs the rules read around the figure (a turret's traverse, a hull's front), for the HUD to show. */
  arcs?: PlayArc[];
  /** How the table draws the soldier (absent: standing with a rifle at port arms). */
  look?: PlayFigureLook;
}

/**
 * A soldier's pose and kit as the table draws it. The ruleset fills it from its state (a pinned unit
 * lies prone, a unit that shot this turn aims, a machine gunner sits at his gun); the view only draws it.
 */
export interface PlayFigureLook {
  /** Posture (absent: standing). */
  stance?: 'standing' | 'kneeling' | 'prone' | 'aiming';
  /** What he holds (absent: a rifle): a pistol (an officer), a crewed machine gun on its mount, or nothing. */
  arms?: 'rifle' | 'pistol' | 'machine-gun' | 'none';
  /** The machine gun's mount, with `arms: 'machine-gun'` (absent: a tripod). */
  mount?: 'wheeled' | 'tripod';
  /** A medic: drawn with an armband and a bag. */
  medic?: boolean;
  /** Crew of his unit's machine gun (a loader): kneels at the gun, hands on the belt. */
  crew?: boolean;
}

/** A vehicle's model size, cm, as the scenario's hull spec gives it (absent parts take the view's defaults). */
export interface PlayHull {
  length?: number;
  width?: number;
  height?: number;
  running?: 'tracks' | 'wheels' | 'halftrack';
  turret?: boolean;
}

/**
 * An arc around a figure, degrees clockwise from north from `from` to `to` (clockwise, may pass 360);
 * `kind` says which facing it belongs to.
 */
export interface PlayArc {
  from: number;
  to: number;
  kind: 'turret' | 'hull-front' | 'hull-side' | 'hull-rear' | 'fire';
  /** Reach of the arc as drawn, cm (absent: the HUD's default). */
  range?: number;
  label?: string;
}

/** A template on the table (a blast marker, a flame teardrop, a lit strip), cm; the rules placed it, the view draws it. */
export interface PlayTemplate {
  id: string;
  kind: 'circle' | 'teardrop' | 'strip';
  /** Centre of the circle, the teardrop's narrow end, or the middle of the strip's starting end, [x, z]. */
  centre: [number, number];
  /** Radius of the circle, or the teardrop's wide end; half the strip's width. */
  radius: number;
  /** Teardrop and strip: length from the narrow (starting) end, and its heading (degrees clockwise from north). */
  length?: number;
  facing?: number;
  label?: string;
  rule?: string;
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
  /** `game`: a choice open at any moment that ends or changes the game (a side's surrender), offered under the Game tab with a confirmation, not among the orders. */
  place?: 'game';
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
  /** Distance on the table in cm from the nearest firer; the HUD shows it in the view's `measure` (formatDistance). */
  distance: number;
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
 * A choice of some of a unit's figures (e.g. who stays behind, who boards): the player picks them
 * (in the panel, or by clicking them on the table) and the HUD sends `command` with `field` set to the
 * pick; the controller's `check` says whether that pick is legal. The texts are the ruleset's.
 */
export interface PlayPickPanel {
  kind: 'pick-figures';
  /** Stable id: the panel's test ids are `${id}-panel`, `${id}-fig-<figure>`, `${id}-count`, `${id}-send`, `${id}-refusal`. */
  id: string;
  unitId: string;
  /** Heading and a one-line explanation. */
  title: string;
  hint: string;
  /** Figures who may be picked, and how many. */
  figureIds: string[];
  min: number;
  max: number;
  /** After the count: "… may stay behind". */
  countLabel: string;
  /** The send button; `{n}` stands for the number picked. */
  sendLabel: string;
  rule?: string;
  /** The command for a default choice; the HUD sends it with `field` set to the player's pick. */
  command: Command;
  field: string;
}

/** Another unit that may shoot now, with its own targets (e.g. a detached part acting on the same turn). */
export interface PlayTargetsPanel {
  kind: 'targets';
  /** Stable id: test ids `${id}-targets-<unit>` for the list and `${id}-<unit>-<target>` for its items. */
  id: string;
  unitId: string;
  name: string;
  rule?: string;
  targets: PlayTarget[];
}

/** A ruleset's extra choice, rendered by its kind: the HUD knows the kinds, never the rules behind them. */
export type PlayPanel = PlayPickPanel | PlayTargetsPanel;

/** A count of the turn's structure the banner shows (cards left in a deck, activations to go). */
export interface PlayTally {
  /** Stable id: the banner's test id is `play-${id}`. */
  id: string;
  /** As shown, e.g. "Deck 5 left · 3 drawn". */
  text: string;
  /** The main number, for tests and players reading the model. */
  count?: number;
  /** Tooltip. */
  title?: string;
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
  /** The ruleset's word for its turns ("Round" in COBI); "Turn" when absent. */
  turnWord?: string;
  /** The activation card or initiative marker being played, if any. */
  card?: { unitId: string; label: string; via: string };
  /** Counts of the turn's structure (cards left in a deck …), shown in the banner. */
  tallies?: PlayTally[];
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
  /** A shot this event records, for the table to draw (lines from the shooters, hit and miss marks). */
  shot?: PlayShot;
}

/**
 * A shot as the table draws it, from the event that recorded it (the rules decided every die): who
 * fired each die and whether it hit, at which unit. Fire from off the table has no shooters on it.
 */
export interface PlayShot {
  /** The unit shot at, and its figures that could be hit. */
  targetUnitId: string;
  targetFigureIds: string[];
  /** Each die of the shooting test: the figure who rolled it (absent: fire from off the table) and whether it hit. */
  dice: Array<{ figureId?: string; hit: boolean }>;
  /** Fire from off the table: the table edge it comes from (absent: from above, e.g. shells). */
  fromEdge?: 'north' | 'east' | 'south' | 'west';
  /** Defensive fire at a charging unit. */
  defensive?: boolean;
}

/** A rule or house value the rules panel lists. */
export interface PlayRuleEntry {
  /** The entry's key (rule links, saves and tests find it by this); shown only when `ref` is absent. */
  id: string;
  /** The rule id players read and cite (K-7.1b) where the key is an internal one (a game option's); '' shows none. */
  ref?: string;
  title: string;
  text: string;
  /** A house value filling a gap or choosing a reading (K-GAP-n / K-AMB-n); `name` is the setting in words (the key is not shown). */
  /** A house value: `label` is the value in words where no option names it (the data's own words). */
  house?: { key: string; name?: string; value: unknown; label?: string; options?: unknown[]; source: string };
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
  /** The ruleset's extra choices, each rendered by its kind (absent when there are none). */
  panels?: PlayPanel[];
  /** Templates on the table (blast markers …). */
  templates?: PlayTemplate[];
  /** The unit distances are shown in (the ruleset module's; absent: cm). See formatDistance. */
  measure?: Measure;
  /** A choice the game waits for (its side may not be the one acting); its options are the actions then. */
  decision?: PendingDecision;
  /** Set when the game is over. */
  victory?: VictoryResult;
}

/**
 * A choice the game waits for from one side, often not the side acting (an owner's choice the book
 * gives, such as where the wounds of a shot fall). The game holds it until answered; the HUD prompts
 * `side` (hand-over in hot seat), a player answers it in headless play. Ruleset-neutral: the flow,
 * HUD and players read it without knowing the ruleset.
 */
export interface PendingDecision<C extends Command = Command> {
  /** The deciding side (id). */
  side: string;
  /** The ruleset's name for the kind of choice ("wound-allocation"): for players that know it. */
  kind: string;
  /** What is asked, in player's words: "Where do the 2 wounds of 2nd Squad fall?". */
  label: string;
  /** The rule that gives the choice. */
  rule?: string;
  /** The unit the choice is about (the unit hit, the leader targeted): the camera brings it into view. */
  unitId?: string;
  /** The legal answers, the book's default first (a long list may be cut: `more` says how many are left out). */
  options: Array<{ label: string; command: C }>;
  /** Legal answers not listed in `options`. */
  more?: number;
}

/** A figure's destination from a drag on the table (the view's move request). */
export interface PlayFigureMove {
  figureId: string;
  /** Table position in cm (x east, z north). */
  to: Vec2;
  floor?: number;
}
