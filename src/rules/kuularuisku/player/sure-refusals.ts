// Sure refusals for random play: a picked candidate MOVE or SHOOT that the rules would refuse at the
// first, state-only steps of their check (the K-2.4 gate, K-5.5e, K-WPN-9…13, K-5.3b, a target gone
// or hidden …) is dropped without dispatching it. Each test here asks what the rules ask, in their
// order, with the same arguments (activation/action-gate.ts, actions.ts decideAction, movement.ts
// validateMove, shooting.ts resolveShooting, visibility.ts evaluateTarget): a true answer is a
// refusal the rules would give; false says nothing (the rules then decide). No terrain query.
import { moveRefusal, seriousCanMove, shotAndBound, unitShotAndBound } from '../movement';
import { shootRefusal } from '../shooting';
import { type Vec2, hypot } from '../../../core';
import { isHidden, isLit, nightNow } from '../special-queries';
import { liveFigures } from '../table';
import { ableFirers } from '../visibility';
import { actionGate } from '../activation/action-gate';
import type { SoldierCommand } from '../activation/soldier-command';
import type { KFigure, KState, KUnit } from '../state';

type Step = { figureId?: unknown };

/** K-5.5e / K-WPN-9…13: would validateMove refuse moving this soldier of the unit (a seriously wounded one nobody can carry, an MG crew that shot)? */
export function figureBound(s: KState, u: KUnit, live: readonly KFigure[], f: KFigure, mode: string): boolean {
  if (f.condition === 'serious' && !seriousCanMove(s, u) && mode !== 'rout') return true;
  return shotAndBound(u, live, f, mode, s.house);
}

/** K-AMB-19 (house: the whole unit): would validateMove refuse any move of the unit because its MG fired this turn? */
function unitBound(s: KState, u: KUnit, live: readonly KFigure[], mode: string): boolean {
  return unitShotAndBound(u, live, mode, s.house);
}

/**
 * Could no move of the whole unit in this mode pass validateMove's first checks (moveRefusal, the
 * seriously wounded, the MG crews)? For the planner: no move to plan for it.
 */
export function unitSurelyStays(s: KState, unitId: string, mode: 'normal' | 'fast' | 'regroup'): boolean {
  const u = s.units[unitId];
  if (!u) return true;
  if (moveRefusal(s, u, mode, s.house)) return true;
  const live = liveFigures(s, u);
  if (unitBound(s, u, live, mode)) return true;
  return live.some((f) => figureBound(s, u, live, f, mode));
}

/** Would the rules refuse this MOVE at their state-only checks (the gate, moveRefusal, K-5.5e, K-WPN)? Charges are left to the rules. */
export function moveSurelyRefused(s: KState, c: SoldierCommand): boolean {
  if (c.type !== 'MOVE') return false;
  // decideSoldier: the K-2.4 gate, which also fixes the mode.
  const gate = actionGate(s, c);
  if (!gate.ok) return true;
  const mode = gate.mode ?? (typeof c.mode === 'string' ? c.mode : undefined);
  // decideAction: only the plain moves go to validateMove here (a command without a mode is left to the rules).
  if (mode !== 'normal' && mode !== 'fast' && mode !== 'regroup') return false;
  const unitId = c.unitId ?? s.activation?.unitId;
  const moves = c.moves as readonly Step[] | undefined;
  if (!unitId || !Array.isArray(moves)) return false;
  // validateMove, up to its first terrain query.
  const u = s.units[unitId];
  if (!u) return true;
  if (moveRefusal(s, u, mode, s.house)) return true;
  if (!moves.length) return true;
  const live = liveFigures(s, u);
  const seen = new Set<string>();
  for (const m of moves) {
    const f = typeof m?.figureId === 'string' ? s.figures[m.figureId] : undefined;
    if (!f || !live.includes(f) || seen.has(f.id)) return true;
    seen.add(f.id);
    if (figureBound(s, u, live, f, mode)) return true;
  }
  return unitBound(s, u, live, mode);
}

/** Would the rules refuse this SHOOT at their state-only checks (the gate, shootRefusal, the target gone, hidden or in melee, no one able to fire, every pair in the dark at night)? */
export function shotSurelyRefused(s: KState, c: SoldierCommand): boolean {
  if (c.type !== 'SHOOT') return false;
  const gate = actionGate(s, c);
  if (!gate.ok) return true;
  const shooterId = c.unitId ?? s.activation?.unitId;
  const targetId = typeof c.targetId === 'string' && c.targetId ? c.targetId : undefined;
  if (!shooterId || !targetId) return true;
  const su = s.units[shooterId];
  if (!su) return true;
  if (shootRefusal(s, su)) return true;
  // evaluateTarget, up to its first terrain query.
  const tu = s.units[targetId];
  if (!tu || tu.side === su.side) return true;
  if (!liveFigures(s, tu).length || tu.status === 'surrendered' || tu.status === 'withdrawn' || tu.status === 'destroyed') return true;
  if (tu.status === 'in-melee' && !s.house.shootIntoMelee) return true;
  if (isHidden(s, tu.id)) return true;
  const firers = ableFirers(s, su, s.house);
  if (!firers.length) return true;
  // Past the range check, every pair of an able firer and a target soldier is looked at: at night none
  // in sight is a refusal, K-5.2a "not visible" (or, for a pair in sight but blocked, K-5.2c/K-6.0b).
  return allDark(s, firers, liveFigures(s, tu));
}

/**
 * K-5.2a under a night rule in force (nightNow): is every pair of a firer and a target soldier in the
 * dark — farther apart than the sight limit with the target soldier outside the lit areas? Then
 * evaluateTarget finds no pair in sight without a sight line (its `dark` test on the tape in 3D, which is
 * never shorter than the gap between the bases in plan measured here; a hair of margin for rounding).
 */
function allDark(s: KState, firers: readonly KFigure[], targets: readonly KFigure[]): boolean {
  const night = nightNow(s);
  if (!night) return false;
  const limit = night.visibility + 1e-6;
  for (const b of targets) {
    if (isLit(s, b.at)) return false;
    for (const a of firers) {
      if (hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]) - a.baseRadius - b.baseRadius <= limit) return false;
    }
  }
  return true;
}

/**
 * What the rules' sight check depends on besides the soldiers (visibility.ts evaluateTarget): the
 * table, the scenario's special rules (elevated positions, the lit strip) and the night rule in force.
 * Under one such context, the last shot of each shooting unit at each target unit that the rules
 * refused for want of sight (K-5.2a): its able firers and the target's soldiers, as the check reads
 * them (a figure's place is a new array when he moves).
 */
interface SightContext {
  config: unknown;
  night: unknown;
  unseen: Map<string, { firers: Sighted[]; targets: Sighted[] }>;
}
interface Sighted { id: string; at: Vec2; floor: number; radius: number; side: string }

/** Per table, the last few contexts (a game has one or two: by night, by day). */
const SIGHT = new WeakMap<object, SightContext[]>();

function sightContext(s: KState, table: object, make: boolean): SightContext | undefined {
  const config = s.special?.config;
  const night = nightNow(s);
  let list = SIGHT.get(table);
  if (list) for (const c of list) if (c.config === config && c.night === night) return c;
  if (!make) return undefined;
  if (!list) SIGHT.set(table, (list = []));
  const c: SightContext = { config, night, unseen: new Map() };
  list.unshift(c);
  if (list.length > 4) list.pop();
  return c;
}

/** The shooting and the target unit of a SHOOT, and their key in a context's memo. */
function shotUnits(s: KState, c: SoldierCommand): { su: KUnit; tu: KUnit; key: string } | undefined {
  if (c.type !== 'SHOOT') return undefined;
  const su = s.units[c.unitId ?? s.activation?.unitId ?? ''];
  const tu = typeof c.targetId === 'string' ? s.units[c.targetId] : undefined;
  return su && tu ? { su, tu, key: `${su.id}\u0000${tu.id}` } : undefined;
}

const sighted = (f: KFigure): Sighted => ({ id: f.id, at: f.at, floor: f.floor, radius: f.baseRadius, side: f.side });

/** Is the soldier one of `known`, by id, in the same place on the same floor with the same base (and side)? */
function among(f: KFigure, known: readonly Sighted[]): boolean {
  for (const k of known) if (k.id === f.id) return k.at === f.at && k.floor === f.floor && k.radius === f.baseRadius && k.side === f.side;
  return false;
}

/**
 * Random play learns from a refused shot: K-5.2a "not visible" (evaluateTarget, after the target's
 * own checks) is given only when every pair of an able firer and a target soldier was looked at and
 * none was in sight — so each such pair is unseen while both soldiers stand where they stood (same
 * place, floor, base) under the same sight context. A hidden target (K-5.2a too, but no pair looked
 * at) teaches nothing.
 */
export function noteShotRefused(s: KState, table: object, c: SoldierCommand, why: { reason?: string; rule?: string }): void {
  if (why.rule !== 'K-5.2a' || !why.reason?.includes('is not visible to')) return;
  if (typeof c.targetId !== 'string' || isHidden(s, c.targetId)) return;
  const p = shotUnits(s, c);
  if (!p) return;
  // The soldiers evaluateTarget pairs: the shooting unit's able firers and the target unit's live soldiers.
  const firers = ableFirers(s, p.su, s.house), targets = liveFigures(s, p.tu);
  if (!firers.length || !targets.length) return;
  sightContext(s, table, true)!.unseen.set(p.key, { firers: firers.map(sighted), targets: targets.map(sighted) });
}

/**
 * Would the rules refuse this SHOOT for K-5.2a again: every able firer and every target soldier among
 * those of the unit's last shot at that target refused for want of sight (noteShotRefused), in the
 * same places, in this sight context? Then every pair is one found unseen, no firer sees the target
 * and evaluateTarget refuses it (or an earlier check does): a sure refusal, without the sight check.
 */
export function shotKnownUnseen(s: KState, table: object, c: SoldierCommand): boolean {
  const ctx = sightContext(s, table, false);
  if (!ctx?.unseen.size) return false;
  const p = shotUnits(s, c);
  const known = p && ctx.unseen.get(p.key);
  if (!known) return false;
  const firers = ableFirers(s, p.su, s.house), targets = liveFigures(s, p.tu);
  if (!firers.length || !targets.length) return false;
  for (const f of firers) if (!among(f, known.firers)) return false;
  for (const f of targets) if (!among(f, known.targets)) return false;
  return true;
}
