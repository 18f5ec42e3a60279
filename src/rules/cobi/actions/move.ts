// C-3.3.1e infantry movement measured on the battlefield: each figure's tape from where it stands to
// where it ends (height counts), 15 cm on ordinary ground and 8 cm when the way crosses difficult
// ground; impassable ground, a wall in the way or a solid at the end refuse it (C-3.1d: the terrain's
// classes); the squad stays in coherency (C-3.3b). The figures go straight; floors come later.
import { hypot, tapeReading, within, type TableQueries, type Vec2 } from '../../../core';
import { featureName, type Scenario } from '../../../scenario';
import { FIGURE, coherent, figureName } from '../scenario-data';
import { unitFigures, type CFigure, type CTable } from '../state';
import { hullOnWay } from '../vehicle-table';

/** C-3.3.1e infantry move on ordinary ground, and through difficult terrain (cm). */
export const INFANTRY_MOVE = 15;
export const DIFFICULT_MOVE = 8;

/** One figure's requested move: where it ends. */
export interface FigureStep {
  readonly figureId: string;
  readonly to: Vec2;
}

export type Refusal = { ok: false; reason: string; rule: string };
const no = (reason: string, rule: string): Refusal => ({ ok: false, reason, rule });

/** One figure's way measured: the tape's length and the allowance the ground gives (with the difficult feature, if any). */
export interface StepMeasure {
  readonly figure: string;
  readonly to: Vec2;
  readonly cm: number;
  readonly allowance: number;
  readonly difficult?: string;
}

const cm = (d: number) => `${tapeReading(d).toFixed(1)} cm`;

/** C-3.3.1e, C-3.1d one figure's straight way from where it stands to `to`: measured, or the refusal naming why. */
export function measureStep(scenario: Scenario, table: TableQueries, f: CFigure, to: Vec2): { ok: true; step: StepMeasure } | Refusal {
  const who = figureName(scenario, f.unit, f.id);
  if (!to.every(Number.isFinite)) return no(`${who}: a move needs an end point [x, z] in cm`, 'C-3.3.1e');
  const { width, depth } = table.scenario.table;
  if (to[0] < 0 || to[0] > width || to[1] < 0 || to[1] > depth) return no(`${who} would leave the table`, 'C-3.3.1e');
  const plan = hypot(to[0] - f.at[0], to[1] - f.at[1]);
  const length = hypot(plan, table.standHeight(to[0], to[1], 0) - table.standHeight(f.at[0], f.at[1], 0));
  const areas = table.areasAlong ? table.areasAlong(f.at, to) : [...table.areasAt(f.at[0], f.at[1]), ...table.areasAt(to[0], to[1])];
  const obstacles = table.obstaclesAlong(f.at, to);
  const blocked = [...areas, ...obstacles].find((x) => x.tags.impassable);
  if (blocked) return no(`${who} cannot cross ${featureName(table.scenario, blocked.featureId)} (impassable)`, 'C-3.1d');
  const body = { id: f.id, floor: 0, radius: FIGURE.radius, height: FIGURE.height };
  const wall = table.wallBetween({ ...body, at: f.at }, { ...body, at: to });
  if (wall) return no(`${who}: the ${wall.part} of ${featureName(table.scenario, wall.featureId)} is in the way`, 'C-3.1d');
  const clash = table.bodyClashes({ ...body, at: to })[0];
  if (clash) return no(`${who} would stand inside ${featureName(table.scenario, clash.featureId)}`, 'C-3.1d');
  const rough = [...areas, ...obstacles].find((x) => x.tags.difficult);
  const allowance = rough ? DIFFICULT_MOVE : INFANTRY_MOVE;
  if (!within(length, allowance)) {
    const ground = rough ? `the ${DIFFICULT_MOVE} cm through difficult ground (${featureName(table.scenario, rough.featureId)})` : `the infantry's ${INFANTRY_MOVE} cm`;
    return no(`${who} would move ${cm(length)}, beyond ${ground}`, 'C-3.3.1e');
  }
  return { ok: true, step: { figure: f.id, to: [to[0], to[1]], cm: length, allowance, ...(rough ? { difficult: rough.featureId } : {}) } };
}

/**
 * C-3.3.1e, C-3.3b the acting unit's move: every step measured, each figure of the unit at most once,
 * and the squad in coherency where it ends (figures not named stay). The steps, or the first refusal.
 */
export function checkMove(t: CTable, unit: string, steps: readonly FigureStep[], scenario: Scenario, table: TableQueries): { ok: true; steps: StepMeasure[] } | Refusal {
  const own = unitFigures(t, unit);
  if (!steps.length) return no('a move names at least one figure and where it ends', 'C-3.3.1e');
  const seen = new Set<string>();
  const out: StepMeasure[] = [];
  for (const s of steps) {
    const f = own.find((x) => x.id === s.figureId);
    if (!f) return no(`${s.figureId} is no figure of ${scenario.units?.find((u) => u.id === unit)?.name ?? unit} on the table`, 'C-3.3a');
    if (seen.has(f.id)) return no(`${figureName(scenario, unit, f.id)} is named twice`, 'C-3.3.1e');
    seen.add(f.id);
    const r = measureStep(scenario, table, f, s.to);
    if (!r.ok) return r;
    // C-3.1d a vehicle's hull (a wreck's too) is in the way of a soldier as a solid is.
    const hull = hullOnWay(scenario, t, f.at, s.to);
    if (hull) return no(`${figureName(scenario, unit, f.id)}: ${hull} is in the way`, 'C-3.1d');
    out.push(r.step);
  }
  const ends = own.map((f) => out.find((m) => m.figure === f.id)?.to ?? f.at);
  if (!coherent(ends)) return no('the squad would break up: every figure must end within 5 cm of another of its squad', 'C-3.3b');
  return { ok: true, steps: out };
}

/** The steps of a command's `moves` field, or undefined when it is not a list of { figureId, to: [x, z] }. */
export function stepsOf(moves: unknown): FigureStep[] | undefined {
  if (!Array.isArray(moves)) return undefined;
  const out: FigureStep[] = [];
  for (const m of moves) {
    const to = (m as { to?: unknown })?.to;
    const id = (m as { figureId?: unknown })?.figureId;
    if (typeof id !== 'string' || !Array.isArray(to) || to.length !== 2) return undefined;
    out.push({ figureId: id, to: [Number(to[0]), Number(to[1])] });
  }
  return out;
}
