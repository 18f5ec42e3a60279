// The CLI's sampled reliefs on disk (src/cli/relief-store.ts): a grid read back has the sampled heights
// to the bit; a table built with the store reads its file instead of sampling, and answers as one that
// sampled; a changed ground gets its own file, never the stale one; a damaged file is sampled again.
// Through the launcher: tests/cli/launcher.test.ts.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedRelief, clearReliefCache, createBattlefield, reliefKey, sampleRelief, setReliefStore, type ReliefStore } from '../../src/battlefield';
import type { HeightGrid } from '../../src/core';
import { fileReliefStore, reliefBytes, reliefOfBytes } from '../../src/cli/relief-store';
import { type Scenario } from '../../src/scenario';
import { trainingGroundScenario } from '../battlefield/fixture';

const plain = (g: HeightGrid) => ({ ...g, heights: Array.from(g.heights) });

/** A file store in a fresh folder that counts what it was asked. */
function countedStore(): { store: ReliefStore; dir: string; reads: string[]; hits: string[]; writes: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'sandtable-relief-'));
  const files = fileReliefStore(dir);
  const c = { dir, reads: [] as string[], hits: [] as string[], writes: [] as string[], store: undefined as unknown as ReliefStore };
  c.store = {
    read(key) { c.reads.push(key); const g = files.read(key); if (g) c.hits.push(key); return g; },
    write(key, grid) { c.writes.push(key); files.write(key, grid); },
  };
  return c;
}

const dirs: string[] = [];
afterEach(() => {
  setReliefStore(undefined);
  clearReliefCache();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('relief files', () => {
  it('a grid written as bytes reads back with the sampled heights to the bit; short or wrong bytes read as none', () => {
    const g = sampleRelief(trainingGroundScenario());
    const bytes = reliefBytes(g);
    expect(plain(reliefOfBytes(bytes)!)).toEqual(plain(g));
    // At an odd offset in a larger buffer too (a file read into a pooled buffer).
    const shifted = Buffer.concat([Buffer.from([1, 2, 3]), bytes]).subarray(3);
    expect(plain(reliefOfBytes(shifted)!)).toEqual(plain(g));
    expect(reliefOfBytes(bytes.subarray(0, bytes.byteLength - 4))).toBeUndefined();
    expect(reliefOfBytes(bytes.subarray(0, 20))).toBeUndefined();
    expect(reliefOfBytes(Buffer.alloc(0))).toBeUndefined();
  });

  it('a table built with the store samples once, then reads its file, and answers as a table that sampled', async () => {
    const c = countedStore();
    dirs.push(c.dir);
    setReliefStore(c.store);
    const s = trainingGroundScenario();
    const first = cachedRelief(s);
    expect(c.writes).toEqual([reliefKey(s)]);
    expect(readdirSync(c.dir)).toEqual([`${reliefKey(s)}.relief`]);
    clearReliefCache(); // as a new process would start
    const bf = await createBattlefield(s);
    try {
      expect(c.hits).toEqual([reliefKey(s)]);
      expect(c.writes).toHaveLength(1);
      expect(bf.grid).not.toBe(first);
      expect(plain(bf.grid)).toEqual(plain(sampleRelief(s)));
      setReliefStore(undefined);
      clearReliefCache();
      const sampled = await createBattlefield(s);
      const line = [[15, 2, 60], [65, 2, 60]] as const;
      expect(bf.lineOfSight([...line[0]], [...line[1]])).toEqual(sampled.lineOfSight([...line[0]], [...line[1]]));
      sampled.free();
    } finally {
      bf.free();
    }
  });

  it('a changed ground gets its own file, never the stale one; a damaged file is sampled again', () => {
    const c = countedStore();
    dirs.push(c.dir);
    setReliefStore(c.store);
    const s = trainingGroundScenario();
    cachedRelief(s);
    const hill = s.features.findIndex((f) => f.kind === 'hill');
    const higher = { ...s, features: s.features.map((f, i) => (i === hill && f.kind === 'hill' ? { ...f, height: f.height + 2 } : f)) } as Scenario;
    clearReliefCache();
    const changed = cachedRelief(higher);
    expect(reliefKey(higher)).not.toBe(reliefKey(s));
    expect(c.hits).toEqual([]);
    expect(plain(changed)).toEqual(plain(sampleRelief(higher)));
    expect(plain(changed)).not.toEqual(plain(sampleRelief(s)));
    // The file cut short (a call stopped while writing by other means): read as none, sampled, written whole.
    writeFileSync(join(c.dir, `${reliefKey(s)}.relief`), Buffer.alloc(100));
    clearReliefCache();
    expect(plain(cachedRelief(s))).toEqual(plain(sampleRelief(s)));
    expect(c.hits).toEqual([]);
    clearReliefCache();
    cachedRelief(s);
    expect(c.hits).toEqual([reliefKey(s)]);
  });
});
