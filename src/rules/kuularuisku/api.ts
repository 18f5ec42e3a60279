// The rules engineer's side of KRulesApi (activation/rules-api.ts): the soldier-level commands
// (move, charge, shoot, split, join, evacuate …) and the forced steps the flow calls, as one object.
import { type TableQueries, type Vec2, hypot } from '../../core';
import type { KRulesApi, SoldierCommand } from './activation/rules-api';
import { chargedTargetTest, chargerMorale, defensiveFire, defensiveFireRefusal, validateCharge } from './charge';
import { stragglers } from './coherency';
import { houseOf, type KCtx, type KResult, refuse, Steps } from './context';
import { evacuationMoves, startEvacuation } from './evacuation';
import { grenadeSides, meleeRound, meleeStart, throwGrenades } from './melee';
import { pinnedTest, rallyCheck, rout } from './morale';
import { type FigureStep, movementAllowance, validateMove } from './movement';
import { resolveShooting } from './shooting';
import { setupK } from './setup';
import { isLive, liveFigures, onTable } from './table';
import { joinUnit, leaderDive, leaveGroup, pickUpWeapon, reuniteUnit, splitUnit } from './units';
import { validateKScenario } from './scenario-data';
import { shootingCandidates } from './visibility';
import { goingAt } from './terrain';
import { chargeSteps, endsClash, figuresAround, gainWeight, goalMovePlans, moveWeight, shiftWeigher, straightShift } from './purpose';
import { unitSurelyStays } from './purpose-refusals';
import { chargeRemoval, crossingFalls, fireDemolition, offTableFire, preparationFire, revealChecks, specialCommands } from './special-play';
import type { MoveMode } from './events';
import type { KFigure, KState, KUnit } from './state';

export const ACTION_TYPES: ReadonlySet<string> = new Set(['MOVE', 'SHOOT', 'SPLIT', 'REUNITE', 'JOIN', 'LEAVE', 'DIVE', 'PICK_UP', 'TAKE_WEAPON', 'EVACUATE', 'OFF_TABLE_FIRE', 'DEMOLISH']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function steps(v: unknown): FigureStep[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: FigureStep[] = [];
  for (const m of v) {
    if (!m || typeof m !== 'object') return undefined;
    const o = m as Record<string, unknown>;
    const to = o.to as unknown;
    if (typeof o.figureId !== 'string' || !Array.isArray(to) || to.length !== 2 || !to.every((x) => typeof x === 'number' && Number.isFinite(x))) return undefined;
    out.push({ figureId: o.figureId, to: [to[0], to[1]] as Vec2, ...(typeof o.floor === 'number' ? { floor: o.floor } : {}), ...(Array.isArray(o.via) ? { via: o.via as Vec2[] } : {}) });
  }
  return out;
}

/** K-2.4 soldier-level commands (move K-4, charge K-6.1, shoot K-5, split K-1.1, join K-1.2, evacuate K-5.6 …): each checked by the rule it touches. */
export function decideAction(s: KState, c: SoldierCommand, ctx: KCtx): KResult {
  switch (c.type) {
    case 'MOVE': {
      const unitId = c.unitId ?? s.activation?.unitId;
      const moves = steps(c.moves);
      if (!unitId || !moves) return refuse('K-4.0', 'MOVE needs unitId and moves [{ figureId, to: [x, z], floor? }]');
      const mode: MoveMode = (str(c.mode) as MoveMode | undefined) ?? (s.activation?.action === 'fast-move' ? 'fast' : s.activation?.action === 'regroup' ? 'regroup' : 'normal');
      if (mode === 'charge') {
        const targetId = str(c.targetId);
        if (!targetId) return refuse('K-6.1a', 'a charge names the enemy unit it charges (targetId)');
        return validateCharge(s, { unitId, targetId, moves, fast: s.activation?.action === 'fast-move' }, ctx);
      }
      if (!['normal', 'fast', 'regroup', 'join'].includes(mode)) return refuse('K-4.0', `"${mode}" is not a move a player makes`);
      const moved = validateMove(s, { unitId, moves, mode }, ctx);
      if (!moved.ok) return moved;
      // narrow-crossing: a fast move over the walkway may end in the rapids (dice after the move).
      const r = mode === 'fast' && s.special?.config.crossings.length ? { ...moved, events: [...moved.events, ...crossingFalls(s, moved.events, moves, ctx)] } : moved;
      // K-AMB-17 house option: a leader coming within 15 cm of a routing unit rallies it too.
      const house = houseOf(s, ctx);
      if (house.rallyWhenLeaderApproaches && liveFigures(s, unitId).some((f) => f.skills.includes('leader'))) {
        const st = new Steps(s).push(...r.events);
        for (const u of Object.values(st.state.units)) if (u.side === s.units[unitId]!.side && u.status === 'routing') rallyCheck(st, u.id, ctx);
        return { ok: true, events: st.events };
      }
      return r;
    }
    case 'SHOOT': {
      const shooterId = c.unitId ?? s.activation?.unitId;
      const targetId = str(c.targetId);
      if (!shooterId || !targetId) return refuse('K-5.1a', 'SHOOT needs the shooting unit and its target (targetId)');
      const r = resolveShooting(s, {
        shooterId, targetId,
        ...(Array.isArray(c.shooters) ? { shooters: c.shooters as string[] } : {}),
        ...(str(c.spotter) ? { spotter: str(c.spotter)! } : {}),
        ...(c.allocation && typeof c.allocation === 'object' ? { allocation: c.allocation as Record<string, number> } : {}),
      }, ctx);
      return r.ok ? { ok: true, events: r.events } : r;
    }
    case 'SPLIT': return splitUnit(s, { unitId: c.unitId ?? '', figureIds: Array.isArray(c.figureIds) ? (c.figureIds as string[]) : [] }, ctx);
    case 'REUNITE': return reuniteUnit(s, c.unitId ?? '', ctx);
    case 'JOIN': return joinUnit(s, { unitId: c.unitId ?? '', intoUnitId: str(c.intoUnitId) ?? '' }, ctx);
    case 'LEAVE': return leaveGroup(s, str(c.leaderId) ?? c.unitId ?? '');
    case 'DIVE': return leaderDive(s, { leaderId: str(c.leaderId) ?? c.unitId ?? '', intoUnitId: str(c.intoUnitId) ?? '' }, ctx);
    case 'PICK_UP': case 'TAKE_WEAPON': return pickUpWeapon(s, { markerId: str(c.markerId) ?? '', figureId: str(c.figureId) ?? '' }, ctx);
    case 'EVACUATE': return startEvacuation(s, { figureId: str(c.figureId) ?? '', ...(str(c.escortId) ? { escortId: str(c.escortId)! } : {}) }, ctx);
    // Scenario special rules (special-play.ts): fire from off the table, firing a demolition charge.
    case 'OFF_TABLE_FIRE': return offTableFire(s, { special: str(c.special) ?? '', targetId: str(c.targetId) ?? '' }, ctx);
    case 'DEMOLISH': return fireDemolition(s, { special: str(c.special) ?? '', unitId: c.unitId ?? s.activation?.unitId ?? '' }, ctx);
    default: return refuse('K-2.4a', `unknown command "${c.type}"`);
  }
}

/** The centre in plan of a unit's live figures (liveFigures' test, without the list); undefined when it has none. */
function centre(s: KState, u: KUnit): Vec2 | undefined {
  let x = 0, z = 0, n = 0;
  for (const id of u.figures) {
    const f = s.figures[id];
    if (isLive(f)) { x += f.at[0]; z += f.at[1]; n++; }
  }
  return n ? [x / n, z / n] : undefined;
}

/** Random legal play: a handful of soldier-level commands worth trying (each may still be refused). */
export function candidateActions(s: KState, unitId: string, kind: 'move' | 'fast-move' | 'regroup' | 'shoot', table: TableQueries): SoldierCommand[] {
  const u = s.units[unitId];
  if (!u || !liveFigures(s, u).length) return [];
  if (kind === 'shoot') {
    return shootingCandidates(s, unitId, { table }).filter((o) => o.valid).map((o) => ({ type: 'SHOOT', side: u.side, unitId, targetId: o.targetId }));
  }
  const out: SoldierCommand[] = [];
  for (const c of moveCandidates(s, unitId, kind, table)) {
    const cmd = c.build();
    if (cmd) out.push(cmd);
  }
  return out;
}

/**
 * One of candidateActions' moves before it is planned: random play weighs the candidates first and
 * plans only the one it picks. `key` is its weighting key (`MOVE:charge` for a charge); `weight` how
 * many times it counts among its key's moves (purpose.ts moveWeight: moves toward the unit's goal
 * count more), for a move toward the goal an estimate made before planning it (meant to be at least
 * `weigh` of the planned move, which random play then uses to keep its picks at the planned weights).
 * `build` plans it: undefined when that move does not exist after all.
 */
export interface MoveCandidate {
  key: 'MOVE' | 'MOVE:charge';
  weight: number;
  build: () => SoldierCommand | undefined;
  weigh?: (c: SoldierCommand) => number;
}

/** The four table axes as unit vectors (0°, 90°, 180°, 270°; worked out once, read only). */
const TABLE_AXES: readonly Vec2[] = [0, 90, 180, 270].map((a): Vec2 => [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)]);

/** Shares of the allowance tried for the straight moves and for the moves toward the goal. */
const STRAIGHT_FRACS = [0.95, 0.5];
const GOAL_FRACS = [0.95, 0.45];

/**
 * candidateActions' moves, each planned only when built (in the same order): a charge at the nearest
 * enemy unit (unless `charge` is false: the caller offers its own), the whole unit straight toward it
 * and along the four table axes, each by 95 % and half of its allowance, and the moves toward the
 * unit's objective (purpose.ts goalMovePlans); for a regroup, the stragglers back to the nearest friend.
 */
export function moveCandidates(s: KState, unitId: string, kind: 'move' | 'fast-move' | 'regroup', table: TableQueries, charge = true): MoveCandidate[] {
  const u = s.units[unitId];
  if (!u) return [];
  const figs = liveFigures(s, u);
  if (!figs.length) return [];
  const side = u.side;
  const weigh = (c: SoldierCommand) => moveWeight(s, table, unitId, c.moves);
  if (kind === 'regroup') {
    // One move, cheap to plan: planned now, weighed as planned.
    const out = stragglers(s, unitId, table);
    const main = figs.filter((f) => !out.includes(f.id));
    if (!out.length || !main.length) return [];
    const moves = out.map((id) => {
      const f = s.figures[id]!;
      const near = [...main].sort((a, b) => hypot(a.at[0] - f.at[0], a.at[1] - f.at[1]) - hypot(b.at[0] - f.at[0], b.at[1] - f.at[1]))[0]!;
      const dx = near.at[0] - f.at[0], dz = near.at[1] - f.at[1];
      const d = hypot(dx, dz) || 1;
      const a = movementAllowance(s, id, 'regroup', false, s.house).allowance;
      const go = Math.max(0, Math.min(a, d - f.baseRadius - near.baseRadius - 1));
      return { figureId: id, to: [f.at[0] + (dx / d) * go, f.at[1] + (dz / d) * go] as Vec2 };
    });
    // K-4.0 two stragglers heading for one friend may meet: such a regroup would be refused.
    if (endsClash(s, unitId, moves)) return [];
    const cmd: SoldierCommand = { type: 'MOVE', side, unitId, mode: 'regroup', moves };
    return [{ key: 'MOVE', weight: weigh(cmd), build: () => cmd }];
  }
  const mode: MoveMode = kind === 'fast-move' ? 'fast' : 'normal';
  const c = centre(s, u)!;
  const cmds: MoveCandidate[] = [];
  let nearest: { e: KUnit; c: Vec2; d: number } | undefined;
  for (const id in s.units) {
    const e = s.units[id]!;
    if (e.side === side || e.status === 'surrendered' || e.status === 'withdrawn' || e.status === 'destroyed') continue;
    const ec = centre(s, e);
    if (!ec) continue;
    const d = hypot(ec[0] - c[0], ec[1] - c[1]);
    if (!nearest || d < nearest.d) nearest = { e, c: ec, d };
  }
  const dirs: Vec2[] = [];
  if (nearest) {
    const dx = nearest.c[0] - c[0], dz = nearest.c[1] - c[1];
    const d = hypot(dx, dz) || 1;
    dirs.push([dx / d, dz / d]);
    // A charge: every soldier straight at the nearest enemy soldier, stopping in base contact (or at the fence between).
    if (charge && (mode === 'normal' || s.house.fastCharge)) {
      const target = nearest.e;
      cmds.push({
        key: 'MOVE:charge', weight: 1,
        build: () => {
          const moves = chargeSteps(s, table, figs, liveFigures(s, target), mode === 'fast');
          return moves ? { type: 'MOVE', side, unitId, mode: 'charge', targetId: target.id, moves } : undefined;
        },
      });
    }
  }
  // K-5.5e, K-WPN: a soldier who may not move keeps the whole unit from moving (every plain move would be refused).
  if (unitSurelyStays(s, unitId, mode)) return cmds;
  for (const d of TABLE_AXES) dirs.push(d);
  // The slowest soldier's allowance sets the whole unit's step (worked out once for all the directions).
  let open = Infinity;
  for (const f of figs) open = Math.min(open, movementAllowance(s, f.id, mode, false, s.house).allowance);
  // What the straight moves share, worked out at the first one planned (terrain queries): K-4.2c a soldier
  // already in difficult going slows the whole unit (offer steps the rules can accept); the soldiers the
  // unit could reach, who may be in its way (K-4.0) or touched (K-6.1a).
  let shared: { allowance: number; slow: number; around: readonly KFigure[] } | undefined;
  const prepare = () => {
    if (shared) return shared;
    const difficult = figs.some((f) => goingAt(table, f.at, s.house).going === 'difficult');
    const slow = Math.min(...figs.map((f) => movementAllowance(s, f.id, mode, true, s.house).allowance));
    const allowance = difficult ? slow : open;
    return (shared = { allowance, slow, around: figuresAround(s, unitId, allowance + 12) });
  };
  // Weighed at the open allowance, before any terrain query (no shift goes further).
  const shiftWeight = shiftWeigher(s, table, unitId, figs);
  for (const d of dirs) {
    for (const frac of STRAIGHT_FRACS) {
      cmds.push({
        key: 'MOVE',
        weight: shiftWeight(d[0] * open * frac, d[1] * open * frac),
        build: () => {
          const { allowance, slow, around } = prepare();
          // Cut short of the rapids, walls and difficult going the rules would refuse (K-3.3a, K-4.2c/d).
          const moves = straightShift(s, table, figs, d, allowance * frac, slow * frac, around);
          // No walking off the table (K-7.4a withdraws the unit, and counts against its side): routs still do.
          return moves && moves.every((m) => onTable(table, m.to)) ? { type: 'MOVE', side, unitId, mode, moves } : undefined;
        },
        weigh,
      });
    }
  }
  // Toward the unit's objective (purpose.ts): round water and walls, over bridges, through doors; the
  // shorter one fits difficult going (K-4.2c). Weighed at the most a soldier may gain by it.
  for (const p of goalMovePlans(s, table, unitId, mode, GOAL_FRACS, true, { figs, allowance: open })) {
    cmds.push({
      key: 'MOVE',
      weight: gainWeight(p.gain),
      build: () => {
        const moves = p.build();
        return moves ? { type: 'MOVE', side, unitId, mode, moves } : undefined;
      },
      weigh,
    });
  }
  return cmds;
}

/** KRulesApi for the flow (src/rules/kuularuisku/activation): the rules engine's functions, as it names them. */
export const kRulesApi: KRulesApi = {
  setup: setupK,
  validate: validateKScenario,
  meleeRound: (s, meleeId, ctx) => meleeRound(s, meleeId, ctx),
  rout: (s, unitId, ctx) => rout(s, unitId, ctx),
  pinnedTest: (s, unitId, ctx) => pinnedTest(s, unitId, ctx),
  stragglers: (s, unitId, table) => stragglers(s, unitId, table),
  decideAction: (s, c, ctx) => decideAction(s, c, ctx),
  actionTypes: ACTION_TYPES,
  chargedTargetTest: (s, chargerId, targetId, ctx) => chargedTargetTest(s, chargerId, targetId, ctx),
  defensiveFireRefusal: (s, chargerId, targetId) => defensiveFireRefusal(s, chargerId, targetId),
  defensiveFire: (s, chargerId, targetId, ctx) => defensiveFire(s, chargerId, targetId, ctx),
  chargerMorale: (s, chargerId, ctx) => chargerMorale(s, chargerId, ctx),
  meleeStart: (s, chargerId, targetId) => meleeStart(s, chargerId, targetId),
  grenadeSides: (s, meleeId) => grenadeSides(s, meleeId),
  throwGrenades: (s, meleeId, side) => throwGrenades(s, meleeId, side),
  endOfTurn: (s, ctx) => evacuationMoves(s, ctx),
  candidateActions: (s, unitId, kind, table) => candidateActions(s, unitId, kind, table),
  beforeTurn: (s, turn, ctx) => (turn === 1 ? preparationFire(s, ctx) : []),
  activationEnding: (s) => chargeRemoval(s),
  afterDecision: (s, events) => revealChecks(s, events as ReadonlyArray<{ type: string; shooterId?: unknown }>),
  specialCommands: (s, unitId) => specialCommands(s, unitId).map((c) => ({ ...c })),
};
