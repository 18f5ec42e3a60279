// Random play's path moves end in one chain (K-1.0b, purpose.ts keepChain): the linked soldiers are now
// found by a search from the rearmost instead of growing a set until it stops. Here both forms are run
// on random plans (soldiers strung along random lines, some spots blocked) and must leave the same
// plans: the same cut lengths and the same paths, to the last bit.
import { describe, expect, it } from 'vitest';
import { hypot, type Vec2 } from '../../src/core';
import { COHERENCY } from '../../src/rules/kuularuisku/constants';
import { keepChain } from '../../src/rules/kuularuisku/player/purpose';
import type { KFigure } from '../../src/rules/kuularuisku/state';

type Plan = { f: KFigure; line: Vec2[]; t: number; path: Vec2[] };
type Free = (f: KFigure, at: Vec2, placed: ReadonlyArray<{ f: KFigure; at: Vec2 }>) => boolean;

function pointAlong(pts: readonly Vec2[], t: number): Vec2 {
  let left = t;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!, b = pts[i]!;
    const l = hypot(b[0] - a[0], b[1] - a[1]);
    if (l >= left) {
      if (left > 1e-6) return l > 1e-9 ? [a[0] + ((b[0] - a[0]) * left) / l, a[1] + ((b[1] - a[1]) * left) / l] : b;
      return i === 1 ? pts[0]! : a;
    }
    left -= l;
  }
  return pts[pts.length - 1]!;
}
function cut(pts: readonly Vec2[], t: number): Vec2[] {
  const out: Vec2[] = [pts[0]!];
  let left = t;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!, b = pts[i]!;
    const l = hypot(b[0] - a[0], b[1] - a[1]);
    if (l >= left) {
      if (left > 1e-6) out.push(l > 1e-9 ? [a[0] + ((b[0] - a[0]) * left) / l, a[1] + ((b[1] - a[1]) * left) / l] : b);
      return out;
    }
    out.push(b);
    left -= l;
  }
  return out;
}

/** keepChain as it was (a set grown until it stops), the reference. */
function plainKeepChain(plans: Plan[], free: Free): void {
  const link = COHERENCY - 0.7;
  const end = (p: { path: Vec2[] }) => p.path[p.path.length - 1]!;
  for (let round = 0; round < 40; round++) {
    const linked = new Set<number>([plans.length - 1]);
    for (let grew = true; grew;) {
      grew = false;
      for (let i = 0; i < plans.length; i++) {
        if (linked.has(i)) continue;
        const a = end(plans[i]!);
        for (const j of linked) {
          const b = end(plans[j]!);
          if (hypot(a[0] - b[0], a[1] - b[1]) - plans[i]!.f.baseRadius - plans[j]!.f.baseRadius <= link) { linked.add(i); grew = true; break; }
        }
      }
    }
    if (linked.size === plans.length) return;
    let moved = false;
    for (let i = 0; i < plans.length; i++) {
      const p = plans[i]!;
      if (linked.has(i) || p.t <= 0) continue;
      const others = plans.filter((q) => q !== p).map((q) => ({ f: q.f, at: end(q) }));
      for (let t = p.t - 1; t >= 0; t -= 1) {
        if (t > 0.25 && !free(p.f, pointAlong(p.line, t), others)) continue;
        p.t = t > 0.25 ? t : 0;
        p.path = t > 0.25 ? cut(p.line, t) : [p.line[0]!];
        moved = true;
        break;
      }
    }
    if (!moved) return;
  }
}

function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => ((x = (x * 1664525 + 1013904223) >>> 0) / 2 ** 32);
}

describe('purpose.ts keepChain (K-1.0b one chain) = its plain form', () => {
  it('the same plans over 3000 random units', () => {
    let cutSome = 0;
    for (let seed = 1; seed <= 3000; seed++) {
      const r = rng(seed);
      const n = 1 + Math.floor(r() * 10);
      const make = (): Plan[] => [];
      const a = make(), b = make();
      const blocks: Vec2[] = Array.from({ length: Math.floor(r() * 4) }, () => [r() * 40, r() * 40] as Vec2);
      for (let i = 0; i < n; i++) {
        const f = { id: `f${i}`, baseRadius: 0.8 + r() * 0.6 } as unknown as KFigure;
        const start: Vec2 = [r() * 20, r() * 20];
        const line: Vec2[] = [start];
        for (let k = 0, m = 1 + Math.floor(r() * 3); k < m; k++) {
          const last = line[line.length - 1]!;
          line.push([last[0] + (r() - 0.3) * 12, last[1] + (r() - 0.3) * 12]);
        }
        let full = 0;
        for (let k = 1; k < line.length; k++) full += hypot(line[k]![0] - line[k - 1]![0], line[k]![1] - line[k - 1]![1]);
        const t = full * r();
        for (const list of [a, b]) list.push({ f, line, t, path: cut(line, t) });
      }
      const free: Free = (f, at, placed) => !blocks.some((q) => hypot(q[0] - at[0], q[1] - at[1]) < 1.5)
        && !placed.some((p) => hypot(p.at[0] - at[0], p.at[1] - at[1]) < f.baseRadius + p.f.baseRadius);
      const before = a.map((p) => p.t);
      keepChain(a, free);
      plainKeepChain(b, free);
      if (a.some((p, i) => p.t !== before[i])) cutSome++;
      expect(a.map((p) => [p.t, p.path])).toEqual(b.map((p) => [p.t, p.path]));
    }
    // The chain was broken, and mended, in a good share of them.
    expect(cutSome).toBeGreaterThan(300);
  });
});
