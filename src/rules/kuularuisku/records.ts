// One shape per record kind: every figure, unit, activation and state object of a Kuularuisku game is
// made here, with all its fields (optional ones present as undefined) in one order. Records made by
// different object literals and spreads get different hidden classes in the JavaScript engine even
// with the same keys (a Kalevankangas game had 8 of figures and of units, 103 of activations), and
// every rule that walks them then reads through slow, megamorphic property loads. An absent optional
// field and one set to undefined read the same everywhere the rules look, and the state hash skips
// undefined (core/hash.ts).
import type { KActivation, KFigure, KState, KUnit } from './state';

/** Every field of T, optional ones included (so a field left out of a record below is a type error). */
type AllFields<T> = { [K in keyof Required<T>]: T[K] };

/** A figure record of the one shape, from any object with a figure's fields. */
export function figureRecord(f: KFigure): KFigure {
  const r: AllFields<KFigure> = {
    id: f.id,
    unitId: f.unitId,
    homeUnitId: f.homeUnitId,
    side: f.side,
    at: f.at,
    floor: f.floor,
    facing: f.facing,
    condition: f.condition,
    wounds: f.wounds,
    weapon: f.weapon,
    skill: f.skill,
    morale: f.morale,
    role: f.role,
    skills: f.skills,
    baseRadius: f.baseRadius,
    removed: f.removed,
    evacuation: f.evacuation,
  };
  return r;
}

/** The figure with some fields changed (a field given as undefined is cleared). */
export function figureWith(f: KFigure, patch: Partial<KFigure>): KFigure {
  return patched(figureRecord(f), patch);
}

/**
 * A fresh record with the patch's fields written over it. The record already has every field, so
 * writing one changes no shape; a spread of the two would make a temporary object, and a spread's
 * result takes a hidden class of its own per call site.
 */
function patched<T extends object>(fresh: T, patch: Partial<T>): T {
  for (const k in patch) fresh[k] = patch[k] as T[typeof k];
  return fresh;
}

/** The figure moved to a new place (the commonest change: no patch object). */
export function figureMoved(f: KFigure, at: KFigure['at'], floor: number): KFigure {
  const r = figureRecord(f);
  r.at = at;
  r.floor = floor;
  return r;
}

/** A unit record of the one shape, from any object with a unit's fields. */
export function unitRecord(u: KUnit): KUnit {
  const r: AllFields<KUnit> = {
    id: u.id,
    side: u.side,
    name: u.name,
    kind: u.kind,
    figures: u.figures,
    status: u.status,
    activated: u.activated,
    ready: u.ready,
    defensiveFireUsed: u.defensiveFireUsed,
    skill: u.skill,
    morale: u.morale,
    nationality: u.nationality,
    languages: u.languages,
    skills: u.skills,
    grenades: u.grenades,
    startEdge: u.startEdge,
    startStrength: u.startStrength,
    hadSquadLeader: u.hadSquadLeader,
    joinedTo: u.joinedTo,
    joinedLeaders: u.joinedLeaders,
    boundLeaders: u.boundLeaders,
    splitFrom: u.splitFrom,
    coveringHalf: u.coveringHalf,
    meleeId: u.meleeId,
    routLeaders: u.routLeaders,
    noMoveThisTurn: u.noMoveThisTurn,
    commandedMove: u.commandedMove,
    movedThisTurn: u.movedThisTurn,
    shotThisTurn: u.shotThisTurn,
    chargeFrom: u.chargeFrom,
    fellBackTurn: u.fellBackTurn,
  };
  return r;
}

/** The unit with some fields changed (a field given as undefined is cleared). */
export function unitWith(u: KUnit, patch: Partial<KUnit>): KUnit {
  return patched(unitRecord(u), patch);
}

/** An activation record of the one shape (K-2.4 progress). */
export function activationRecord(a: KActivation): KActivation {
  const r: AllFields<KActivation> = {
    unitId: a.unitId,
    units: a.units,
    via: a.via,
    commandedBy: a.commandedBy,
    action: a.action,
    moved: a.moved,
    shot: a.shot,
    phase: a.phase,
    charged: a.charged,
    supportShot: a.supportShot,
  };
  return r;
}

/** The activation with some fields changed. */
export function activationWith(a: KActivation, patch: Partial<KActivation>): KActivation {
  return patched(activationRecord(a), patch);
}

/**
 * The state with some fields changed, of the one shape. The flow layer keeps its own part (`flow`) on
 * the same object (KGameState); it is carried over as it is, and present (undefined) on a bare state.
 */
export function stateWith(s: KState, patch: Partial<KState>): KState {
  const r: AllFields<KState> & { flow: unknown } = {
    ruleset: s.ruleset,
    turn: s.turn,
    winter: s.winter,
    sides: s.sides,
    units: s.units,
    figures: s.figures,
    melees: s.melees,
    markers: s.markers,
    dressingStations: s.dressingStations,
    activation: s.activation,
    nextId: s.nextId,
    house: s.house,
    special: s.special,
    flow: (s as { flow?: unknown }).flow,
  };
  return patched<KState>(r, patch);
}
