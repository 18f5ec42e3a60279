// Cross-sections of ramparts and ditches with their named parts, and which earthwork (if any) shaped
// the ground at a point: a sight line stopped by that earth names the work and the part, not "terrain".
import { type HeightGrid, type Vec2, boundsOf, pointInPolygon, polylineProjection } from '../core';
import { areaPolygon, type DitchFeature, type EarthworkFeature, type FortificationFeature, type Scenario } from '../scenario';

/** The named parts of an earthwork's cross-section, as a sight line's blocker reports them. */
export const EARTHWORK_PARTS = ['front slope', 'crest', 'walkway', 'rear slope', 'scarp', 'ditch floor', 'counterscarp'] as const;
export type EarthworkPart = (typeof EARTHWORK_PARTS)[number];

/** Defaults of the cross-section, cm (the scenario format documents them). */
export const EARTHWORK_DEFAULTS = { crestWidth: 4, slope: 3, bankRun: 1 } as const;
/** The crest: the outer band of the top this wide, or the parapet's thickness where there is one, cm. */
const CREST_BAND = 1;

export interface EarthworkSection {
  /** Height of the bank above the plain ground, cm (0 off the bank). */
  raise: number;
  /** Depth of the ditch below the plain ground, cm (0 off the ditch). */
  dig: number;
  /** The part of the bank (raise > 0) or of the ditch (dig > 0) at that point. */
  part?: EarthworkPart;
}

/** Whether a work has a bank at all: height 0 is a ditch alone along its path. */
export const hasBank = (f: FortificationFeature): boolean => f.height > 0;

/** A face's run by default: a quarter of the ditch's width, at most bankRun. */
const defaultFaceRun = (width: number): number => Math.min(EARTHWORK_DEFAULTS.bankRun, width / 4);

/**
 * The ditch's cross-section `u` cm from its inner edge (the scarp's top): scarp, floor, counterscarp.
 * Shared by a rampart's ditch and a ditch alone.
 */
function ditchSection(d: { depth: number; width: number; scarp?: number; counterscarp?: number }, u: number): EarthworkSection {
  const scarp = d.scarp ?? defaultFaceRun(d.width);
  const counter = d.counterscarp ?? defaultFaceRun(d.width);
  if (u < scarp) return { raise: 0, dig: d.depth * (u / scarp), part: 'scarp' };
  if (u <= d.width - counter) return { raise: 0, dig: d.depth, part: 'ditch floor' };
  if (u < d.width) return { raise: 0, dig: d.depth * ((d.width - u) / counter), part: 'counterscarp' };
  return { raise: 0, dig: 0 };
}

/** A ditch alone: centred on its path, the scarp on the inner side, the counterscarp on the outer. */
function loneDitchSection(f: DitchFeature, s: number): EarthworkSection {
  const u = s + f.width / 2;
  return u > 0 ? ditchSection(f, u) : { raise: 0, dig: 0 };
}

/**
 * Cross-section at signed distance s from the path (s > 0 on the outer side). The bank's top is
 * crestWidth wide, centred on the path; its front (outer) and rear faces run frontSlope and rearSlope
 * (default: slope). The ditch begins at the front foot (at the path for a work without a bank), or
 * a berm's width beyond it; its
 * scarp (near face) and counterscarp (far face) run scarp and counterscarp each (default: a quarter of
 * its width, at most 1 cm).
 */
export function earthworkSection(f: EarthworkFeature, s: number): EarthworkSection {
  if (f.kind === 'ditch') return loneDitchSection(f, s);
  const bank = hasBank(f);
  const half = bank ? (f.crestWidth ?? EARTHWORK_DEFAULTS.crestWidth) / 2 : 0;
  const front = bank ? f.frontSlope ?? f.slope ?? EARTHWORK_DEFAULTS.slope : 0;
  const rear = f.rearSlope ?? f.slope ?? EARTHWORK_DEFAULTS.slope;
  const a = Math.abs(s);
  const run = s > 0 ? front : rear;
  if (bank && a <= half) {
    const crest = Math.min(2 * half, f.parapet ? f.parapet.thickness : CREST_BAND);
    return { raise: f.height, dig: 0, part: s >= half - crest ? 'crest' : 'walkway' };
  }
  if (bank && a < half + run) {
    return { raise: f.height * (1 - (a - half) / run), dig: 0, part: s > 0 ? 'front slope' : 'rear slope' };
  }
  const d = f.ditch;
  if (!d) return { raise: 0, dig: 0 };
  // A berm (a level strip, plain ground) may lie between the front foot and the scarp.
  const from = d.berm ? half + front + d.berm : half + front;
  if (!(s > from)) return { raise: 0, dig: 0 };
  return ditchSection(d, s - from);
}

/** Signed distance from the path: positive toward the outer side. */
export function outerDistance(f: EarthworkFeature, p: Vec2): { s: number; along: number } {
  // A rampart or a ditch runs open unless it says closed; bastions and redoubts close by default.
  const closed = f.closed ?? (f.kind !== 'rampart' && f.kind !== 'ditch');
  const proj = polylineProjection(p, f.path as Vec2[], closed);
  let outer: boolean;
  if (closed) outer = !pointInPolygon(p, f.path as Vec2[]);
  else outer = (f.outer ?? 'left') === 'left' ? proj.side > 0 : proj.side < 0;
  return { s: outer ? proj.distance : -proj.distance, along: proj.along };
}

export const isFortification = (f: Scenario['features'][number]): f is FortificationFeature =>
  f.kind === 'rampart' || f.kind === 'bastion' || f.kind === 'redoubt';

/** A work sculpted into the relief: a fortification or a ditch alone. */
export const isEarthwork = (f: Scenario['features'][number]): f is EarthworkFeature => isFortification(f) || f.kind === 'ditch';

/** The earthwork and part that shaped the ground somewhere. */
export interface EarthworkHit { featureId: string; kind: string; part: EarthworkPart }

/**
 * Names the earthwork under a point of the ground, following the order in which the relief is
 * sculpted (sampleRelief): each work raises or digs in turn, then road banks rise, and carved water
 * has the last word.
 */
export class EarthworkNamer {
  private readonly works: Array<{ f: EarthworkFeature; minX: number; maxX: number; minZ: number; maxZ: number }>;
  private readonly waters: Array<{ poly: Vec2[]; depth: number; minX: number; maxX: number; minZ: number; maxZ: number }>;

  constructor(
    scenario: Scenario, private readonly grid: HeightGrid, private readonly plainGround: (x: number, z: number) => number,
    private readonly roadBank: (x: number, z: number) => number = () => 0,
  ) {
    this.works = scenario.features.filter(isEarthwork).map((f) => {
      const b = boundsOf(f.path as Vec2[]);
      const reach = reachOf(f);
      return { f, minX: b.minX - reach, maxX: b.maxX + reach, minZ: b.minZ - reach, maxZ: b.maxZ + reach };
    });
    this.waters = scenario.features.flatMap((f) => {
      if (f.kind !== 'water') return [];
      const poly = areaPolygon(f);
      return [{ poly, depth: f.frozen ? 0.2 : (f.depth ?? 1), ...boundsOf(poly) }];
    });
  }

  /**
   * The earthwork whose earth lies at (x, z): at the point itself, or else at the nearest corner of
   * its grid cell that one shaped (the ground's triangles there are that work's earth).
   */
  at(x: number, z: number): EarthworkHit | undefined {
    if (this.works.length === 0) return undefined;
    const here = this.atSample(x, z);
    if (here) return here;
    const g = this.grid;
    const c = Math.min(Math.max(Math.floor((x - g.originX) / g.spacingX), 0), g.columns - 2);
    const r = Math.min(Math.max(Math.floor((z - g.originZ) / g.spacingZ), 0), g.rows - 2);
    let best: EarthworkHit | undefined;
    let bestD = Infinity;
    for (const [dc, dr] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
      const cx = g.originX + (c + dc) * g.spacingX;
      const cz = g.originZ + (r + dr) * g.spacingZ;
      const d = (cx - x) ** 2 + (cz - z) ** 2;
      if (d >= bestD) continue;
      const hit = this.atSample(cx, cz);
      if (hit) { best = hit; bestD = d; }
    }
    return best;
  }

  private atSample(x: number, z: number): EarthworkHit | undefined {
    let ground: number | undefined;
    let h = 0;
    let owner: EarthworkHit | undefined;
    for (const w of this.works) {
      if (x < w.minX || x > w.maxX || z < w.minZ || z > w.maxZ) continue;
      const sec = earthworkSection(w.f, outerDistance(w.f, [x, z]).s);
      if (!sec.part) continue;
      if (ground === undefined) { ground = this.plainGround(x, z); h = ground; }
      if (sec.raise > 0 && ground + sec.raise > h) { h = ground + sec.raise; owner = { featureId: w.f.id, kind: w.f.kind, part: sec.part }; }
      if (sec.dig > 0 && ground - sec.dig < h) { h = ground - sec.dig; owner = { featureId: w.f.id, kind: w.f.kind, part: sec.part }; }
    }
    if (!owner || ground === undefined) return undefined;
    // A road bank raised over the work is the road's ground.
    const bank = this.roadBank(x, z);
    if (bank > 0 && ground + bank > h) return undefined;
    h = Math.max(h, ground + bank);
    for (const w of this.waters) {
      if (x < w.minX || x > w.maxX || z < w.minZ || z > w.maxZ) continue;
      if (pointInPolygon([x, z], w.poly) && ground - w.depth < h) return undefined;
    }
    return owner;
  }
}

/** How far from its path a work shapes the ground, cm: beyond it earthworkSection is 0 and 0. */
export function reachOf(f: EarthworkFeature): number {
  if (f.kind === 'ditch') return f.width / 2 + 1e-6;
  const half = hasBank(f) ? (f.crestWidth ?? EARTHWORK_DEFAULTS.crestWidth) / 2 : 0;
  const front = hasBank(f) ? f.frontSlope ?? f.slope ?? EARTHWORK_DEFAULTS.slope : 0;
  const rear = f.rearSlope ?? f.slope ?? EARTHWORK_DEFAULTS.slope;
  return half + Math.max(front + (f.ditch?.berm ?? 0) + (f.ditch?.width ?? 0), rear) + 1e-6;
}
