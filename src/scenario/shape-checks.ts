// Plan shapes a battlefield cannot be built from faithfully: outlines whose edges cross or that enclose
// nothing, paths whose points all coincide. Each issue names the shape's JSON path.
import { type Vec2, polygonArea, polylineLength } from '../core';
import type { Scenario } from './schema';
import type { RawIssue } from './raw-issue';

function fmt(p: Vec2): string {
  return `(${p[0]}, ${p[1]})`;
}

/** Orientation of c against the line a → b: > 0 left, < 0 right, 0 on it. */
function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

function onSegment(a: Vec2, b: Vec2, c: Vec2): boolean {
  return Math.min(a[0], b[0]) <= c[0] && c[0] <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= c[1] && c[1] <= Math.max(a[1], b[1]);
}

/** Whether segments ab and cd meet (touching counts). */
function segmentsMeet(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const o1 = orient(a, b, c), o2 = orient(a, b, d), o3 = orient(c, d, a), o4 = orient(c, d, b);
  if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0))) return true;
  return (o1 === 0 && onSegment(a, b, c)) || (o2 === 0 && onSegment(a, b, d)) || (o3 === 0 && onSegment(c, d, a)) || (o4 === 0 && onSegment(c, d, b));
}

/** Indices of the points of a closed outline, consecutive repeats (and a repeated first point at the end) left out. */
function distinctCorners(poly: readonly Vec2[]): number[] {
  const out: number[] = [];
  poly.forEach((p, i) => {
    const prev = out.length ? poly[out[out.length - 1]!]! : undefined;
    if (!prev || prev[0] !== p[0] || prev[1] !== p[1]) out.push(i);
  });
  while (out.length > 1) {
    const first = poly[out[0]!]!, last = poly[out[out.length - 1]!]!;
    if (first[0] !== last[0] || first[1] !== last[1]) break;
    out.pop();
  }
  return out;
}

/** The problem of a closed outline at `at` (a polygon, a closed fortification path), or none. */
export function outlineIssue(poly: readonly Vec2[], at: Array<string | number>, what: string): RawIssue | undefined {
  const idx = distinctCorners(poly);
  const pts = idx.map((i) => poly[i]!);
  if (pts.length < 3) return { path: at, message: `${what} has ${pts.length} distinct point${pts.length === 1 ? '' : 's'}: expected an outline of at least 3` };
  if (Math.abs(polygonArea(pts)) < 1e-9) return { path: at, message: `${what} encloses no area (its points lie on one line): expected an outline around some ground` };
  const n = pts.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // neighbours through the closing edge
      if (segmentsMeet(pts[i]!, pts[(i + 1) % n]!, pts[j]!, pts[(j + 1) % n]!)) {
        return {
          path: [...at, idx[j]!],
          message: `${what} crosses itself: its edge from ${fmt(pts[j]!)} meets the edge from ${fmt(pts[i]!)} to ${fmt(pts[(i + 1) % n]!)}: expected an outline whose edges do not cross`,
        };
      }
    }
  }
  return undefined;
}

function pathIssue(path: readonly Vec2[], at: Array<string | number>, what: string): RawIssue | undefined {
  if (polylineLength(path) > 1e-9) return undefined;
  return { path: at, message: `${what}'s points all lie at ${fmt(path[0]!)}: expected a path of some length` };
}

export function checkShapes(s: Scenario): RawIssue[] {
  const issues: RawIssue[] = [];
  const add = (i: RawIssue | undefined) => { if (i) issues.push(i); };
  s.features.forEach((f, i) => {
    const at = ['features', i];
    const what = `"${f.id}"`;
    if ('polygon' in f && f.polygon) add(outlineIssue(f.polygon as Vec2[], [...at, 'polygon'], `the outline of ${what}`));
    if (f.kind === 'rampart' || f.kind === 'bastion' || f.kind === 'redoubt' || f.kind === 'ditch') {
      const closed = f.closed ?? (f.kind !== 'rampart' && f.kind !== 'ditch');
      if (closed && f.path.length >= 3) add(outlineIssue(f.path as Vec2[], [...at, 'path'], `the closed path of ${what}`));
      else add(pathIssue(f.path as Vec2[], [...at, 'path'], `the path of ${what}`));
    } else if ('path' in f && f.path) add(pathIssue(f.path as Vec2[], [...at, 'path'], `the path of ${what}`));
  });
  s.sides.forEach((side, i) => side.deployment?.forEach((d, j) => {
    add(outlineIssue(d.polygon as Vec2[], ['sides', i, 'deployment', j, 'polygon'], `deployment zone ${j + 1} of "${side.id}"`));
  }));
  return issues;
}
