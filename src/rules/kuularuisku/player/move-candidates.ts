// The random player's moves for a unit: straight shifts, moves toward its objective (purpose.ts),
// the regroup of stragglers and a charge at the nearest enemy, each planned only when picked.
import { type TableQueries, type Vec2, hypot } from '../../../core';
import type { SoldierCommand } from '../activation/soldier-command';
import { stragglers } from '../coherency';
import type { MoveMode } from '../events';
import { movementAllowance } from '../movement';
import type { KFigure, KState, KUnit } from '../state';
import { isLive, liveFigures, onTable } from '../table';
import { goingAt } from '../terrain';
import { chargeSteps, endsClash, figuresAround, gainWeight, goalMovePlans, moveWeight, shiftWeigher, straightShift } from './purpose';
import { unitSurelyStays } from './sure-refusals';

/** The centre in plan of a unit's live figures (liveFigures' test, without the list); undefined when it has none. */
function centre(s: KState, u: KUnit): Vec2 | undefined {
  let x = 0, z = 0, n = 0;
  for (const id of u.figures) {
    const f = s.figures[id];
    if (isLive(f)) { x += f.at[0]; z += f.at[1]; n++; }
  }
  return n ? [x / n, z / n] : undefined;
}

/** A unit's moves worth trying, all planned now (each may still be refused). */
export function candidateActions(s: KState, unitId: string, kind: 'move' | 'fast-move' | 'regroup', table: TableQueries): SoldierCommand[] {
  const u = s.units[unitId];
  if (!u || !liveFigures(s, u).length) return [];
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
