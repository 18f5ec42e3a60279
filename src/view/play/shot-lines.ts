// Where a shot is drawn: a line from each shooter to the nearest soldier of the unit he shot at (from
// the table edge for fire from off the table), a hit mark on that soldier for each die that hit and a
// miss mark beside him for each that missed. Plain numbers in table coordinates (cm, y up); the dice
// and who rolled them come from the game's events, nothing here decides a rule.
import type { PlayShot } from '../../game';

export type Point3 = [number, number, number];

export interface ShotDrawing {
  /** Pairs of points: lines of shooters with at least one hit, and of those with none. */
  hitLines: Point3[];
  missLines: Point3[];
  hitMarks: Point3[];
  missMarks: Point3[];
}

/** Chest height of a standing figure above its stand, cm. */
const CHEST = 1.5;

/** Where fire from off the table enters: the edge point straight out from the target, raised a little. */
function edgePoint(edge: NonNullable<PlayShot['fromEdge']>, at: Point3, table: { width: number; depth: number }): Point3 {
  const y = at[1] + 6;
  switch (edge) {
    case 'north': return [at[0], y, table.depth];
    case 'south': return [at[0], y, 0];
    case 'east': return [table.width, y, at[2]];
    case 'west': return [0, y, at[2]];
  }
}

const dist2 = (a: Point3, b: Point3) => (a[0] - b[0]) ** 2 + (a[2] - b[2]) ** 2;

/** A miss mark beside the target, away from the line, alternating sides and farther for each. */
function missBeside(from: Point3, to: Point3, k: number): Point3 {
  const dx = to[0] - from[0], dz = to[2] - from[2];
  const len = Math.hypot(dx, dz) || 1;
  const side = k % 2 === 0 ? 1 : -1;
  const off = 1.4 + 0.5 * Math.floor(k / 2);
  // Across the line and a little beyond the target: the round went past him.
  return [to[0] + (-dz / len) * off * side + (dx / len) * 0.8, to[1] + 0.3 * (k % 3), to[2] + (dx / len) * off * side + (dz / len) * 0.8];
}

/**
 * The lines and marks of some shots. `stand` gives a figure's stand point (table cm), or undefined
 * when it is not drawn for this screen (hidden, or unknown): such shooters get no line.
 */
export function shotDrawing(shots: readonly PlayShot[], stand: (figureId: string) => Point3 | undefined, table: { width: number; depth: number }): ShotDrawing {
  const out: ShotDrawing = { hitLines: [], missLines: [], hitMarks: [], missMarks: [] };
  const chest = (p: Point3): Point3 => [p[0], p[1] + CHEST, p[2]];
  for (const shot of shots) {
    const targets = shot.targetFigureIds.map(stand).filter((p): p is Point3 => !!p).map(chest);
    if (targets.length === 0) continue;
    const byShooter = new Map<string | undefined, boolean[]>();
    for (const d of shot.dice) byShooter.set(d.figureId, [...(byShooter.get(d.figureId) ?? []), d.hit]);
    let offTable = 0;
    for (const [shooter, hits] of byShooter) {
      if (shooter === undefined) {
        // From off the table: each die at the next soldier in turn.
        hits.forEach((hit, i) => {
          const to = targets[(offTable + i) % targets.length]!;
          if (shot.fromEdge) {
            const from = edgePoint(shot.fromEdge, to, table);
            (hit ? out.hitLines : out.missLines).push(from, to);
            (hit ? out.hitMarks : out.missMarks).push(hit ? to : missBeside(from, to, i));
          } else {
            (hit ? out.hitMarks : out.missMarks).push(hit ? to : missBeside([to[0], to[1], to[2] - 1], to, i));
          }
        });
        offTable += hits.length;
        continue;
      }
      const at = stand(shooter);
      if (!at) continue;
      const from = chest(at);
      const to = targets.reduce((best, t) => (dist2(t, from) < dist2(best, from) ? t : best));
      const any = hits.some(Boolean);
      (any ? out.hitLines : out.missLines).push(from, to);
      let misses = 0;
      let struck = 0;
      for (const hit of hits) {
        // Hits on one soldier stack upward so each shows.
        if (hit) out.hitMarks.push([to[0], to[1] + 0.7 * struck++, to[2]]);
        else out.missMarks.push(missBeside(from, to, misses++));
      }
    }
  }
  return out;
}
