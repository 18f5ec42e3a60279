// createBattlefield: a scenario's table (height grid, solids, areas) and the pure-read queries on it:
// heights, standing surfaces, line of sight, viewshed. Its Rapier world is built on the first query
// that needs one (rapier-world.ts): most sight lines and heights are answered without it.
import {
  type HeightGrid, type Solid, type Vec2, type Vec3, boundsOf, gridHeightAt, gridMaxHeight, lerp3, pointInPolygon, dist3, segmentInsideIntervals,
} from '../core';
import { FIGURE_SIGHT_POINTS, sightPointAt, sightPointHeight, type SightPoint } from '../core';
import { type BuildingFeature, type ResolvedTags, type Scenario, buildingCorners, resolveTags } from '../scenario';
import { type CrestLine, type ObstacleBox, crestLines, obstacleBoxes, obstacleCrossings } from './obstacles';
import { plainGround, roadBankRaise } from './relief';
import { cachedRelief } from './relief-cache';
import { EarthworkNamer } from './earthworks';
import { buildSolids, buildingBase, slabOf } from './solids';
import { areaVolumes, mayCross, volumeIntervals, type AreaVolume } from './areas';
import { depthStop as depthStopAt } from './see-in-depth';
import { losViewshed } from './viewshed';
import { onLadder, onWalk, standingSpots } from './standing-spots';
import { type Aabb, SolidCuller, solidAabb } from './broadphase';
import { SightCaster } from './sight-caster';
import { type FigureCollider, TERRAIN_PART, TableWorld, TableWorldBuild, initRapier, tableWorldNow } from './rapier-world';
import { type PlanBox, PlanBins } from './plan-bins';
import { type RayShape, rayShape } from './solid-ray';
import type {
  AreaAt, AreaCrossing, AreaSpan, Battlefield, BodyClash, BuildingInfo, FigureBody, LosHit, LosOptions, LosResult, ObstacleCrossing, StandingSpot, VisibilityResult, WorldState,
} from './types';

const END_TOLERANCE = 0.05; // cm: a surface touching the target point does not hide it
export const DEFAULT_FIGURE_HEIGHT = 1.7;
/** deckHeight's memo starts afresh past this many answers (a bound on memory over many games). */
const DECK_MEMO_LIMIT = 100_000;
export const EYE_FRACTION = 0.94;
/** Parts a standing figure's body may not overlap (ladders and floor slabs are walked on or through). */
const BODY_PARTS = new Set(['wall', 'obstacle', 'parapet', 'railing', 'roof', 'foundation']);
/** Plan padding of the body-solid boxes, cm: more than any figure's base radius (larger bodies skip the reject). */
const BODY_PAD = 5;
/** Height above the floor at which a walking figure meets walls (doors and breaches let it through). */
const KNEE = 0.5;
/** A figure's body starts this far above the surface it stands on (bodyClashes). */
const LIFT = 0.2;
/** Room left by the exact plan and height reject of bodyClashes and wallBetween before they ask Rapier, cm. */
const SPARE = 0.01;
/** The answer of areasAt / areasAlong where no area is met: shared, and frozen so that a caller that would change it throws (no caller does). */
const NO_AREAS: readonly never[] = Object.freeze([]);

/**
 * A body solid as a vertical prism (boxes turn about y only): the rectangle centre, its turn (cos,
 * sin as the sight casts use them), half extents and height range. Hulls (roofs) by their bounding box.
 */
interface BodyPrism { cx: number; cz: number; c: number; s: number; hx: number; hz: number; yMin: number; yMax: number }

function bodyPrism(s: Solid): BodyPrism {
  if (s.shape === 'box') {
    const a = (s.rotationY * Math.PI) / 180;
    return {
      cx: s.center[0], cz: s.center[2], c: Math.cos(a), s: Math.sin(a), hx: s.halfExtents[0], hz: s.halfExtents[2],
      yMin: s.center[1] - s.halfExtents[1], yMax: s.center[1] + s.halfExtents[1],
    };
  }
  const b = solidAabb(s);
  return {
    cx: (b.min[0] + b.max[0]) / 2, cz: (b.min[2] + b.max[2]) / 2, c: 1, s: 0,
    hx: (b.max[0] - b.min[0]) / 2, hz: (b.max[2] - b.min[2]) / 2, yMin: b.min[1], yMax: b.max[1],
  };
}

/** A figure's height: its own, else its box's (a hull), else a 15 mm figure's. */
function figureHeight(f: FigureBody): number {
  return f.height ?? f.box?.height ?? DEFAULT_FIGURE_HEIGHT;
}

/** dist3 without Math.hypot (slow in V8): the length both sight queries derive their end tolerance from. */
function segmentLength(a: Vec3, b: Vec3): number {
  const dx = b[0] - a[0], dy = b[1] - a[1], dz = b[2] - a[2];
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

export class BattlefieldQueryError extends Error {
  override name = 'BattlefieldQueryError';
}

/** What a part number (TERRAIN_PART, or a solid's index + 1) is: its feature, kind and part. */
interface PartInfo {
  featureId: string;
  kind: string;
  part: string;
}

/** A table with Rapier loaded: every query answers at once. */
export async function createBattlefield(scenario: Scenario): Promise<Battlefield> {
  await initRapier();
  return createBattlefieldNow(scenario);
}

/**
 * The same, at once, Rapier loaded or not: a game whose options change the terrain builds its own
 * table when its options are known (a save being read, a new game). Until Rapier is loaded, a query
 * that needs its world throws RapierNotLoadedError (askLoadingRapier loads it and asks again).
 */
export function createBattlefieldNow(scenario: Scenario): Battlefield {
  const grid = cachedRelief(scenario);
  const solids = buildSolids(scenario, grid);
  return new TableBattlefield(scenario, grid, solids);
}

class TableBattlefield implements Battlefield {
  readonly buildings: BuildingInfo[];
  /** The Rapier world, built on first need (physics). */
  private tableWorld: TableWorld | undefined;
  /** A world being built a slice at a time (buildWorldSlice) until it is finished. */
  private worldBuild: TableWorldBuild | undefined;
  private freed = false;
  /** What each part number is: the terrain at TERRAIN_PART, solid i at i + 1. */
  private readonly parts: PartInfo[];
  private readonly volumes: AreaVolume[];
  private readonly top: number;
  private readonly seeCuller: SolidCuller;
  private readonly caster: SightCaster;
  private readonly buildingBoxes: Array<{ info: BuildingInfo; minX: number; minZ: number; maxX: number; maxZ: number }>;
  private readonly standBoxes: Aabb[];
  /** Plan bins over buildingBoxes and standBoxes, for the many point lookups of a viewshed. */
  private readonly buildingBins: PlanBins;
  private readonly standBins: PlanBins;
  /** Plan boxes of the solids a figure's body can clash with, padded by BODY_PAD, in bins (bodyClashes' cheap reject). */
  private readonly bodyBoxes: PlanBox[];
  private readonly bodyPrisms: BodyPrism[];
  private readonly bodyBins: PlanBins;
  private readonly probe = [0, 0]; // scratch plan point of the building and area lookups
  /** Plan bins over the area volumes (areasAt, areasAlong). */
  private readonly volumeBins: PlanBins;
  /** Each area volume's (frozen) areasAt answer, shared by all points inside it. */
  private readonly areaAnswers: AreaAt[];
  /** The last ignore list of a sight query and its set (the rules ask many lines with the same list). */
  private lastIgnore: { list: readonly string[]; copy: string[]; set: ReadonlySet<string> } | undefined;
  /** deckHeight's answers by x, then z, and how many (bounded by DECK_MEMO_LIMIT). */
  private readonly deckMemo = new Map<number, Map<number, number>>();
  private deckMemoSize = 0;
  private readonly tagsOf = (id: string): ResolvedTags | undefined => {
    let t = this.tagsById.get(id);
    if (!t) {
      const f = this.scenario.features.find((x) => x.id === id);
      if (!f) return undefined;
      t = resolveTags(f);
      this.tagsById.set(id, t);
    }
    return t;
  };
  private readonly isBuildingWall = (part: number): boolean => {
    const info = this.parts[part];
    return info?.kind === 'building' && info.part === 'wall';
  };
  private readonly obstacleScratch: number[] = [];
  private readonly volumeScratch: number[] = [];
  private readonly wallScratch: number[] = [];
  private walls?: { shapes: RayShape[]; boxes: PlanBox[]; bins: PlanBins };
  private readonly segA: [number, number, number] = [0, 0, 0];
  private readonly segB: [number, number, number] = [0, 0, 0];
  private readonly obstacleCandidates = (x0: number, z0: number, x1: number, z1: number): readonly number[] | undefined =>
    this.obstacleBins!.collect(x0, z0, x1, z1, this.obstacleScratch) ? this.obstacleScratch : undefined;
  private obstacleBoxes?: ObstacleBox[];
  private obstacleBins?: PlanBins;
  private crests?: CrestLine[];
  private readonly tagsById = new Map<string, ResolvedTags>();
  /** Names the rampart or ditch whose sculpted earth stopped a line (the grid alone says "terrain"). */
  private readonly earthworks: EarthworkNamer;

  constructor(readonly scenario: Scenario, readonly grid: HeightGrid, readonly solids: Solid[]) {
    this.parts = [{ featureId: 'terrain', kind: 'terrain', part: 'ground' }];
    let top = gridMaxHeight(grid);
    const blocking: Array<{ solid: Solid; part: number }> = [];
    solids.forEach((s, i) => {
      this.parts.push({ featureId: s.featureId, kind: s.featureKind, part: s.part });
      // The JS casts hold every sight-blocking solid; Rapier's world holds the same shapes
      // (it refuses only a flat hull, and buildSolids makes none: roofs and parapet fronts have depth).
      if (s.blocksSight) blocking.push({ solid: s, part: i + 1 });
      const y = s.shape === 'box' ? s.center[1] + Math.hypot(...s.halfExtents) : Math.max(...s.points.map((p) => p[1]));
      top = Math.max(top, y);
    });
    this.top = top + 10;
    this.caster = new SightCaster(grid, TERRAIN_PART, blocking, scenario.table.width, scenario.table.depth);
    this.volumes = areaVolumes(scenario, grid);
    this.earthworks = new EarthworkNamer(scenario, grid, plainGround(scenario), roadBankRaise(scenario));
    this.seeCuller = new SolidCuller(solids.filter((x) => !x.blocksSight));
    this.buildings = scenario.features
      .filter((f): f is BuildingFeature => f.kind === 'building')
      .map((b) => {
        const base = buildingBase(b, grid);
        const levels = b.floors.map((f) => base + f.elevation);
        if (b.roof?.walkable && !b.ruined) levels.push(base + b.eaves + (b.roof.kind === 'flat' || !b.roof.height ? slabOf(b) : 0));
        return { id: b.id, baseHeight: base, levels, corners: buildingCorners(b) };
      });
    this.buildingBoxes = this.buildings.map((info) => ({ info, ...boundsOf(info.corners) }));
    this.standBoxes = solids.filter((x) => x.standable).map(solidAabb);
    const { width, depth } = scenario.table;
    this.buildingBins = new PlanBins(this.buildingBoxes, width, depth);
    this.standBins = new PlanBins(this.standBoxes.map((b) => ({ minX: b.min[0], minZ: b.min[2], maxX: b.max[0], maxZ: b.max[2] })), width, depth);
    const bodySolids = solids.filter((x) => BODY_PARTS.has(x.part));
    this.bodyBoxes = bodySolids.map(solidAabb)
      .map((b) => ({ minX: b.min[0] - BODY_PAD, minZ: b.min[2] - BODY_PAD, maxX: b.max[0] + BODY_PAD, maxZ: b.max[2] + BODY_PAD }));
    this.bodyPrisms = bodySolids.map(bodyPrism);
    this.bodyBins = new PlanBins(this.bodyBoxes, width, depth);
    this.volumeBins = new PlanBins(this.volumes.map((v) => v.bounds), width, depth);
    this.areaAnswers = this.volumes.map((v) => Object.freeze({ featureId: v.featureId, kind: v.kind, tags: v.tags }));
  }

  private checkOnTable(x: number, z: number): void {
    const { width, depth } = this.scenario.table;
    if (!(x >= 0 && z >= 0 && x <= width && z <= depth)) {
      throw new BattlefieldQueryError(`point (${x}, ${z}) is off the table: expected x in 0–${width} and z in 0–${depth}`);
    }
  }

  /** The table's Rapier world, built on the first query that needs it (throws RapierNotLoadedError before Rapier is loaded). */
  private get physics(): TableWorld {
    if (this.tableWorld) return this.tableWorld;
    if (this.freed) throw new Error(`${this.scenario.id}: this battlefield was freed`);
    // A query arriving while the world is built in slices finishes that build at once.
    const build = this.worldBuild;
    this.worldBuild = undefined;
    return (this.tableWorld = build ? build.finish() : tableWorldNow(this.scenario.id, this.grid, this.solids, this.isBuildingWall));
  }

  /**
   * The ground: the shared grid's own triangles, which Rapier's terrain tiles hold (property-tested
   * against a Rapier cast, src/testing's rapierReferenceHeight).
   */
  groundHeight(x: number, z: number): number {
    this.checkOnTable(x, z);
    return gridHeightAt(this.grid, x, z);
  }

  /** Index in this.buildings of the first building whose outline holds (x, z), or −1 (plan bins). */
  private buildingIndexAt(x: number, z: number): number {
    const bins = this.buildingBins.at(x, z);
    if (!bins.length) return -1;
    this.probe[0] = x; this.probe[1] = z;
    for (let i = 0; i < bins.length; i++) {
      const k = bins[i]!;
      if (pointInPolygon(this.probe as unknown as Vec2, this.buildings[k]!.corners)) return k;
    }
    return -1;
  }

  buildingAt(x: number, z: number): BuildingInfo | undefined {
    const k = this.buildingIndexAt(x, z);
    return k < 0 ? undefined : this.buildings[k];
  }

  standingSpots(featureId: string, floor: number, near?: Vec2): StandingSpot[] {
    const b = this.buildings.find((x) => x.id === featureId);
    return standingSpots(this.scenario, featureId, floor, b ? b.levels.length : 1, near, (x, z) => gridHeightAt(this.grid, x, z));
  }

  walkAt(x: number, z: number): string | undefined {
    // A ladder first: where one leans on a work, its top is what a click there means.
    for (const f of this.scenario.features) if (f.kind === 'ladder' && onLadder(f, x, z)) return f.id;
    for (const f of this.scenario.features) {
      if ((f.kind === 'rampart' || f.kind === 'bastion' || f.kind === 'redoubt') && onWalk(f, x, z)) return f.id;
    }
    return undefined;
  }

  /** Does the plan box of a standable solid (bridge deck) hold (x, z)? Elsewhere the surface is the ground. */
  private onStandBox(x: number, z: number): boolean {
    const bins = this.standBins.at(x, z);
    for (let i = 0; i < bins.length; i++) {
      const d = this.standBoxes[bins[i]!]!;
      if (x >= d.min[0] && x <= d.max[0] && z >= d.min[2] && z <= d.max[2]) return true;
    }
    return false;
  }

  standHeight(x: number, z: number, floor?: number): number {
    this.checkOnTable(x, z);
    const k = this.buildingIndexAt(x, z);
    if (k >= 0) {
      const b = this.buildings[k]!;
      const level = b.levels[floor ?? 0];
      if (level === undefined) throw new BattlefieldQueryError(`building "${b.id}" has floors 0–${b.levels.length - 1}, asked for floor ${floor}`);
      return level;
    }
    if (floor !== undefined && floor > 0) throw new BattlefieldQueryError(`no building at (${x}, ${z}) to stand on floor ${floor}`);
    // Away from decks the surface is the ground, the grid's own triangles; Rapier only for decks.
    if (!this.onStandBox(x, z)) return gridHeightAt(this.grid, x, z);
    return this.deckHeight(x, z);
  }

  /**
   * The surface over a deck's plan box: Rapier's downward cast on terrain and decks, remembered per
   * exact (x, z). Only terrain and deck colliders are in the cast, and they never change (figures'
   * colliders are another group), so the answer is the same every time; soldiers on a bridge or dam
   * ask it again and again (≈ 80 % of the casts of a Tammerkoski game are repeats, each a WASM ray).
   */
  private deckHeight(x: number, z: number): number {
    let row = this.deckMemo.get(x);
    const known = row?.get(z);
    if (known !== undefined) return known;
    const y = this.physics.surfaceBelow(x, z, this.top);
    if (y === undefined) throw new BattlefieldQueryError(`no surface under (${x}, ${z})`);
    if (this.deckMemoSize >= DECK_MEMO_LIMIT) { this.deckMemo.clear(); this.deckMemoSize = 0; row = undefined; }
    if (!row) this.deckMemo.set(x, (row = new Map()));
    row.set(z, y);
    this.deckMemoSize++;
    return y;
  }

  eyePoint(f: FigureBody): Vec3 {
    const h = figureHeight(f);
    return [f.at[0], this.standHeight(f.at[0], f.at[1], f.floor) + h * EYE_FRACTION, f.at[1]];
  }

  /** The features a sight query ignores as a set (undefined: none), reused while the list is the same. */
  private ignoreSet(list: readonly string[] | undefined): ReadonlySet<string> | undefined {
    if (!list?.length) return undefined;
    const last = this.lastIgnore;
    if (last && last.list === list && last.copy.length === list.length && last.copy.every((x, i) => x === list[i])) return last.set;
    this.lastIgnore = { list, copy: [...list], set: new Set(list) };
    return this.lastIgnore.set;
  }

  private depthLimit(v: AreaVolume, options?: LosOptions): number | undefined {
    const o = options?.seeInDepth;
    if (o) {
      if (v.featureId in o) return o[v.featureId] ?? undefined;
      if (v.kind in o) return o[v.kind] ?? undefined;
    }
    return v.tags.seeInDepth;
  }

  lineOfSight(from: Vec3, to: Vec3, options?: LosOptions): LosResult {
    const distance = segmentLength(from, to);
    const result: LosResult = { clear: true, distance, crossed: [], areas: [] };
    if (distance < 1e-6) return result;
    const maxToi = Math.max(0, 1 - END_TOLERANCE / distance);
    const ignore = this.ignoreSet(options?.ignore);
    const phys = this.physicalHit(from, to, maxToi, ignore, this.figuresAsked(options));
    let tEnd = 1;
    if (phys) {
      tEnd = phys.t;
      result.blocker = this.hitOf(phys.part, phys.figure, from, to, tEnd, distance);
    }

    // Areas up to the physical blocker; a depth-limited area may stop sight sooner.
    const perArea: Array<{ v: AreaVolume; spans: Array<[number, number]> }> = [];
    for (const v of this.volumes) {
      if (ignore?.has(v.featureId) || !mayCross(v, from, to)) continue;
      const spans = volumeIntervals(v, this.grid, from, to, tEnd);
      if (spans.length) perArea.push({ v, spans });
    }
    let depthStop: { t: number; v: AreaVolume } | undefined;
    for (const { v, spans } of perArea) {
      const limit = this.depthLimit(v, options);
      if (limit === undefined) continue;
      const t = depthStopAt(options?.depthMeasure, v.polygon, spans, from, to, distance, limit, tEnd);
      if (t !== undefined && (!depthStop || t < depthStop.t)) depthStop = { t, v };
    }
    if (depthStop) {
      tEnd = depthStop.t;
      result.blocker = { featureId: depthStop.v.featureId, kind: depthStop.v.kind, part: 'depth', point: lerp3(from, to, tEnd), distance: tEnd * distance };
    }
    for (const { v, spans } of perArea) {
      const clipped = spans.map(([a, b]) => [a, Math.min(b, tEnd)] as const).filter(([a, b]) => b > a);
      if (!clipped.length) continue;
      const crossing: AreaCrossing = {
        featureId: v.featureId, kind: v.kind, tags: v.tags,
        length: clipped.reduce((s, [a, b]) => s + (b - a) * distance, 0),
        enter: lerp3(from, to, clipped[0]![0]), exit: lerp3(from, to, clipped[clipped.length - 1]![1]),
      };
      result.areas.push(crossing);
    }
    result.areas.sort((a, b) => dist3(from, a.enter) - dist3(from, b.enter));

    // See-through obstacles (fences, railings, ladders) crossed before the blocker: Rapier's answer,
    // asked only when one is near the line.
    const seen = new Map<string, LosHit>();
    if (this.seeCuller.firstEntry(from, to, tEnd) !== undefined) {
      this.physics.seeThroughAlong(from, to, tEnd, (part, t) => {
        const h = this.hitOf(part, undefined, from, to, t, distance);
        const prev = seen.get(h.featureId);
        if (!ignore?.has(h.featureId) && (!prev || prev.distance > h.distance)) seen.set(h.featureId, h);
      });
    }
    result.crossed = [...seen.values()].sort((a, b) => a.distance - b.distance);
    result.clear = result.blocker === undefined;
    return result;
  }

  /** Figures count as blockers for these options: the ids they skip (an empty set: none), or undefined. */
  private figuresAsked(options: LosOptions | undefined): ReadonlySet<string> | undefined {
    return options?.figures && this.tableWorld?.hasFigures ? new Set(options.figures.ignore ?? []) : undefined;
  }

  /** First terrain/solid hit (the JS casts), and a figure when asked (Rapier; `figIgnore` from figuresAsked): a part number, or a figure's id. */
  private physicalHit(
    from: Vec3, to: Vec3, maxToi: number, ignore: ReadonlySet<string> | undefined, figIgnore: ReadonlySet<string> | undefined,
  ): { t: number; part: number; figure?: string } | undefined {
    const hit = this.caster.firstHit(from, to, maxToi, ignore);
    if (figIgnore) {
      const f = this.physics.firstFigure(from, to, hit?.t ?? maxToi, figIgnore);
      if (f && (!hit || f.t < hit.t)) return { t: f.t, part: -1, figure: f.figure };
    }
    return hit;
  }

  /** The verdict of lineOfSight alone, without the lists (viewsheds, matrices). */
  isClear(from: Vec3, to: Vec3, options?: LosOptions): boolean {
    const distance = segmentLength(from, to);
    if (distance < 1e-6) return true;
    const maxToi = Math.max(0, 1 - END_TOLERANCE / distance);
    const ignore = this.ignoreSet(options?.ignore);
    if (this.caster.blocked(from, to, maxToi, ignore)) return false;
    const figIgnore = this.figuresAsked(options);
    if (figIgnore && this.physicalHit(from, to, maxToi, ignore, figIgnore)) return false;
    for (const v of this.volumes) {
      const limit = this.depthLimit(v, options);
      if (limit === undefined || ignore?.has(v.featureId) || !mayCross(v, from, to)) continue;
      if (options?.depthMeasure === 'from-edge') {
        if (depthStopAt('from-edge', v.polygon, volumeIntervals(v, this.grid, from, to, 1), from, to, distance, limit, 1) !== undefined) return false;
        continue;
      }
      let acc = 0;
      for (const [a, b] of volumeIntervals(v, this.grid, from, to, 1)) acc += (b - a) * distance;
      if (acc > limit + 1e-9) return false;
    }
    return true;
  }

  losMatrix(points: readonly Vec3[], options?: LosOptions): Uint8Array {
    const n = points.length;
    const m = new Uint8Array(n * n);
    const order = new Int32Array(n);
    const angle = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      m[i * n + i] = 1;
      // Each pair once, the others taken round the compass: neighbouring lines then often share
      // their blocker, which isClear tries first.
      const p = points[i]!;
      let k = 0;
      for (let j = i + 1; j < n; j++) { order[k++] = j; angle[j] = Math.atan2(points[j]![2] - p[2], points[j]![0] - p[0]); }
      order.subarray(0, k).sort((a, b) => angle[a]! - angle[b]!);
      for (let q = 0; q < k; q++) {
        const j = order[q]!;
        const v = this.isClear(p, points[j]!, options) ? 1 : 0;
        m[i * n + j] = v;
        m[j * n + i] = v;
      }
    }
    return m;
  }

  /** The hit at t on from→to: part number `part`, or the figure `fig`. */
  private hitOf(part: number, fig: string | undefined, from: Vec3, to: Vec3, t: number, distance: number): LosHit {
    const info = fig !== undefined ? undefined : this.parts[part];
    if (info?.kind === 'terrain') {
      const point = lerp3(from, to, t);
      const work = this.earthworks.at(point[0], point[2]);
      if (work) return { ...work, point, distance: t * distance };
    }
    return {
      featureId: fig ?? info?.featureId ?? '?',
      kind: fig !== undefined ? 'figure' : info?.kind ?? '?',
      part: fig !== undefined ? 'figure' : info?.part ?? '?',
      point: lerp3(from, to, t),
      distance: t * distance,
    };
  }

  visibility(observer: FigureBody, target: FigureBody, options?: LosOptions, points: readonly SightPoint[] = FIGURE_SIGHT_POINTS): VisibilityResult {
    const eye = this.eyePoint(observer);
    const h = figureHeight(target);
    // Offset points (a hull's plates) stand at the height of the figure's own footing, not the ground under the offset.
    const ground = this.standHeight(target.at[0], target.at[1], target.floor);
    const figs = options?.figures ? { ignore: [...(options.figures.ignore ?? []), observer.id, target.id] } : false;
    const opts: LosOptions = { ...options, figures: figs };
    // The points a ruleset aims at (its module's `sightPoints`), or the battlefield's default (core
    // FIGURE_SIGHT_POINTS: head at the eye's height, chest, base).
    const samples = points.map((sp) => {
      const at = sightPointAt(sp, target.at, target.facing);
      const point: Vec3 = [at[0], ground + sightPointHeight(sp, h), at[1]];
      return { name: sp.name, point, result: this.lineOfSight(eye, point, opts) };
    });
    const visibleCount = samples.filter((s) => s.result.clear).length;
    return { eye, samples, visibleCount, fraction: samples.length > 0 ? visibleCount / samples.length : 0 };
  }

  viewshed(eye: Vec3, region: Parameters<Battlefield['viewshed']>[1], resolution: number, targetHeight: number, options?: LosOptions) {
    return losViewshed(this, (x, z) => this.surfaceFast(x, z), eye, region, resolution, targetHeight, options);
  }

  /**
   * standHeight(x, z) for many cells: building floors from the data, bridge decks from Rapier, and
   * elsewhere the shared grid's own triangles (the surface Rapier's terrain holds; property-tested).
   */
  private surfaceFast(x: number, z: number): number {
    for (const k of this.buildingBins.at(x, z)) {
      const b = this.buildingBoxes[k]!;
      if (x < b.minX || x > b.maxX || z < b.minZ || z > b.maxZ) continue;
      this.probe[0] = x; this.probe[1] = z;
      if (pointInPolygon(this.probe as unknown as Vec2, b.info.corners)) return b.info.levels[0]!;
    }
    if (this.onStandBox(x, z)) return this.standHeight(x, z);
    return gridHeightAt(this.grid, x, z);
  }

  areasAt(x: number, z: number): AreaAt[] {
    let out: AreaAt[] | undefined; // made on the first area: most points (and segments below) are in none
    const bins = this.volumeBins.at(x, z);
    for (let i = 0; i < bins.length; i++) {
      const v = this.volumes[bins[i]!]!;
      const b = v.bounds;
      if (x < b.minX || x > b.maxX || z < b.minZ || z > b.maxZ) continue;
      this.probe[0] = x; this.probe[1] = z;
      if (pointInPolygon(this.probe as unknown as Vec2, v.polygon)) (out ??= []).push(this.areaAnswers[bins[i]!]!);
    }
    return out ?? (NO_AREAS as never[]);
  }

  obstaclesAlong(from: Vec2, to: Vec2, maxDistance?: number): ObstacleCrossing[] {
    const boxes = (this.obstacleBoxes ??= obstacleBoxes(this.solids));
    this.obstacleBins ??= new PlanBins(boxes, this.scenario.table.width, this.scenario.table.depth);
    this.crests ??= crestLines(this.scenario);
    return obstacleCrossings(this.scenario, boxes, this.grid, from, to, this.tagsOf, this.obstacleCandidates, this.crests, maxDistance);
  }

  areasAlong(from: Vec2, to: Vec2): AreaSpan[] {
    let out: AreaSpan[] | undefined;
    const minX = Math.min(from[0], to[0]), maxX = Math.max(from[0], to[0]);
    const minZ = Math.min(from[1], to[1]), maxZ = Math.max(from[1], to[1]);
    // Short segments: the volumes of the few bins under the segment's box (ascending: same order).
    const near = this.volumeBins.collect(minX, minZ, maxX, maxZ, this.volumeScratch) ? this.volumeScratch : undefined;
    const n = near ? near.length : this.volumes.length;
    for (let i = 0; i < n; i++) {
      const v = this.volumes[near ? near[i]! : i]!;
      const b = v.bounds;
      if (b.maxX < minX || b.minX > maxX || b.maxZ < minZ || b.minZ > maxZ) continue;
      const spans = segmentInsideIntervals(from, to, v.polygon);
      if (spans.length) (out ??= []).push({ featureId: v.featureId, kind: v.kind, tags: v.tags, spans });
    }
    return out ?? (NO_AREAS as never[]);
  }

  bodyClashes(figure: FigureBody): BodyClash[] {
    const h = figureHeight(figure);
    const r = figure.radius ?? 0.6;
    const x = figure.at[0], z = figure.at[1];
    // A hull: Rapier's answer for its box (a hull is larger than the prism reject below allows).
    if (figure.box) return this.rapierBodyClashes(x, z, this.standHeight(x, z, figure.floor), figure.box.height, r, figure.box, figure.facing ?? 0);
    // Most bodies are clear of every wall, obstacle and roof by more than SPARE: an exact prism
    // test says so without Rapier (larger or flat bodies skip it), and in the open without the stand height.
    if (r < BODY_PAD - 2 * SPARE && h > LIFT) {
      const y = this.bodyNear(x, z, figure.floor, h, r);
      if (y === y) return this.rapierBodyClashes(x, z, y, h, r);
      return [];
    }
    return this.rapierBodyClashes(x, z, this.standHeight(x, z, figure.floor), h, r);
  }

  /**
   * The stand height of a body of radius r (< BODY_PAD − 2·SPARE) and height h at (x, z) that may come
   * within SPARE of a body solid (the vertical cylinder from y + LIFT to y + h), or NaN when it surely
   * does not. Exact for boxes (prisms), by the bounding box for hulls. Throws as standHeight does.
   */
  private bodyNear(x: number, z: number, floor: number | undefined, h: number, r: number): number {
    let y = floor ? this.standHeight(x, z, floor) : NaN;
    const bins = this.bodyBins.at(x, z); // the bins hold each box padded by BODY_PAD > r + SPARE
    const reach = (r + SPARE) * (r + SPARE);
    for (let i = 0; i < bins.length; i++) {
      const p = this.bodyPrisms[bins[i]!]!;
      // Into the prism's frame (the same turn as the sight casts' boxes), then the distance to its rectangle.
      const fx = x - p.cx, fz = z - p.cz;
      const lx = Math.abs(fx * p.c + fz * p.s) - p.hx, lz = Math.abs(-fx * p.s + fz * p.c) - p.hz;
      const dx = lx > 0 ? lx : 0, dz = lz > 0 ? lz : 0;
      if (dx * dx + dz * dz > reach) continue;
      if (y !== y) y = this.standHeight(x, z, floor);
      if (p.yMax < y + LIFT - SPARE || p.yMin > y + h + SPARE) continue;
      return y;
    }
    if (y !== y) this.checkOnTable(x, z);
    return NaN;
  }

  /**
   * Rapier's own answer: the body-part solids a cylinder from y + LIFT to y + h meets (with `box`, a
   * box of its length and width turned to `facing`).
   */
  private rapierBodyClashes(x: number, z: number, y: number, h: number, r: number, box?: { length: number; width: number }, facing = 0): BodyClash[] {
    // The body from just above the surface it stands on to the top of the head.
    const lift = LIFT;
    const out = new Map<string, BodyClash>();
    const each = (part: number) => {
      const info = this.parts[part]!;
      if (BODY_PARTS.has(info.part) && !out.has(`${info.featureId}/${info.part}`)) {
        out.set(`${info.featureId}/${info.part}`, { featureId: info.featureId, kind: info.kind, part: info.part });
      }
    };
    const cy = y + lift + (h - lift) / 2;
    if (box) this.physics.solidsInBox(x, cy, z, box.width / 2, (h - lift) / 2, box.length / 2, facing, each);
    else this.physics.solidsInCylinder(x, cy, z, (h - lift) / 2, r, each);
    return [...out.values()];
  }

  wallBetween(from: FigureBody, to: FigureBody): BodyClash | undefined {
    const ax = from.at[0], az = from.at[1], bx = to.at[0], bz = to.at[1];
    const ay = this.standHeight(ax, az, from.floor) + KNEE;
    const by = this.standHeight(bx, bz, to.floor) + KNEE;
    const dx = bx - ax, dy = by - ay, dz = bz - az;
    if (Math.sqrt(dx * dx + dy * dy + dz * dz) < 1e-6) return undefined;
    // Most steps pass no building wall by more than SPARE: exact segment tests on the wall boxes grown
    // by SPARE say so without Rapier, which names the wall met first otherwise.
    if (!this.nearWall(ax, ay, az, bx, by, bz)) return undefined;
    return this.rapierWallBetween(ax, ay, az, bx, by, bz);
  }

  /** Does the segment a→b meet a building wall box grown by SPARE on every side? */
  private nearWall(ax: number, ay: number, az: number, bx: number, by: number, bz: number): boolean {
    const w = (this.walls ??= this.wallShapes());
    const near = w.bins.collect(Math.min(ax, bx), Math.min(az, bz), Math.max(ax, bx), Math.max(az, bz), this.wallScratch) ? this.wallScratch : undefined;
    const n = near ? near.length : w.shapes.length;
    if (!n) return false;
    const a = this.segA, b = this.segB;
    a[0] = ax; a[1] = ay; a[2] = az; b[0] = bx; b[1] = by; b[2] = bz;
    for (let i = 0; i < n; i++) {
      const k = near ? near[i]! : i;
      const box = w.boxes[k]!;
      if (Math.max(ax, bx) < box.minX || Math.min(ax, bx) > box.maxX || Math.max(az, bz) < box.minZ || Math.min(az, bz) > box.maxZ) continue;
      if (w.shapes[k]!.cast(a, b, 1) >= 0) return true;
    }
    return false;
  }

  /** The building wall boxes grown by SPARE, as exact segment tests in plan bins (built on first use). */
  private wallShapes(): { shapes: RayShape[]; boxes: PlanBox[]; bins: PlanBins } {
    const grown = this.solids
      .filter((x): x is Extract<Solid, { shape: 'box' }> => x.shape === 'box' && x.featureKind === 'building' && x.part === 'wall')
      .map((x) => ({ ...x, halfExtents: [x.halfExtents[0] + SPARE, x.halfExtents[1] + SPARE, x.halfExtents[2] + SPARE] as Vec3 }));
    const boxes = grown.map(solidAabb).map((b) => ({ minX: b.min[0], minZ: b.min[2], maxX: b.max[0], maxZ: b.max[2] }));
    return { shapes: grown.map(rayShape), boxes, bins: new PlanBins(boxes, this.scenario.table.width, this.scenario.table.depth) };
  }

  /** Rapier's own first building wall on the segment a→b (knee heights given). */
  private rapierWallBetween(ax: number, ay: number, az: number, bx: number, by: number, bz: number): BodyClash | undefined {
    const part = this.physics.firstBuildingWall([ax, ay, az], [bx, by, bz]);
    if (part === undefined) return undefined;
    const info = this.parts[part]!;
    return { featureId: info.featureId, kind: info.kind, part: info.part };
  }

  setFigures(figures: readonly FigureBody[]): void {
    // No figures on a table whose world is not built yet: nothing to take off, nothing to build it for.
    if (!figures.length && !this.tableWorld) return;
    const bodies: FigureCollider[] = figures.map((f) => {
      const y = this.standHeight(f.at[0], f.at[1], f.floor);
      // A hull's collider is its box, whatever height its sight points take.
      const body: FigureCollider = { id: f.id, x: f.at[0], y, z: f.at[1], height: f.box?.height ?? figureHeight(f), radius: f.radius ?? 0.45 };
      if (f.box) body.box = { length: f.box.length, width: f.box.width, facing: f.facing ?? 0 };
      return body;
    });
    this.physics.setFigures(bodies);
  }

  prepareWorld(): boolean {
    if (this.tableWorld || this.freed) return false;
    void this.physics;
    return true;
  }

  buildWorldSlice(budgetMs: number): boolean {
    if (this.tableWorld || this.freed) return true;
    this.worldBuild ??= new TableWorldBuild(this.scenario.id, this.grid, this.solids, this.isBuildingWall);
    // The world's first step (making the colliders answer) takes a slice of its own.
    if (this.worldBuild.remaining > 0) {
      this.worldBuild.advance(budgetMs);
      return false;
    }
    void this.physics;
    return true;
  }

  get worldState(): WorldState {
    return this.freed ? 'freed' : this.tableWorld ? 'built' : this.worldBuild ? 'building' : 'none';
  }

  free(): void {
    this.worldBuild?.free();
    this.worldBuild = undefined;
    this.tableWorld?.free();
    this.tableWorld = undefined;
    this.freed = true;
  }
}

export type { Vec2 };
