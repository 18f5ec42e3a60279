// The line-of-sight and tape reports of the table tools: every height, floor and sight verdict is
// asked of the battlefield (eyePoint, standHeight, lineOfSight, visibility); this only assembles
// the answers for the panel and the overlay. A point end is the eye of a standard figure standing
// there, exactly as the CLI's `los --from x,z[,floor]` reads it.
import type { LosResult, StandingSpot, VisibilityResult } from '../../battlefield';
import { dist3, type Vec2, type Vec3 } from '../../core';
import { featureName } from '../../scenario';
import { type FigureRef, type ToolsModel, figureBody, floorName } from './tool-model';

/** A picked place: a point on the ground or on a building floor. */
export interface PointEnd {
  kind: 'point';
  x: number;
  z: number;
  floor: number;
  /** Eye height above the surface stood on, cm (default: a standard figure's eye). */
  above?: number;
  /** The standing spot (battlefield's id) the end stands on, when it does. */
  spot?: string;
  /** Where the click landed, for ordering the floor's openings nearest first. */
  click?: Vec2;
}

/** A picked figure (for a target, its whole unit unless the target mode says figure). */
export interface FigureEnd {
  kind: 'figure';
  figureId: string;
}

export type SightEnd = PointEnd | FigureEnd;
export type TargetMode = 'unit' | 'figure';

export interface EndReport {
  kind: 'figure' | 'point';
  label: string;
  figureId: string | null;
  at: Vec2;
  floor: number;
  /** The building the end stands in, and how many levels it has (for the floor selector). */
  building: string | null;
  levels: number;
  floorName: string;
  /** Surface the end stands on, and the eye (or aim) point above it; cm. */
  stand: number;
  eye: Vec3;
  /** The eye's height above the surface, cm. */
  above: number;
  /** A point end in a building: the floor's standing spots (centre, then openings nearest the click first). */
  spots: StandingSpot[];
  /** The spot it stands on, if any. */
  spot: string | null;
}

export interface SightLine {
  from: Vec3;
  to: Vec3;
  clear: boolean;
  /** Where sight stops, when blocked. */
  blockAt: Vec3 | null;
}

export interface FigureSight {
  figureId: string;
  /** For people: the unit's name with the figure's role or number. */
  label: string;
  /** Each sight point; a hidden one names its first blocker (feature id, name for people, part). */
  samples: Array<{ name: string; clear: boolean; blocker: string | null; blockerName: string | null; blockerPart: string | null }>;
  visibleCount: number;
  fraction: number;
}

export interface LosReport {
  observer: EndReport;
  target: EndReport & { unitId: string | null; unitName: string | null };
  /** The sight line from the observer's eye to the target point (or the picked figure's head). */
  from: Vec3;
  to: Vec3;
  result: LosResult;
  /** Lines to draw: one per target figure (to its head), or the single line to a point. */
  lines: SightLine[];
  /** Each target figure's visibility (head, chest, base) — empty for a point target. */
  figures: FigureSight[];
}

type Figures = ReadonlyMap<string, FigureRef>;

function lookup(figures: Figures, id: string): FigureRef {
  const ref = figures.get(id);
  if (!ref) throw new Error(`no figure "${id}" on the table`);
  return ref;
}

/** Where an end stands and its eye, all from the battlefield. */
export function describeEnd(model: ToolsModel, figures: Figures, end: SightEnd): EndReport {
  const ref = end.kind === 'figure' ? lookup(figures, end.figureId) : undefined;
  const [x, z] = ref ? ref.figure.at : [end.kind === 'point' ? end.x : 0, end.kind === 'point' ? end.z : 0];
  const floor = ref ? ref.figure.floor ?? 0 : end.kind === 'point' ? end.floor : 0;
  const building = model.buildingAt(x, z);
  const body = ref ? figureBody(ref) : { id: 'point', at: [x, z] as Vec2, ...(floor ? { floor } : {}) };
  const point = end.kind === 'point' ? end : undefined;
  const stand = model.standHeight(x, z, floor || undefined);
  const eye: Vec3 = point?.above !== undefined ? [x, stand + point.above, z] : model.eyePoint(body);
  return {
    kind: ref ? 'figure' : 'point',
    label: ref ? ref.unit.name : building ? featureName(model.scenario, building.id) : 'Point on the ground',
    figureId: ref ? ref.figure.id : null,
    at: [x, z],
    floor,
    building: building?.id ?? null,
    levels: building?.levels.length ?? 0,
    floorName: floorName(model.scenario, building, floor),
    stand,
    eye,
    above: eye[1] - stand,
    spots: point ? spotsAt(model, building?.id ?? model.walkAt(x, z), floor, point.click ?? [x, z]) : [],
    spot: point?.spot ?? null,
  };
}

/** The standing spots of the building floor or walk an end stands on ([] elsewhere). */
function spotsAt(model: ToolsModel, feature: string | undefined, floor: number, near: Vec2) {
  return feature ? model.standingSpots(feature, floor, near) : [];
}

/**
 * A figure for people, within its unit: its role in words ("squad leader", "rifleman 3" when the
 * unit has several), else "figure 2"; a figure alone in its unit is the unit's name.
 */
export function figureLabel(ref: FigureRef): string {
  const all = ref.unit.figures;
  if (all.length < 2) return ref.unit.name;
  const role = ref.figure.role;
  if (!role) return `figure ${all.findIndex((f) => f.id === ref.figure.id) + 1}`;
  const same = all.filter((f) => f.role === role);
  const words = role.replace(/[-_]+/g, ' ');
  return same.length < 2 ? words : `${words} ${same.findIndex((f) => f.id === ref.figure.id) + 1}`;
}

function lineOf(from: Vec3, to: Vec3, r: LosResult): SightLine {
  return { from, to, clear: r.clear, blockAt: r.blocker ? r.blocker.point : null };
}

function figureSight(model: ToolsModel, ref: FigureRef, v: VisibilityResult): FigureSight {
  return {
    figureId: ref.figure.id,
    label: figureLabel(ref),
    samples: v.samples.map((s) => {
      const b = s.result.blocker;
      return { name: s.name, clear: s.result.clear, blocker: b?.featureId ?? null, blockerName: b ? featureName(model.scenario, b.featureId) : null, blockerPart: b ? b.part : null };
    }),
    visibleCount: v.visibleCount,
    fraction: v.fraction,
  };
}

/** The same samples seen from a given eye (a point observer at a typed height) instead of a figure's. */
function eyeAt(model: ToolsModel, v: VisibilityResult, eye: Vec3 | null): VisibilityResult {
  if (!eye) return v;
  const samples = v.samples.map((s) => ({ ...s, result: model.lineOfSight(eye, s.point) }));
  const visibleCount = samples.filter((s) => s.result.clear).length;
  return { eye, samples, visibleCount, fraction: samples.length ? visibleCount / samples.length : 0 };
}

/** Line of sight from an observer (figure or point) to a target (point, figure or unit). */
export function lineOfSightReport(model: ToolsModel, figures: Figures, observer: SightEnd, target: SightEnd, mode: TargetMode): LosReport {
  const obs = describeEnd(model, figures, observer);
  const tgt = describeEnd(model, figures, target);
  const obsRef = observer.kind === 'figure' ? lookup(figures, observer.figureId) : undefined;
  const obsBody = obsRef ? figureBody(obsRef) : { id: 'observer', at: obs.at, ...(obs.floor ? { floor: obs.floor } : {}) };
  if (target.kind === 'point') {
    const result = model.lineOfSight(obs.eye, tgt.eye);
    return { observer: obs, target: { ...tgt, unitId: null, unitName: null }, from: obs.eye, to: tgt.eye, result, lines: [lineOf(obs.eye, tgt.eye, result)], figures: [] };
  }
  const picked = lookup(figures, target.figureId);
  const members = mode === 'unit' ? picked.unit.figures.filter((f) => figures.has(f.id)) : [picked.figure];
  const sights: FigureSight[] = [];
  const lines: SightLine[] = [];
  let main: { to: Vec3; result: LosResult } | undefined;
  for (const f of members) {
    if (obsRef && f.id === obsRef.figure.id) continue;
    const ref = lookup(figures, f.id);
    const v = eyeAt(model, model.visibility(obsBody, figureBody(ref)), observer.kind === 'point' && observer.above !== undefined ? obs.eye : null);
    const head = v.samples[0]!;
    sights.push(figureSight(model, ref, v));
    lines.push(lineOf(v.eye, head.point, head.result));
    if (f.id === picked.figure.id) main = { to: head.point, result: head.result };
  }
  main ??= { to: tgt.eye, result: model.lineOfSight(obs.eye, tgt.eye) };
  return {
    observer: obs,
    target: { ...tgt, unitId: picked.unit.id, unitName: picked.unit.name },
    from: obs.eye,
    to: main.to,
    result: main.result,
    lines,
    figures: sights,
  };
}

export interface MeasureReport {
  a: EndReport;
  b: EndReport;
  /** The tape's ends: the surface each end stands on (a figure's base). */
  from: Vec3;
  to: Vec3;
  /** Straight 3D distance, its horizontal part and the rise from a to b; cm. */
  distance: number;
  horizontal: number;
  rise: number;
}

/** A tape between two picked places, laid from surface to surface (heights from the battlefield). */
export function measureReport(model: ToolsModel, figures: Figures, a: SightEnd, b: SightEnd): MeasureReport {
  const ea = describeEnd(model, figures, a);
  const eb = describeEnd(model, figures, b);
  const from: Vec3 = [ea.at[0], ea.stand, ea.at[1]];
  const to: Vec3 = [eb.at[0], eb.stand, eb.at[1]];
  return {
    a: ea,
    b: eb,
    from,
    to,
    distance: dist3(from, to),
    horizontal: Math.hypot(to[0] - from[0], to[2] - from[2]),
    rise: to[1] - from[1],
  };
}
