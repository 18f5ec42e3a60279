// A regular plan grid of bins listing the items whose plan box overlaps each bin, so a point query
// looks at a handful of candidates instead of every item. Indices within a bin stay ascending, so
// "first item that contains the point" keeps the order of the item list.

export interface PlanBox { minX: number; minZ: number; maxX: number; maxZ: number }

const NONE: readonly number[] = [];

export class PlanBins {
  private readonly bins: number[][];
  private readonly cols: number;
  private readonly rows: number;

  constructor(boxes: readonly PlanBox[], width: number, depth: number, private readonly size = 8) {
    this.cols = Math.max(1, Math.ceil(width / size));
    this.rows = Math.max(1, Math.ceil(depth / size));
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

  /** Indices (ascending) of the items whose box may contain (x, z); off-table points use the edge bins. */
  at(x: number, z: number): readonly number[] {
    if (!(x === x && z === z)) return NONE;
    return this.bins[this.row(z) * this.cols + this.col(x)]!;
  }
}
