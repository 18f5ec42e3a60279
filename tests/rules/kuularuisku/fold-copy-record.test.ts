// copyRecord / recordWith (records.ts) against their plain forms, `{ ...o }` and `{ ...o, [id]: v }`:
// the same keys in the same order, the same values, a fresh object — for the key lists that get a
// generated copier (copied often) and for those that do not, odd keys included.
import { describe, expect, it, vi } from 'vitest';
import { copyRecord, readingOf, recordWith, stateWith, stateWithFlow } from '../../../src/rules/kuularuisku/records';
import type { KReading, KState } from '../../../src/rules/kuularuisku/state';

const same = (a: object, b: object) => {
  expect(Object.keys(a)).toEqual(Object.keys(b));
  for (const k of Object.keys(b)) expect((a as Record<string, unknown>)[k]).toBe((b as Record<string, unknown>)[k]);
  expect(Object.getPrototypeOf(a)).toBe(Object.getPrototypeOf(b));
};

describe('copyRecord and recordWith are the spread', () => {
  it('gives what a spread gives, before and after its key list has a copier', () => {
    const ids = Array.from({ length: 120 }, (_, i) => `f${(i * 37) % 120}`);
    const o: Record<string, { n: number } | undefined> = {};
    ids.forEach((id, i) => (o[id] = i % 7 ? { n: i } : undefined));
    let cur = o;
    for (let i = 0; i < 40; i++) {
      const next = copyRecord(cur);
      expect(next).not.toBe(cur);
      same(next, { ...cur });
      next[ids[(i * 13) % ids.length]!] = { n: -i };
      const plain = { ...cur, [ids[(i * 13) % ids.length]!]: next[ids[(i * 13) % ids.length]!] };
      same(next, plain);
      cur = next;
    }
  });

  it('keeps odd keys as a spread does (index-like, quotes, __proto__, a new key)', () => {
    const odd: Record<string, number> = JSON.parse('{"b":1,"10":2,"2":3,"a\\"b":4,"\\u2028":5,"x\\\\y":6}');
    for (let i = 0; i < 20; i++) same(copyRecord(odd), { ...odd });
    const proto = JSON.parse('{"a":1,"__proto__":2,"c":3}') as Record<string, number>;
    for (let i = 0; i < 20; i++) {
      const c = copyRecord(proto);
      same(c, { ...proto });
      expect(Object.getOwnPropertyNames(c)).toContain('__proto__');
    }
    for (let i = 0; i < 20; i++) {
      const w = recordWith(odd, `new${i % 3}`, 9);
      same(w, { ...odd, [`new${i % 3}`]: 9 });
      same(recordWith(odd, 'b', 7), { ...odd, b: 7 });
    }
  });

  it('does not take a record for another whose keys it shares only in part', () => {
    const a: Record<string, number> = { u1: 1, u2: 2, u3: 3 };
    for (let i = 0; i < 20; i++) copyRecord(a);
    const longer = { ...a, u4: 4 };
    const shorter: Record<string, number> = { u1: 1, u2: 2 };
    const other: Record<string, number> = { u1: 1, u3: 3, u2: 2 };
    for (const r of [longer, shorter, other]) same(copyRecord(r), { ...r });
  });

  it('stateWithFlow is the state spread with its table flow; readingOf the table with a sequence, last', () => {
    const s = { ruleset: 'kuularuisku', winter: false, sides: [], units: {}, figures: {}, melees: {}, markers: {}, dressingStations: [], activation: undefined, nextId: 1, house: {}, special: undefined } as unknown as KState;
    const seq = { turnOpen: true } as unknown as KReading['seq'];
    const tableFlow = { choice: undefined } as unknown as KState['tableFlow'];
    const g = stateWithFlow(s, tableFlow);
    expect(g).toEqual({ ...s, tableFlow });
    expect(Object.keys(g)).toEqual(Object.keys(stateWith(s, {})));
    expect(Object.keys(g).slice(-1)).toEqual(['tableFlow']);
    const r = readingOf(g, seq);
    expect(r).toEqual({ ...g, seq });
    expect(Object.keys(r)).toEqual([...Object.keys(g), 'seq']);
    // A reading's sequence is not the table's: the table's records made from a reading leave it out.
    expect(Object.keys(stateWith(r, {}))).toEqual(Object.keys(g));
  });

  it('copies by spread where functions cannot be made from text (a page policy without unsafe-eval)', async () => {
    const real = globalThis.Function;
    vi.resetModules();
    const mod = await import('../../../src/rules/kuularuisku/records');
    globalThis.Function = function () { throw new EvalError('blocked by policy'); } as unknown as FunctionConstructor;
    try {
      const o: Record<string, number> = {};
      for (let i = 0; i < 30; i++) o[`k${i}`] = i;
      for (let i = 0; i < 20; i++) same(mod.copyRecord(o), { ...o });
    } finally {
      globalThis.Function = real;
    }
  });
});
