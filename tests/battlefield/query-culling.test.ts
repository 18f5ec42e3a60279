// The cheap rejects in front of the battlefield's move queries agree with the full answers: plan bins
// (PlanBins.inBox), short segments in obstaclesAlong (binned) against long ones (scanned in full), and
// bodyClashes beside a wall (the plan-box reject) against the wall's own extent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { PlanBins } from '../../src/battlefield/plan-bins';
import { loadTrainingGround } from './fixture';

let bf: Battlefield;
beforeAll(async () => { bf = await loadTrainingGround(); });
afterAll(() => bf.free());

describe('query culling', () => {
  it('PlanBins.inBox lists every box meeting the query box, ascending and once each; wide boxes ask for a full scan', () => {
    const boxes = [
      { minX: 0, minZ: 0, maxX: 3, maxZ: 3 }, { minX: 7, minZ: 7, maxX: 9, maxZ: 9 },
      { minX: 30, minZ: 30, maxX: 31, maxZ: 31 }, { minX: 5, minZ: 0, maxX: 12, maxZ: 2 },
    ];
    const bins = new PlanBins(boxes, 40, 40, 8);
    // Candidates by bin (8 cm): a superset of the boxes met, never a far one.
    expect(bins.inBox(1, 1, 2, 2)).toEqual([0, 1, 3]);
    expect(bins.inBox(6, 1, 10, 9)).toEqual([0, 1, 3]);
    expect(bins.inBox(29, 29, 33, 33)).toEqual([2]);
    expect(bins.inBox(20, 20, 21, 21)).toEqual([]);
    expect(bins.inBox(0, 0, 39, 39)).toBeUndefined();
  });

  it('PlanBins.collect gives the same candidates as a set of every bin\'s items, sorted (its insertion sort against the plain sort)', () => {
    let x = 99;
    const r = () => { x = (Math.imul(x, 1664525) + 1013904223) >>> 0; return x / 2 ** 32; };
    const boxes = Array.from({ length: 300 }, () => {
      const minX = r() * 170, minZ = r() * 110;
      return { minX, minZ, maxX: minX + r() * (r() < 0.2 ? 40 : 6), maxZ: minZ + r() * (r() < 0.2 ? 40 : 6) };
    });
    const bins = new PlanBins(boxes, 180, 120, 8);
    const out: number[] = [];
    let listed = 0;
    for (let n = 0; n < 3000; n++) {
      const x0 = r() * 180, z0 = r() * 120, x1 = x0 + r() * 60, z1 = z0 + r() * 60;
      const ok = bins.collect(x0, z0, x1, z1, out);
      const i0 = Math.floor(x0 / 8), i1 = Math.min(22, Math.floor(x1 / 8)), j0 = Math.floor(z0 / 8), j1 = Math.min(14, Math.floor(z1 / 8));
      if ((i1 - i0 + 1) * (j1 - j0 + 1) > 64) { expect(ok).toBe(false); continue; }
      expect(ok).toBe(true);
      const plain = new Set<number>();
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) {
        boxes.forEach((b, k) => { if (Math.floor(b.minX / 8) <= i && Math.min(22, Math.floor(b.maxX / 8)) >= i && Math.floor(b.minZ / 8) <= j && Math.min(14, Math.floor(b.maxZ / 8)) >= j) plain.add(k); });
      }
      expect(out).toEqual([...plain].sort((a, b) => a - b));
      listed += out.length;
    }
    expect(listed).toBeGreaterThan(3000); // the queries do list several candidates
  });

  it('obstaclesAlong: a short step finds the stone wall where a long line through the same points does', () => {
    let crossings = 0;
    for (let i = 0; i <= 40; i++) {
      const from: [number, number] = [96 + i * 0.37, 37 + (i % 7)];
      const dir: [number, number] = [Math.cos(i), Math.sin(i)];
      const short = bf.obstaclesAlong(from, [from[0] + dir[0] * 6, from[1] + dir[1] * 6]);
      const long = bf.obstaclesAlong(from, [from[0] + dir[0] * 120, from[1] + dir[1] * 120]).filter((o) => o.distance <= 6);
      expect(short.map((o) => [o.featureId, o.part])).toEqual(long.map((o) => [o.featureId, o.part]));
      short.forEach((o, k) => expect(o.distance).toBeCloseTo(long[k]!.distance, 9));
      crossings += short.length;
    }
    expect(crossings).toBeGreaterThan(0);
  });

  it('bodyClashes: walking a body toward the stone wall, it clashes from the first touch on and never before', () => {
    const at = (z: number) => bf.bodyClashes({ id: 'f', at: [110, z], radius: 0.6 }).some((c) => c.featureId === 'stone_wall');
    const zs = Array.from({ length: 161 }, (_, k) => 34 + k * 0.05); // 34 … 42 cm, toward the wall at z ≈ 42
    const hits = zs.map(at);
    const first = hits.indexOf(true);
    expect(first).toBeGreaterThan(0);
    expect(hits.slice(first).every(Boolean)).toBe(true);
  });
});
