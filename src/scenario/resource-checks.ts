// Resource bounds of a validated file (limits.ts): what building its battlefield would cost in height
// samples, sampling work, obstacle solids and figures, refused before it exhausts memory or time.
import { type Vec2, polylineLength } from '../core';
import type { Scenario } from './schema';
import { LIMITS } from './limits';
import type { RawIssue } from './raw-issue';

/** Columns and rows of the relief's height grid, as the battlefield samples it (default spacing 1 cm). */
export function reliefSampleCounts(s: Scenario): { columns: number; rows: number } {
  const spacing = s.relief?.spacing ?? 1;
  return {
    columns: s.relief?.samples?.[0] ?? Math.max(2, Math.round(s.table.width / spacing) + 1),
    rows: s.relief?.samples?.[1] ?? Math.max(2, Math.round(s.table.depth / spacing) + 1),
  };
}

const n = (x: number): string => x.toLocaleString('en-US');

/** Upper bound of the plan area a box of these plan sides covers at any rotation, with the culler's 10 cm margin. */
const boxCover = (a: number, b: number): number => (a + b + 10) ** 2;

/** The plan cover of the solids built from a feature (boxes along runs every 3 cm, building slabs, decks, ladders). */
function featureCover(f: Scenario['features'][number]): number {
  const run = (path: readonly (readonly number[])[], closed: boolean, thickness: number): number => {
    const length = polylineLength(path as Vec2[], closed);
    return (length / 3 + path.length) * boxCover(3 + thickness, thickness);
  };
  switch (f.kind) {
    case 'building': return (f.floors.length + 2) * boxCover(f.size[0], f.size[1]) + 2 * run([[0, 0], [f.size[0] + f.size[1], 0]], false, f.wallThickness ?? 0.4);
    case 'wall': case 'fence': case 'hedge': case 'palisade': case 'wire': case 'barricade': return run(f.path, false, f.thickness ?? 1.5);
    case 'rampart': case 'bastion': case 'redoubt': return f.parapet ? run(f.path, f.closed ?? f.kind !== 'rampart', f.parapet.thickness) : 0;
    case 'bridge': return 3 * boxCover(polylineLength(f.path as Vec2[]), f.width);
    case 'ladder': return boxCover(f.width ?? 1.5, f.topHeight * 0.3);
    default: return 0;
  }
}

/** Boxes along a run: one per 3 cm piece of each segment (solids.ts runPieces). */
function runCount(path: readonly (readonly number[])[], closed: boolean): number {
  let count = 0;
  const segments = closed ? path.length : path.length - 1;
  for (let i = 0; i < segments; i++) {
    const a = path[i]!, b = path[(i + 1) % path.length]!;
    count += Math.max(1, Math.ceil(Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!) / 3));
  }
  return count;
}

/** An upper estimate of the solids built from a feature: wall pieces around openings, slabs, roof, runs, decks. */
function solidCount(f: Scenario['features'][number]): number {
  switch (f.kind) {
    case 'building': return f.floors.length + 2 + 4 * (1 + 2 * (f.openings?.length ?? 0));
    case 'wall': case 'fence': case 'hedge': case 'palisade': case 'wire': case 'barricade': return runCount(f.path, false);
    case 'rampart': case 'bastion': case 'redoubt': return f.parapet ? runCount(f.path, f.closed ?? f.kind !== 'rampart') : 0;
    case 'bridge': return 3;
    case 'ladder': return 1;
    default: return 0;
  }
}

export function checkResources(s: Scenario): RawIssue[] {
  const issues: RawIssue[] = [];
  const { columns, rows } = reliefSampleCounts(s);
  const samples = columns * rows;
  if (samples > LIMITS.reliefSamples) {
    const path = s.relief?.samples ? ['relief', 'samples'] : s.relief?.spacing !== undefined ? ['relief', 'spacing'] : ['table'];
    issues.push({ path, message: `the relief would have ${columns} × ${rows} = ${n(samples)} height samples: expected at most ${n(LIMITS.reliefSamples)} (set a coarser relief.spacing or fewer relief.samples)` });
  }
  const g = s.relief?.grid;
  if (g && g.columns * g.rows > LIMITS.reliefSamples) {
    issues.push({ path: ['relief', 'grid'], message: `a height grid of ${g.columns} × ${g.rows} = ${n(g.columns * g.rows)} heights: expected at most ${n(LIMITS.reliefSamples)}` });
  }
  // Each sample looks at every hill, every fortification path point and, inside its outline, every water point.
  let perSample = 1;
  let obstacleLength = 0;
  for (const f of s.features) {
    if (f.kind === 'hill') perSample += 1;
    if (f.kind === 'rampart' || f.kind === 'bastion' || f.kind === 'redoubt') {
      perSample += f.path.length;
      if (f.parapet) obstacleLength += polylineLength(f.path as Vec2[], f.closed ?? f.kind !== 'rampart');
    }
    if (f.kind === 'water') perSample += (f.polygon ?? f.path ?? []).length * (f.polygon ? 1 : 2);
    if (f.kind === 'wall' || f.kind === 'fence' || f.kind === 'hedge' || f.kind === 'palisade' || f.kind === 'wire' || f.kind === 'barricade') {
      obstacleLength += polylineLength(f.path as Vec2[]);
    }
  }
  if (samples <= LIMITS.reliefSamples && samples * perSample > LIMITS.reliefWork) {
    issues.push({ path: ['features'], message: `sampling the relief would take ${n(samples)} samples × ${n(perSample)} (hills, fortification and water points) = ${n(samples * perSample)} steps: expected at most ${n(LIMITS.reliefWork)} (fewer samples or simpler features)` });
  }
  if (obstacleLength > LIMITS.obstacleLength) {
    issues.push({ path: ['features'], message: `walls, hedges, fences and parapets ${n(Math.round(obstacleLength))} cm long in all: expected at most ${n(LIMITS.obstacleLength)} cm` });
  }
  const cover = s.features.reduce((acc, f) => acc + featureCover(f), 0);
  if (cover > LIMITS.solidCover) {
    issues.push({ path: ['features'], message: `the walls, buildings, bridges and other solids would cover ${n(Math.round(cover))} cm² of plan (counted generously): expected at most ${n(LIMITS.solidCover)} cm² (thinner walls, smaller buildings?)` });
  }
  const solids = s.features.reduce((acc, f) => acc + solidCount(f), 0);
  if (solids > LIMITS.solids) {
    issues.push({ path: ['features'], message: `the features would build about ${n(solids)} solids: expected at most ${n(LIMITS.solids)} (fewer or shorter walls, fewer floors and openings)` });
  }
  const shapePoints = s.features.reduce((acc, f) => acc + ('polygon' in f ? f.polygon?.length ?? 0 : 0) + ('path' in f ? f.path?.length ?? 0 : 0), 0)
    + s.sides.reduce((acc, side) => acc + (side.deployment ?? []).reduce((a, d) => a + d.polygon.length, 0), 0);
  if (shapePoints > LIMITS.totalShapePoints) {
    issues.push({ path: ['features'], message: `${n(shapePoints)} polygon and path points in all: expected at most ${n(LIMITS.totalShapePoints)}` });
  }
  const openings = s.features.reduce((acc, f) => acc + (f.kind === 'building' ? f.openings?.length ?? 0 : 0), 0);
  if (openings > LIMITS.totalOpenings) {
    issues.push({ path: ['features'], message: `${n(openings)} openings in all buildings together: expected at most ${n(LIMITS.totalOpenings)}` });
  }
  const figures = (s.units ?? []).reduce((acc, u) => acc + u.figures.length, 0);
  if (figures > LIMITS.figures) {
    issues.push({ path: ['units'], message: `${n(figures)} figures in all: expected at most ${n(LIMITS.figures)}` });
  }
  return issues;
}
