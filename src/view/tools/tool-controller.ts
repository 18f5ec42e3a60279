// The table tools' state and actions (select, line of sight, measure, range rings, cutaway, eye
// view), shared by the scene (view) and the panels (ui). Actions ask the battlefield for every
// answer through sight.ts; components only render this state and call these actions.
import type { BuildingInfo } from '../../battlefield';
import type { LengthUnit, Vec3 } from '../../core';
import { createStore, type Store } from '../store';
import { BASE_RADIUS } from '../figure-geometry';
import { cutawayScope, levelIn } from './cutaway';
import { buildingByWall, exactEnd, spotEnd, spotFeature } from './los-ends';
import { DEFAULT_RINGS, ringRuns } from './overlay-geometry';
import { describeEnd, lineOfSightReport, measureReport, type EndReport, type LosReport, type MeasureReport, type SightEnd, type TargetMode } from './sight';
import { displayUnit, figureIndex, type FigureRef, type ToolsModel, figureBody } from './tool-model';

import type { EyeView, Hover, CanvasLink, SurfaceHit } from './tool-types';

export type { EyeView, Hover, CanvasLink, SurfaceHit } from './tool-types';
export type ToolId = 'select' | 'los' | 'measure';
export type EndName = 'observer' | 'target' | 'a' | 'b';

export interface ToolState {
  tool: ToolId;
  selected: string | null;
  los: {
    observer: SightEnd | null;
    target: SightEnd | null;
    mode: TargetMode;
    /** What the next click sets: after a finished line it changes the target, until "New observer". */
    next: 'observer' | 'target';
    /** The observer's place and eye, as soon as it is picked. */
    first: EndReport | null;
    report: LosReport | null;
    error: string | null;
  };
  measure: { a: SightEnd | null; b: SightEnd | null; first: EndReport | null; report: MeasureReport | null; error: string | null };
  rings: { radii: number[]; visible: boolean };
  /** Floor cutaway level (null = roofs on). */
  cutaway: number | null;
  eye: EyeView | null;
}

const initial = (): ToolState => ({
  tool: 'select',
  selected: null,
  los: { observer: null, target: null, mode: 'unit', next: 'observer', first: null, report: null, error: null },
  measure: { a: null, b: null, first: null, report: null, error: null },
  rings: { radii: DEFAULT_RINGS, visible: true },
  cutaway: null,
  eye: null,
});

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The floor a click on a building most likely meant: the highest level at or below the hit. */
export function floorAtHit(building: BuildingInfo | undefined, hitY: number, cutaway: number | null): number {
  if (!building) return 0;
  let floor = 0;
  building.levels.forEach((y, i) => {
    if (y <= hitY + 0.5) floor = i;
  });
  return cutaway === null ? floor : Math.min(floor, cutaway);
}

export class ToolController {
  readonly state: Store<ToolState> = createStore(initial());
  readonly hover: Store<Hover | null> = createStore<Hover | null>(null);
  private placed: ReadonlyMap<string, FigureRef>;
  /** Set by the canvas while it is mounted. */
  link: CanvasLink | null = null;
  /** Frames drawn since the canvas mounted (for tests waiting on a fresh picture). */
  frames = 0;

  private readonly stands = new Map<string, Vec3>();

  /** The unit lengths are shown in (the scenario's choice, else its ruleset's `measure`, passed in by the app). */
  readonly lengthUnit: LengthUnit;

  constructor(readonly model: ToolsModel, rulesetUnit?: LengthUnit) {
    this.placed = figureIndex(model.scenario);
    this.lengthUnit = displayUnit(model.scenario, rulesetUnit);
  }

  /** Figures on the table by id: the scenario's deployment, or where play put them (placeFigures). */
  get figures(): ReadonlyMap<string, FigureRef> {
    return this.placed;
  }

  /**
   * Play: the figures stand where the game says (listed ones, at those places; others are off the
   * table); null goes back to the deployment. Open LOS and tape reports are asked again.
   */
  placeFigures(places: ReadonlyArray<{ figureId: string; at: [number, number]; floor?: number }> | null): void {
    if (places === null) this.placed = figureIndex(this.model.scenario);
    else {
      const all = figureIndex(this.model.scenario, true);
      const next = new Map<string, FigureRef>();
      for (const p of places) {
        const ref = all.get(p.figureId);
        if (!ref) continue;
        const { floor: _old, ...figure } = ref.figure;
        next.set(p.figureId, { ...ref, figure: { ...figure, at: p.at, ...(p.floor ? { floor: p.floor } : {}) } });
      }
      this.placed = next;
    }
    this.stands.clear();
    const s = this.state.get();
    if (s.selected && !this.placed.has(s.selected)) this.patch({ selected: null });
    if (s.los.observer) this.setLos({});
    if (s.measure.a) this.setMeasure({});
  }

  /** Range rings around a figure: each radius from the base edge, draped over the ground. */
  rangeRings(figureId: string, radii: readonly number[]): Array<{ radius: number; runs: Vec3[][] }> {
    const at = this.standPoint(figureId);
    if (!at) return [];
    return radii.map((radius) => ({ radius, runs: ringRuns(this.model, at[0], at[2], radius + BASE_RADIUS) }));
  }

  /** A figure's place, floor, stand and eye heights (from the battlefield). */
  describeFigure(figureId: string): EndReport | null {
    return this.figures.has(figureId) ? describeEnd(this.model, this.figures, { kind: 'figure', figureId }) : null;
  }

  /** Where a figure stands (its base centre), from the battlefield. */
  standPoint(figureId: string): Vec3 | null {
    const hit = this.stands.get(figureId);
    if (hit) return hit;
    const ref = this.figures.get(figureId);
    if (!ref) return null;
    const [x, z] = ref.figure.at;
    const p: Vec3 = [x, this.model.standHeight(x, z, ref.figure.floor), z];
    this.stands.set(figureId, p);
    return p;
  }

  private patch(p: Partial<ToolState>): void {
    this.state.set((s) => ({ ...s, ...p }));
  }

  setTool(tool: ToolId): void {
    this.patch({ tool });
  }

  select(figureId: string | null): void {
    this.patch({ selected: figureId });
  }

  setHover(h: Hover | null): void {
    const cur = this.hover.get();
    if (h === null ? cur !== null : !cur || cur.figureId !== h.figureId || cur.clientX !== h.clientX || cur.clientY !== h.clientY) this.hover.set(h);
  }

  /** A figure was clicked. */
  pickFigure(figureId: string): void {
    if (!this.figures.has(figureId)) return;
    const s = this.state.get();
    if (s.tool === 'select') return this.select(s.selected === figureId ? null : figureId);
    this.pickEnd({ kind: 'figure', figureId });
  }

  /** The ground or a building was clicked at (x, z); inside a building the floor is a first guess. */
  pickSurface(hit: SurfaceHit): void {
    const { width, depth } = this.model.scenario.table;
    if (!(hit.x >= 0 && hit.z >= 0 && hit.x <= width && hit.z <= depth)) return;
    const s = this.state.get();
    if (s.tool === 'select') return this.select(null);
    const inside = this.model.buildingAt(hit.x, hit.z);
    // Sight ends stand on a building's standing spot (its floor's centre at first), whether the click
    // met its floor, its roof or its wall from outside; the tape keeps the exact point.
    const building = inside ?? (s.tool === 'los' ? buildingByWall(this.model, hit.x, hit.z, hit.y) : undefined);
    const floor = floorAtHit(building, hit.y, levelIn(s.cutaway, cutawayScope(this).get().target, building?.id));
    if (s.tool === 'los' && building) return this.pickEnd(spotEnd(this.model, building.id, floor, 'centre', [hit.x, hit.z]));
    const walk = s.tool === 'los' && !building ? this.model.walkAt(hit.x, hit.z) : undefined;
    if (walk) return this.pickEnd(spotEnd(this.model, walk, 0, 'walk', [hit.x, hit.z]));
    this.pickEnd({ kind: 'point', x: hit.x, z: hit.z, floor });
  }

  private pickEnd(end: SightEnd): void {
    const s = this.state.get();
    const first = s.tool === 'los' ? !s.los.observer || s.los.next === 'observer' : !s.measure.a || s.measure.b !== null;
    // The first end, when a figure, becomes the selection (its highlight, its range rings).
    if (first && end.kind === 'figure') this.patch({ selected: end.figureId });
    // A new observer keeps the target (if any); a later click changes only the target.
    if (s.tool === 'los') this.setLos(first ? { observer: end, next: 'target' } : { target: end });
    else if (s.tool === 'measure') this.setMeasure(first ? { a: end, b: null } : { b: end });
  }

  /** A sight line that could not be set (a bad link): said in the panel. */
  losError(message: string): void {
    this.patch({ los: { ...this.state.get().los, error: message } });
  }

  /** The next click picks a new observer (the target stays). */
  newObserver(): void {
    this.setLos({ next: 'observer' });
  }

  /** Both ends at once (a shared link): the line as it was sent. */
  setLosEnds(observer: SightEnd, target: SightEnd | null, mode: TargetMode = this.state.get().los.mode): void {
    this.setLos({ observer, target, mode, next: 'target' });
  }

  /** Stand an end inside a building on one of its floor's standing spots ('centre' or an opening's id). */
  setSpot(end: 'observer' | 'target', spotId: string): void {
    const cur = this.state.get().los[end];
    if (!cur || cur.kind !== 'point') return;
    const feature = spotFeature(this.model, cur.x, cur.z);
    if (feature) this.setLos({ [end]: spotEnd(this.model, feature, cur.floor, spotId, cur.click ?? [cur.x, cur.z]) });
  }

  /** Put an end exactly at (x, z) on a floor, its eye `above` cm over the surface (undefined: a figure's eye). */
  setExact(end: 'observer' | 'target', x: number, z: number, floor: number, above?: number): void {
    const { width, depth } = this.model.scenario.table;
    if (![x, z, floor].every(Number.isFinite) || (above !== undefined && !(above >= 0))) {
      return this.patch({ los: { ...this.state.get().los, error: 'expected numbers: x and z in cm, a floor number and a height of 0 or more' } });
    }
    if (!(x >= 0 && z >= 0 && x <= width && z <= depth)) {
      return this.patch({ los: { ...this.state.get().los, error: `point (${x}, ${z}) is off the table: expected x in 0–${width} and z in 0–${depth}` } });
    }
    this.setLos({ [end]: exactEnd(this.model, x, z, floor, above), ...(end === 'observer' && !this.state.get().los.observer ? { next: 'target' as const } : {}) });
  }

  /** Move a point observer by (dx, dz) cm on its floor and its eye by dAbove cm (the nudge keys). */
  nudgeObserver(dx: number, dz: number, dAbove = 0): void {
    const { observer, first } = this.state.get().los;
    if (!observer || observer.kind !== 'point' || !first) return;
    const r = (n: number) => Math.round(n * 1000) / 1000;
    this.setExact('observer', r(observer.x + dx), r(observer.z + dz), observer.floor, dAbove ? Math.max(0, r(first.above + dAbove)) : observer.above);
  }

  private setLos(p: Partial<ToolState['los']>): void {
    const los = { ...this.state.get().los, ...p };
    let first: EndReport | null = null;
    let report: LosReport | null = null;
    let error: string | null = null;
    try {
      if (los.observer) first = describeEnd(this.model, this.figures, los.observer);
      if (los.observer && los.target) report = lineOfSightReport(this.model, this.figures, los.observer, los.target, los.mode);
    } catch (err) {
      error = message(err);
    }
    this.patch({ los: { ...los, first, report, error } });
  }

  private setMeasure(p: Partial<ToolState['measure']>): void {
    const m = { ...this.state.get().measure, ...p };
    let first: EndReport | null = null;
    let report: MeasureReport | null = null;
    let error: string | null = null;
    try {
      if (m.a) first = describeEnd(this.model, this.figures, m.a);
      if (m.a && m.b) report = measureReport(this.model, this.figures, m.a, m.b);
    } catch (err) {
      error = message(err);
    }
    this.patch({ measure: { ...m, first, report, error } });
  }

  /** Choose the floor of a picked point that lies inside a building. */
  setFloor(end: EndName, floor: number): void {
    const s = this.state.get();
    const group = end === 'observer' || end === 'target' ? s.los : s.measure;
    const cur = (group as Record<string, SightEnd | null>)[end];
    if (!cur || cur.kind !== 'point') return;
    // An end on a standing spot goes to the new floor's centre (the openings differ from floor to floor).
    const building = cur.spot ? this.model.buildingAt(cur.x, cur.z) : undefined;
    const next: SightEnd = building ? spotEnd(this.model, building.id, floor, 'centre', cur.click ?? [cur.x, cur.z]) : { ...cur, floor };
    if (end === 'observer' || end === 'target') this.setLos({ [end]: next });
    else this.setMeasure({ [end]: next });
  }

  setTargetMode(mode: TargetMode): void {
    this.setLos({ mode });
  }

  /** Swap observer and target (a point target becomes the observer and the other way round). */
  swapLos(): void {
    const { observer, target } = this.state.get().los;
    if (observer && target) this.setLos({ observer: target, target: observer });
  }

  clearLos(): void {
    this.patch({ los: { ...initial().los, mode: this.state.get().los.mode } });
  }

  clearMeasure(): void {
    this.patch({ measure: initial().measure });
  }

  setRings(radii: number[]): void {
    this.patch({ rings: { ...this.state.get().rings, radii } });
  }

  showRings(visible: boolean): void {
    this.patch({ rings: { ...this.state.get().rings, visible } });
  }

  setCutaway(level: number | null): void {
    this.patch({ cutaway: level });
  }

  /** First-person view from a figure's eye, looking where it faces (or at the current LOS target). */
  eyeFromFigure(figureId: string): void {
    const ref = this.figures.get(figureId);
    if (!ref) return;
    const s = this.state.get();
    const report = s.los.report;
    const lookAt = report && report.observer.figureId === figureId ? report.to : null;
    this.patch({ eye: { from: this.model.eyePoint(figureBody(ref)), lookAt, facing: ref.figure.facing ?? 0, label: ref.unit.name, figureId } });
  }

  /** First-person view from the LOS observer (figure or point and floor), toward the target if there is one. */
  eyeFromObserver(): void {
    const { report, first, observer } = this.state.get().los;
    const own = observer?.kind === 'figure' ? { figureId: observer.figureId } : {};
    if (report) return this.patch({ eye: { from: report.from, lookAt: report.to, facing: 0, label: report.observer.label, ...own } });
    if (!first || !observer) return;
    const facing = observer.kind === 'figure' ? this.figures.get(observer.figureId)?.figure.facing ?? 0 : 0;
    this.patch({ eye: { from: first.eye, lookAt: null, facing, label: first.label, ...own } });
  }

  exitEye(): void {
    if (this.state.get().eye) this.patch({ eye: null });
  }
}
