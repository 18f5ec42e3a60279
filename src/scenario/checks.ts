// Cross-field checks the schema cannot express: ids, table bounds, floors, openings, grid size.
import { type Vec2, pointInPolygon, polylineLength } from '../core';
import type { BuildingFeature, Scenario } from './schema';
import { buildingCorners, featurePoints, isArea } from './shapes';
import { jsonPath } from './json-path';
import type { RawIssue } from './raw-issue';
import { LIMITS } from './limits';
import { checkResources } from './resource-checks';
import { checkShapes } from './shape-checks';
import { checkLook } from './look-checks';
import { markProblems } from './marks';

export type { RawIssue };

const TOL = 1e-6;

function onTable(s: Scenario, p: Vec2): boolean {
  return p[0] >= -TOL && p[1] >= -TOL && p[0] <= s.table.width + TOL && p[1] <= s.table.depth + TOL;
}

function fmt(p: Vec2): string {
  return `(${p[0]}, ${p[1]})`;
}

export function wallLength(b: BuildingFeature, wall: 'north' | 'south' | 'east' | 'west'): number {
  return wall === 'north' || wall === 'south' ? b.size[0] : b.size[1];
}

/** Storey height of a floor: up to the next floor, or to the eaves for the top floor. */
export function storeyHeight(b: BuildingFeature, floor: number): number {
  const here = b.floors[floor]!.elevation;
  const next = b.floors[floor + 1]?.elevation ?? b.eaves;
  return next - here;
}

function checkBuilding(b: BuildingFeature, at: Array<string | number>, issues: RawIssue[]): void {
  const t = b.wallThickness ?? 0.4;
  if (2 * t >= Math.min(b.size[0], b.size[1])) {
    issues.push({ path: [...at, 'wallThickness'], message: `expected walls thinner than half the footprint (${Math.min(...b.size) / 2} cm), got ${t}` });
  }
  if (b.floors[0]!.elevation < 0) {
    issues.push({ path: [...at, 'floors', 0, 'elevation'], message: `expected the ground floor at 0 or above, got ${b.floors[0]!.elevation}` });
  }
  b.floors.forEach((f, i) => {
    const prev = b.floors[i - 1];
    if (prev && f.elevation <= prev.elevation) {
      issues.push({ path: [...at, 'floors', i, 'elevation'], message: `floors must ascend: expected more than ${prev.elevation} (floor ${i - 1}), got ${f.elevation}` });
    }
  });
  const roofHeight = b.roof?.height ?? 0;
  if (roofHeight > LIMITS.roofSlenderness * Math.min(b.size[0], b.size[1])) {
    issues.push({ path: [...at, 'roof', 'height'], message: `a roof ${roofHeight} cm high on a building ${Math.min(...b.size)} cm across: expected at most ${LIMITS.roofSlenderness} times its smaller side (${LIMITS.roofSlenderness * Math.min(...b.size)} cm)` });
  }
  const top = b.floors[b.floors.length - 1]!;
  if (top.elevation >= b.eaves) {
    issues.push({ path: [...at, 'eaves'], message: `expected the eaves above the top floor (${top.elevation} cm), got ${b.eaves}` });
  }
  b.openings?.forEach((o, i) => {
    const p = [...at, 'openings', i];
    if (o.floor >= b.floors.length) {
      issues.push({ path: [...p, 'floor'], message: `expected a floor of this building (0–${b.floors.length - 1}), got ${o.floor}` });
      return;
    }
    const half = wallLength(b, o.wall) / 2 - t;
    if (Math.abs(o.offset) + o.width / 2 > half + TOL) {
      issues.push({ path: [...p, 'offset'], message: `window outside its wall: expected |offset| + width/2 ≤ ${half.toFixed(2)} cm on the ${o.wall} wall, got ${(Math.abs(o.offset) + o.width / 2).toFixed(2)}` });
    }
    const storey = storeyHeight(b, o.floor);
    if (o.sill + o.height > storey + TOL) {
      issues.push({ path: [...p, 'height'], message: `opening taller than its storey: expected sill + height ≤ ${storey} cm, got ${o.sill + o.height}` });
    }
  });
}

/** A ditch's faces fit in its width (a rampart's ditch, or a ditch alone). */
function checkDitchFaces(d: { width: number; scarp?: number; counterscarp?: number }, at: Array<string | number>, issues: RawIssue[]): void {
  // Each face's run defaults to a quarter of the width, at most 1 cm.
  const short = Math.min(1, d.width / 4);
  const faces = (d.scarp ?? short) + (d.counterscarp ?? short);
  if (faces > d.width + TOL) {
    issues.push({ path: at, message: `ditch faces wider than the ditch: expected scarp + counterscarp at most the width ${d.width} cm, got ${faces} cm` });
  }
}

export function checkScenario(s: Scenario): RawIssue[] {
  // Over a resource bound: say so alone (the other checks grow with the sizes refused).
  const resources = checkResources(s);
  if (resources.length) return resources;
  const issues: RawIssue[] = checkShapes(s);
  const seen = new Map<string, string>();
  const claim = (id: string | undefined, path: Array<string | number>) => {
    if (id === undefined) return;
    const where = jsonPath(path);
    const first = seen.get(id);
    if (first) issues.push({ path: [...path], message: `duplicate id "${id}": expected a unique id, already used at ${first}` });
    else seen.set(id, where);
  };

  const g = s.relief?.grid;
  if (g && g.heights.length !== g.columns * g.rows) {
    issues.push({ path: ['relief', 'grid', 'heights'], message: `height grid of the wrong size: expected ${g.columns} × ${g.rows} = ${g.columns * g.rows} heights, got ${g.heights.length}` });
  }

  s.sides.forEach((side, i) => {
    claim(side.id, ['sides', i, 'id']);
    side.deployment?.forEach((d, j) => claim(d.id, ['sides', i, 'deployment', j, 'id']));
    side.deployment?.forEach((d, j) => d.polygon.forEach((p, k) => {
      if (!onTable(s, p)) issues.push({ path: ['sides', i, 'deployment', j, 'polygon', k], message: `point ${fmt(p)} outside the table: expected 0–${s.table.width} × 0–${s.table.depth}` });
    }));
  });

  s.features.forEach((f, i) => {
    const at = ['features', i];
    claim(f.id, [...at, 'id']);
    for (const { point, path } of featurePoints(f)) {
      if (!onTable(s, point)) {
        issues.push({ path: [...at, ...path], message: `feature "${f.id}" outside the table: point ${fmt(point)}, expected within 0–${s.table.width} × 0–${s.table.depth}` });
        break;
      }
    }
    if (isArea(f)) {
      if (!f.polygon && !(f.path && f.width)) issues.push({ path: at, message: `area "${f.id}" has no shape: expected "polygon", or "path" with "width"` });
      if (f.polygon && f.path) issues.push({ path: [...at, 'path'], message: `area "${f.id}" has both shapes: expected "polygon" or "path", not both` });
      // A bank is raised along the road's path (relief.ts); an outline alone gives it no line to follow.
      if (f.kind === 'road' && f.embankment && !f.path) issues.push({ path: [...at, 'embankment'], message: `road "${f.id}" on an embankment has no path: expected "path" with "width" (the bank follows the path)` });
    }
    if (f.kind === 'building') {
      checkBuilding(f, at, issues);
      f.openings?.forEach((o, j) => claim(o.id, [...at, 'openings', j, 'id']));
    }
    if (f.kind === 'ditch') {
      if (f.closed && f.path.length < 3) {
        issues.push({ path: [...at, 'path'], message: `a closed ditch needs at least 3 points: expected 3 or more, got ${f.path.length}` });
      }
      checkDitchFaces(f, at, issues);
    }
    if (f.kind === 'rampart' || f.kind === 'bastion' || f.kind === 'redoubt') {
      const closed = f.closed ?? f.kind !== 'rampart';
      if (closed && f.path.length < 3) {
        issues.push({ path: [...at, 'path'], message: `a closed ${f.kind} needs at least 3 points: expected 3 or more, got ${f.path.length}` });
      }
      if (f.height === 0 && !f.ditch) {
        issues.push({ path: [...at, 'height'], message: `${f.kind} "${f.id}" has no bank (height 0) and no ditch: expected a height above 0, or a "ditch"` });
      }
      if (f.height === 0 && f.parapet) {
        issues.push({ path: [...at, 'parapet'], message: `${f.kind} "${f.id}" has a parapet but no bank (height 0): expected a height above 0, or no parapet` });
      }
      if (f.parapet?.frontSlope !== undefined && f.parapet.frontSlope >= f.parapet.thickness) {
        issues.push({ path: [...at, 'parapet', 'frontSlope'], message: `parapet front slope leaves it no top: expected less than its thickness ${f.parapet.thickness} cm, got ${f.parapet.frontSlope} cm` });
      }
      if (f.ditch) checkDitchFaces(f.ditch, [...at, 'ditch'], issues);
      const length = polylineLength(f.path as Vec2[], closed);
      f.embrasures?.forEach((e, j) => {
        claim(e.id, [...at, 'embrasures', j, 'id']);
        if (e.at > length + TOL) issues.push({ path: [...at, 'embrasures', j, 'at'], message: `embrasure beyond the end of the ${f.kind}: expected 0–${length.toFixed(1)} cm along its path, got ${e.at}` });
      });
    }
  });

  const buildings = s.features.filter((f): f is BuildingFeature => f.kind === 'building');
  const sideIds = new Set(s.sides.map((x) => x.id));
  s.units?.forEach((u, i) => {
    claim(u.id, ['units', i, 'id']);
    if (!sideIds.has(u.side)) issues.push({ path: ['units', i, 'side'], message: `unknown side "${u.side}": expected one of ${[...sideIds].join(', ') || '(no sides)'}` });
    u.figures.forEach((fig, j) => {
      const at = ['units', i, 'figures', j];
      claim(fig.id, [...at, 'id']);
      if (!onTable(s, fig.at)) {
        issues.push({ path: [...at, 'at'], message: `figure "${fig.id}" outside the table at ${fmt(fig.at)}: expected within 0–${s.table.width} × 0–${s.table.depth}` });
        return;
      }
      if (fig.floor !== undefined && fig.floor > 0) {
        const b = buildings.find((bb) => pointInPolygon(fig.at, buildingCorners(bb)));
        if (!b) issues.push({ path: [...at, 'floor'], message: `figure "${fig.id}" is on floor ${fig.floor} but stands in no building at ${fmt(fig.at)}: expected floor 0 (or none) outside buildings` });
        else {
          const roof = b.roof?.walkable ? 1 : 0;
          if (fig.floor >= b.floors.length + roof) issues.push({ path: [...at, 'floor'], message: `building "${b.id}" has floors 0–${b.floors.length - 1 + roof}: expected one of them, got ${fig.floor}` });
        }
      }
    });
  });

  s.objectives?.forEach((o, i) => {
    claim(o.id, ['objectives', i, 'id']);
    if (!onTable(s, o.at)) issues.push({ path: ['objectives', i, 'at'], message: `objective "${o.id}" outside the table at ${fmt(o.at)}: expected within 0–${s.table.width} × 0–${s.table.depth}` });
  });

  s.specialRules?.forEach((r, i) => claim(r.id, ['specialRules', i, 'id']));
  s.victory?.forEach((v, i) => {
    if (v.side !== undefined && !sideIds.has(v.side)) issues.push({ path: ['victory', i, 'side'], message: `unknown side "${v.side}": expected one of ${[...sideIds].join(', ') || '(no sides)'}` });
  });
  s.features.forEach((f, i) => {
    if (f.kind === 'ladder' && f.side !== undefined && !sideIds.has(f.side)) issues.push({ path: ['features', i, 'side'], message: `unknown side "${f.side}": expected one of ${[...sideIds].join(', ') || '(no sides)'}` });
  });

  const unitIds = new Set((s.units ?? []).map((u) => u.id));
  s.beats?.forEach((b, i) => {
    claim(b.id, ['beats', i, 'id']);
    if (b.turn !== undefined && s.turnLimit !== undefined && b.turn > s.turnLimit) {
      issues.push({ path: ['beats', i, 'turn'], message: `beat after the last turn: expected a turn ≤ ${s.turnLimit}, got ${b.turn}` });
    }
    b.highlight?.forEach((h, j) => {
      if (!unitIds.has(h)) issues.push({ path: ['beats', i, 'highlight', j], message: `unknown unit "${h}": expected a unit id of this scenario` });
    });
    const follow = b.camera.follow;
    if (follow !== undefined && !unitIds.has(follow)) issues.push({ path: ['beats', i, 'camera', 'follow'], message: `unknown unit "${follow}": expected a unit id of this scenario` });
  });
  checkMarks(s, issues);
  issues.push(...checkLook(s));
  return issues;
}

/** The texts a reader or presenter sees carry only well-formed source marks (marks.ts). */
function checkMarks(s: Scenario, issues: RawIssue[]): void {
  const texts: Array<[Array<string | number>, string | undefined]> = [
    [['title'], s.title], [['summary'], s.summary],
    ...s.sides.map((x, i): [Array<string | number>, string | undefined] => [['sides', i, 'briefing'], x.briefing]),
    ...(s.victory ?? []).map((x, i): [Array<string | number>, string] => [['victory', i, 'text'], x.text]),
    ...(s.specialRules ?? []).map((x, i): [Array<string | number>, string] => [['specialRules', i, 'text'], x.text]),
    ...(s.beats ?? []).flatMap((x, i): Array<[Array<string | number>, string]> => [[['beats', i, 'title'], x.title], [['beats', i, 'narration'], x.narration]]),
    ...s.features.map((x, i): [Array<string | number>, string | undefined] => [['features', i, 'name'], x.name]),
    ...(s.units ?? []).map((x, i): [Array<string | number>, string] => [['units', i, 'name'], x.name]),
  ];
  for (const [path, text] of texts) for (const message of markProblems(text ?? '')) issues.push({ path, message });
}
