// Public types of the battlefield queries (all lengths in cm, table coordinates: x east, z north, y up).
import type { HeightGrid, SightPoint, Solid, TableFigureBox, Vec2, Vec3 } from '../core';
import type { Scenario, ResolvedTags } from '../scenario';

export interface AreaCrossing {
  featureId: string;
  kind: string;
  /** Length of the sight line inside the area's volume (below its top), in cm. */
  length: number;
  /** Where the line first enters and last leaves the volume. */
  enter: Vec3;
  exit: Vec3;
  tags: ResolvedTags;
}

export interface LosHit {
  featureId: string;
  kind: string;
  part: string;
  point: Vec3;
  /** Distance from the observer along the line, cm. */
  distance: number;
}

export interface LosResult {
  clear: boolean;
  /** Straight 3D distance between the two points, cm. */
  distance: number;
  /** The first thing that stops sight, when blocked. A depth-limited area (dense woods) has part "depth". */
  blocker?: LosHit;
  /** Non-blocking obstacles crossed before the blocker (fences, wire, ladders). */
  crossed: LosHit[];
  /** Areas crossed before the blocker, with the length travelled inside each. */
  areas: AreaCrossing[];
}

export interface LosOptions {
  /** Feature ids to see through (e.g. the building the observer stands in). */
  ignore?: readonly string[];
  /** Count figures as blockers (ids of figures to skip, such as the observer and target). */
  figures?: { ignore?: readonly string[] } | false;
  /** Override see-in depth (cm) per area kind or feature id, for rulesets that read it differently. */
  seeInDepth?: Readonly<Record<string, number | null>>;
  /**
   * How a see-in depth is measured: the length of the line inside the area (default), or each end's
   * depth from the edge the line crosses, a line with neither end inside being stopped (see-in-depth.ts).
   */
  depthMeasure?: DepthMeasure;
}

/** The two readings of a see-in depth ("10 cm in from the edge"). */
export type DepthMeasure = 'along-line' | 'from-edge';

export interface FigureBody {
  id: string;
  at: Vec2;
  floor?: number;
  /** Figure height in cm (default: the box's height, else 1.7, a 15 mm figure). */
  height?: number;
  /** Base radius in cm (default 0.6). */
  radius?: number;
  /** Degrees clockwise from north (0: north, +z; 90: east): turns `box` and the sight points' offsets. */
  facing?: number;
  /** A vehicle's hull: a box turned to `facing` and centred on `at` (sight lines, clashes) instead of a cylinder. */
  box?: TableFigureBox;
}

export interface SamplePoint {
  /** The sight point's name (head, chest, base for the default points). */
  name: string;
  point: Vec3;
  result: LosResult;
}

export interface VisibilityResult {
  eye: Vec3;
  samples: SamplePoint[];
  visibleCount: number;
  fraction: number;
}

export interface ViewshedRegion {
  minX: number;
  minZ: number;
  maxX: number;
  maxZ: number;
}

export interface Viewshed {
  region: ViewshedRegion;
  resolution: number;
  columns: number;
  rows: number;
  /** 1 = visible, 0 = blocked, row-major from the south-west cell; cell centres are sampled. */
  cells: Uint8Array;
  /** Fraction of cells visible. */
  visibleFraction: number;
}

export interface BuildingInfo {
  id: string;
  baseHeight: number;
  /** Absolute y of each floor surface; a walkable roof adds one more level at the end. */
  levels: number[];
  corners: Vec2[];
}

/** A place to stand on a building's floor (the room's centre, or just inside one of its openings) or on a fortification's walk (on the crest line, or behind an embrasure). */
export interface StandingSpot {
  /** 'centre' or 'walk', or the opening's id (else wall-kind-index, embrasure-index). */
  id: string;
  kind: 'centre' | 'walk' | 'ladder top' | 'window' | 'door' | 'embrasure' | 'loophole' | 'breach';
  /** For people: "centre of the belfry", "north window", "south window, east". */
  label: string;
  buildingId: string;
  floor: number;
  /** Where to stand (plan, cm). */
  at: Vec2;
  /** The opening's centre in the wall (plan), or null for the centre. */
  opening: Vec2 | null;
  /**
   * The height stood on, cm, where it is not the floor's surface at `at`: a ladder's top, with the
   * ground (or ditch) under it.
   */
  stand?: number;
}

/** An area feature under a point (woods, field, marsh, rubble, rocky, road, water), whatever its height. */
export interface AreaAt {
  featureId: string;
  kind: string;
  tags: ResolvedTags;
}

/** An area feature a plan segment passes through: parameter spans [t0, t1] ⊂ [0, 1] inside its outline. */
export interface AreaSpan extends AreaAt {
  spans: Array<[number, number]>;
}

/** A linear obstacle, parapet or fortification crest crossed by a plan segment. */
export interface ObstacleCrossing {
  featureId: string;
  kind: string;
  /** 'obstacle' (walls, fences, hedges …), 'parapet', or 'crest' (a work's crest line without a parapet). */
  part: string;
  tags: ResolvedTags;
  /** Plan distance from the segment's start to where it first meets the obstacle, cm. */
  distance: number;
  point: Vec2;
  /** Obstacle top above the ground at that point, cm (0 for a crest line). */
  height: number;
}

/** A solid that a figure's body would overlap. */
export interface BodyClash {
  featureId: string;
  kind: string;
  part: string;
}

/** Where a table's Rapier world stands (Battlefield.worldState). */
export type WorldState = 'none' | 'building' | 'built' | 'freed';

export interface Battlefield {
  readonly scenario: Scenario;
  readonly grid: HeightGrid;
  readonly solids: readonly Solid[];
  readonly buildings: readonly BuildingInfo[];
  groundHeight(x: number, z: number): number;
  standHeight(x: number, z: number, floor?: number): number;
  /** The building whose interior contains (x, z), if any. */
  buildingAt(x: number, z: number): BuildingInfo | undefined;
  /**
   * Standing spots of a building's floor (centre first, then its openings, nearest `near` first), of
   * a fortification's walk (floor 0: the walk level with `near`, then its embrasures) or of a ladder
   * (floor 0: its top); [] when none.
   */
  standingSpots(featureId: string, floor: number, near?: Vec2): StandingSpot[];
  /**
   * The ladder whose plan holds (x, z), else the fortification (rampart, bastion, redoubt) whose walk
   * holds it, if any: a feature with standing spots on floor 0 (the ladder's top; the walk).
   */
  walkAt(x: number, z: number): string | undefined;
  lineOfSight(from: Vec3, to: Vec3, options?: LosOptions): LosResult;
  /** lineOfSight(...).clear without the lists: for viewsheds and matrices. */
  isClear(from: Vec3, to: Vec3, options?: LosOptions): boolean;
  /** Symmetric n×n matrix (row-major) of isClear between points; the diagonal is 1. */
  losMatrix(points: readonly Vec3[], options?: LosOptions): Uint8Array;
  /** Eye point of a figure standing at its place. */
  eyePoint(figure: FigureBody): Vec3;
  visibility(observer: FigureBody, target: FigureBody, options?: LosOptions, points?: readonly SightPoint[]): VisibilityResult;
  viewshed(eye: Vec3, region: ViewshedRegion, resolution: number, targetHeight: number, options?: LosOptions): Viewshed;
  /** Area features whose outline contains (x, z): tags for cover and going at a point. */
  areasAt(x: number, z: number): AreaAt[];
  /** Area features the plan segment from → to passes through, with the parts of it inside each. */
  areasAlong(from: Vec2, to: Vec2): AreaSpan[];
  /**
   * Linear obstacles, parapets and fortification crests the plan segment from → to crosses, nearest
   * first; with `maxDistance`, only those at most that far from `from` (distances along the whole segment).
   */
  obstaclesAlong(from: Vec2, to: Vec2, maxDistance?: number): ObstacleCrossing[];
  /** Solids (walls, obstacles, parapets, railings, roofs) a figure standing there would overlap; [] when clear. */
  bodyClashes(figure: FigureBody): BodyClash[];
  /** The building wall a figure walking from → to at knee height would run into (openings let it through). */
  wallBetween(from: FigureBody, to: FigureBody): BodyClash | undefined;
  /** Put figures into the world as sight blockers (replaces the previous set). */
  setFigures(figures: readonly FigureBody[]): void;
  /**
   * Build the Rapier world now, ahead of the first query that needs it (a deck, a see-through obstacle
   * near a line, figures), which otherwise pays for it (hundreds of ms on a large table). Rapier must be
   * loaded (createBattlefield loads it). True when it built the world; false when built already or freed.
   */
  prepareWorld(): boolean;
  /**
   * Build the Rapier world a slice at a time: add colliders for about `budgetMs` (at least one), or,
   * once all are in, make the world answer (its first step). True once the world is built (or the table
   * freed): call again until then, e.g. from idle callbacks. A query needing the world meanwhile
   * finishes the build at once; the world is the same whichever way it was built.
   */
  buildWorldSlice(budgetMs: number): boolean;
  /** Where the Rapier world stands: not started, part-built by buildWorldSlice, built, or freed with the table. */
  readonly worldState: WorldState;
  free(): void;
}
