// Sampled reliefs kept by a content hash of what the sampler reads (reliefInputs): a table rebuilt for
// a game's options (a terrain switch adds woods or a building, not hills), a new game on the same
// options, or the CLI's tables for several options share one grid instead of sampling it again
// (≈ 50 ms each on the shipped tables). The grids are shared: nothing writes a table's grid. A store
// (the CLI's files) may keep them between processes too.
import { type HeightGrid, hashValue } from '../core';
import type { Scenario } from '../scenario';
import { reliefInputs, sampleRelief } from './relief';

/** Grids kept, the last used last: a game's tables and the file's are a few at most. */
const KEPT = 4;
const kept = new Map<string, HeightGrid>();

/** Grids kept between processes, by reliefKey: read before sampling, written after. Never throws. */
export interface ReliefStore {
  read(key: string): HeightGrid | undefined;
  write(key: string, grid: HeightGrid): void;
}
let store: ReliefStore | undefined;

/** Keep sampled grids in `s` too (undefined: in this process only). */
export function setReliefStore(s: ReliefStore | undefined): void {
  store = s;
}

/** The relief's key: a hash of what sampleRelief reads of the scenario. */
export function reliefKey(s: Scenario): string {
  return hashValue(reliefInputs(s));
}

/** The scenario's height grid, sampled once per relief content (see reliefInputs). */
export function cachedRelief(s: Scenario): HeightGrid {
  const key = reliefKey(s);
  const known = kept.get(key);
  if (known) {
    kept.delete(key);
    kept.set(key, known);
    return known;
  }
  let grid = store?.read(key);
  if (!grid) {
    grid = sampleRelief(s);
    store?.write(key, grid);
  }
  kept.set(key, grid);
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return grid;
}

/** Forget every kept grid (benches timing a cold sample). */
export function clearReliefCache(): void {
  kept.clear();
}
