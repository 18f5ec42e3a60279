// A memo in front of the battlefield's terrain queries that are still dear to ask: body clashes (the
// rules ask them for every candidate and every validated move step, each a walk through the body
// prisms and, near a solid, a Rapier shape cast) and walls between two bodies. Only queries that
// depend on the terrain alone are remembered, per exact arguments (figures are not in them: the
// battlefield's body and wall queries leave the figures' colliders out). The terrain never changes,
// so the memo is kept per table object and shared by every game played on it (the benchmark's and
// the CLI's games, a new game in the app on the same battlefield).
// Asked afresh: sight lines (figures stand in them), and the queries the battlefield answers from its
// plan bins faster than a hash memo of a hundred thousand answers finds them again (stand heights
// 86 % hits, buildings and areas at a point ~55 %, eye points 50 %: each hit a few cache misses in
// the big tables), or that come again too seldom to pay (areas and obstacles along a segment: 12–14 %
// hits). Measured in random Kalevankangas games (hit rates after 8 games; the queries of
// 16 recorded games replayed with and without the memo; whole games A/B: 3–15 % less CPU per game).
import type { TableQueries, Vec2 } from '../core';

/** Entries per memo before it starts afresh (a bound on memory over many games). */
const LIMIT = 100_000;

// The bits of a float, for hashing (one shared scratch buffer: no allocation per key).
const F64 = new Float64Array(1);
const I32 = new Int32Array(F64.buffer);

/**
 * An open-addressing hash memo keyed by a fixed number of floats (exact values, -0 as 0): no strings
 * and no nested maps on the hot path. Set the key's floats in `key`, then `get`. The answers sit in
 * one dense array in the order they were made; the table holds their indices.
 */
class FloatMemo<V> {
  /** The key of the next get (arity floats). */
  readonly key: Float64Array;
  private keys: Float64Array;
  /** Index in `vals` of each slot's answer, -1 for a free slot. */
  private slots: Int32Array;
  private vals: V[] = [];
  private mask: number;
  /** A make() is running; `clobbered`: a get inside it changed `key` (its answer is then not remembered). */
  private busy = false;
  private clobbered = false;

  constructor(private readonly arity: number, initial = 1024) {
    this.key = new Float64Array(arity);
    this.keys = new Float64Array(initial * arity);
    this.slots = new Int32Array(initial).fill(-1);
    this.mask = initial - 1;
  }

  /** Hash of the n floats of k from offset o. */
  private hash(k: Float64Array, n: number, o: number): number {
    let h = 0x811c9dc5 | 0;
    for (let i = o; i < o + n; i++) {
      F64[0] = k[i]! === 0 ? 0 : k[i]!; // -0 and 0 are one key
      h = Math.imul(h ^ I32[0]!, 0x01000193);
      h = Math.imul(h ^ I32[1]!, 0x01000193);
    }
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    return (h ^ (h >>> 12)) >>> 0;
  }

  /**
   * The answer for `this.key`, made by make(a, b) (and remembered) on a miss. The maker and its
   * arguments are passed apart so that a call allocates no closure.
   */
  get<A, B>(make: (a: A, b: B) => V, a: A, b: B): V {
    if (this.busy) {
      // Asked again while making an answer (a table whose query asks the memo's own wrapper): not remembered.
      this.clobbered = true;
      return make(a, b);
    }
    const k = this.key, n = this.arity;
    for (let i = 0; i < n; i++) if (k[i] !== k[i]) return make(a, b); // NaN: never the same key
    const keys = this.keys, slots = this.slots, mask = this.mask;
    let slot = this.hash(k, n, 0) & mask;
    for (let at = slots[slot]!; at >= 0; at = slots[slot]!) {
      const o = slot * n;
      let same = true;
      for (let i = 0; i < n; i++) if (keys[o + i] !== k[i]) { same = false; break; }
      if (same) return this.vals[at]!;
      slot = (slot + 1) & mask;
    }
    this.busy = true;
    this.clobbered = false;
    let v: V;
    try {
      v = make(a, b);
    } finally {
      this.busy = false;
    }
    if (this.clobbered) return v;
    if (this.vals.length >= LIMIT) {
      // Start afresh (a bound on memory over many games), in the table grown so far: it fills up to
      // the same size again, and growing it anew rehashes every key once more at each step.
      this.vals = [];
      slots.fill(-1);
      this.insert(k, 0, this.vals.push(v) - 1);
    } else if ((this.vals.length + 1) * 2 > slots.length) {
      this.grow();
      this.insert(k, 0, this.vals.push(v) - 1);
    } else {
      // The free slot the probe ended on (nothing was added since).
      for (let i = 0; i < n; i++) keys[slot * n + i] = k[i]!;
      slots[slot] = this.vals.push(v) - 1;
    }
    return v;
  }

  /** Put the key k[o … o + arity) in the table, for the answer at index `at`. */
  private insert(k: Float64Array, o: number, at: number): void {
    const n = this.arity, keys = this.keys, slots = this.slots, mask = this.mask;
    let slot = this.hash(k, n, o) & mask;
    while (slots[slot]! >= 0) slot = (slot + 1) & mask;
    for (let i = 0; i < n; i++) keys[slot * n + i] = k[o + i]!;
    slots[slot] = at;
  }

  /** Twice the slots, the keys put in again (the answers stay where they are). */
  private grow(): void {
    const { keys, slots, arity } = this;
    this.keys = new Float64Array(slots.length * 2 * arity);
    this.slots = new Int32Array(slots.length * 2).fill(-1);
    this.mask = slots.length * 2 - 1;
    for (let s = 0; s < slots.length; s++) if (slots[s]! >= 0) this.insert(keys, s * arity, slots[s]!);
  }
}

type Body = Parameters<TableQueries['bodyClashes']>[0];

/** The terrain memos of one table. */
interface Memos {
  clashes: FloatMemo<ReturnType<TableQueries['bodyClashes']>>;
  walls: FloatMemo<ReturnType<TableQueries['wallBetween']>>;
}

/** Per table object: its terrain does not change, so every game on it shares the answers. */
const MEMOS = new WeakMap<TableQueries, Memos>();

function memosOf(table: TableQueries): Memos {
  let m = MEMOS.get(table);
  if (!m) {
    MEMOS.set(table, (m = {
      // Bodies by floor, radius and height (the figure's id plays no part in what it clashes with).
      // Sized for the ~65 000 bodies of some sixty random games (≈ 6 MB; ≈ 1 000 new bodies a
      // Tammerkoski game): growing to it rehashed the table again and again over the first games, and
      // a grow of 32 768 bodies fell inside a warmed-up benchmark's measured games (≈ 1 % of their CPU).
      clashes: new FloatMemo(5, 1 << 17),
      walls: new FloatMemo(10),
    }));
  }
  return m;
}

/** An optional size as a key (undefined is -1: sizes are never negative). */
const opt = (v: number | undefined) => (v === undefined ? -1 : v);

/** Wrap a table: the same answers, with body clashes and walls remembered per exact arguments (shared by every wrap of the same table). */
export function cachedTable(table: TableQueries): TableQueries {
  const m = memosOf(table);
  const { clashes, walls } = m;
  const areasAlong = table.areasAlong?.bind(table);
  const clashesOf = (figure: Body, _: undefined) => table.bodyClashes(figure);
  const wallOf = (from: Body, to: Body) => table.wallBetween(from, to);
  return {
    scenario: table.scenario,
    standHeight: (x, z, floor) => table.standHeight(x, z, floor),
    buildingAt: (x, z) => table.buildingAt(x, z),
    areasAt: (x, z) => table.areasAt(x, z),
    lineOfSight: (from, to, options) => table.lineOfSight(from, to, options),
    isClear: (from, to, options) => table.isClear(from, to, options),
    eyePoint: (figure) => table.eyePoint(figure),
    visibility: (observer, target, options, points) => table.visibility(observer, target, options, points),
    setFigures: (figures) => table.setFigures(figures),
    // The battlefield's third argument (maxDistance, which TableQueries does not declare) passed on.
    obstaclesAlong: (from: Vec2, to: Vec2, maxDistance?: number) => table.obstaclesAlong(from, to, maxDistance),
    ...(table.buildings ? { buildings: table.buildings } : {}),
    ...(areasAlong ? { areasAlong } : {}),
    bodyClashes: (figure: Body) => {
      // A hull's answer hangs on its facing and box too: asked afresh (hulls are few).
      if (figure.box) return table.bodyClashes(figure);
      const k = clashes.key;
      k[0] = figure.at[0]; k[1] = figure.at[1]; k[2] = figure.floor ?? 0; k[3] = opt(figure.radius); k[4] = opt(figure.height);
      return clashes.get(clashesOf, figure, undefined);
    },
    wallBetween: (from, to) => {
      const k = walls.key;
      k[0] = from.at[0]; k[1] = from.at[1]; k[2] = to.at[0]; k[3] = to.at[1];
      k[4] = from.floor ?? 0; k[5] = to.floor ?? 0; k[6] = opt(from.radius); k[7] = opt(to.radius); k[8] = opt(from.height); k[9] = opt(to.height);
      return walls.get(wallOf, from, to);
    },
  };
}
