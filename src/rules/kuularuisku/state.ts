// Kuularuisku 1918 game state: units, figures, melees and dropped weapons (K-1.x, K-5.5, K-6.x, K-7.x).
// Plain serializable data; the rules read it and return events, evolveK folds the events in.
import type { Vec2 } from '../../core';
import type { HouseSettings } from './house';
import type { KSpecialState } from './special';
import type { KSeq, KTableFlow } from './flow-types';

/** K-5.5 a soldier's condition; `dead` figures are off the table (K-5.5d). */
export type Condition = 'healthy' | 'light' | 'serious' | 'dead';

/** F7 unit morale status (K-6.x, K-7.x). */
export type UnitStatus = 'normal' | 'pinned' | 'routing' | 'in-melee' | 'surrendered' | 'withdrawn' | 'destroyed';

/** K-1.0a: a squad, a machine-gun squad or a lone leader (K-1.3). */
export type UnitKind = 'squad' | 'mg-squad' | 'leader';

/** K-SKL-4 … K-SKL-7: nationality decides who may command, join and lend morale. */
export type Nationality = 'finnish' | 'swedish' | 'german' | 'russian';

/** K-SKL ids by name (see data/skills.json). */
export type SkillKey = 'no-retreat' | 'leader' | 'snow-suit' | 'multilingual' | 'swedish' | 'german' | 'russian' | 'medic';

/** A figure's job in its unit: squad leaders are not leaders (K-1.3c); MG crews per K-WPN / K-AMB-19. */
export type FigureRole = 'soldier' | 'squad-leader' | 'lance-corporal' | 'leader' | 'mg-gunner' | 'mg-loader' | 'medic';

export type TableEdge = 'north' | 'east' | 'south' | 'west' | 'none';

/** Why a figure is no longer on the table. */
export type RemovedReason =
  | 'killed' // K-5.5d
  | 'executed' // K-SKL-1
  | 'evacuated' // K-5.6 reached the edge or dressing station
  | 'withdrawn' // K-7.4 left over a table edge
  | 'surrendered' // K-7.2c, K-GAP-10
  | 'destroyed' // K-6.4g unit could not fall back
  | 'left-behind' // K-6.4h / K-GAP-7, K-7.3g seriously wounded abandoned
  | 'lost'; // a scenario special rule: fell into the rapids, went down with a blown bridge span

/** K-5.6 a figure that left its unit for the rear. */
export interface Evacuation {
  role: 'wounded' | 'escort';
  /** The escorted (for an escort) or the escort (for a seriously wounded soldier). */
  partner?: string;
  /** Where he heads: his side's table edge or a dressing station (index into KState.dressingStations). */
  destination: { kind: 'edge'; edge: TableEdge } | { kind: 'station'; index: number };
  /** K-5.6d an escort whose charge arrived and who is heading back to a unit. */
  returning?: boolean;
}

export interface KFigure {
  id: string;
  /** The unit the figure currently belongs to (a joined leader or survivor belongs to the unit he joined). */
  unitId: string;
  /** The unit the scenario deployed him in (a leader's own card unit). */
  homeUnitId: string;
  side: string;
  at: Vec2;
  /** Building floor index (0 = ground) when inside a building; 0 outside. */
  floor: number;
  facing: number;
  condition: Condition;
  /** Wounds allocated so far (K-5.5b spreads wounds before anyone takes a second). */
  wounds: number;
  /** K-WPN id of the weapon in use (K-5.3c one at a time); null when he has none. */
  weapon: string | null;
  /** K-GAP-5: skill level and morale value (house defaults unless the scenario gives them). */
  skill: number;
  morale: number;
  role: FigureRole;
  skills: SkillKey[];
  /** Base radius in cm (distances are measured between base edges). */
  baseRadius: number;
  /** Off the table, with the reason (dead figures keep their last place for the record). */
  removed?: RemovedReason;
  /** K-5.6 on the way to the rear, no longer acting with his unit. */
  evacuation?: Evacuation;
}

export interface KUnit {
  id: string;
  side: string;
  name: string;
  kind: UnitKind;
  /** Current members on the table, in order (leaders joined to it included). Empty for a unit merged elsewhere. */
  figures: string[];
  status: UnitStatus;
  /** K-2.3 waiting in readiness this turn. */
  /** K-6.2c fired defensive fire this turn. */
  defensiveFireUsed: boolean;
  /** K-GAP-5 unit defaults (figures carry their own copies). */
  skill: number;
  morale: number;
  nationality: Nationality;
  /** K-SKL-4 the extra nationalities a multilingual leader counts as. */
  languages: Nationality[];
  /** Unit-wide skills and equipment (e.g. snow suits, K-SKL-3). */
  skills: SkillKey[];
  /** K-6.6 / K-GAP-8 carries grenades. */
  grenades: boolean;
  /** The table edge its side started from (K-5.6a, K-7.3c). */
  startEdge: TableEdge;
  /** Figures at the start of the game (K-7.3a below half, K-AMB-17). */
  startStrength: number;
  /** K-1.4 the unit was deployed with a squad leader. */
  hadSquadLeader: boolean;
  /** A leader unit (or a merged survivor / leaderless remnant) now part of this unit (K-1.2, K-2.2d). */
  joinedTo?: string;
  /** Leader units whose leader is now with this unit (K-1.3a, K-2.2d). */
  joinedLeaders: string[];
  /** K-1.4b leaders who became this unit's squad leader and can no longer leave. */
  boundLeaders: string[];
  /** K-1.1 a covering-fire half: the id of the unit it was split from. */
  splitFrom?: string;
  /** K-1.1 the id of this unit's covering-fire half, while split. */
  coveringHalf?: string;
  /** K-6.x the melee it is locked in. */
  meleeId?: string;
  /** K-7.3i leaders who were with the unit when it began to rout (they cannot rally it). */
  routLeaders: string[];
  /** K-1.2c joined by a survivor or a leaderless squad before activating: cannot move this turn. */
  noMoveThisTurn: boolean;
  /** K-1.4c a leaderless unit commanded by a leader may move during this activation only. */
  commandedMove: boolean;
  /** K-WPN-9 … 13 figures that moved / shot this turn ("cannot shoot and move in the same turn"). */
  movedThisTurn: string[];
  shotThisTurn: string[];
  /** K-6.2e where its soldiers started their charge move this activation (a collapsed charge goes back there). */
  chargeFrom?: Record<string, { at: Vec2; floor: number }>;
  /** K-AMB-22 the turn in which it last fell back from a melee (house option: "retreating" includes it). */
  fellBackTurn?: number;
}

/** K-6.x a melee: all units locked in it, both sides. */
export interface KMelee {
  id: string;
  units: string[];
  /** Turn and charging unit that started it (K-6.6d grenades only in that first activation). */
  startedTurn: number;
  startedBy: string;
  /** Rounds fought so far (K-6.5a one per activation of any participant). */
  rounds: number;
  /** K-6.6 sides that used grenades when it began. */
  grenades: string[];
  /** K-6.6d grenades still allowed (only until the end of the activation that started it). */
  grenadesOpen: boolean;
  /** K-6.4e the round just fought whose outcome is still to come (set by its MELEE_ROUND, gone with MELEE_DECIDED): its units, sides in order, hits each took. */
  outcomeDue?: { units: string[]; order: Array<{ side: string; units: string[] }>; hitsTaken: Record<string, number> };
}

/** K-5.5h a machine gun (or other special weapon) left on the table. */
export interface KWeaponMarker {
  id: string;
  weapon: string;
  at: Vec2;
  floor: number;
  /** Side that dropped it (anyone may take it over). */
  droppedBy: string;
}

/** K-5.6a a dressing station on the table (from the scenario's rules), per side. */
export interface DressingStation {
  side: string;
  at: Vec2;
  radius: number;
}

/** The current activation's progress, for K-2.4b/c (order of move and shoot) and K-6.1c. */
export interface KActivation {
  unitId: string;
  /** Units acting in it (the unit, a joined leader's group, a commanded unit). */
  units: string[];
  via: 'card' | 'command' | 'readiness' | 'leader-group';
  /** Leader unit that commanded it (K-2.2a, K-1.4c). */
  commandedBy?: string;
  action?: KAction;
  /** Figures that have moved / shot so far in this activation. */
  moved: string[];
  shot: string[];
  /** Which part came first: K-2.4c no late movers / shooters. */
  phase: 'none' | 'moving' | 'shooting' | 'moved-then-shooting' | 'shot-then-moving' | 'done';
  /** K-6.1c the unit charged this activation. */
  charged?: string;
  /** K-1.1b / K-AMB-2 covering-fire halves that have shot on this card (kept apart so the parent's K-2.4 order is its own). */
  supportShot?: string[];
}

/** K-2.4 the action list (K-GAP-4: special action has no content). */
export type KAction = 'move-shoot' | 'shoot-move' | 'fast-move' | 'shoot' | 'command' | 'special' | 'melee' | 'rout' | 'regroup';

export interface KSide {
  id: string;
  name: string;
  edge: TableEdge;
}

export interface KState {
  ruleset: 'kuularuisku';
  /** K-SKL-3 the scenario is in winter. */
  winter: boolean;
  sides: KSide[];
  units: Record<string, KUnit>;
  figures: Record<string, KFigure>;
  melees: Record<string, KMelee>;
  markers: Record<string, KWeaponMarker>;
  dressingStations: DressingStation[];
  activation?: KActivation;
  /** Counter for ids of things made in play (split halves, melees, markers). */
  nextId: number;
  /** Resolved house values (ids → value) for this game: data/house-values.json + scenario `rules`. */
  house: HouseSettings;
  /** The scenario's special rules resolved for play, and what they have done so far (special.ts). */
  special?: KSpecialState;
  /**
   * The table's own turn counter (K-2.1b): the turn begun last (its TURN_STARTED, the line the machine's
   * deal follows), 0 before the first. The table's "this turn" marks (a fall-back, a melee's start, the
   * special rules' tries and uses) read it, not the sequence.
   */
  turn: number;
  /** The table's own activation state (flow-types.ts): the offer's limits, charge steps, choices, result. */
  tableFlow: KTableFlow;
}

/**
 * The table as the rules read it: its own records and the turn & activation sequence (KSeq: the deck,
 * the unit offered, the forced step, who acted, readiness), which is the cards machine's, in the rules'
 * words (sequence/reading.ts rulesTable). The table record (KState) holds no sequence of its own.
 */
export type KReading = KState & { readonly seq: KSeq };

export type { HouseSettings } from './house';
