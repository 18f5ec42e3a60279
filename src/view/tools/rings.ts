// Range rings: radii typed as a list in the panel, drawn as rings draped over the ground (heights
// from the battlefield), measured horizontally from the edge of the figure's base.
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
