// K-5.1 / K-5.2 / K-6.0b choosing a target: who sees whom through the table (terrain only, K-5.2a–d,
// dense terrain 10 cm), friendly soldiers in the way (K-5.1c) unless shooter or target stands higher
// (K-5.1d), units in melee in the way (K-6.0b), partial visibility (K-5.2e/f), range (K-WPN, K-AMB-6).
import { type Base3, type TableQueries, type Vec2, type Vec3, baseDistance, within, hypot } from '../../core';
import { CLOSE_RANGE, COVER_VALUE, type CoverName, HIGHER_BY } from './constants';
import { type KQuery, houseOf } from './context';
import { weaponById } from './data';
import { coverClassAt } from './terrain';
import { sightOptions } from './sight-options';
import { crossingAt, elevatedRule, isHidden, isLit, nightNow } from './special-queries';
import { baseOf, bodyOf, liveFigures, standingFigures } from './table';
import type { HouseSettings, KFigure, KState, KUnit } from './state';
import { K_SIGHT_HEIGHTS } from './sight-points';

export interface PairSight {
  shooter: string;
  target: string;
  /** Base-to-base tape distance, cm. */
  distance: number;
  /** Terrain lets the shooter see at least one of the target's head, chest or base (K-5.2a). */
  visible: boolean;
  /** A reason the pair cannot be used although it is visible. */
  blocked?: { rule: string; by: string };
}

export interface TargetOption {
  targetId: string;
  valid: boolean;
  reason?: { rule: string; text: string };
  /** K-5.2e the enemy soldiers the shooting can hit. */
  hittable: string[];
  /** K-5.2e the soldier who sees the most of a partly hidden unit (when only part is visible). */
  spotter?: string;
  /** K-5.2f / K-AMB-6 the soldiers who may shoot. */
  shooters: string[];
  /** K-5.7a within 15 cm. */
  closeRange: boolean;
  /** K-5.4c the cover value of the target's visible soldiers (majority, ties to the worse). */
  cover: { value: number; name: CoverName; perFigure: Record<string, CoverName> };
  /** The shooter → target sight lines that were looked at (all of them when only part of the target is visible). */
  pairs: PairSight[];
}

/** K-5.1d a figure stands higher than another (a hill, an upper floor, a roof). */
export function standsHigher(table: TableQueries, a: KFigure, than: KFigure): boolean {
  return higherBase(baseOf(table, a).y, baseOf(table, than).y);
}

/** K-5.1d is a base at height `y` higher than one at `than` (by HIGHER_BY)? standsHigher's test on heights already asked. */
const higherBase = (y: number, than: number) => y - than >= HIGHER_BY - 1e-9;

/** K-5.1c / K-5.1d / K-6.0b what stands in the way of one shooter → target pair (a base lying across the plan line between them). */
export function inTheWay(s: KState, table: TableQueries, shooter: KFigure, target: KFigure, among: readonly KFigure[] = Object.values(s.figures)): { rule: string; by: string } | undefined {
  // across(shooter, target, c) for each c, with the sight line's terms worked out once.
  const ax = shooter.at[0], az = shooter.at[1];
  const dx = target.at[0] - ax, dz = target.at[1] - az;
  const len2 = dx * dx + dz * dz;
  if (len2 < 1e-9) return undefined; // nothing lies across a line of no length
  HEIGHTS.shooter = HEIGHTS.target = false;
  for (const c of among) {
    // Each test below only passes a figure over, so the cheap plan arithmetic goes first.
    const t = ((c.at[0] - ax) * dx + (c.at[1] - az) * dz) / len2;
    if (t <= 0 || t >= 1) continue;
    const ex = c.at[0] - (ax + dx * t), ez = c.at[1] - (az + dz * t);
    if (Math.abs(ex) >= c.baseRadius || Math.abs(ez) >= c.baseRadius || !(hypot(ex, ez) < c.baseRadius)) continue;
    const b = blockerOf(s, table, shooter, target, c);
    if (b !== null) return b;
  }
  return undefined;
}

/**
 * inTheWay over evaluateTarget's `between` figures, whose plan centres and base radii stand in the
 * scratch arrays BX, BZ, BR (the same numbers as their at and baseRadius): a figure's record is read
 * only when its base lies across the line.
 */
function inTheWayOf(s: KState, table: TableQueries, shooter: KFigure, target: KFigure, among: readonly KFigure[]): { rule: string; by: string } | undefined {
  const ax = shooter.at[0], az = shooter.at[1];
  const dx = target.at[0] - ax, dz = target.at[1] - az;
  const len2 = dx * dx + dz * dz;
  if (len2 < 1e-9) return undefined; // nothing lies across a line of no length
  HEIGHTS.shooter = HEIGHTS.target = false;
  const xs = BX, zs = BZ, rs = BR;
  for (let k = 0; k < among.length; k++) {
    const cx = xs[k]!, cz = zs[k]!, r = rs[k]!;
    const t = ((cx - ax) * dx + (cz - az) * dz) / len2;
    if (t <= 0 || t >= 1) continue;
    const ex = cx - (ax + dx * t), ez = cz - (az + dz * t);
    if (Math.abs(ex) >= r || Math.abs(ez) >= r || !(hypot(ex, ez) < r)) continue;
    const b = blockerOf(s, table, shooter, target, among[k]!);
    if (b !== null) return b;
  }
  return undefined;
}

/** K-5.1d the shooter's and the target's stand heights, asked once per pair and only when needed (blockerOf). */
const HEIGHTS = { shooter: false, sy: 0, target: false, ty: 0 };

/** Whether c, whose base lies across the shooter → target line, blocks it (K-6.0b, K-5.1c unless K-5.1d); null when not. */
function blockerOf(s: KState, table: TableQueries, shooter: KFigure, target: KFigure, c: KFigure): { rule: string; by: string } | null {
  if (c.removed || c.condition === 'dead' || c.evacuation || c.id === shooter.id || c.id === target.id) return null;
  const cu = s.units[c.unitId];
  if (!cu) return null;
  if (cu.status === 'in-melee' && c.unitId !== target.unitId && c.unitId !== shooter.unitId) return { rule: 'K-6.0b', by: c.id };
  if (c.side === shooter.side && c.unitId !== shooter.unitId) {
    const h = HEIGHTS;
    if (!h.shooter) { h.sy = baseOf(table, shooter).y; h.shooter = true; }
    const cy = baseOf(table, c).y;
    if (higherBase(h.sy, cy)) return null; // K-5.1d the shooter stands higher
    if (!h.target) { h.ty = baseOf(table, target).y; h.target = true; }
    if (higherBase(h.ty, cy)) return null; // K-5.1d the target stands higher
    if (s.special?.config.elevated.length && firesOver(s, table, shooter, target, c)) return null; // K-5.1d by a scenario rule
    return { rule: 'K-5.1c', by: c.id };
  }
  return null;
}

/** K-5.1d a scenario makes the shooter or the target elevated (the-crest, elevated-defenders): a friend in between who is not elevated himself does not block. */
function firesOver(s: KState, table: TableQueries, shooter: KFigure, target: KFigure, c: KFigure): boolean {
  const up = (f: KFigure) => elevatedRule(s, table, f);
  const a = up(shooter);
  const b = a?.overFriends ? a : up(target);
  if (!b?.overFriends) return false;
  return !up(c);
}

/** Features a scenario lets this figure's sight lines pass over (the-crest: headstone rows). */
function overFeatures(s: KState, table: TableQueries, f: KFigure): readonly string[] | undefined {
  if (!s.special?.config.elevated.length) return undefined;
  const r = elevatedRule(s, table, f);
  return r?.overFeatures.length ? r.overFeatures : undefined;
}

/** Eye of a standing figure (the table's eye point for a 15 mm figure). */
function eyeOf(table: TableQueries, f: KFigure): Vec3 {
  return table.eyePoint(bodyOf(f));
}

/** K-5.2a the points of a target figure its sight lines aim at (K_SIGHT_POINTS: head, chest, base). */
function samplesOf(table: TableQueries, f: KFigure): Vec3[] {
  return samplesAt(f, table.standHeight(f.at[0], f.at[1], f.floor));
}

/** The K-5.2a sight points of a figure standing at stand height y (as samplesOf). */
function samplesAt(f: KFigure, y: number): Vec3[] {
  const out: Vec3[] = [];
  for (let i = 0; i < K_SIGHT_HEIGHTS.length; i++) out.push([f.at[0], y + K_SIGHT_HEIGHTS[i]!, f.at[1]]);
  return out;
}

/** K-5.2a–d any of these points clear from the eye (figureSees with the target's points given). */
function seesAny(table: TableQueries, eye: Vec3, points: readonly Vec3[], house: HouseSettings, ignore?: readonly string[]): boolean {
  const opts = sightOptions(house, ignore);
  for (const p of points) if (table.isClear(eye, p, opts)) return true;
  return false;
}

/** K-5.2a–d terrain sight from one figure to another (head, chest or base visible; 10 cm into dense terrain as K-AMB-23 reads it). */
export function figureSees(table: TableQueries, shooter: KFigure, target: KFigure, house?: HouseSettings): boolean {
  const eye = eyeOf(table, shooter), opts = sightOptions(house);
  for (const p of samplesOf(table, target)) if (table.isClear(eye, p, opts)) return true;
  return false;
}

/** K-5.3b / K-WPN soldiers of a unit able to fire now (not seriously wounded, armed, MG not moved). */
export function ableFirers(s: KState, u: KUnit, house: HouseSettings): KFigure[] {
  return liveFigures(s, u).filter((f) => {
    if (f.condition === 'serious' || !f.weapon) return false;
    const w = weaponById(f.weapon);
    if (!w) return false;
    if (f.role === 'mg-loader' && !house.mgLoaderRollsOwnDie && liveFigures(s, u).some((g) => g.role === 'mg-gunner')) return false; // K-AMB-19
    if (w.cannotShootAndMove && u.movedThisTurn.includes(f.id)) return false; // K-WPN-9…13
    return true;
  });
}

/** K-WPN-9…13 the weapon (its id is the rule) that keeps a soldier from shooting because it moved this turn. */
export function movedGun(u: KUnit, f: KFigure): { id: string; name: string } | undefined {
  const w = f.weapon ? weaponById(f.weapon) : undefined;
  return w?.cannotShootAndMove && u.movedThisTurn.includes(f.id) ? w : undefined;
}

/** Why a soldier the unit's shooting leaves out cannot shoot, when it is his machine gun having moved (K-WPN-9…13). */
export function movedGunRefusal(u: KUnit, f: KFigure): { rule: string; reason: string } | undefined {
  const w = movedGun(u, f);
  return w && { rule: w.id, reason: `the ${w.name} moved — cannot shoot in the same turn` };
}

/**
 * K-5.3b why a unit with no soldier able to fire (ableFirers empty) cannot shoot: the real reason when
 * it is a machine gun that moved (K-WPN-9…13), not the general one.
 */
export function noFirerRefusal(s: KState, u: KUnit): { rule: string; reason: string } {
  for (const f of liveFigures(s, u)) {
    const w = f.condition === 'serious' ? undefined : movedGun(u, f);
    if (w) return { rule: w.id, reason: `${u.name}: the ${w.name} moved — cannot shoot in the same turn` };
  }
  return { rule: 'K-5.3b', reason: `${u.name} has no soldier able to shoot` };
}

/** K-5.4c majority cover of the visible soldiers; a tie goes to the worse (higher) value. */
export function majorityCover(perFigure: readonly CoverName[]): CoverName {
  const counts = new Map<CoverName, number>();
  for (const c of perFigure) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best: CoverName = 'open';
  let n = -1;
  for (const [c, k] of counts) {
    if (k > n || (k === n && COVER_VALUE[c] > COVER_VALUE[best])) {
      best = c;
      n = k;
    }
  }
  return best;
}

/** The K-5.4c cover value of each class, and back (one class per value). */
const BY_VALUE: Array<CoverName | undefined> = [];
for (const [c, v] of Object.entries(COVER_VALUE) as Array<[CoverName, number]>) BY_VALUE[v] = c;
const COUNTS = new Int32Array(BY_VALUE.length);

/**
 * majorityCover(figs.map((f) => per[f.id])) without a map: the class most soldiers have, a tie to the
 * worse (higher) value — one answer whatever the order, since each class has its own value.
 */
function majorityOf(figs: readonly KFigure[], per: Record<string, CoverName>): CoverName {
  COUNTS.fill(0);
  for (const f of figs) {
    const v = COVER_VALUE[per[f.id]!] as number | undefined;
    if (v === undefined) return majorityCover(figs.map((g) => per[g.id]!)); // not a class: the plain count
    COUNTS[v]!++;
  }
  let best: CoverName = 'open';
  let n = 0;
  for (let v = 0; v < COUNTS.length; v++) {
    if (COUNTS[v]! > 0 && COUNTS[v]! >= n) { best = BY_VALUE[v]!; n = COUNTS[v]!; }
  }
  return best;
}

/** K-SKL-3 snow suits give 5 in the open in a winter scenario. */
export function coverValue(s: KState, f: KFigure, cover: CoverName): number {
  if (cover !== 'open' || !s.winter) return COVER_VALUE[cover]; // the suits matter only in the open in winter
  const u = s.units[f.unitId];
  const suit = f.skills.includes('snow-suit') || !!u?.skills.includes('snow-suit');
  return suit ? 5 : COVER_VALUE[cover];
}

/** The value of a majority cover for a unit (K-5.4c with K-SKL-3 on its soldiers). */
export function unitCoverValue(s: KState, figs: readonly KFigure[], per: Record<string, CoverName>): { value: number; name: CoverName } {
  const name = majorityOf(figs, per);
  // The worst (highest) value among the soldiers in that class, without the lists.
  let value = -Infinity;
  for (const f of figs) if (per[f.id] === name) value = Math.max(value, coverValue(s, f, name));
  return { name, value: value === -Infinity ? COVER_VALUE[name] : value };
}

/**
 * Scratch buffers of evaluateTarget (it never runs inside itself): the shooter → target distances,
 * the lazily looked-at pairs, which targets may be hit, a nearest-first order and the plan centres and
 * radii of the figures between the two units (for inTheWayOf) and which firers shoot, grown as needed and
 * reused, since a fresh typed array per shot costs more than the arithmetic it holds.
 */
let DIST = new Float64Array(64);
let MEMO: Array<PairSight | undefined> = [];
let HIT = new Uint8Array(16);
let ORDER = new Int32Array(16);
let BX = new Float64Array(128), BZ = new Float64Array(128), BR = new Float64Array(128);
let SHOOTS = new Uint8Array(16);

/**
 * Indices 0…n−1 in `order`, sorted by d[row + j] ascending, equal ones in index order: what a stable
 * sort of [0…n−1] by that key gives (an insertion sort: a unit has a dozen soldiers at most).
 */
export function nearestFirst(order: Int32Array, n: number, d: Float64Array, row: number): void {
  for (let k = 0; k < n; k++) {
    const v = d[row + k]!;
    let m = k;
    while (m > 0 && d[row + order[m - 1]!]! > v) {
      order[m] = order[m - 1]!;
      m--;
    }
    order[m] = k;
  }
}

/** A refused target option (nothing to shoot with or at), with the rule and why. */
function badOption(targetId: string, rule: string, text: string, pairs: PairSight[] = []): TargetOption {
  return { targetId, valid: false, hittable: [], shooters: [], closeRange: false, cover: { value: 6, name: 'open', perFigure: {} }, pairs, reason: { rule, text } };
}

/**
 * K-5.1a/b/c/d, K-5.2, K-AMB-6: can this unit shoot at that enemy unit, with whom, at whom?
 * `spotter` picks the K-5.2e soldier when several see equally many. `verdict`: the caller reads only
 * the verdict of a refused option (its rule and text), so its `pairs` may be fewer than the plain
 * search looks at; a valid option is the same either way.
 */
export function evaluateTarget(s: KState, shooterId: string, targetId: string, ctx: KQuery, spotter?: string, verdict = false): TargetOption {
  const house = houseOf(s, ctx);
  const { table } = ctx;
  const su = s.units[shooterId]!;
  const tu = s.units[targetId]!;
  if (!tu || tu.side === su.side) return badOption(targetId, 'K-5.1a', 'the target must be an enemy unit');
  const targets = liveFigures(s, tu);
  if (!targets.length || tu.status === 'surrendered' || tu.status === 'withdrawn' || tu.status === 'destroyed') return badOption(targetId, 'K-5.1a', `${tu?.name ?? targetId} is not on the table`);
  if (tu.status === 'in-melee' && !house.shootIntoMelee) return badOption(targetId, 'K-AMB-6', `${tu.name} is locked in melee: house rule forbids shooting at it`);
  if (isHidden(s, tu.id)) return badOption(targetId, 'K-5.2a', `${tu.name} has not been seen yet (${s.special!.config.hidden!.name})`);
  const firers = ableFirers(s, su, house);
  if (!firers.length) {
    const why = noFirerRefusal(s, su);
    return badOption(targetId, why.rule, why.reason);
  }
  const F = firers.length, T = targets.length;
  // Out of every firer's reach: no need to look (K-5.1a range first).
  let reach = -Infinity;
  const ranges: number[] = [];
  for (let i = 0; i < F; i++) {
    const r = weaponById(firers[i]!.weapon!)!.range;
    ranges.push(r);
    reach = Math.max(reach, r);
  }
  const firerBases: Base3[] = [];
  for (let i = 0; i < F; i++) firerBases.push(baseOf(table, firers[i]!));
  const targetBases: Base3[] = [];
  for (let j = 0; j < T; j++) targetBases.push(baseOf(table, targets[j]!));
  // Every shooter → target base distance, once (firer first, as groupDistance measures).
  if (DIST.length < F * T) DIST = new Float64Array(2 * F * T);
  const dist = DIST;
  let nearest = Infinity;
  for (let i = 0; i < F; i++) {
    for (let j = 0; j < T; j++) {
      const d = baseDistance(firerBases[i]!, targetBases[j]!);
      dist[i * T + j] = d;
      nearest = Math.min(nearest, d);
    }
  }
  if (!within(nearest, reach)) return badOption(targetId, 'K-5.1a', `${tu.name} is out of range of ${su.name}`);
  // Figures that could stand between the two units (plan box around both).
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let i = 0; i < F; i++) { const f = firers[i]!; minX = Math.min(minX, f.at[0]); maxX = Math.max(maxX, f.at[0]); minZ = Math.min(minZ, f.at[1]); maxZ = Math.max(maxZ, f.at[1]); }
  for (let j = 0; j < T; j++) { const f = targets[j]!; minX = Math.min(minX, f.at[0]); maxX = Math.max(maxX, f.at[0]); minZ = Math.min(minZ, f.at[1]); maxZ = Math.max(maxZ, f.at[1]); }
  minX -= 1; maxX += 1; minZ -= 1; maxZ += 1;
  // In the figures record's order (as inTheWay's `among`), their plan centres and radii in the scratch arrays.
  const between: KFigure[] = [];
  const standing = standingFigures(s);
  if (BX.length < standing.length) { BX = new Float64Array(2 * standing.length); BZ = new Float64Array(2 * standing.length); BR = new Float64Array(2 * standing.length); }
  const bx = BX, bz = BZ, br = BR;
  for (let k = 0; k < standing.length; k++) {
    const c = standing[k]!;
    const x = c.at[0], z = c.at[1];
    if (x >= minX && x <= maxX && z >= minZ && z <= maxZ) {
      bx[between.length] = x; bz[between.length] = z; br[between.length] = c.baseRadius;
      between.push(c);
    }
  }
  // Sight pairs are looked at lazily: most shootings need only one clear line per shooter and per
  // target; the full matrix is built only when part of the target is hidden (K-5.2e).
  const night = nightNow(s);
  const memo = MEMO;
  memo.length = 0; // every pair unlooked (no pair of an earlier call is kept alive either)
  const looked: PairSight[] = []; // in the order they were looked at
  const eyes: Array<Vec3 | undefined> = new Array(F);
  const overs: Array<readonly string[] | null | undefined> = new Array(F);
  const samples: Array<Vec3[] | undefined> = new Array(T);
  const pair = (i: number, j: number): PairSight => {
    const key = i * T + j;
    let p = memo[key];
    if (!p) {
      const a = firers[i]!, b = targets[j]!;
      const distance = dist[key]!;
      // K-5.2a at night (a scenario's night rule) nothing beyond its limit is seen, except in lit areas.
      const dark = night !== undefined && distance > night.visibility + 1e-9 && !isLit(s, b.at);
      let visible = false;
      if (!dark) {
        let eye = eyes[i];
        if (!eye) eyes[i] = eye = eyeOf(table, a);
        let over = overs[i];
        if (over === undefined) overs[i] = over = overFeatures(s, table, a) ?? null;
        let pts = samples[j];
        if (!pts) samples[j] = pts = samplesAt(b, targetBases[j]!.y); // isClear keeps no reference to its points
        visible = seesAny(table, eye, pts, house, over ?? undefined);
      }
      const blocked = visible ? inTheWayOf(s, table, a, b, between) : undefined;
      p = blocked ? { shooter: a.id, target: b.id, distance, visible, blocked } : { shooter: a.id, target: b.id, distance, visible };
      memo[key] = p;
      looked.push(p);
    }
    return p;
  };
  const clear = (i: number, j: number) => {
    const p = pair(i, j);
    return p.visible && !p.blocked;
  };
  // K-AMB-6 (range per firer) when no firer has a target soldier within his own weapon's range, any
  // shooters list below is empty: one pair in sight settles the refusal it ends in, and with none the
  // search below has looked at every pair, in its order, already.
  if (verdict && house.rangePerFirer && !anyInOwnRange(dist, ranges, F, T)) {
    for (let j = 0; j < T; j++) for (let i = 0; i < F; i++) if (clear(i, j)) return badOption(targetId, 'K-5.1a', outOfRangeOfSeers(tu), looked);
  }
  // Is every target soldier seen by someone?
  let allSeen = true, noneSeen = true;
  for (let j = 0; j < T; j++) {
    let seen = false;
    for (let i = 0; i < F && !seen; i++) seen = clear(i, j);
    if (seen) noneSeen = false;
    else allSeen = false;
  }
  if (noneSeen) {
    const blocked = looked.find((p) => p.visible && p.blocked);
    if (blocked) {
      // The soldier in the way is named by his unit: players read names, never ids.
      const by = s.units[s.figures[blocked.blocked!.by]?.unitId ?? '']?.name ?? 'another unit';
      return badOption(targetId, blocked.blocked!.rule, blocked.blocked!.rule === 'K-6.0b' ? `a unit in melee (${by}) is in the way` : `friendly soldiers of another unit (${by}) are in the way`, looked);
    }
    return badOption(targetId, 'K-5.2a', `${tu.name} is not visible to ${su.name}`, looked);
  }
  // K-5.2e only part of the unit visible: the soldier who sees the most decides who can be hit.
  if (HIT.length < T) { HIT = new Uint8Array(2 * T); ORDER = new Int32Array(2 * T); }
  const hit = HIT;
  hit.fill(0, 0, T);
  let hittable: string[];
  let chosen: string | undefined;
  if (allSeen) {
    hittable = [];
    for (let j = 0; j < T; j++) hittable.push(targets[j]!.id);
    hit.fill(1, 0, T);
  } else {
    const counts: number[] = [];
    let most = -Infinity;
    for (let i = 0; i < F; i++) {
      let n = 0;
      for (let j = 0; j < T; j++) if (clear(i, j)) n++;
      counts.push(n);
      most = Math.max(most, n);
    }
    const spot = spotter ? firers.findIndex((f) => f.id === spotter) : -1;
    const pick = spot >= 0 && counts[spot] === most ? spot : counts.indexOf(most);
    chosen = firers[pick]!.id;
    hittable = [];
    for (let j = 0; j < T; j++) if (clear(pick, j)) { hittable.push(targets[j]!.id); hit[j] = 1; }
  }
  // K-5.2f every soldier who sees one of them may shoot; K-AMB-6 with one in his weapon's range.
  const order = ORDER;
  const shooters: string[] = [];
  if (SHOOTS.length < F) SHOOTS = new Uint8Array(2 * F);
  const shoots = SHOOTS; // which firers are among the shooters
  for (let i = 0; i < F; i++) {
    const range = ranges[i]!;
    const row = i * T;
    // Targets nearest first (as a stable sort: equal distances keep the unit's order).
    nearestFirst(order, T, dist, row);
    let may = false;
    for (let k = 0; k < T; k++) {
      const j = order[k]!;
      if (!hit[j]) continue;
      if (house.rangePerFirer && !within(dist[row + j]!, range)) break; // nearer ones are all out of reach too
      if (clear(i, j)) { may = true; break; }
    }
    if (may) shooters.push(firers[i]!.id);
    shoots[i] = may ? 1 : 0;
  }
  if (!house.rangePerFirer) {
    let d = Infinity;
    for (let i = 0; i < F; i++) for (let j = 0; j < T; j++) if (hit[j]) d = Math.min(d, dist[i * T + j]!);
    if (!within(d, reach)) return badOption(targetId, 'K-5.1a', `${tu.name} is out of range`, looked);
  }
  if (!shooters.length) return badOption(targetId, 'K-5.1a', outOfRangeOfSeers(tu), looked);
  // K-5.7a close range: the target unit within 15 cm of the shooting unit (all its soldiers on the table, not only the firers).
  let close = Infinity;
  let fi = 0;
  const mine = liveFigures(s, su);
  for (let m = 0; m < mine.length; m++) {
    const f = mine[m]!;
    if (fi < F && firers[fi] === f) {
      for (let j = 0; j < T; j++) close = Math.min(close, dist[fi * T + j]!);
      fi++;
    } else {
      const fb = baseOf(table, f);
      for (let j = 0; j < T; j++) close = Math.min(close, baseDistance(fb, targetBases[j]!));
    }
  }
  const closeRange = within(close, CLOSE_RANGE);
  // K-5.4c cover of the visible (hittable) soldiers, each against the nearest firer.
  const perFigure: Record<string, CoverName> = {};
  const seen: KFigure[] = []; // the hittable soldiers, in hittable's order (the targets')
  for (let j = 0; j < T; j++) {
    if (!hit[j]) continue;
    const t = targets[j]!;
    seen.push(t);
    const from = nearestShooter(t, firers, SHOOTS);
    // narrow-crossing: figures on the walkway are in the open (K-5.4).
    perFigure[t.id] = crossingAt(s, t.at)?.open ? 'open' : coverClassAt(table, t.at, t.baseRadius, from, house);
  }
  const cover = unitCoverValue(s, seen, perFigure);
  const coverOf = { name: cover.name, value: cover.value, perFigure };
  return chosen
    ? { targetId, valid: true, hittable, spotter: chosen, shooters, closeRange, cover: coverOf, pairs: looked }
    : { targetId, valid: true, hittable, shooters, closeRange, cover: coverOf, pairs: looked };
}

/** K-AMB-6 the refusal when no soldier who sees the target has one of its soldiers in range. */
const outOfRangeOfSeers = (tu: KUnit) => `${tu.name} is out of range of every soldier who sees it`;

/** Has some firer i a target soldier j within his own range (dist[i · T + j] against ranges[i])? */
function anyInOwnRange(dist: Float64Array, ranges: readonly number[], F: number, T: number): boolean {
  for (let i = 0; i < F; i++) {
    const r = ranges[i]!;
    for (let j = 0; j < T; j++) if (within(dist[i * T + j]!, r)) return true;
  }
  return false;
}

/** The nearest (in plan) of the firers flagged in `shoots`, the first of equals; the target's own place when none is. */
function nearestShooter(t: KFigure, firers: readonly KFigure[], shoots: Uint8Array): Vec2 {
  let best: KFigure | undefined;
  let d = Infinity;
  for (let i = 0; i < firers.length; i++) {
    if (!shoots[i]) continue;
    const f = firers[i]!;
    const x = hypot(f.at[0] - t.at[0], f.at[1] - t.at[1]);
    if (x < d) { d = x; best = f; }
  }
  return best ? best.at : t.at;
}

/** K-5.1a / K-5.2 check one target: the option when it may be shot, else the refusal with its rule. */
export function validateTarget(s: KState, shooterId: string, targetId: string, ctx: KQuery, spotter?: string): TargetOption | { ok: false; rule: string; reason: string } {
  const o = evaluateTarget(s, shooterId, targetId, ctx, spotter);
  return o.valid ? o : { ok: false, rule: o.reason!.rule, reason: o.reason!.text };
}

/** K-5.1a every enemy unit this unit could shoot at now, with why the others cannot be. */
export function shootingCandidates(s: KState, shooterId: string, ctx: KQuery): TargetOption[] {
  const su = s.units[shooterId];
  if (!su) return [];
  return Object.values(s.units)
    .filter((u) => u.side !== su.side && liveFigures(s, u).length > 0)
    .map((u) => evaluateTarget(s, shooterId, u.id, ctx));
}

