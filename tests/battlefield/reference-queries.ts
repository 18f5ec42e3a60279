// The former (plain) forms of the battlefield's point and segment queries: linear scans and Rapier's
// own casts. The property tests hold the fast queries to them; the battlefield benchmark times both.
import type { AreaAt, AreaSpan, Battlefield, BodyClash, FigureBody } from '../../src/battlefield';
import { rapierReferenceBody, rapierReferenceHeight } from '../../src/testing';
import { solidAabb } from '../../src/battlefield/broadphase';
import { PlanBins } from '../../src/battlefield/plan-bins';
import { type Vec2, gridHeightAt, pointInPolygon, segmentInsideIntervals } from '../../src/core';
import { areaPolygon, isArea, resolveTags, type ResolvedTags, type Scenario } from '../../src/scenario';
import { type CrestLine, type ObstacleBox, crestLines, obstacleBoxes } from '../../src/battlefield/obstacles';
import type { ObstacleCrossing } from '../../src/battlefield/types';

const BODY_PARTS = new Set(['wall', 'obstacle', 'parapet', 'railing', 'roof', 'foundation']);

/** The former standHeight: the first building holding the point gives its floor, else Rapier's cast. */
export function referenceStand(bf: Battlefield, x: number, z: number, floor?: number): number | string {
  const b = referenceBuildingAt(bf, x, z);
  if (b) return b.levels[floor ?? 0] ?? `building "${b.id}" has floors 0–${b.levels.length - 1}, asked for floor ${floor}`;
  if (floor !== undefined && floor > 0) return `no building at (${x}, ${z}) to stand on floor ${floor}`;
  return rapierReferenceHeight(bf, x, z, 'surface') ?? 'no surface';
}

/** The former buildingAt: the first building (in list order) whose outline holds the point. */
export function referenceBuildingAt(bf: Battlefield, x: number, z: number): Battlefield['buildings'][number] | undefined {
  return bf.buildings.find((q) => pointInPolygon([x, z], q.corners));
}

/** The former areasAt and areasAlong: a scan over every area of the scenario. */
export function referenceAreas(scenario: Scenario): { at(x: number, z: number): AreaAt[]; along(from: Vec2, to: Vec2): AreaSpan[] } {
  const volumes = scenario.features.filter(isArea).map((f) => ({ f, polygon: areaPolygon(f), tags: resolveTags(f) }));
  return {
    at: (x, z) => volumes.filter((a) => pointInPolygon([x, z], a.polygon)).map((a) => ({ featureId: a.f.id, kind: a.f.kind, tags: a.tags })),
    along: (from, to) => {
      const out: AreaSpan[] = [];
      for (const a of volumes) {
        const spans = segmentInsideIntervals(from, to, a.polygon);
        if (spans.length) out.push({ featureId: a.f.id, kind: a.f.kind, tags: a.tags, spans });
      }
      return out;
    },
  };
}

/**
 * The former obstaclesAlong of a battlefield: every box whose plan bounds meet the segment's (an
 * allocating rectangle test each), then every crest line; tags resolved once per feature.
 */
export function referenceObstacles(scenario: Scenario, bf: Battlefield): (from: Vec2, to: Vec2) => ObstacleCrossing[] {
  const boxes = obstacleBoxes(bf.solids);
  const crests = crestLines(scenario);
  const tags = new Map<string, ResolvedTags>();
  const tagsOf = (id: string): ResolvedTags => {
    let t = tags.get(id);
    if (!t) tags.set(id, (t = resolveTags(scenario.features.find((f) => f.id === id)!)));
    return t;
  };
  return (from, to) => obstaclesScan(scenario, bf, boxes, crests, tagsOf, from, to);
}

function obstaclesScan(
  scenario: Scenario, bf: Battlefield, boxes: readonly ObstacleBox[], crests: readonly CrestLine[], tagsOf: (id: string) => ResolvedTags,
  from: Vec2, to: Vec2,
): ObstacleCrossing[] {
  const segmentRect = (a: Vec2, b: Vec2, center: Vec2, half: Vec2, rotDeg: number): number | undefined => {
    const r = (-rotDeg * Math.PI) / 180;
    const c = Math.cos(r), s = Math.sin(r);
    const local = (p: Vec2): Vec2 => {
      const x = p[0] - center[0], z = p[1] - center[1];
      return [x * c - z * s, x * s + z * c];
    };
    const p = local(a), q = local(b);
    let t0 = 0, t1 = 1;
    for (let i = 0; i < 2; i++) {
      const o = p[i]!, d = q[i]! - o, h = half[i]!;
      if (Math.abs(d) < 1e-12) {
        if (o < -h || o > h) return undefined;
        continue;
      }
      let u = (-h - o) / d, v = (h - o) / d;
      if (u > v) [u, v] = [v, u];
      t0 = Math.max(t0, u);
      t1 = Math.min(t1, v);
      if (t0 > t1) return undefined;
    }
    return t0;
  };
  const segmentSegment = (a: Vec2, b: Vec2, p: Vec2, q: Vec2): number | undefined => {
    const dx = b[0] - a[0], dz = b[1] - a[1], ex = q[0] - p[0], ez = q[1] - p[1];
    const den = dx * ez - dz * ex;
    if (Math.abs(den) < 1e-12) return undefined;
    const t = ((p[0] - a[0]) * ez - (p[1] - a[1]) * ex) / den;
    const u = ((p[0] - a[0]) * dz - (p[1] - a[1]) * dx) / den;
    return t >= 0 && t <= 1 && u >= 0 && u <= 1 ? t : undefined;
  };
  const len = Math.hypot(to[0] - from[0], to[1] - from[1]);
  const best = new Map<string, ObstacleCrossing>();
  const keep = (x: ObstacleCrossing) => {
    const k = `${x.featureId}/${x.part}`;
    const prev = best.get(k);
    if (!prev || prev.distance > x.distance) best.set(k, x);
  };
  const minX = Math.min(from[0], to[0]), maxX = Math.max(from[0], to[0]);
  const minZ = Math.min(from[1], to[1]), maxZ = Math.max(from[1], to[1]);
  for (const b of boxes) {
    if (b.maxX < minX || b.minX > maxX || b.maxZ < minZ || b.minZ > maxZ) continue;
    const s = b.solid;
    const t = segmentRect(from, to, [s.center[0], s.center[2]], [s.halfExtents[0], s.halfExtents[2]], s.rotationY);
    if (t === undefined) continue;
    const point: Vec2 = [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t];
    const ground = gridHeightAt(bf.grid, Math.min(Math.max(point[0], 0), scenario.table.width), Math.min(Math.max(point[1], 0), scenario.table.depth));
    keep({ featureId: s.featureId, kind: s.featureKind, part: s.part, tags: tagsOf(s.featureId), distance: t * len, point, height: Math.max(0, s.center[1] + s.halfExtents[1] - ground) });
  }
  for (const f of crests) {
    if (f.maxX < minX || f.minX > maxX || f.maxZ < minZ || f.minZ > maxZ) continue;
    const n = f.closed ? f.path.length : f.path.length - 1;
    for (let i = 0; i < n; i++) {
      const t = segmentSegment(from, to, f.path[i]!, f.path[(i + 1) % f.path.length]!);
      if (t === undefined) continue;
      keep({ featureId: f.id, kind: f.kind, part: 'crest', tags: tagsOf(f.id), distance: t * len, point: [from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t], height: 0 });
    }
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance);
}

/**
 * The former bodyClashes: Rapier's shape test, except for a body on the ground whose plan disc
 * misses the (plan) bounding box of every body solid, which clashes with none.
 */
export function referenceBody(bf: Battlefield): (figure: FigureBody) => BodyClash[] {
  const PAD = 5;
  const boxes = bf.solids.filter((x) => BODY_PARTS.has(x.part)).map(solidAabb)
    .map((b) => ({ minX: b.min[0] - PAD, minZ: b.min[2] - PAD, maxX: b.max[0] + PAD, maxZ: b.max[2] + PAD }));
  const bins = new PlanBins(boxes, bf.scenario.table.width, bf.scenario.table.depth);
  return (figure) => {
    const r = figure.radius ?? 0.6, [x, z] = figure.at;
    if (!figure.floor && r < PAD) {
      const pad = PAD - r - 0.01;
      if (!bins.at(x, z).some((k) => {
        const b = boxes[k]!;
        return x >= b.minX + pad && x <= b.maxX - pad && z >= b.minZ + pad && z <= b.maxZ - pad;
      })) {
        if (!(x >= 0 && z >= 0 && x <= bf.scenario.table.width && z <= bf.scenario.table.depth)) throw new Error('off the table');
        return [];
      }
    }
    return rapierReferenceBody(bf, figure);
  };
}
