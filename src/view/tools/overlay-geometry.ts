// Geometry of the measuring overlays: range rings (radii typed as a list in the panel, draped over
// the ground with heights from the battlefield, measured from the base edge) and the tape's ticks.
import type { Vec3 } from '../../core';
import type { ToolsModel } from './tool-model';

export const DEFAULT_RINGS = [15, 30, 60];

/** "15, 30 60" → [15, 30, 60]: positive numbers, sorted, duplicates dropped; null if nothing usable. */
export function parseRadii(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) return null;
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p.replace(/cm$/i, ''));
    if (!Number.isFinite(n) || n <= 0 || n > 1000) return null;
    out.push(n);
  }
  return [...new Set(out)].sort((a, b) => a - b);
}

/**
 * Runs of points of a ring (table coordinates) lifted a little above the ground; the ring is cut
 * where it leaves the table, so each run is one visible arc.
 */
export function ringRuns(model: Pick<ToolsModel, 'scenario' | 'groundHeight'>, cx: number, cz: number, radius: number, lift = 0.25): Vec3[][] {
  const { width, depth } = model.scenario.table;
  const segments = Math.max(48, Math.min(256, Math.round(radius * 3)));
  const runs: Vec3[][] = [];
  let run: Vec3[] = [];
  let startsAtZero = false;
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    const x = cx + Math.sin(a) * radius;
    const z = cz + Math.cos(a) * radius;
    if (x < 0 || z < 0 || x > width || z > depth) {
      if (run.length > 1) runs.push(run);
      run = [];
      continue;
    }
    if (i === 0) startsAtZero = true;
    run.push([x, model.groundHeight(x, z) + lift, z]);
  }
  const endsAtLast = run.length > 1;
  if (endsAtLast) runs.push(run);
  // An arc that crosses the starting angle was cut in two: join its halves.
  if (startsAtZero && endsAtLast && runs.length >= 2) {
    const last = runs.pop()!;
    runs[0] = [...last, ...runs[0]!.slice(1)];
  }
  return runs;
}

/** The tape floats this far above the surfaces it joins, cm. */
export const TAPE_LIFT = 0.15;

/** Tick segments (pairs of points) across the tape every `step` cm from `from`. */
export function tapeTicks(from: Vec3, to: Vec3, step: number): Vec3[] {
  const d = [to[0] - from[0], to[1] - from[1], to[2] - from[2]] as const;
  const len = Math.hypot(d[0], d[1], d[2]);
  const flat = Math.hypot(d[0], d[2]);
  if (len < step || flat < 1e-6) return [];
  // Across the tape, horizontally.
  const ax = -d[2] / flat;
  const az = d[0] / flat;
  const out: Vec3[] = [];
  for (let s = step, i = 1; s < len; s += step, i++) {
    const t = s / len;
    const half = i % 2 === 0 ? 0.55 : 0.3;
    const c: Vec3 = [from[0] + d[0] * t, from[1] + d[1] * t + TAPE_LIFT, from[2] + d[2] * t];
    out.push([c[0] - ax * half, c[1], c[2] - az * half], [c[0] + ax * half, c[1], c[2] + az * half]);
  }
  return out;
}
