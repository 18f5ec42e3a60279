// A regular plan grid of bins listing the items whose plan box overlaps each bin, so a point query
// looks at a handful of candidates instead of every item. Indices within a bin stay ascending, so
// "first item that contains the point" keeps the order of the item list.

export interface PlanBox { minX: number; minZ: number; maxX: number; maxZ: number }

const NONE: readonly number[] = [];

export class PlanBins {
  private readonly bins: number[][];
  private readonly cols: number;
  private readonly rows: number;
  /** Per item: the epoch of the last collect that listed it (no Set per query). */
  private readonly stamp: Uint32Array;
  private epoch = 0;

  constructor(boxes: readonly PlanBox[], width: number, depth: number, private readonly size = 8) {
    this.cols = Math.max(1, Math.ceil(width / size));
    this.rows = Math.max(1, Math.ceil(depth / size));
    this.stamp = new Uint32Array(boxes.length);
    this.bins = Array.from({ length: this.cols * this.rows }, () => []);
    boxes.forEach((b, idx) => {
      const i0 = this.col(b.minX), i1 = this.col(b.maxX), j0 = this.row(b.minZ), j1 = this.row(b.maxZ);
      for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) this.bins[j * this.cols + i]!.push(idx);
    });
  }

  private col(x: number): number { return Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.size))); }
  private row(z: number): number { return Math.min(this.rows - 1, Math.max(0, Math.floor(z / this.size))); }

  /**
   * Indices (ascending, once each) of the items whose box may overlap the plan box given (a short
   * segment's, say); undefined when the box spans more than `most` bins (a full scan is cheaper).
   */
  inBox(minX: number, minZ: number, maxX: number, maxZ: number, most = 4): number[] | undefined {
    if (!(minX === minX && minZ === minZ && maxX === maxX && maxZ === maxZ)) return undefined;
    const i0 = this.col(minX), i1 = this.col(maxX), j0 = this.row(minZ), j1 = this.row(maxZ);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > most) return undefined;
    if (i0 === i1 && j0 === j1) return [...this.bins[j0 * this.cols + i0]!];
    const seen = new Set<number>();
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) for (const k of this.bins[j * this.cols + i]!) seen.add(k);
    return [...seen].sort((a, b) => a - b);
  }

  /**
   * The same as inBox into `out` (cleared first), without allocating: false (out left empty) when the
   * box spans more than `most` bins or is not a number, where a full scan is cheaper.
   */
  collect(minX: number, minZ: number, maxX: number, maxZ: number, out: number[], most = 64): boolean {
    out.length = 0;
    if (!(minX === minX && minZ === minZ && maxX === maxX && maxZ === maxZ)) return false;
    const i0 = this.col(minX), i1 = this.col(maxX), j0 = this.row(minZ), j1 = this.row(maxZ);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > most) return false;
    if (i0 === i1 && j0 === j1) {
      const bin = this.bins[j0 * this.cols + i0]!;
      for (let q = 0; q < bin.length; q++) out.push(bin[q]!);
      return true;
    }
    if (++this.epoch === 0xffffffff) { this.stamp.fill(0); this.epoch = 1; }
    const e = this.epoch;
    let lo = Infinity, hi = -1;
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) {
      const bin = this.bins[j * this.cols + i]!;
      for (let q = 0; q < bin.length; q++) {
        const k = bin[q]!;
        if (this.stamp[k] !== e) { this.stamp[k] = e; out.push(k); if (k < lo) lo = k; if (k > hi) hi = k; }
      }
    }
    if (out.length > 16) {
      // Many: read them off the stamps in index order (ascending, once each) rather than sort.
      out.length = 0;
      for (let k = lo; k <= hi; k++) if (this.stamp[k] === e) out.push(k);
      return true;
    }
    // Few, each bin's list ascending: an insertion sort (the same order as sorting by value: the
    // indices are distinct) without a comparator call per step.
    for (let q = 1; q < out.length; q++) {
      const k = out[q]!;
      let m = q;
      while (m > 0 && out[m - 1]! > k) { out[m] = out[m - 1]!; m--; }
      out[m] = k;
    }
    return true;
  }

  /** Indices (ascending) of the items whose box may contain (x, z); off-table points use the edge bins. */
  at(x: number, z: number): readonly number[] {
    if (!(x === x && z === z)) return NONE;
    return this.bins[this.row(z) * this.cols + this.col(x)]!;
  }
}
