// The COBI table the rules fold: the units and their figures where they stand. The sequence (round,
// initiative, who acts, which units acted) is the alternating machine's, read from `seq`.
import type { Sequenced, TemplateShape, Vec2 } from '../../core';

/** Command words of COBI's sequence steps, its surrender and its actions. */
export const COBI_COMMAND_TYPES = ['BEGIN_ROUND', 'CHOOSE_FIRST', 'SELECT_UNIT', 'END_ROUND', 'SURRENDER', 'HOLD', 'MOVE', 'ATTACK', 'HIDE', 'RELOAD', 'ROLL_DEFENCE', 'CHOOSE_LOCATION'] as const;
/** The actions an activated unit may take (C-3.3c: hold, move, attack, hide; reload, C-3.3.4a; a vehicle's too). */
export const COBI_ACTION_TYPES = ['HOLD', 'MOVE', 'ATTACK', 'HIDE', 'RELOAD'] as const;
/** The answers to the rules' decisions (C-3.3.3.2g: the target's player rolls the defence; C-3.3.3.1m: a vehicle's owner chooses the location hit). */
export const COBI_ANSWER_TYPES = ['ROLL_DEFENCE', 'CHOOSE_LOCATION'] as const;

/** C-3.3.3.2b/h a weapon that cannot fire until reloaded (absent: loaded); spent: a one-shot weapon fired. */
export type WeaponState = 'needs-reload' | 'jammed' | 'spent';

export interface CFigure {
  readonly id: string;
  readonly unit: string;
  readonly side: string;
  readonly at: Vec2;
  readonly facing: number;
  /** False once the figure is out of the game. */
  readonly alive: boolean;
  /** C-4.2 the weapon it carries (a weapons.json id). */
  readonly weapon: string;
  /** C-3.3.3.1b / C-3.3.2d it carries binoculars. */
  readonly binoculars?: boolean;
  /** C-3.3.3.2i wounded: lies on its back, out of the fight, still alive. */
  readonly wounded?: boolean;
  /** C-3.3.3.2b/h its weapon's state when not loaded. */
  readonly weaponState?: WeaponState;
}

export interface CUnit {
  readonly id: string;
  readonly side: string;
  readonly name: string;
  readonly type: string;
  /** C-3.3.2a the squad is hidden (C-3.3.2e: its token shows to both sides). */
  readonly hidden?: boolean;
}

/** C-3.3.3.2g one shot that hit the attacker's die and waits for the target's player to roll. */
export interface AwaitedShot {
  readonly firer: string;
  readonly target: string;
  /** The attacker's die and the sum of its modifiers. */
  readonly die: number;
  readonly modifier: number;
}

/** C-3.3.3.2 an infantry attack under way: the shots awaiting the defender's die, then the reload tests. */
export interface InfantryAttackState {
  readonly unit: string;
  readonly target: string;
  readonly defender: string;
  readonly awaiting: readonly AwaitedShot[];
  /** The firers whose reload test (C-3.3.3.2h) comes once the shots are resolved. */
  readonly reloads: readonly string[];
  /** C-3.3.3.2j the templates laid by the attack, shown until it is over (absent: none). */
  readonly templates?: readonly TemplateShape[];
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
  /** C-3.3.3.2 the infantry attack awaiting the defender's dice (absent when none). */
  readonly attack?: InfantryAttackState;
}

/** The game state: the table and the machine's read-only sequence. */
export type CState = Sequenced<CTable>;

export const liveFigures = (t: CTable): CFigure[] => t.figures.filter((f) => f.alive);
/** C-3.3.3.2i figures in the fight: alive and not wounded (a wounded figure takes no action). */
export const activeFigures = (t: CTable): CFigure[] => t.figures.filter((f) => f.alive && !f.wounded);
export const unitFigures = (t: CTable, unit: string): CFigure[] => activeFigures(t).filter((f) => f.unit === unit);

/** The vehicle of a unit (a vehicle unit has one hull), if it is one. */
export const vehicleOf = (t: CTable, unit: string): CVehicle | undefined => t.vehicles?.find((v) => v.unit === unit);
/** A vehicle still in the fight: not a wreck, some crew serving (C-AMB-6: a vehicle with no crew left does nothing). */
export const vehicleActive = (v: CVehicle): boolean => !v.wreck && v.crew > 0;

/** C-3.3a the units of a side still on the table (a unit with a figure standing, or a vehicle with its crew). */
export function sideUnits(t: CTable, side: string): string[] {
  return t.units.filter((u) => u.side === side && (unitFigures(t, u.id).length > 0 || t.vehicles?.some((v) => v.unit === u.id && vehicleActive(v)))).map((u) => u.id);
}
