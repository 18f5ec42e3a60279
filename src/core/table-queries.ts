// The narrow view of the battlefield that rulesets may use (DESIGN.md layer rules): declared here in
// core so src/rules never imports the battlefield; the real Battlefield satisfies it structurally.
import type { Vec2, Vec3 } from './geometry';
import type { SightPoint } from './sight-points';

/** Rules tags of a terrain feature as the battlefield resolved them (scenario/tags.ts). */
export interface TerrainTags {
  cover: 'none' | 'light' | 'hard' | 'building' | 'fortification' | 'armoured';
  difficult: boolean;
  impassable: boolean;
  blocksSight: boolean;
  heightClass: 'flat' | 'low' | 'high' | 'elevated';
  seeInDepth?: number;
}

/** A figure's body as a box (a vehicle's hull), cm: `length` along its facing, `width` across, `height` up. */
export interface TableFigureBox {
  length: number;
  width: number;
  height: number;
}

export interface TableFigure {
  id: string;
  at: Vec2;
  floor?: number;
  /** Height, cm, for its eye and sight points (absent: the box's height, else a 15 mm figure's 1.7). */
  height?: number;
  radius?: number;
  /** Degrees clockwise from north (0: north, +z; 90: east): turns `box` and sight points' offsets. */
  facing?: number;
  /** A body as a box turned to `facing`, centred on `at`, `box.height` tall, instead of an upright cylinder of `radius`. */
  box?: TableFigureBox;
}

export interface TableLosHit {
  featureId: string;
  kind: string;
  part: string;
  point: Vec3;
  distance: number;
}

export interface TableAreaCrossing {
  featureId: string;
  kind: string;
  length: number;
  enter: Vec3;
  exit: Vec3;
  tags: TerrainTags;
}

export interface TableLos {
  clear: boolean;
  distance: number;
  blocker?: TableLosHit;
  crossed: TableLosHit[];
  areas: TableAreaCrossing[];
}

export interface TableLosOptions {
  ignore?: readonly string[];
  figures?: { ignore?: readonly string[] } | false;
  seeInDepth?: Readonly<Record<string, number | null>>;
  /** A see-in depth measured along the line inside the area (default) or as each end's depth from the edge crossed. */
  depthMeasure?: 'along-line' | 'from-edge';
}

export interface TableVisibility {
  eye: Vec3;
  /** One per sight point asked for, in its order, named as the point is. */
  samples: Array<{ name: string; point: Vec3; result: TableLos }>;
  visibleCount: number;
  fraction: number;
}

/** An area feature (woods, marsh, field, water …) under a point. */
export interface TableArea {
  featureId: string;
  kind: string;
  tags: TerrainTags;
}

/** An area feature a plan segment passes through, with the parameter spans [t0, t1] inside it. */
export interface TableAreaSpan extends TableArea {
  spans: Array<[number, number]>;
}

/** A linear obstacle or fortification crossed by a plan segment. */
export interface TableObstacleCrossing {
  featureId: string;
  kind: string;
  tags: TerrainTags;
  /** Plan distance from the segment's start to the crossing, cm. */
  distance: number;
  point: Vec2;
  /** Obstacle top above the ground there, cm. */
  height: number;
}

/** A solid a figure's body would stand inside. */
export interface TableBodyClash {
  featureId: string;
  kind: string;
  part: string;
}

export interface TableBuilding {
  id: string;
  levels: number[];
  corners: Vec2[];
}

/** What rules may read of the scenario's terrain list: kinds and the tags the author set explicitly. */
export interface TableFeatureInfo {
  readonly id: string;
  readonly kind: string;
  /** The scenario's name for it, what players read. */
  readonly name?: string;
  readonly tags?: Readonly<Partial<TerrainTags>>;
  readonly material?: string;
  readonly crop?: string;
  readonly density?: string;
  readonly frozen?: boolean;
  readonly flow?: string;
  readonly ruined?: boolean;
}

export interface TableQueries {
  readonly scenario: { readonly table: { readonly width: number; readonly depth: number }; readonly features: readonly TableFeatureInfo[] };
  standHeight(x: number, z: number, floor?: number): number;
  buildingAt(x: number, z: number): TableBuilding | undefined;
  lineOfSight(from: Vec3, to: Vec3, options?: TableLosOptions): TableLos;
  isClear(from: Vec3, to: Vec3, options?: TableLosOptions): boolean;
  eyePoint(figure: TableFigure): Vec3;
  /** Sight lines from the observer's eye to the target's `points` (default FIGURE_SIGHT_POINTS); a ruleset passes its own. */
  visibility(observer: TableFigure, target: TableFigure, options?: TableLosOptions, points?: readonly SightPoint[]): TableVisibility;
  setFigures(figures: readonly TableFigure[]): void;
  /** Area features whose outline contains (x, z), whatever their height. */
  areasAt(x: number, z: number): TableArea[];
  /** Every building (interiors are difficult going per K-AMB-4 house; cover inside). Optional for light test tables. */
  readonly buildings?: readonly TableBuilding[];
  /** Area features the plan segment from → to passes through, with the spans inside each (faster than sampling areasAt). */
  areasAlong?(from: Vec2, to: Vec2): TableAreaSpan[];
  /**
   * Linear obstacles and fortification lines crossed by the plan segment from → to, nearest first.
   * With `maxDistance`, a table may leave out the crossings farther than that from `from` (the
   * distances stay those along the whole segment); a table that ignores it gives the whole list.
   */
  obstaclesAlong(from: Vec2, to: Vec2, maxDistance?: number): TableObstacleCrossing[];
  /** Solids (walls, obstacles, parapets) a figure's body standing there would overlap; empty when clear. */
  bodyClashes(figure: TableFigure): TableBodyClash[];
  /** The first wall a figure walking from → to (at knee height) would run into: a building wall outside its openings. */
  wallBetween(from: TableFigure, to: TableFigure): TableBodyClash | undefined;
}
