// The COBI table the rules fold: the units and their figures where they stand. The sequence (round,
// initiative, who acts, which units acted) is the alternating machine's, read from `seq`.
import type { Sequenced, Vec2 } from '../../core';

/** Command words of COBI's sequence steps, its surrender and its actions. */
export const COBI_COMMAND_TYPES = ['BEGIN_ROUND', 'CHOOSE_FIRST', 'SELECT_UNIT', 'END_ROUND', 'SURRENDER', 'HOLD', 'MOVE', 'ATTACK', 'RELOAD', 'CHOOSE_LOCATION'] as const;
/** The actions an activated unit may take (C-3.3c: so far hold, move, a vehicle's attack and its reload, C-3.3.3.1j). */
export const COBI_ACTION_TYPES = ['HOLD', 'MOVE', 'ATTACK', 'RELOAD'] as const;
/** The answers to decisions: C-3.3.3.1m the hit location, chosen by the target's owner. */
export const COBI_ANSWER_TYPES = ['CHOOSE_LOCATION'] as const;

export interface CFigure {
  readonly id: string;
  readonly unit: string;
  readonly side: string;
  readonly at: Vec2;
  readonly facing: number;
  /** False once the figure is out of the game. */
  readonly alive: boolean;
}

export interface CUnit {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  readonly type: string;
}

/** C-3.3.3.1o the lasting effects a vehicle has taken (destroyed is `wreck`). */
export type VehicleMark = 'immobilised' | 'damaged' | 'disabled';
/** F6 the state of a vehicle's main gun (C-3.3.3.1i–j). */
export type GunState = 'loaded' | 'needs-reload' | 'jammed';

/** A vehicle on the table: one hull (the scenario unit's one figure), its card and what has befallen it. */
export interface CVehicle {
  /** The hull's id (the scenario figure's). */
  readonly id: string;
  readonly unit: string;
  readonly side: string;
  /** The card id (cards.json, C-4.1). */
  readonly card: string;
  readonly at: Vec2;
  /** Hull and turret headings, degrees clockwise from north. */
  readonly facing: number;
  readonly turret: number;
  /** The model's hull, cm (the scenario's hull spec): it blocks sight and movement as a box. */
  readonly hull: { readonly length: number; readonly width: number; readonly height: number };
  /** C-CARD-18 crew members still serving, and those wounded (out of the crew, C-AMB-6 house woundedCrewLost). */
  readonly crew: number;
  readonly wounded: number;
  readonly marks: readonly VehicleMark[];
  /** C-3.3.3.1o destroyed: the wreck stays on the table as a hull. */
  readonly wreck: boolean;
  readonly gun: GunState;
}

/** C-3.3.3.1m a hit whose damage is rolled, awaiting the choice of the armour location struck. */
export interface PendingStrike {
  readonly attacker: string;
  readonly target: string;
  /** C-3.3.3.1l the hits of the damage pool. */
  readonly hits: number;
  /** The locations in a straight line from the barrel (C-AMB-15), the chooser picks one. */
  readonly locations: readonly string[];
  /** The side that chooses: the target's owner (C-3.3.3.1m). */
  readonly side: string;
}

export interface CTable {
  readonly units: readonly CUnit[];
  readonly figures: readonly CFigure[];
  /** The vehicles (absent on a table that has none). */
  readonly vehicles?: readonly CVehicle[];
  /** C-3.3.3.1m a hit awaiting its location (absent when none). */
  readonly strike?: PendingStrike;
  /** C-3.3a a vehicle and a squad activating together: what each has done, in which round's activation of which unit (absent until one acts so). */
  readonly activation?: { readonly round: number; readonly lead: string; readonly done: Readonly<Record<string, string>> };
  /** C-3.2g the side that surrendered (absent while none has). */
  readonly surrendered?: string;
}

/** The game state: the table and the machine's read-only sequence. */
export type CState = Sequenced<CTable>;

export const liveFigures = (t: CTable): CFigure[] => t.figures.filter((f) => f.alive);
export const unitFigures = (t: CTable, unit: string): CFigure[] => liveFigures(t).filter((f) => f.unit === unit);

/** The vehicle of a unit (a vehicle unit has one hull), if it is one. */
export const vehicleOf = (t: CTable, unit: string): CVehicle | undefined => t.vehicles?.find((v) => v.unit === unit);
/** A vehicle still in the fight: not a wreck, some crew serving (C-AMB-6: a vehicle with no crew left does nothing). */
export const vehicleActive = (v: CVehicle): boolean => !v.wreck && v.crew > 0;

/** C-3.3a the units of a side still on the table (a unit with a figure standing, or a vehicle with its crew). */
export function sideUnits(t: CTable, side: string): string[] {
  return t.units.filter((u) => u.side === side && (unitFigures(t, u.id).length > 0 || t.vehicles?.some((v) => v.unit === u.id && vehicleActive(v)))).map((u) => u.id);
}
