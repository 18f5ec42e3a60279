// C-3.3.3.2f target priority: an infantry attacker fires at the nearest enemy that is not hidden; another
// target costs −1 (C-MOD-8). A hidden figure cannot be hit directly at all (C-3.3.2a). Plain positions:
// the battlefield's measures come in later as a distance function.

export type Point = readonly [number, number];

export interface Candidate {
  id: string;
  at: Point;
  hidden?: boolean;
}

const plain = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The ids of the nearest enemies not hidden (all of them when several are equally near). */
export function nearestTargets(from: Point, enemies: readonly Candidate[], distance: (a: Point, b: Point) => number = plain): string[] {
  let best = Infinity;
  let ids: string[] = [];
  for (const e of enemies) {
    if (e.hidden) continue;
    const d = distance(from, e.at);
    if (d < best - 1e-9) {
      best = d;
      ids = [e.id];
    } else if (Math.abs(d - best) <= 1e-9) ids.push(e.id);
  }
  return ids;
}

export type TargetChoice = { legal: true; modifier: 0 | -1; rule: string } | { legal: false; rule: string; reason: string };

/** C-3.3.3.2f / C-MOD-8 may this firer take `targetId`, and at what modifier? */
export function targetChoice(from: Point, enemies: readonly Candidate[], targetId: string, distance: (a: Point, b: Point) => number = plain): TargetChoice {
  const t = enemies.find((e) => e.id === targetId);
  if (!t) return { legal: false, rule: 'C-3.3.3.2a', reason: `"${targetId}" is not an enemy here` };
  if (t.hidden) return { legal: false, rule: 'C-3.3.2a', reason: 'a hidden figure cannot be hit directly' };
  return nearestTargets(from, enemies, distance).includes(targetId)
    ? { legal: true, modifier: 0, rule: 'C-3.3.3.2f' }
    : { legal: true, modifier: -1, rule: 'C-MOD-8' };
}
