// Kuularuisku 1918 events: plain facts with the rule that made them (`rule`) and a log line (`text`).
// evolveK (evolve.ts) folds each into KState; the flow adds its own deck events on top.
import type { Vec2 } from '../../core';
import type { Condition, Evacuation, KAction, KActivation, RemovedReason, UnitStatus } from './state';

interface Base {
  rule: string;
  text: string;
}

/** One figure's placement change (walls, coherency and allowances already checked). */
export interface FigureMove {
  figureId: string;
  from: Vec2;
  fromFloor: number;
  to: Vec2;
  floor: number;
  /** Tape length of the move in cm (3D, K-4.x). */
  distance: number;
  /** The figure went over a table edge (K-7.4a). */
  offTable?: boolean;
}

/** One shooting or melee die. */
export interface KDie {
  figureId?: string;
  /** The value that counts (after a re-roll). */
  value: number;
  /** The first value when the die was re-rolled (K-5.7a, K-SKL-8). */
  first?: number;
  /** What it needed. */
  need: number;
  success: boolean;
}

export type MoveMode = 'normal' | 'fast' | 'rout' | 'fall-back' | 'evacuation' | 'charge' | 'regroup' | 'return' | 'join';

export type KEvent =
  | (Base & { type: 'TURN_STARTED'; turn: number })
  | (Base & { type: 'TURN_ENDED'; turn: number; expiredReadiness: string[] })
  | (Base & { type: 'ACTIVATION_STARTED'; unitId: string; units: string[]; via: KActivation['via']; commandedBy?: string })
  | (Base & { type: 'ACTION_CHOSEN'; unitId: string; action: KAction })
  | (Base & { type: 'ACTIVATION_ENDED'; unitId: string; units: string[] })
  | (Base & { type: 'READINESS_ENTERED'; unitId: string })
  | (Base & { type: 'READINESS_ROLL_OFF'; rolls: Array<{ side: string; value: number }>; first: string })
  | (Base & { type: 'COMMAND_ISSUED'; leaderId: string; unitId: string })
  | (Base & { type: 'FIGURES_MOVED'; unitId: string; mode: MoveMode; moves: FigureMove[]; allowance: number })
  | (Base & { type: 'UNIT_SPLIT'; unitId: string; newUnitId: string; figureIds: string[] })
  | (Base & { type: 'UNIT_REUNITED'; unitId: string; intoUnitId: string })
  | (Base & { type: 'UNIT_JOINED'; unitId: string; intoUnitId: string; figureIds: string[]; kind: 'survivor' | 'leaderless' | 'leader' | 'escort'; bound: boolean; noMove: boolean })
  | (Base & { type: 'LEADER_LEFT'; leaderUnitId: string; fromUnitId: string })
  | (Base & {
      type: 'SHOT_FIRED';
      shooterId: string;
      targetId: string;
      shooters: string[];
      /** The enemy soldiers that can be hit (K-5.2e). */
      targets: string[];
      dice: KDie[];
      hits: number;
      closeRange: boolean;
      defensive: boolean;
      pinned: boolean;
      machineGun: boolean;
    })
  | (Base & { type: 'COVER_TEST'; unitId: string; cover: number; coverClass: string; dice: KDie[]; wounds: number })
  | (Base & { type: 'WOUNDS_ALLOCATED'; unitId: string; allocation: Record<string, number> })
  | (Base & { type: 'WOUND_TEST'; figureId: string; rolls: number[]; medic?: string; result: Condition | 'scratch'; condition: Condition })
  | (Base & { type: 'WEAPON_TAKEN_OVER'; fromFigureId: string; toFigureId: string; weapon: string; previous: string | null })
  | (Base & { type: 'WEAPON_DROPPED'; markerId: string; figureId: string; weapon: string; at: Vec2; floor: number; side: string })
  | (Base & { type: 'WEAPON_PICKED_UP'; markerId: string; figureId: string; weapon: string; previous: string | null })
  | (Base & { type: 'MORALE_TEST'; unitId: string; trigger: string; value: number; need: number; passed: boolean; moraleFrom: string })
  | (Base & { type: 'UNIT_STATUS_CHANGED'; unitId: string; status: UnitStatus; from: UnitStatus })
  | (Base & { type: 'FIGURE_EXECUTED'; figureId: string; by: string })
  | (Base & { type: 'ROUT_STARTED'; unitId: string; leaders: string[]; countsAsActivation: boolean })
  | (Base & { type: 'RALLIED'; unitId: string; leaderId: string })
  | (Base & { type: 'CHARGE_DECLARED'; unitId: string; targetId: string })
  | (Base & { type: 'CHARGE_COLLAPSED'; unitId: string; moves: FigureMove[] })
  | (Base & { type: 'MELEE_STARTED'; meleeId: string; units: string[]; startedBy: string })
  | (Base & { type: 'MELEE_JOINED'; meleeId: string; unitId: string })
  | (Base & { type: 'GRENADES_THROWN'; meleeId: string; unitId: string; side: string })
  | (Base & {
      type: 'MELEE_ROUND';
      meleeId: string;
      sides: Array<{ side: string; units: string[]; dice: KDie[]; hits: number; penalty: number }>;
    })
  | (Base & { type: 'MELEE_DECIDED'; meleeId: string; loser: string | null; hitsTaken: Record<string, number> })
  | (Base & { type: 'MELEE_ENDED'; meleeId: string; winner: string | null })
  | (Base & { type: 'UNIT_DESTROYED'; unitId: string })
  | (Base & { type: 'UNIT_SURRENDERED'; unitId: string; to: string })
  | (Base & { type: 'UNIT_WITHDRAWN'; unitId: string })
  | (Base & { type: 'FIGURE_REMOVED'; figureId: string; reason: RemovedReason })
  | (Base & { type: 'EVACUATION_STARTED'; figureId: string; evacuation: Evacuation })
  | (Base & { type: 'EVACUATION_ARRIVED'; figureId: string; escortId?: string })
  | (Base & { type: 'ESCORT_REJOINED'; figureId: string; unitId: string })
  // Scenario special rules (special.ts): `special` is the special rule's id, `rule` the K- rule it modifies.
  /** A die a special rule rolls (a shell on target, firing a charge, a fall from the dam). */
  | (Base & { type: 'SPECIAL_ROLL'; special: string; value: number; on: number[]; success: boolean; unitId?: string; figureId?: string })
  /** An attack by no unit on the table (shells, a gun off the table): the shooting test. */
  | (Base & { type: 'SPECIAL_FIRE'; special: string; targetId: string; dice: KDie[]; hits: number; machineGun: boolean })
  | (Base & { type: 'SPAN_DESTROYED'; special: string; bridge: string })
  | (Base & { type: 'CHARGE_REMOVED'; special: string; unitId: string })
  | (Base & { type: 'UNIT_REVEALED'; special: string; unitId: string; cause: 'fired' | 'enemy-near' })
  /** A special rule changed what a rule would have done (bite.ts: a unit that cannot go to ground); no state change. */
  | (Base & { type: 'SPECIAL_EFFECT'; special: string; unitId: string });

export type KEventType = KEvent['type'];
export type KEventOf<T extends KEventType> = Extract<KEvent, { type: T }>;

/** Build an event (keeps call sites short and typed). */
export function ev<T extends KEventType>(type: T, rule: string, text: string, fields: Omit<KEventOf<T>, 'type' | 'rule' | 'text'>): KEventOf<T> {
  return { type, rule, text, ...fields } as KEventOf<T>;
}
