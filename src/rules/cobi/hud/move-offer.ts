// C-3.3.1e the activated squad's move as the drag gizmo shows it: each figure's allowance (15 cm, 8 cm
// through difficult ground) and the outline of where it may end alone, found by asking the move's own
// measure (measureStep: the tape with height, the ground's allowance, walls, impassable ground, solids
// at the end, the table's edge) along a fan of bearings. Coherency (C-3.3b) is the squad's and is
// checked when the move is sent. Hints only: the rules answer the MOVE itself.
import type { Command, PlayMoveOffer, TableQueries, Vec2 } from '../../../core';
import type { Scenario } from '../../../scenario';
import { DIFFICULT_MOVE, INFANTRY_MOVE, measureStep } from '../actions/move';
import { unitFigures, type CFigure, type CState } from '../state';

/** Bearings of the outline, and the march step along each before it is refined (cm). */
const BEARINGS = 24;
const MARCH = 1.5;
const REFINE = 4;

/** The farthest point along `bearing` (radians, 0 = north) where the figure may end alone. */
function reachAlong(scenario: Scenario, table: TableQueries, f: CFigure, bearing: number): Vec2 {
  const [sx, sz] = [Math.sin(bearing), Math.cos(bearing)];
  const at = (d: number): Vec2 => [f.at[0] + sx * d, f.at[1] + sz * d];
  const ok = (d: number) => measureStep(scenario, table, f, at(d)).ok;
  let good = 0;
  let bad = INFANTRY_MOVE + MARCH;
  // March out until the first refusal: a hole beyond it (past a wall) is not reached walking straight.
  for (let d = MARCH; d <= INFANTRY_MOVE + 1e-9; d += MARCH) {
    if (!ok(d)) {
      bad = d;
      break;
    }
    good = d;
  }
  if (bad > INFANTRY_MOVE) return at(good);
  for (let i = 0; i < REFINE; i++) {
    const mid = (good + bad) / 2;
    if (ok(mid)) good = mid;
    else bad = mid;
  }
  return at(good);
}

/** The outline around one figure: a closed ring of table points [x, z]. */
export function figureReach(scenario: Scenario, table: TableQueries, f: CFigure): Array<[number, number]> {
  const ring: Array<[number, number]> = [];
  for (let i = 0; i < BEARINGS; i++) {
    const p = reachAlong(scenario, table, f, (i / BEARINGS) * 2 * Math.PI);
    ring.push([Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10]);
  }
  return ring;
}

/** The move offer while the activated squad may move (a MOVE among the legal commands), else nothing. */
export function moveOffer(s: CState, scenario: Scenario, table: TableQueries, legal: readonly Command[]): PlayMoveOffer | undefined {
  const unit = s.seq.unit;
  if (s.seq.step !== 'activation' || !unit || s.table.attack || !legal.some((c) => c.type === 'MOVE' && c.unitId === unit)) return undefined;
  const own = s.table.units.find((u) => u.id === unit);
  if (!own || own.type === 'vehicle') return undefined;
  const figures = unitFigures(s.table, unit);
  return {
    unitId: unit,
    mode: 'infantry move',
    allowance: Object.fromEntries(figures.map((f) => [f.id, { open: INFANTRY_MOVE, difficult: DIFFICULT_MOVE }])),
    rules: ['C-3.3.1e', 'C-3.3b'],
    why: [`${INFANTRY_MOVE} cm, ${DIFFICULT_MOVE} cm when the way crosses difficult ground`, 'every figure ends within 5 cm of another of its squad'],
    reach: Object.fromEntries(figures.map((f) => [f.id, figureReach(scenario, table, f)])),
    commandType: 'MOVE',
  };
}
