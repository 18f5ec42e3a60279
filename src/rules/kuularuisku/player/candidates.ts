// The random player's candidates: the commands worth trying now, in groups by weighting key built
// only on demand (the moves planned one by one, each only when picked), with the sure refusals that
// drop a picked move or shot the rules would refuse; and the same commands checked by the rules. The
// sequence's steps come from the game's legal list (the player's view: the composed module's), never
// listed here.
import { type CandidateGroup as AnyGroup, type Command, type Dice, type LazyCandidate as AnyLazy, type TableQueries, hypot, within } from '../../../core';
import type { Scenario } from '../../../scenario';
import { decideAction } from '../actions';
import { contactReach } from '../contact';
import { weaponById } from '../data';
import { moveRefusal, movementAllowance } from '../movement';
import type { KFigure, KState } from '../state';
import { liveFigures, standingFigures } from '../table';
import { ableFirers } from '../visibility';
import {
  actingUnits, actionGate, phaseOf, specialCommandsNow, unitOnTable,
  type KCommand, type MoveMode, type SoldierCommand,
} from '../activation';
import { candidateActions, moveCandidates } from './move-candidates';
import { actionWeight, chargeSteps, moveWeight, runsIntoWall } from './purpose';
import { moveSurelyRefused, noteShotRefused, shotKnownUnseen, shotSurelyRefused } from './sure-refusals';

export type CandidateGroup = AnyGroup<KCommand>;
type LazyCandidate = AnyLazy<KCommand>;
/** What the player sees (core's PlayerView): the scenario, the table, and the game's legal commands, built only when asked. */
export type CandidateCtx = { scenario: Scenario; table: TableQueries; legal(): readonly Command[] };
type Ctx = CandidateCtx;

/** The game's legal commands now: Kuularuisku's commands (the composed module lists the rules' and its sequence's). */
const legalNow = (ctx: Ctx) => ctx.legal() as readonly KCommand[];

/** A unit's candidate moves one by one (move-candidates.ts moveCandidates), charges left out: the caller offers them. */
type MovePlanner = (s: KState, unitId: string, kind: 'move' | 'fast-move' | 'regroup', table: TableQueries, charge: false) => ReadonlyArray<{
  key: string;
  weight: number;
  build: () => SoldierCommand | undefined;
  weigh?: (c: SoldierCommand) => number;
}>;

/**
 * The commands worth trying now, in groups built only on demand: `keys` are the weighting keys
 * (command type, or `MOVE:charge`) a group may hold, so the player picks the kind of command first
 * and builds only the candidates of that kind. Outside an activation they are the game's legal
 * commands (an action that serves the unit's purpose offered more than once); in an activation the
 * moves (planning them costs more than everything else together) come as lazy candidates, weighed
 * first, each planned only when picked, and a picked move or shot the rules would refuse at their
 * state-only checks is a sure refusal.
 */
export function candidateGroups(s: KState, ctx: Ctx): CandidateGroup[] {
  return groupsNow(s, ctx, moveCandidates).map((g) => withSureRefusals(s, g));
}

/**
 * The same commands as one list, built whole (each move offered as many times as it weighs), with
 * the moves proposed all at once for every acting unit (candidateActions): a cheaper list than the
 * legal commands plus checked moves (checkedCommands); the rules refuse what does not fit.
 */
export function candidateCommands(s: KState, ctx: Ctx): KCommand[] {
  return groupsNow(s, ctx).flatMap((g) => g.build());
}

/**
 * The game's legal commands with the moves and charges this player would try, each checked by the
 * rules with dice that keep nothing: every command is one the rules accept (the moves before each
 * unit's shots, as the activation lists them).
 */
export function checkedCommands(s: KState, ctx: Ctx): KCommand[] {
  const legal = legalNow(ctx);
  const p = phaseOf(s);
  if (p.kind !== 'activation') return [...legal];
  const side = p.side;
  const out: KCommand[] = [];
  for (const unitId of actingUnits(s)) {
    const u = s.units[unitId];
    if (!u || (u.kind === 'leader' && u.joinedTo)) continue;
    const move = actionGate(s, { type: 'MOVE', side, unitId });
    if (move.ok) {
      const kind = move.mode === 'fast' ? 'fast-move' : move.mode === 'regroup' ? 'regroup' : 'move';
      for (const c of [...candidateActions(s, unitId, kind, ctx.table), ...chargeCandidates(s, ctx.table, unitId, move.mode)]) {
        const cmd = { ...c, side, unitId };
        if (decideAction(s, cmd, { ...ctx, dice: new ProbeDice() }).ok) out.push(cmd);
      }
    }
    for (const c of legal) if (c.type === 'SHOOT' && c.unitId === unitId) out.push(c);
  }
  for (const c of legal) if (c.type !== 'SHOOT') out.push(c);
  return out;
}

/** Dice for trying a candidate command without keeping anything (legality only). */
class ProbeDice implements Dice {
  readonly rolls = [];
  roll(sides: number): number {
    return Math.min(sides, 4);
  }
}

function groupsNow(s: KState, ctx: Ctx, planner?: MovePlanner): CandidateGroup[] {
  const p = phaseOf(s);
  if (p.kind === 'offer') {
    const legal = legalNow(ctx);
    const activate = legal.filter((c) => c.type === 'ACTIVATE');
    const groups: CandidateGroup[] = [];
    // The actions are weighed by the unit's purpose (a walk over distance fields): only when ACTIVATE is picked.
    if (activate.length) groups.push({ keys: ['ACTIVATE'], build: () => weighedActivations(s, ctx.table, p.offer.unitId, activate) });
    return eagerGroups(legal.filter((c) => c.type !== 'ACTIVATE'), groups);
  }
  if (p.kind !== 'activation') return eagerGroups(legalNow(ctx));
  // The legal list measures every shot's sight: asked only when ending the activation is picked (its one sequence step).
  const groups = eagerGroups(specialCommandsNow(s, p.side));
  groups.push({ keys: ['END_ACTIVATION'], build: () => legalNow(ctx).filter((c) => c.type === 'END_ACTIVATION') });
  groups.push(...roughGroups(s, ctx, planner));
  return groups;
}

/** The offer's ACTIVATE commands, each as many times as its action serves the unit's purpose (purpose.ts actionWeight). */
function weighedActivations(s: KState, table: TableQueries, unitId: string, activate: readonly KCommand[]): KCommand[] {
  const weights = new Map<string, number>();
  const out: KCommand[] = [];
  for (const c of activate) {
    const action = String((c as { action?: unknown }).action);
    let n = weights.get(action);
    if (n === undefined) weights.set(action, (n = actionWeight(s, table, unitId, action)));
    for (let k = 0; k < n; k++) out.push(c);
  }
  return out;
}

/** A group's sureRefusal, with the state-only refusals of moves and shots asked first (they cost no terrain query). */
function withSureRefusals(s: KState, g: CandidateGroup): CandidateGroup {
  const own = g.sureRefusal;
  if (g.keys.includes('SHOOT')) return { ...g, sureRefusal: (c) => (c.type === 'SHOOT' && shotSurelyRefused(s, c as SoldierCommand)) || !!own?.(c) };
  if (g.keys.includes('MOVE')) return { ...g, sureRefusal: (c) => (c.type === 'MOVE' && moveSurelyRefused(s, c as SoldierCommand)) || !!own?.(c) };
  return g;
}

/** Ready-made commands, one group per weighting key (in order of first appearance), pushed onto `out`. */
function eagerGroups(commands: readonly KCommand[], out: CandidateGroup[] = []): CandidateGroup[] {
  // Asked at every pick: a few keys, looked up in a small list (no Map, no copies).
  const keys: string[] = [];
  const lists: KCommand[][] = [];
  for (const c of commands) {
    const k = c.type === 'MOVE' && c.mode === 'charge' ? 'MOVE:charge' : c.type;
    const i = keys.indexOf(k);
    if (i >= 0) lists[i]!.push(c);
    else { keys.push(k); lists.push([c]); }
  }
  for (let i = 0; i < keys.length; i++) {
    const list = lists[i]!;
    out.push({ keys: [keys[i]!], build: () => list });
  }
  return out;
}

/**
 * Unchecked candidates in lazy groups: the planner's moves (charges included), and shots at enemy
 * units within weapon range in plan. With a MovePlanner, the moves and the charges are two groups of
 * lazy candidates, each move or charge planned only when picked (build still plans them all); without
 * one, one group built whole from candidateActions (candidateCommands' list).
 */
function roughGroups(s: KState, ctx: Ctx, planner?: MovePlanner): CandidateGroup[] {
  const a = s.activation!;
  const side = s.units[a.unitId]!.side;
  const movers: Array<{ unitId: string; mode: MoveMode | undefined }> = [];
  const shooters: string[] = [];
  for (const unitId of actingUnits(s)) {
    const u = s.units[unitId];
    if (!u || (u.kind === 'leader' && u.joinedTo)) continue;
    const move = actionGate(s, { type: 'MOVE', side, unitId });
    // The unit may not move at all (pinned, leaderless, joined before it acted …): no move to try.
    if (move.ok && !moveRefusal(s, u, move.mode ?? 'normal', s.house)) movers.push({ unitId, mode: move.mode });
    if (actionGate(s, { type: 'SHOOT', side, unitId }).ok) shooters.push(unitId);
  }
  const groups: CandidateGroup[] = [];
  // A move into a building wall (a soldier indoors walking straight out): the rules' own wall query, before the rest of their check.
  const sureRefusal = (c: KCommand) => c.type === 'MOVE' && runsIntoWall(s, ctx.table, c.moves as Parameters<typeof runsIntoWall>[2]);
  const kindOf = (mode: MoveMode | undefined) => (mode === 'fast' ? 'fast-move' : mode === 'regroup' ? 'regroup' : 'move');
  if (movers.length && planner) {
    // One by one: the moves, and apart from them the charges (a picked charge plans no move, a picked move no charge).
    // The planner's candidates as they come (a move's weigh is only ever given the move it built).
    groups.push(lazyGroup(['MOVE'], () => movers.flatMap(({ unitId, mode }) => planner(s, unitId, kindOf(mode), ctx.table, false) as readonly LazyCandidate[]), sureRefusal));
    if (movers.some((m) => m.mode !== 'regroup' && (m.mode !== 'fast' || s.house.fastCharge))) {
      groups.push(lazyGroup(['MOVE:charge'], () => movers.flatMap(({ unitId, mode }) => chargeTargets(s, unitId, mode).map((t): LazyCandidate => ({
        key: 'MOVE:charge', weight: 1, build: () => chargeAt(s, ctx.table, unitId, mode, t),
      }))), sureRefusal));
    }
  } else if (movers.length) {
    const charges = movers.some((m) => m.mode !== 'regroup' && (m.mode !== 'fast' || s.house.fastCharge));
    groups.push({
      keys: charges ? ['MOVE', 'MOVE:charge'] : ['MOVE'],
      build: () => movers.flatMap(({ unitId, mode }) => {
        return [...candidateActions(s, unitId, kindOf(mode), ctx.table), ...chargeCandidates(s, ctx.table, unitId, mode)].flatMap((c): KCommand[] => {
          // A move toward the unit's goal is offered several times (the same object: one refusal drops them all).
          const cmd: KCommand = { ...c, side, unitId };
          return Array<KCommand>(c.mode === 'charge' ? 1 : moveWeight(s, ctx.table, unitId, c.moves)).fill(cmd);
        });
      }),
      sureRefusal,
    });
  }
  if (shooters.length) {
    groups.push({
      keys: ['SHOOT'],
      build: () => shooters.flatMap((unitId) => shotCandidates(s, unitId, side)),
      // K-5.2a a shot the rules refused for want of sight, asked again while no soldier of either unit has
      // moved (sure-refusals.ts): dropped without their sight check.
      sureRefusal: (c) => shotKnownUnseen(s, ctx.table, c as SoldierCommand),
      refused: (c, why) => noteShotRefused(s, ctx.table, c as SoldierCommand, why),
    });
  }
  return groups;
}

/** A group of lazy candidates; its whole list (candidateCommands) is every one built, as many times as it weighs. */
function lazyGroup(keys: readonly string[], candidates: () => LazyCandidate[], sureRefusal: (c: KCommand) => boolean): CandidateGroup {
  return {
    keys,
    build: () => candidates().flatMap((c) => {
      const cmd = c.build();
      return cmd ? Array<KCommand>(Math.max(0, Math.round(c.weigh ? c.weigh(cmd) : c.weight))).fill(cmd) : [];
    }),
    candidates,
    sureRefusal,
  };
}

/**
 * Shots at every enemy unit within reach in plan: K-5.1a the nearest gap between a soldier able to
 * shoot and a target soldier is at most the longest weapon range among them (the tape in 3D is never
 * shorter than the gap in plan; the rules measure exactly and look for sight lines).
 */
function shotCandidates(s: KState, unitId: string, side: string): KCommand[] {
  const out: KCommand[] = [];
  const firers = ableFirers(s, s.units[unitId]!, s.house);
  const reach = Math.max(0, ...firers.map((f) => (f.weapon ? weaponById(f.weapon)?.range ?? 0 : 0)));
  if (!firers.length) return out;
  const me = spread(firers);
  for (const t of Object.values(s.units)) {
    if (t.side === side || !unitOnTable(s, t)) continue;
    // Units as discs around their centres first (most are far out of reach), then soldier by soldier.
    const figs = liveFigures(s, t);
    const them = spread(figs);
    if (!within(hypot(me.x - them.x, me.z - them.z) - me.r - them.r, reach)) continue;
    let near = false;
    for (const a of firers) {
      for (const b of figs) {
        if (within(hypot(b.at[0] - a.at[0], b.at[1] - a.at[1]) - a.baseRadius - b.baseRadius, reach)) { near = true; break; }
      }
      if (near) break;
    }
    if (near) out.push({ type: 'SHOOT', side, unitId, targetId: t.id });
  }
  return out;
}

/** A disc in plan holding every figure's base: centre and radius. */
function spread(figs: ReadonlyArray<{ at: readonly [number, number]; baseRadius: number }>): { x: number; z: number; r: number } {
  if (!figs.length) return { x: 0, z: 0, r: -Infinity };
  let x = 0;
  let z = 0;
  for (const f of figs) {
    x += f.at[0] / figs.length;
    z += f.at[1] / figs.length;
  }
  let r = 0;
  for (const f of figs) r = Math.max(r, hypot(f.at[0] - x, f.at[1] - z) + f.baseRadius);
  return { x, z, r };
}

/**
 * K-6.1a charges worth trying: at each enemy unit (the two nearest) within the unit's move in plan,
 * every soldier straight at the nearest enemy soldier, stopping in contact, at the fence between (contact
 * across it, K-6.1a) or short of his allowance (purpose.ts chargeSteps: none when nobody would reach).
 * Only where the action allows a charge (the gate's modes); the rules decide the rest.
 */
function chargeCandidates(s: KState, table: TableQueries, unitId: string, mode: string | undefined): SoldierCommand[] {
  const out: SoldierCommand[] = [];
  for (const t of chargeTargets(s, unitId, mode)) {
    const c = chargeAt(s, table, unitId, mode, t);
    if (c) out.push(c);
  }
  return out;
}

/** The enemy units chargeCandidates tries (the two nearest within the unit's charge move and reach in plan): cheap, nothing planned. */
function chargeTargets(s: KState, unitId: string, mode: string | undefined): string[] {
  if (mode === 'regroup' || (mode === 'fast' && !s.house.fastCharge)) return [];
  const u = s.units[unitId]!;
  const mine = liveFigures(s, u);
  if (!mine.length) return [];
  const reach = Math.max(...mine.map((f) => movementAllowance(s, f.id, 'charge', false, s.house, mode === 'fast').allowance));
  // Most of the time no enemy soldier is anywhere near: one look at every standing soldier, nothing built.
  if (!withinReach(mine, standingFigures(s), u.side, reach + contactReach(s.house))) return [];
  const me = spread(mine);
  return Object.values(s.units)
    .filter((t) => t.side !== u.side && unitOnTable(s, t) && t.status !== 'surrendered')
    .map((t) => ({ t, figs: liveFigures(s, t) }))
    .map((x) => ({ ...x, gap: ((d) => hypot(me.x - d.x, me.z - d.z) - me.r - d.r)(spread(x.figs)) }))
    .filter((x) => x.figs.length && x.gap <= reach + contactReach(s.house))
    .sort((a, b) => a.gap - b.gap)
    .slice(0, 2)
    // Soldier by soldier: chargeSteps finds no contact unless someone is within his allowance and the contact reach of an enemy soldier.
    .filter((x) => withinReach(mine, x.figs, u.side, reach + contactReach(s.house)))
    .map((x) => x.t.id);
}

/** Is a soldier of `others` not of `side` within `reach` cm (base to base, in plan) of one of `mine`? */
function withinReach(mine: readonly KFigure[], others: readonly KFigure[], side: string, reach: number): boolean {
  // Plan box of `mine`, and their largest base: a soldier further than reach + both bases (and 1 cm
  // more, well beyond any rounding) outside it along x or z is out of reach of each of them (the
  // distance in plan is never below either difference), so the soldier-by-soldier test is skipped.
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity, maxR = 0;
  for (const f of mine) {
    if (f.at[0] < minX) minX = f.at[0];
    if (f.at[0] > maxX) maxX = f.at[0];
    if (f.at[1] < minZ) minZ = f.at[1];
    if (f.at[1] > maxZ) maxZ = f.at[1];
    if (f.baseRadius > maxR) maxR = f.baseRadius;
  }
  for (const t of others) {
    if (t.side === side) continue;
    const pad = reach + maxR + t.baseRadius + 1;
    if (t.at[0] < minX - pad || t.at[0] > maxX + pad || t.at[1] < minZ - pad || t.at[1] > maxZ + pad) continue;
    for (const f of mine) {
      if (hypot(t.at[0] - f.at[0], t.at[1] - f.at[1]) - f.baseRadius - t.baseRadius <= reach) return true;
    }
  }
  return false;
}

/** The charge at one enemy unit (purpose.ts chargeSteps), or undefined when no soldier would reach it. */
function chargeAt(s: KState, table: TableQueries, unitId: string, mode: string | undefined, targetId: string): SoldierCommand | undefined {
  const u = s.units[unitId]!;
  const moves = chargeSteps(s, table, liveFigures(s, u), liveFigures(s, targetId), mode === 'fast');
  return moves ? { type: 'MOVE', side: u.side, unitId, mode: 'charge', targetId, moves } : undefined;
}

