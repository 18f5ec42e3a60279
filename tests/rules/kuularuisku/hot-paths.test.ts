// The rules' hot paths keep their answers: the shortcuts taken for speed (a scan for the first wound
// receiver instead of a sort per wound, K-5.5a/b; the first entry of a path into a building without
// building every span, K-3.2b / K-4.2c) against the plain computation they replace, on random inputs.
import { describe, expect, it } from 'vitest';
import { segmentFirstInside, segmentInsideIntervals, type Vec2 } from '../../../src/core';
import { defaultAllocation, type KState } from '../../../src/rules/kuularuisku/engine';
import { allocationChoices } from '../../../src/rules/kuularuisku/wounds';
import { majorityCover, nearestFirst, unitCoverValue } from '../../../src/rules/kuularuisku/visibility';
import { COVER_VALUE, type CoverName } from '../../../src/rules/kuularuisku/constants';
import { standingFigures } from '../../../src/rules/kuularuisku/table';

/** A small seeded generator (same cases on every run). */
function rng(seed: number) {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const ROLES = ['soldier', 'leader', 'squad-leader', 'mg-gunner', 'medic', 'mg-loader', 'lance-corporal'];
const KEY_ROLES = ['leader', 'squad-leader', 'mg-gunner', 'medic', 'mg-loader', 'lance-corporal'];

/** The allocation as first written: sort the eligible soldiers for every wound and take the first. */
function sortedAllocation(s: KState, eligible: readonly string[], wounds: number): Record<string, number> {
  const out: Record<string, number> = {};
  const count = (id: string) => (s.figures[id]?.wounds ?? 0) + (out[id] ?? 0);
  const rank = (id: string) => {
    const f = s.figures[id]!;
    const r = KEY_ROLES.indexOf(f.role);
    return f.condition === 'serious' ? -1 : r < 0 ? 0 : KEY_ROLES.length - r;
  };
  for (let i = 0; i < wounds && eligible.length; i++) {
    const pick = [...eligible].sort((a, b) => count(a) - count(b) || rank(a) - rank(b) || eligible.indexOf(a) - eligible.indexOf(b))[0]!;
    out[pick] = (out[pick] ?? 0) + 1;
  }
  return out;
}

/** allocationChoices as first written: the soldiers' counts looked up by id, subsets from a generator, string keys. */
function generatedChoices(s: KState, eligible: readonly string[], wounds: number, max: number, first: Record<string, number>): { options: Array<Record<string, number>>; count: number } {
  const ids = [...new Set(eligible)];
  if (!ids.length || wounds <= 0) return { options: [first], count: 1 };
  const forced: Record<string, number> = {};
  const count = (id: string) => (s.figures[id]?.wounds ?? 0) + (forced[id] ?? 0);
  const binomial = (n: number, k: number) => {
    let r = 1;
    for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
    return Math.round(r);
  };
  function* subsets<T>(items: readonly T[], k: number, from = 0): Generator<T[]> {
    if (k === 0) { yield []; return; }
    for (let i = from; i <= items.length - k; i++) for (const rest of subsets(items, k - 1, i + 1)) yield [items[i]!, ...rest];
  }
  let left = wounds;
  for (;;) {
    const low = Math.min(...ids.map(count));
    const level = ids.filter((id) => count(id) === low);
    if (left < level.length) {
      const total = binomial(level.length, left);
      if (total <= 1) return { options: [first], count: 1 };
      const options = [first];
      const key = (a: Record<string, number>) => ids.map((id) => a[id] ?? 0).join(',');
      const seen = new Set([key(first)]);
      for (const pick of subsets(level, left)) {
        if (options.length >= max) break;
        const a: Record<string, number> = { ...forced };
        for (const id of pick) a[id] = (a[id] ?? 0) + 1;
        const clean = Object.fromEntries(ids.filter((id) => a[id]).map((id) => [id, a[id]!]));
        const k = key(clean);
        if (seen.has(k)) continue;
        seen.add(k);
        options.push(clean);
      }
      return { options, count: total };
    }
    for (const id of level) forced[id] = (forced[id] ?? 0) + 1;
    left -= level.length;
    if (!left) return { options: [first], count: 1 };
  }
}

describe('hot paths keep the answers', () => {
  it('K-5.5a K-5.5b the default allocation spreads wounds, ordinary soldiers first, exactly as sorting for each wound', () => {
    const r = rng(7);
    for (let n = 0; n < 500; n++) {
      const size = 1 + Math.floor(r() * 8);
      const figures: Record<string, { wounds: number; role: string; condition: string }> = {};
      const ids: string[] = [];
      for (let k = 0; k < size; k++) {
        const id = `f${k}`;
        ids.push(id);
        figures[id] = { wounds: Math.floor(r() * 3), role: ROLES[Math.floor(r() * ROLES.length)]!, condition: r() < 0.2 ? 'serious' : r() < 0.3 ? 'light' : 'healthy' };
      }
      const eligible = ids.filter(() => r() < 0.8);
      const s = { figures } as unknown as KState;
      const wounds = Math.floor(r() * 10);
      expect(defaultAllocation(s, eligible, wounds)).toEqual(sortedAllocation(s, eligible, wounds));
    }
  });

  it('K-5.5a K-5.5b the owner\'s allocations are listed as the subset generator listed them: same allocations, same order, same key order, cut at max', () => {
    const r = rng(23);
    for (let n = 0; n < 1500; n++) {
      const size = 1 + Math.floor(r() * 9);
      const figures: Record<string, unknown> = {};
      const ids: string[] = [];
      for (let k = 0; k < size; k++) {
        ids.push(`f${k}`);
        figures[`f${k}`] = { id: `f${k}`, role: ROLES[Math.floor(r() * ROLES.length)], condition: r() < 0.2 ? 'serious' : 'healthy', wounds: Math.floor(r() * 3) };
      }
      const s = { figures, units: {} } as unknown as KState;
      // Eligible in any order, a soldier sometimes listed twice.
      const eligible = ids.filter(() => r() < 0.85).sort(() => r() - 0.5);
      if (r() < 0.2 && eligible.length) eligible.push(eligible[0]!);
      const wounds = Math.floor(r() * 7);
      const max = 1 + Math.floor(r() * 14);
      // The rules' default, or another first choice (K-6.4d a melee's spread over several units).
      const first = r() < 0.7 ? defaultAllocation(s, eligible, wounds) : { [eligible[eligible.length - 1] ?? 'f0']: wounds };
      const fast = allocationChoices(s, eligible, wounds, max, first);
      const plain = generatedChoices(s, eligible, wounds, max, first);
      expect(fast.count).toBe(plain.count);
      expect(fast.options).toEqual(plain.options);
      expect(fast.options.map((a) => Object.keys(a).join())).toEqual(plain.options.map((a) => Object.keys(a).join()));
      expect(fast.options[0]).toBe(first);
    }
  });

  it('K-3.2b K-4.2c where a path first enters a building is the start of its first inside span', () => {
    const r = rng(11);
    let entered = 0;
    for (let n = 0; n < 3000; n++) {
      // Random convex-ish and concave outlines around (50, 50), axis-aligned boxes among them.
      const box = r() < 0.3;
      const poly: Vec2[] = [];
      const corners = box ? 4 : 3 + Math.floor(r() * 6);
      for (let k = 0; k < corners; k++) {
        if (box) poly.push([[40, 60, 60, 40][k]!, [40, 40, 60, 60][k]!]);
        else {
          const a = (k / corners) * 2 * Math.PI;
          const rad = 5 + r() * 15;
          poly.push([50 + rad * Math.cos(a), 50 + rad * Math.sin(a)]);
        }
      }
      // Segments across, into, out of, along an edge of, or beside the outline.
      const pt = (): Vec2 => (r() < 0.2 ? [...poly[Math.floor(r() * poly.length)]!] as Vec2 : [20 + r() * 60, 20 + r() * 60]);
      const a = pt();
      const b: Vec2 = r() < 0.1 ? [a[0], a[1]] : pt();
      const spans = segmentInsideIntervals(a, b, poly);
      const first = segmentFirstInside(a, b, poly);
      expect(first).toBe(spans.length ? spans[0]![0] : undefined);
      if (first !== undefined) entered++;
    }
    expect(entered).toBeGreaterThan(500); // the cases do reach inside
  });

  it('K-5.2f K-AMB-6 targets nearest first: the insertion order of evaluateTarget is a stable sort by distance', () => {
    const r = rng(23);
    const order = new Int32Array(16);
    const d = new Float64Array(64);
    for (let n = 0; n < 2000; n++) {
      const T = 1 + Math.floor(r() * 14);
      const row = Math.floor(r() * 40);
      // Few distinct values: many ties, which a stable sort keeps in the unit's order.
      for (let k = 0; k < T; k++) d[row + k] = r() < 0.5 ? Math.floor(r() * 4) : r() * 30;
      nearestFirst(order, T, d, row);
      const plain = Array.from({ length: T }, (_, j) => j).sort((x, y) => d[row + x]! - d[row + y]!);
      expect([...order.subarray(0, T)]).toEqual(plain);
    }
  });

  it('K-5.4c K-SKL-3 a unit\'s cover counted without a map is the majority cover, ties to the worse', () => {
    const r = rng(31);
    const names = Object.keys(COVER_VALUE) as CoverName[];
    for (let n = 0; n < 2000; n++) {
      const size = Math.floor(r() * 10);
      const figures: Record<string, unknown> = {};
      const figs = [];
      const per: Record<string, CoverName> = {};
      for (let k = 0; k < size; k++) {
        const f = { id: `f${k}`, unitId: 'u', skills: r() < 0.2 ? ['snow-suit'] : [] };
        figures[f.id] = f;
        figs.push(f);
        per[f.id] = names[Math.floor(r() * (r() < 0.5 ? 2 : names.length))]!;
      }
      const s = { figures, units: { u: { skills: [] } }, winter: r() < 0.5 } as unknown as KState;
      const plain = majorityCover(figs.map((f) => per[f.id]!));
      const got = unitCoverValue(s, figs as never, per);
      expect(got.name).toBe(plain);
      const values = figs.filter((f) => per[f.id] === plain).map((f) => (plain === 'open' && s.winter && f.skills.length ? 5 : COVER_VALUE[plain]));
      expect(got.value).toBe(values.length ? Math.max(...values) : COVER_VALUE[plain]);
    }
  });

  it('standing figures remembered for the latest figures records are the plain filter of each, states asked in any order', () => {
    const r = rng(41);
    const conditions = ['healthy', 'light', 'serious', 'dead'];
    const states = Array.from({ length: 5 }, () => {
      const figures: Record<string, unknown> = {};
      for (let k = 0; k < 12; k++) figures[`f${k}`] = { id: `f${k}`, removed: r() < 0.2, condition: conditions[Math.floor(r() * 4)] };
      return { figures } as unknown as KState;
    });
    for (let n = 0; n < 200; n++) {
      const s = states[Math.floor(r() * states.length)]!;
      expect(standingFigures(s)).toEqual(Object.values(s.figures).filter((f) => !f.removed && f.condition !== 'dead'));
    }
  });
});
