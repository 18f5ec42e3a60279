// off-table-fire (Tammerkoski's pyynikki-fire-lane, K-5.1a / K-5.2a / K-AMB-6): offTableTargets lists
// each enemy unit once with the unit-independent checks made once and a plan-box reject before the
// lane polygon test. It must list exactly the units offTableRefusal accepts, in the units' order —
// here over random placements (inside, outside, on the lanes' corners and edges) and unit states.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core';
import { type KReading } from '../../../src/rules/kuularuisku/engine';
import { offTableRefusal, offTableTargets } from '../../../src/rules/kuularuisku/special-play';
import { parseScenarioOrThrow } from '../../../src/scenario';
import { setupRead } from './reading';

const TAM = 'scenarios/kuularuisku/tammerkoski.json';

function rng(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

describe('off-table fire targets', () => {
  it('offTableTargets is the enemy units offTableRefusal accepts, in order', () => {
    const base = setupRead(parseScenarioOrThrow(readFileSync(TAM, 'utf8'), TAM));
    const lane = base.special!.config.offTable[0]!;
    const corners = lane.targetsIn.flat();
    const r = rng(5);
    const red = Object.values(base.units).find((u) => u.side === lane.side)!;
    const statuses = ['normal', 'normal', 'normal', 'pinned', 'in-melee', 'routing', 'withdrawn'] as const;
    let listed = 0;
    for (let n = 0; n < 300; n++) {
      const figures = { ...base.figures };
      const units = { ...base.units };
      for (const u of Object.values(base.units)) {
        if (u.side === lane.side) continue;
        units[u.id] = { ...u, status: statuses[Math.floor(r() * statuses.length)]! };
        const mode = r();
        for (const id of u.figures) {
          // On a lane corner, on the middle of a lane edge, at random near the lanes, or anywhere.
          const c = corners[Math.floor(r() * corners.length)]!, d = corners[Math.floor(r() * corners.length)]!;
          const at: Vec2 = mode < 0.2 ? c : mode < 0.4 ? [(c[0] + d[0]) / 2, (c[1] + d[1]) / 2] : mode < 0.8 ? [c[0] + (r() - 0.5) * 20, c[1] + (r() - 0.5) * 20] : [r() * 150, r() * 100];
          figures[id] = { ...figures[id]!, at, ...(r() < 0.1 ? { condition: 'dead' as const } : {}) };
        }
      }
      const s: KReading = { ...base, figures, units, seq: { ...base.seq, round: 1 + (n % 3) }, activation: { unitId: red.id, units: [red.id], via: 'card', moved: [], shot: [], phase: 'none', action: 'shoot' } };
      const want = Object.keys(s.units).filter((id) => s.units[id]!.side !== lane.side && !offTableRefusal(s, lane.id, id));
      const got = offTableTargets(s, lane.id);
      expect(got).toEqual(want);
      listed += got.length;
    }
    expect(listed).toBeGreaterThan(100);
  });
});
