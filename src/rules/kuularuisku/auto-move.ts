// Moves the rules make by themselves (K-7.3c rout, K-6.4g fall back, K-5.6 evacuation): each figure
// goes as far as it may along a straight line, shortened until the spot is legal on the table.
import { FIGURE_HEIGHT } from './constants';
import { contactReach, inContact } from './contact';
import type { FigureMove } from './events';
import { analysePath } from './paths';
import { baseOf, onTable } from './table';
import type { HouseSettings, KFigure, KState } from './state';
import { type TableQueries, type Vec2, within } from '../../core';

export interface AutoMoveRequest {
  figure: KFigure;
  /** Unit direction of travel (plan), or a destination point to head for. */
  toward: { dir: Vec2 } | { point: Vec2 };
  /** Allowance in open ground and in difficult ground, cm. */
  allowance: number;
  difficultAllowance: number;
  /** May the figure leave the table (a rout toward its own edge)? */
  mayLeave: boolean;
}

export interface AutoMoveResult {
  moves: FigureMove[];
  /** Figures that could not move at all (blocked where they stand). */
  stuck: string[];
  /** The moved figures' paths met difficult ground. */
  difficult: boolean;
}

const STEP = 0.5;

/** K-4.0 / K-6.1a the spot is taken: it overlaps a figure, or touches an enemy (contact.ts: also across a fence). */
function occupied(s: KState, table: TableQueries, f: KFigure, at: Vec2, placed: ReadonlyMap<string, { at: Vec2; floor: number }>, side: string, house: HouseSettings): boolean {
  const mine = { ...baseOf(table, f, at, 0), floor: 0 };
  const tol = contactReach(house);
  for (const g of Object.values(s.figures)) {
    if (g.id === f.id || g.removed || g.condition === 'dead' || g.id === f.evacuation?.partner) continue; // the escort goes along
    const p = placed.get(g.id) ?? { at: g.at, floor: g.floor };
    const reach = f.baseRadius + g.baseRadius + tol;
    if (Math.abs(p.at[0] - at[0]) > reach || Math.abs(p.at[1] - at[1]) > reach) continue; // far apart in plan
    if (!onTable(table, p.at)) continue;
    const theirs = { ...baseOf(table, g, p.at, p.floor), floor: p.floor };
    const centre = Math.hypot(theirs.at[0] - mine.at[0], theirs.at[1] - mine.at[1]);
    if (Math.abs(theirs.y - mine.y) >= FIGURE_HEIGHT) continue;
    if (centre < mine.radius + theirs.radius - 1e-6) return true;
    if (g.side !== side && inContact(table, mine, theirs, house)) return true;
  }
  return false;
}

/** Plan direct moves for several figures (in order; later figures avoid earlier ones' new places). */
export function autoMoves(s: KState, table: TableQueries, requests: readonly AutoMoveRequest[], house: HouseSettings, capDifficult = false, exact = false): AutoMoveResult {
  const placed = new Map<string, { at: Vec2; floor: number }>();
  const moves: FigureMove[] = [];
  const stuck: string[] = [];
  let difficult = false;
  for (const r of requests) {
    const f = r.figure;
    let dir: Vec2;
    let maxLen: number;
    const cap = capDifficult ? r.difficultAllowance : r.allowance;
    if ('dir' in r.toward) {
      dir = r.toward.dir;
      maxLen = cap;
    } else {
      const dx = r.toward.point[0] - f.at[0], dz = r.toward.point[1] - f.at[1];
      const d = Math.hypot(dx, dz);
      dir = d > 1e-9 ? [dx / d, dz / d] : [0, 0];
      maxLen = Math.min(cap, d);
    }
    let chosen: FigureMove | undefined;
    for (let len = maxLen; len > 1e-6 && (!exact || len === maxLen); len -= STEP) {
      const to: Vec2 = [f.at[0] + dir[0] * len, f.at[1] + dir[1] * len];
      const leaving = !onTable(table, to);
      if (leaving && !r.mayLeave) continue;
      let report;
      try {
        report = analysePath(table, [{ at: f.at, floor: f.floor }, { at: to, floor: 0 }], house, f.baseRadius);
      } catch {
        continue;
      }
      if (report.impassable || report.wall) continue;
      const length = report.edgeAt ?? report.length;
      if (report.difficultAt !== undefined && !within(length, r.difficultAllowance)) continue; // K-4.2c/d
      if (!leaving) {
        if (table.bodyClashes({ id: f.id, at: to, floor: 0, radius: f.baseRadius, height: FIGURE_HEIGHT }).length) continue;
        if (occupied(s, table, f, to, placed, f.side, house)) continue;
      }
      if (report.difficultAt !== undefined) difficult = true;
      chosen = { figureId: f.id, from: f.at, fromFloor: f.floor, to, floor: 0, distance: Math.round(length * 1000) / 1000, ...(leaving ? { offTable: true } : {}) };
      break;
    }
    if (chosen) {
      moves.push(chosen);
      placed.set(f.id, { at: chosen.to, floor: chosen.floor });
    } else stuck.push(f.id);
  }
  return { moves, stuck, difficult };
}

/** The plan direction toward a table edge (x east, z north). */
export function edgeDirection(edge: 'north' | 'east' | 'south' | 'west'): Vec2 {
  switch (edge) {
    case 'north': return [0, 1];
    case 'south': return [0, -1];
    case 'east': return [1, 0];
    case 'west': return [-1, 0];
  }
}

/** The table edge nearest a point (for sides without a start edge). */
export function nearestEdge(table: TableQueries, p: Vec2): 'north' | 'east' | 'south' | 'west' {
  const { width, depth } = table.scenario.table;
  const d = { west: p[0], east: width - p[0], south: p[1], north: depth - p[1] };
  return (Object.entries(d).sort((a, b) => a[1] - b[1])[0]![0]) as 'north' | 'east' | 'south' | 'west';
}
