// One shape per record kind: every figure, unit, activation and state object of a Kuularuisku game is
// made here (and the records keyed by id, figures and units, are copied here: copyRecord), with all its fields (optional ones present as undefined) in one order. Records made by
// different object literals and spreads get different hidden classes in the JavaScript engine even
// with the same keys (a Kalevankangas game had 8 of figures and of units, 103 of activations), and
// every rule that walks them then reads through slow, megamorphic property loads. An absent optional
// field and one set to undefined read the same everywhere the rules look, and the state hash skips
// undefined (core/hash.ts).
import type { KActivation, KFigure, KReading, KState, KUnit } from './state';
import type { KSeq } from './flow-types';

/** Every field of T, optional ones included (so a field left out of a record below is a type error). */
type AllFields<T> = { [K in keyof Required<T>]: T[K] };

/**
 * The figure record's constructor. A figure record is made with `new`, not as an object literal: V8
 * pretenures a literal's allocation site when its objects mostly outlive a young-generation collection,
 * as figure records do (the states of a decision hold them), so every figure made went straight into
 * the old generation, slowly, and died there for the full collector to find (2–4 µs a record against
 * ≈ 0.1 µs young). Objects made by `new` have no allocation site. Its
 * prototype is Object.prototype: a record is a plain object as before (the same keys in the same
 * order, the same prototype).
 */
const FigureRecord = function (this: AllFields<KFigure>, f: KFigure): void {
  this.id = f.id;
  this.unitId = f.unitId;
  this.homeUnitId = f.homeUnitId;
  this.side = f.side;
  this.at = f.at;
  this.floor = f.floor;
  this.facing = f.facing;
  this.condition = f.condition;
  this.wounds = f.wounds;
  this.weapon = f.weapon;
  this.skill = f.skill;
  this.morale = f.morale;
  this.role = f.role;
  this.skills = f.skills;
  this.baseRadius = f.baseRadius;
  this.removed = f.removed;
  this.evacuation = f.evacuation;
} as unknown as { new (f: KFigure): KFigure; prototype: object };
FigureRecord.prototype = Object.prototype;

/** A figure record of the one shape, from any object with a figure's fields. */
export function figureRecord(f: KFigure): KFigure {
  return new FigureRecord(f);
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
 * The state with some fields changed, of the one shape. The table's own activation state (`tableFlow`)
 * is on the same object; it is carried over as it is, present (undefined) on a bare state. A reading's
 * sequence (KReading's `seq`) is not the table's: it is left out.
 */
export function stateWith(s: KState, patch: Partial<KState>): KState {
  const r: AllFields<KState> = {
    ruleset: s.ruleset,
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
    turn: s.turn,
    tableFlow: s.tableFlow,
  };
  return patched<KState>(r, patch);
}

/** The state with a new table-flow record, of the one shape (what `{ ...s, tableFlow }` holds). */
export function stateWithFlow(s: KState, tableFlow: KState['tableFlow']): KState {
  const r = stateWith(s, {});
  r.tableFlow = tableFlow;
  return r;
}

/** The table read with this sequence (KReading), of one shape: the table's fields in stateWith's order, then `seq`. */
export function readingOf(s: KState, seq: KSeq): KReading {
  const r = stateWith(s, {}) as AllFields<KState> & { seq: KSeq };
  r.seq = seq;
  return r;
}

// Copies of the records keyed by id (the figures, the units, the flow's per-unit counts). A spread of
// a record of ~100 keys runs in V8's runtime, key by key: 6–14 µs a copy (a move or a wound copies the
// figures record, the fold copies it again and again while deciding). An object literal naming every
// key builds the same record from one boilerplate in well under a microsecond, so a record whose keys
// have come often enough gets a copier made for its very key list. A copier is used only on a record
// whose own enumerable keys are exactly its list, in order (a for-in walk compares them), so a copy
// has the keys, the order and the values a spread would give.
type Copier = (o: object) => object;

/** Copies of a key list before a copier is made for it (key lists of a moment, as a split unit's, stay with spread). */
const COPIER_AFTER = 8;
/** Key lists counted or with a copier, at most (then counted afresh: a bound on memory over many games). */
const COPIER_LIMIT = 256;
/** Copiers tried first, most recently made first (one per record kind of the games being played). */
const RECENT = 4;
/** Biggest record given a copier (a literal of more keys may not keep fast properties). */
const COPIER_MAX_KEYS = 512;

const recentKeys: string[][] = [];
const recentCopy: Copier[] = [];
const seen = new Map<string, number | Copier>();

/** Are o's own enumerable keys, in for-in order, exactly `keys`? (Records keyed by id have Object.prototype, which has no enumerable keys.) */
function hasKeys(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (keys[i] !== k) return false;
    i++;
  }
  return i === keys.length;
}

/** The spread itself: the copier of a page whose policy forbids making functions from text. */
const spreadCopy: Copier = (o) => ({ ...o });
let canMake = true;

function makeCopier(keys: readonly string[]): Copier {
  if (!canMake) return spreadCopy;
  // JSON.stringify quotes any key as a JavaScript string literal (no code from the key runs).
  const body = keys.map((k) => { const q = JSON.stringify(k); return `${q}: o[${q}]`; }).join(',\n');
  try {
    return new Function('o', `return {\n${body}\n};`) as Copier;
  } catch {
    // A Content-Security-Policy without 'unsafe-eval': copies stay spreads (the same records, slower).
    canMake = false;
    return spreadCopy;
  }
}

/**
 * A fresh copy of a record keyed by id: the same keys in the same order, the same values (what `{ ...o }`
 * gives). For the state's plain data records (string keys, Object.prototype, no symbols or accessors).
 */
export function copyRecord<T extends object>(o: T): T {
  for (let i = 0; i < recentKeys.length; i++) if (hasKeys(o, recentKeys[i]!)) return recentCopy[i]!(o) as T;
  return copySlow(o);
}

function copySlow<T extends object>(o: T): T {
  const keys = Object.keys(o);
  // A "__proto__" key in a literal would set the prototype instead (and for-in walks own keys only for plain records).
  if (
    keys.length > COPIER_MAX_KEYS || keys.includes('__proto__') || Object.getPrototypeOf(o) !== Object.prototype ||
    keys.length !== Object.getOwnPropertyNames(o).length || Object.getOwnPropertySymbols(o).length
  ) return { ...o };
  const id = keys.join('\u0000');
  const got = seen.get(id);
  if (typeof got === 'function') {
    remember(keys, got);
    return got(o) as T;
  }
  const n = (got ?? 0) + 1;
  if (n < COPIER_AFTER) {
    if (seen.size >= COPIER_LIMIT) seen.clear();
    seen.set(id, n);
    return { ...o };
  }
  const copy = makeCopier(keys);
  seen.set(id, copy);
  remember(keys, copy);
  return copy(o) as T;
}

function remember(keys: string[], copy: Copier): void {
  recentKeys.unshift(keys);
  recentCopy.unshift(copy);
  if (recentKeys.length > RECENT) {
    recentKeys.length = RECENT;
    recentCopy.length = RECENT;
  }
}

/** A copy of a record keyed by id with one entry set (what `{ ...o, [id]: v }` gives). */
export function recordWith<V>(o: Readonly<Record<string, V>>, id: string, v: V): Record<string, V> {
  const r = copyRecord(o as Record<string, V>);
  r[id] = v;
  return r;
}
