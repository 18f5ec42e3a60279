// K-4.x movement: allowances (K-4.0/4.1/4.2, K-5.5f, K-5.6, K-WPN half speed, K-AMB-5), who may move
// (K-1.1b, K-1.2c, K-1.4, K-6.3a, K-7.1c, K-2.4), and validateMove: 3D tape distances on the table,
// difficult going for the whole unit (K-4.2c), the edge stop (K-4.2d), walls, coherency (K-1.0b).
import { type Base3, type TableQueries, type Vec2, WITHIN_EPS, within, hypot } from '../../core';
import { chainGroups } from './coherency';
import {
  FAST_MOVE, FAST_MOVE_DIFFICULT, FIGURE_HEIGHT, NORMAL_MOVE, NORMAL_MOVE_DIFFICULT,
} from './constants';
import { type KQuery, type KRefusal, type KResult, houseOf, refuse } from './context';
import { type ContactBase, contactReach, inContact } from './contact';
import { weaponById } from './data';
import { ev, type FigureMove, type KEvent, type MoveMode } from './events';
import { analyse, type PathPoint, type PathReport } from './paths';
import { type Band, bandBox, onBand } from './special';
import { baseOf, liveFigures, onTable, standingFigures } from './table';
import { blownSpanOnPath, pathOnBand } from './special-queries';
import { featureName } from '../../scenario';
import { soldierName } from './soldier-names';
import type { HouseSettings, KFigure, KState, KUnit } from './state';

/** One figure's requested move: its end point (and floor), through optional waypoints. */
export interface FigureStep {
  figureId: string;
  to: Vec2;
  floor?: number;
  via?: Vec2[];
}

export interface MoveArgs {
  unitId: string;
  moves: FigureStep[];
  mode: MoveMode;
}

/** Modes that run flat out (K-4.1; K-7.3c rout; a fast charge per K-AMB-11). */
export function isFast(mode: MoveMode, house: HouseSettings, fastCharge = false): boolean {
  return mode === 'fast' || mode === 'rout' || (mode === 'charge' && house.fastCharge && fastCharge);
}

/** Does this figure carry a weapon that halves his speed (K-WPN-10/11/12 heavy MG; weaponById reads an index)? */
function heavy(x: KFigure): boolean {
  return !!(x.weapon && weaponById(x.weapon)?.halfSpeed);
}

/** K-WPN-10/11/12 heavy MG crews move at half speed (K-AMB-19: the crew only, or the whole unit). */
export function mgSlowed(s: KState, f: KFigure, house: HouseSettings): boolean {
  if (heavy(f)) return true;
  const unit = s.units[f.unitId];
  if (!unit) return false;
  if (house.mgRestrictionScope === 'unit') return liveFigures(s, unit).some(heavy);
  return f.role === 'mg-loader' && liveFigures(s, unit).some(heavy);
}

/** K-5.5e a seriously wounded soldier moves only if his unit has a healthy or lightly wounded soldier for each. */
export function seriousCanMove(s: KState, unit: KUnit): boolean {
  const figs = liveFigures(s, unit);
  const serious = figs.filter((f) => f.condition === 'serious').length;
  return figs.length - serious >= serious;
}

/**
 * movementAllowance's number, and its reasons pushed onto `why` when a list is given (the rules and
 * the random player ask the number for every soldier of every move; only the HUD reads the reasons).
 */
function allowanceOf(s: KState, f: KFigure, mode: MoveMode, difficult: boolean, house: HouseSettings, fastCharge: boolean, why: string[] | undefined): number {
  if (mode === 'fall-back' && house.fallBackDistance === 'fixed-10') { why?.push('K-6.4g 10 cm'); return 10; }
  // K-5.6g the seriously wounded never move fast.
  const fast = isFast(mode, house, fastCharge) && !(f.condition === 'serious');
  if (why && isFast(mode, house, fastCharge) && !fast) why.push('K-5.6g seriously wounded cannot move fast');
  const open = fast ? FAST_MOVE : NORMAL_MOVE;
  const terrain = difficult ? (fast ? FAST_MOVE_DIFFICULT : NORMAL_MOVE_DIFFICULT) : open;
  if (difficult) why?.push('K-4.2 difficult terrain');
  let half = false;
  if (f.condition === 'light') { half = true; why?.push('K-5.5f lightly wounded: half speed'); }
  if (f.condition === 'serious') { half = true; why?.push('K-5.6c seriously wounded: half speed (K-AMB-5)'); }
  if (mode === 'evacuation') { half = true; why?.push('K-5.6f heading to the rear: half speed'); }
  if (mode !== 'rout' && mgSlowed(s, f, house)) { half = true; why?.push('K-WPN machine gun: half speed'); }
  let allowance = terrain;
  if (half) allowance = house.halfSpeedStacks ? terrain / 2 : Math.min(terrain, open / 2);
  return allowance;
}

/** movementAllowance's answer: the number at once, the reasons (`why`) worked out when first read. */
class Allowance {
  private reasons: string[] | undefined;
  constructor(
    readonly allowance: number,
    private readonly s: KState, private readonly f: KFigure, private readonly mode: MoveMode,
    private readonly difficult: boolean, private readonly house: HouseSettings, private readonly fastCharge: boolean,
  ) {}

  get why(): string[] {
    if (!this.reasons) {
      this.reasons = [];
      allowanceOf(this.s, this.f, this.mode, this.difficult, this.house, this.fastCharge, this.reasons);
    }
    return this.reasons;
  }
}

/**
 * K-4.0 / K-4.1 / K-4.2 / K-5.5f / K-5.6f / K-5.6g / K-WPN a figure's allowance in cm for a move mode,
 * given whether the unit moves at the difficult-terrain rate. Half-speed effects follow K-AMB-5.
 * The reasons (`why`) are built only when read.
 */
export function movementAllowance(s: KState, figureId: string, mode: MoveMode, difficult: boolean, house: HouseSettings, fastCharge = false): { readonly allowance: number; readonly why: string[] } {
  const f = s.figures[figureId];
  if (!f) return { allowance: 0, why: ['no such figure'] };
  return new Allowance(allowanceOf(s, f, mode, difficult, house, fastCharge, undefined), s, f, mode, difficult, house, fastCharge);
}

/** K-1.4a the unit lost its squad leader (dead, seriously wounded or gone) and has no leader in his place. */
export function isLeaderless(s: KState, u: KUnit): boolean {
  if (!u.hadSquadLeader || u.kind === 'leader') return false;
  const figs = liveFigures(s, u);
  if (figs.some((f) => f.role === 'squad-leader' && f.condition !== 'serious')) return false;
  // K-1.4b a leader who joined it is its new squad leader.
  return !figs.some((f) => f.role === 'leader' && f.condition !== 'serious');
}

const VOLUNTARY: ReadonlySet<MoveMode> = new Set(['normal', 'fast', 'charge', 'regroup', 'join']);

/** K-1.1b, K-1.2c, K-1.4a, K-2.4, K-6.3a, K-7.1c, K-7.3d why this unit may not make this kind of move now (undefined when it may). */
export function moveRefusal(s: KState, u: KUnit, mode: MoveMode, house: HouseSettings): KRefusal | undefined {
  if (u.status === 'destroyed' || u.status === 'surrendered' || u.status === 'withdrawn') return refuse('K-7.4a', `${u.name} is no longer in the game`);
  if (!liveFigures(s, u).length) return refuse('K-1.0a', `${u.name} has no soldiers on the table`);
  if (u.status === 'in-melee' && mode !== 'fall-back') return refuse('K-6.3a', `${u.name} is locked in melee: it cannot move`);
  if (!VOLUNTARY.has(mode)) return undefined;
  if (u.status === 'pinned') return refuse('K-7.1c', `${u.name} is pinned: it cannot move until it passes a morale test`);
  if (u.status === 'routing') return refuse('K-7.3d', `${u.name} is routing: it only runs for its own table edge`);
  if (u.splitFrom && mode !== 'join') return refuse('K-1.1b', `${u.name} gives covering fire: it cannot move except back to the rest of its unit (K-1.1c)`);
  if (u.noMoveThisTurn) return refuse('K-1.2c', `${u.name} was joined before it activated: it cannot move this turn`);
  if (isLeaderless(s, u) && !u.commandedMove && mode !== 'join') {
    return refuse('K-1.4a', `${u.name} has lost its squad leader: it moves only to join another squad, when a leader joins it, or when a leader commands it (K-1.4c)`);
  }
  const a = s.activation;
  if (a && a.units.includes(u.id)) {
    if (a.phase === 'done') return refuse('K-6.3b', `${u.name} can do nothing more this activation`);
    if (a.moved.some((id) => s.figures[id]?.unitId === u.id)) return refuse('K-2.4b', `${u.name} has already moved this activation`);
    if (a.phase === 'moved-then-shooting') return refuse('K-2.4c', `${u.name} has shot after moving: no one may move now`);
    switch (a.action) {
      case 'shoot': case 'command': case 'special': case 'melee':
        return refuse('K-2.4a', `${u.name} chose "${a.action}": it does not move in this activation`);
      case 'fast-move':
        if (mode !== 'fast' && !(mode === 'charge' && house.fastCharge) && mode !== 'join') return refuse('K-4.1a', `${u.name} chose a fast move`);
        break;
      case 'move-shoot':
        if (a.shot.some((id) => s.figures[id]?.unitId === u.id)) return refuse('K-2.4b', `${u.name} chose move then shoot: the move comes first`);
        if (mode === 'fast') return refuse('K-4.1a', 'a fast move is its own action');
        break;
      case 'shoot-move':
        if (mode === 'fast') return refuse('K-4.1a', 'a fast move is its own action');
        if (mode === 'charge' && a.shot.length && !house.shootThenCharge) return refuse('K-AMB-11', 'house rule: no charge after shooting');
        break;
      case 'regroup':
        if (mode !== 'regroup' && mode !== 'join') return refuse('K-1.0c', `${u.name} is out of formation: this activation must bring it back together`);
        break;
      default:
        break;
    }
  }
  if (mode === 'charge' && u.kind !== 'leader' && liveFigures(s, u).every((f) => f.condition === 'serious')) return refuse('K-5.5e', 'the seriously wounded cannot fight');
  return undefined;
}

interface Planned {
  f: KFigure;
  step: FigureStep;
  points: PathPoint[];
  report: PathReport;
  floor: number;
  /** Stand height at the end point (table.standHeight of step.to on floor), when the path stays on the table. */
  y: number;
}

function plan(s: KState, table: TableQueries, f: KFigure, step: FigureStep, house: HouseSettings): Planned | KRefusal {
  const who = () => soldierName(s, f.id);
  const floor = step.floor ?? 0;
  const via = step.via;
  const points: PathPoint[] = [{ at: f.at, floor: f.floor }];
  if (via) {
    for (const v of via) points.push({ at: v, floor: 0 });
    for (const v of via) if (!onTable(table, v)) return refuse('K-7.4a', `${who()}: a waypoint is off the table`);
  }
  points.push({ at: step.to, floor });
  if (onTable(table, step.to)) {
    const b = table.buildingAt(step.to[0], step.to[1]);
    if (!b && floor > 0) return refuse('K-4.0', `${who()}: there is no building at (${step.to[0]}, ${step.to[1]}) to stand on floor ${floor}`);
    if (b && floor >= b.levels.length) return refuse('K-4.0', `${who()}: ${featureName(table.scenario, b.id)} has floors 0–${b.levels.length - 1}`);
  }
  let report: PathReport;
  const end = { y: NaN };
  try {
    report = analyse(table, points, house, f.baseRadius, end);
  } catch (e) {
    return refuse('K-4.0', `${who()}: ${(e as Error).message}`);
  }
  return { f, step, points, report, floor, y: end.y };
}

/**
 * Scenario ground (special-play.ts): refuses a path over a destroyed span (demolition, K-3.3a); else
 * the speed factor of each figure whose path touches a narrow crossing (narrow-crossing, K-4.0).
 */
function specialGround(s: KState, table: Pick<TableQueries, 'scenario'>, planned: readonly Planned[]): Map<string, number> | KRefusal {
  const factors = new Map<string, number>();
  const sp = s.special;
  if (!sp || (!sp.config.crossings.length && !sp.destroyed.length)) return factors;
  // Bands this move could touch at all (box against box), before any sampling.
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (const p of planned) for (const q of p.points) {
    minX = Math.min(minX, q.at[0]); maxX = Math.max(maxX, q.at[0]); minZ = Math.min(minZ, q.at[1]); maxZ = Math.max(maxZ, q.at[1]);
  }
  const near = (b: Band) => {
    const [x0, x1, z0, z1] = bandBox(b);
    return !(maxX < x0 || minX > x1 || maxZ < z0 || minZ > z1);
  };
  const crossings = sp.config.crossings.filter((c) => near(c.band));
  const spans = sp.destroyed.length && sp.config.demolition.some((d) => sp.destroyed.includes(d.id) && near(d.span));
  if (!crossings.length && !spans) return factors;
  for (const p of planned) {
    const points = p.points.map((q) => q.at);
    const d = spans ? blownSpanOnPath(s, points) : undefined;
    if (d) return refuse(d.rule, `${soldierName(s, p.f.id)}: the span of ${featureName(table.scenario, d.bridge)} has been blown (${d.name}): it cannot be crossed`);
    for (const c of crossings) if (pathOnBand(c.band, points)) factors.set(p.f.id, Math.min(factors.get(p.f.id) ?? 1, c.speedFactor));
  }
  return factors;
}

/** narrow-crossing (K-4.0): figures that end on a single-file walkway stand one behind another, never side by side. */
function singleFileRefusal(s: KState, table: Pick<TableQueries, 'scenario'>, staying: readonly Planned[], moving: ReadonlySet<string>): KRefusal | undefined {
  const list = s.special?.config.crossings;
  if (!list?.length) return undefined;
  for (const c of list) {
    if (!c.singleFile) continue;
    // Most moves end nowhere near the walkway: an end point outside its plan box (grown by a hair for
    // rounding) is not on it, and nothing else needs working out.
    const { a, b, half } = c.band;
    const x0 = Math.min(a[0], b[0]) - half - 1e-6, x1 = Math.max(a[0], b[0]) + half + 1e-6;
    const z0 = Math.min(a[1], b[1]) - half - 1e-6, z1 = Math.max(a[1], b[1]) + half + 1e-6;
    let near = false;
    for (let i = 0; i < staying.length && !near; i++) {
      const to = staying[i]!.step.to;
      near = to[0] >= x0 && to[0] <= x1 && to[1] >= z0 && to[1] <= z1;
    }
    if (!near) continue;
    const len = hypot(c.band.b[0] - c.band.a[0], c.band.b[1] - c.band.a[1]);
    const along = (p: Vec2) => ((p[0] - c.band.a[0]) * (c.band.b[0] - c.band.a[0]) + (p[1] - c.band.a[1]) * (c.band.b[1] - c.band.a[1])) / len;
    const on: Array<{ f: KFigure; at: Vec2 }> = [];
    for (const p of staying) if (onBand(c.band, p.step.to)) on.push({ f: p.f, at: p.step.to });
    if (!on.length) continue;
    // Everyone else standing on it (standingFigures: the figures record's order, as Object.values gives it).
    const others = standingFigures(s).filter((g) => !moving.has(g.id) && onBand(c.band, g.at)).map((g) => ({ f: g, at: g.at }));
    const all = [...on, ...others].map((e) => ({ id: e.f.id, r: e.f.baseRadius, t: along(e.at) })).sort((x, y) => x.t - y.t);
    for (let i = 1; i < all.length; i++) {
      if (all[i]!.t - all[i - 1]!.t < all[i]!.r + all[i - 1]!.r - 1e-6) return refuse('K-4.0', `${soldierName(s, all[i]!.id)} and ${soldierName(s, all[i - 1]!.id)} would stand side by side on ${featureName(table.scenario, c.feature)}: single file only (${c.name})`);
    }
  }
  return undefined;
}

/** K-4.0 / K-4.2c whole-unit difficult rate: does any moving soldier start, end or pass through difficult terrain? */
function unitDifficult(planned: readonly Planned[]): boolean {
  return planned.some((p) => p.report.difficultAt !== undefined);
}

/**
 * K-4.0 / K-6.1a no figure ends on another (the unit's own figures that stay put excepted), and none
 * ends touching an enemy (contact.ts: also just across a fence) unless the move is a charge. Only figures near the move's end points in plan
 * are measured: the rest are out of reach.
 */
function contactRefusal(s: KState, table: TableQueries, side: string, staying: readonly Planned[], endAt: ReadonlySet<string>, house: HouseSettings, allowContact: boolean): KRefusal | undefined {
  if (!staying.length) return undefined;
  // How far apart (edge to edge) two bases may be and still touch: across a fence too when enemy contact matters.
  const tol = allowContact ? house.contactTolerance : contactReach(house);
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity, maxR = 0;
  for (let i = 0; i < staying.length; i++) {
    const p = staying[i]!;
    minX = Math.min(minX, p.step.to[0]); maxX = Math.max(maxX, p.step.to[0]);
    minZ = Math.min(minZ, p.step.to[1]); maxZ = Math.max(maxZ, p.step.to[1]);
    maxR = Math.max(maxR, p.f.baseRadius);
  }
  const near: KFigure[] = [];
  const standing = standingFigures(s);
  for (let k = 0; k < standing.length; k++) {
    const g = standing[k]!;
    const pad = maxR + g.baseRadius + tol;
    if (g.at[0] < minX - pad || g.at[0] > maxX + pad || g.at[1] < minZ - pad || g.at[1] > maxZ + pad) continue;
    if (endAt.has(g.id)) continue;
    near.push(g);
  }
  for (let i = 0; i < staying.length; i++) {
    const p = staying[i]!;
    // The end base: the height analysePath found at the end point (staying paths end on the table).
    const mine: ContactBase = { at: p.step.to, y: p.y, radius: p.f.baseRadius, floor: p.floor };
    const mx = mine.at[0], mz = mine.at[1];
    for (let k = 0; k < near.length; k++) {
      const g = near[k]!;
      const reach = mine.radius + g.baseRadius + tol;
      if (Math.abs(g.at[0] - mx) > reach || Math.abs(g.at[1] - mz) > reach) continue;
      const r = touch(s, table, side, p.f.id, mine, g.id, g.side, { at: g.at, y: table.standHeight(g.at[0], g.at[1], g.floor), radius: g.baseRadius, floor: g.floor }, house, allowContact);
      if (r) return r;
    }
    for (let j = 0; j < staying.length; j++) {
      const q = staying[j]!;
      if (q === p) continue;
      const reach = mine.radius + q.f.baseRadius + tol;
      if (Math.abs(q.step.to[0] - mx) > reach || Math.abs(q.step.to[1] - mz) > reach) continue;
      const r = touch(s, table, side, p.f.id, mine, q.f.id, q.f.side, { at: q.step.to, y: q.y, radius: q.f.baseRadius, floor: q.floor }, house, allowContact);
      if (r) return r;
    }
  }
  return undefined;
}

/** K-4.0 / K-6.1a one moving figure's end base against another base: standing on it, or touching an enemy. */
function touch(s: KState, table: TableQueries, side: string, moverId: string, mine: ContactBase, id: string, gSide: string, theirs: ContactBase, house: HouseSettings, allowContact: boolean): KRefusal | undefined {
  const centre = hypot(theirs.at[0] - mine.at[0], theirs.at[1] - mine.at[1]);
  const overlap = centre < mine.radius + theirs.radius - 1e-6 && Math.abs(theirs.y - mine.y) < FIGURE_HEIGHT;
  if (overlap) return refuse('K-4.0', `${soldierName(s, moverId)} would stand on ${soldierName(s, id)}`);
  if (gSide !== side && !allowContact && inContact(table, mine, theirs, house)) {
    return refuse('K-6.1a', `${soldierName(s, moverId)} would touch the enemy (${soldierName(s, id)}): a move into contact is a charge`);
  }
  return undefined;
}

/** Has one of the unit's machine guns (weapons that cannot shoot and move) fired this turn? */
function mgFired(u: KUnit, live: readonly KFigure[]): boolean {
  return live.some((x) => x.weapon && weaponById(x.weapon)?.cannotShootAndMove && u.shotThisTurn.includes(x.id));
}

/**
 * K-WPN-9…13 a soldier who may not move because his crew's machine gun shot this turn (he fired it,
 * or he is its loader and the house scope is the crew); routs and fall-backs still move.
 */
export function shotAndBound(u: KUnit, live: readonly KFigure[], f: KFigure, mode: string, house: HouseSettings): boolean {
  if (mode === 'rout' || mode === 'fall-back' || !u.shotThisTurn.length) return false;
  const w = f.weapon ? weaponById(f.weapon) : undefined;
  const bound = w?.cannotShootAndMove || (house.mgRestrictionScope === 'crew' && f.role === 'mg-loader' && mgFired(u, live));
  return !!bound && (u.shotThisTurn.includes(f.id) || f.role === 'mg-loader');
}

/** K-AMB-19 (house scope 'unit'): the whole unit stays because its machine gun fired this turn. */
export function unitShotAndBound(u: KUnit, live: readonly KFigure[], mode: string, house: HouseSettings): boolean {
  return house.mgRestrictionScope === 'unit' && mode !== 'rout' && mode !== 'fall-back' && mgFired(u, live);
}

/**
 * K-4.0 … K-4.2d, K-1.0b, K-5.5e, K-7.4a: check a unit's move and return its events (FIGURES_MOVED,
 * and FIGURE_REMOVED / UNIT_WITHDRAWN for soldiers that leave over a table edge).
 */
export function validateMove(s: KState, args: MoveArgs, ctx: KQuery & { fastCharge?: boolean; allowContact?: boolean }): KResult<{ allowance: number; difficult: boolean }> {
  const house = houseOf(s, ctx);
  const { table } = ctx;
  const u = s.units[args.unitId];
  if (!u) return refuse('K-1.0a', `no unit "${args.unitId}"`);
  const why = moveRefusal(s, u, args.mode, house);
  if (why) return why;
  if (!args.moves.length) return refuse('K-4.0b', 'no soldier moves');
  const live = liveFigures(s, u);
  for (let i = 0; i < args.moves.length; i++) {
    const m = args.moves[i]!;
    const f = s.figures[m.figureId];
    if (!f || !live.includes(f)) return refuse('K-1.0a', `${m.figureId} is not a soldier of ${u.name} on the table`);
    // Moved twice: an earlier move names him (a unit's few moves: a scan, no set).
    for (let j = 0; j < i; j++) if (args.moves[j]!.figureId === f.id) return refuse('K-4.0', `${soldierName(s, f.id)} is moved twice`);
    if (f.condition === 'serious' && !seriousCanMove(s, u) && args.mode !== 'rout') {
      return refuse('K-5.5e', `${soldierName(s, f.id)} is seriously wounded and ${u.name} has too few fit soldiers to carry him (one per seriously wounded)`);
    }
    if (shotAndBound(u, live, f, args.mode, house)) {
      const w = f.weapon ? weaponById(f.weapon) : undefined;
      return refuse(w?.id ?? 'K-WPN-10', `${soldierName(s, f.id)}: the ${w?.name ?? 'machine gun'} crew cannot shoot and move in the same turn`);
    }
  }
  if (unitShotAndBound(u, live, args.mode, house)) {
    return refuse('K-AMB-19', `${u.name}'s machine gun has fired this turn: house rule binds the whole unit`);
  }
  const planned: Planned[] = [];
  for (let i = 0; i < args.moves.length; i++) {
    const m = args.moves[i]!;
    const p = plan(s, table, s.figures[m.figureId]!, m, house);
    if ('ok' in p) return p;
    planned.push(p);
  }
  // K-7.4a leaving the table: all of the unit goes, or none (a routing unit's soldiers go one by one).
  const leaving = planned.filter((p) => p.report.edgeAt !== undefined);
  if (leaving.length && args.mode !== 'rout' && args.mode !== 'fall-back' && (leaving.length !== live.length)) {
    return refuse('K-7.4a', `${u.name} can leave the table only as a whole unit: move every soldier over the edge`);
  }
  // Scenario special rules: a blown bridge span is impassable; a narrow crossing slows (demolition, narrow-crossing).
  const slowed = specialGround(s, table, planned);
  if ('ok' in slowed) return slowed;
  const difficult = unitDifficult(planned);
  let allowance = Infinity;
  // Each planned figure's allowance, by its place in `planned` (each figure is planned once).
  const allowances: number[] = [];
  for (let i = 0; i < planned.length; i++) {
    const p = planned[i]!;
    const a = allowanceOf(s, p.f, args.mode, difficult, house, !!ctx.fastCharge, undefined) * (slowed.get(p.f.id) ?? 1);
    allowances.push(a);
    allowance = Math.min(allowance, a);
  }
  if (house.unitSpeedOfSlowest) allowances.fill(allowance);
  for (let i = 0; i < planned.length; i++) {
    const p = planned[i]!;
    const a = allowances[i]!;
    const r = p.report;
    if (r.impassable) return refuse('K-3.3a', `${soldierName(s, p.f.id)}: ${featureName(table.scenario, r.impassable.featureId)} cannot be crossed`);
    if (r.wall) return refuse('K-4.0', `${soldierName(s, p.f.id)}: the move runs into a wall of ${featureName(table.scenario, r.wall.featureId)} (go through a door)`);
    // K-4.2d a move that reaches difficult ground after more than the difficult allowance stops at its edge.
    const dAt = r.difficultAt;
    if (dAt !== undefined && dAt > 0 && args.mode !== 'fall-back') {
      const full = allowanceOf(s, p.f, args.mode, true, house, !!ctx.fastCharge, undefined);
      if (!within(dAt, full)) {
        return refuse('K-4.2d', `${soldierName(s, p.f.id)} has moved ${dAt.toFixed(1)} cm before reaching difficult terrain (${r.difficult.map((id) => featureName(table.scenario, id)).join(', ')}), more than its ${full} cm difficult-terrain move: it stops at the edge`);
      }
    }
    const length = r.edgeAt ?? r.length;
    if (!within(length, a)) {
      return refuse(difficult ? 'K-4.2c' : isFast(args.mode, house, ctx.fastCharge) ? 'K-4.1' : 'K-4.0', `${soldierName(s, p.f.id)} would move ${length.toFixed(1)} cm, more than its ${a} cm${difficult ? ' (difficult terrain: the whole unit moves at the difficult rate)' : ''}`);
    }
  }
  // The unit's own soldiers (each moved one is among them): where they end is the move's, not the table's.
  const endAt = new Set<string>();
  for (let i = 0; i < live.length; i++) endAt.add(live[i]!.id);
  const staying = planned.filter((p) => p.report.edgeAt === undefined);
  const byId = new Map<string, Planned>();
  for (let i = 0; i < staying.length; i++) byId.set(staying[i]!.f.id, staying[i]!);
  for (let i = 0; i < staying.length; i++) {
    const p = staying[i]!;
    const clash = table.bodyClashes({ id: p.f.id, at: p.step.to, floor: p.floor, radius: p.f.baseRadius, height: FIGURE_HEIGHT });
    if (clash.length) return refuse('K-4.0', `${soldierName(s, p.f.id)} would end inside ${clash.map((c) => `${featureName(table.scenario, c.featureId)} (${c.part})`).join(', ')}`);
  }
  const file = singleFileRefusal(s, table, staying, endAt);
  if (file) return file;
  // No two figures on one spot; contact with the enemy is a charge (K-6.1a).
  const clash = contactRefusal(s, table, u.side, staying, endAt, house, !!ctx.allowContact);
  if (clash) return clash;
  // K-1.0b the unit stays in formation (K-1.0c: stragglers come back or as close as they can).
  const remaining = leaving.length ? live.filter((f) => !leaving.some((p) => p.f.id === f.id)) : live;
  const chainFigs = args.mode === 'rout' ? remaining.filter((f) => f.condition === 'healthy') : remaining;
  if (chainFigs.length > 1 && args.mode !== 'fall-back') {
    // Bases where everyone ends: a moved soldier's end height is the one his path analysis found.
    const bases: Base3[] = [];
    for (let i = 0; i < chainFigs.length; i++) {
      const f = chainFigs[i]!;
      const p = byId.get(f.id);
      bases.push(p ? { at: p.step.to, y: p.y, radius: f.baseRadius } : baseOf(table, f));
    }
    const ok = chainGroups(bases).length <= 1;
    if (!ok) {
      const bestEffort = args.mode === 'regroup' && planned.every((p, i) => allowances[i]! - p.report.length <= 0.05 + WITHIN_EPS);
      if (!bestEffort) return refuse('K-1.0b', `${u.name} would be out of formation: every soldier must end within 3 cm of another, all in one chain`);
    }
  }
  const moves: FigureMove[] = planned.map((p) => {
    const distance = Math.round((p.report.edgeAt ?? p.report.length) * 1000) / 1000;
    // The same fields in the same order either way (offTable last, only when it leaves the table).
    return p.report.edgeAt !== undefined
      ? { figureId: p.f.id, from: p.f.at, fromFloor: p.f.floor, to: p.step.to, floor: p.floor, distance, offTable: true }
      : { figureId: p.f.id, from: p.f.at, fromFloor: p.f.floor, to: p.step.to, floor: p.floor, distance };
  });
  const rule = args.mode === 'fast' ? 'K-4.1' : args.mode === 'rout' ? 'K-7.3c' : args.mode === 'fall-back' ? 'K-6.4g' : args.mode === 'charge' ? 'K-6.1a' : args.mode === 'regroup' ? 'K-1.0c' : difficult ? 'K-4.2c' : 'K-4.0';
  const list: KEvent[] = [ev('FIGURES_MOVED', rule, `${u.name} ${args.mode === 'fast' ? 'moves fast' : args.mode === 'rout' ? 'routs' : args.mode === 'fall-back' ? 'falls back' : args.mode === 'charge' ? 'charges' : 'moves'} (${moves.length} soldier${moves.length === 1 ? '' : 's'}, up to ${allowance} cm${difficult ? ', difficult terrain' : ''})`, { unitId: u.id, mode: args.mode, moves, allowance })];
  for (const p of leaving) list.push(ev('FIGURE_REMOVED', 'K-7.4a', `${soldierName(s, p.f.id)} leaves the table`, { figureId: p.f.id, reason: 'withdrawn' }));
  if (leaving.length && remaining.length === 0) list.push(ev('UNIT_WITHDRAWN', 'K-7.4a', `${u.name} has left the table: withdrawn, not destroyed`, { unitId: u.id }));
  return { ok: true, events: list, allowance, difficult };
}
