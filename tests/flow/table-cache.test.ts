// The flow's terrain memo (src/flow/table-cache.ts): the same answers as the table; body clashes and
// walls asked of the table once per exact arguments, shared by every wrap of the same table (every game
// on one battlefield); the cheap queries passed straight through.
import { describe, expect, it } from 'vitest';
import type { TableQueries } from '../../src/core';
import { cachedTable } from '../../src/flow';

function countingTable(): { table: TableQueries; calls: Record<string, number> } {
  const calls: Record<string, number> = {};
  const hit = (k: string) => { calls[k] = (calls[k] ?? 0) + 1; };
  const table = {
    scenario: { table: { width: 100, depth: 100 }, features: [] },
    standHeight: (x: number, z: number, floor = 0) => { hit('standHeight'); return x * 1000 + z + floor * 0.5; },
    buildingAt: () => { hit('buildingAt'); return undefined; },
    areasAt: (x: number, z: number) => { hit('areasAt'); return [{ featureId: `a${x},${z}` }]; },
    lineOfSight: () => { throw new Error('not used'); },
    isClear: () => { hit('isClear'); return true; },
    eyePoint: (f: { at: [number, number] }) => { hit('eyePoint'); return [f.at[0], 1, f.at[1]]; },
    visibility: () => { throw new Error('not used'); },
    setFigures: () => {},
    obstaclesAlong: (a: [number, number], b: [number, number]) => { hit('obstaclesAlong'); return [{ featureId: `${a}-${b}` }]; },
    bodyClashes: (f: { at: [number, number]; radius?: number }) => { hit('bodyClashes'); return f.at[0] > 50 ? [{ featureId: `wall${f.radius}` }] : []; },
    wallBetween: (a: { at: [number, number] }, b: { at: [number, number] }) => { hit('wallBetween'); return a.at[0] === b.at[0] ? undefined : { featureId: `${a.at}|${b.at}` }; },
  } as unknown as TableQueries;
  return { table, calls };
}

describe('cachedTable', () => {
  it('answers as the table does, asking body clashes and walls once per exact arguments (floor, radius and height are part of the key)', () => {
    const { table, calls } = countingTable();
    const c = cachedTable(table);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5000; i++) {
        const x = (i % 97) + 0.1 * (i % 7), z = Math.floor(i / 97) + 0.37;
        expect(c.standHeight(x, z)).toBe(table.standHeight(x, z));
        expect(c.standHeight(x, z, 1)).toBe(table.standHeight(x, z, 1));
        expect(c.areasAt(x, z)).toEqual(table.areasAt(x, z));
        expect(c.bodyClashes({ id: 'f', at: [x, z], radius: 0.6 })).toEqual(table.bodyClashes({ id: 'f', at: [x, z], radius: 0.6 }));
        expect(c.bodyClashes({ id: 'f', at: [x, z], radius: 0.6, floor: 1 })).toEqual(table.bodyClashes({ id: 'f', at: [x, z], radius: 0.6, floor: 1 }));
        expect(c.obstaclesAlong([x, z], [z, x])).toEqual(table.obstaclesAlong([x, z], [z, x]));
        expect(c.wallBetween({ id: 'a', at: [x, z] }, { id: 'b', at: [z, x], radius: 0.5 })).toEqual(table.wallBetween({ id: 'a', at: [x, z] }, { id: 'b', at: [z, x] }));
      }
    }
    // Each memoised query asked of the table: once by the memo per distinct key, once by the test per check.
    const distinct = new Set(Array.from({ length: 5000 }, (_, i) => `${(i % 97) + 0.1 * (i % 7)},${Math.floor(i / 97) + 0.37}`)).size;
    expect(calls.bodyClashes).toBe(2 * 2 * 5000 + 2 * distinct);
    expect(calls.wallBetween).toBe(2 * 5000 + distinct);
    // The cheap queries go to the table every time (the battlefield answers them from its plan bins faster than a memo).
    expect(calls.standHeight).toBe(2 * 2 * 5000 * 2);
    expect(calls.areasAt).toBe(2 * 2 * 5000);
    expect(calls.obstaclesAlong).toBe(2 * 2 * 5000);
    // A different radius is a different body.
    expect(c.bodyClashes({ id: 'g', at: [60, 1], radius: 0.7 })).toEqual([{ featureId: 'wall0.7' }]);
    // -0 and 0 are one point.
    const before = calls.bodyClashes!;
    c.bodyClashes({ id: 'h', at: [0, 3] });
    c.bodyClashes({ id: 'h', at: [-0, 3] });
    expect(calls.bodyClashes).toBe(before + 1);
    // NaN is never the same key (asked every time).
    c.bodyClashes({ id: 'h', at: [NaN, 3] });
    c.bodyClashes({ id: 'h', at: [NaN, 3] });
    expect(calls.bodyClashes).toBe(before + 3);
  });

  it('shares the answers between wraps of the same table (the terrain never changes), not between tables', () => {
    const a = countingTable();
    cachedTable(a.table).bodyClashes({ id: 'f', at: [1, 2] });
    cachedTable(a.table).bodyClashes({ id: 'g', at: [1, 2] });
    expect(a.calls.bodyClashes).toBe(1);
    const b = countingTable();
    cachedTable(b.table).bodyClashes({ id: 'f', at: [1, 2] });
    expect(b.calls.bodyClashes).toBe(1);
    // Sight is asked afresh (figures stand in it).
    const c = cachedTable(a.table);
    c.isClear([0, 0, 0], [1, 1, 1]);
    c.isClear([0, 0, 0], [1, 1, 1]);
    expect(a.calls.isClear).toBe(2);
  });
});
