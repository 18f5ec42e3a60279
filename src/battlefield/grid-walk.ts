// Amanatides–Woo walk of a plan segment through a regular 2D grid of cells, in order, with the
// segment parameter range spent in each cell. No allocation per call.

export type CellVisitor = (i: number, j: number, ta: number, tb: number) => boolean;

/**
 * Visit the cells (size cw × ch, origin 0, cols × rows, clamped) crossed by the plan segment
 * (x0, z0) → (x1, z1) for t in [0, tMax]. The visitor returns true to stop early.
 */
export function walkCells(
  x0: number, z0: number, x1: number, z1: number, tMax: number,
  cw: number, ch: number, cols: number, rows: number, visit: CellVisitor,
): void {
  const dx = x1 - x0;
  const dz = z1 - z0;
  let i = Math.min(cols - 1, Math.max(0, Math.floor(x0 / cw)));
  let j = Math.min(rows - 1, Math.max(0, Math.floor(z0 / ch)));
  const stepI = dx > 0 ? 1 : -1;
  const stepJ = dz > 0 ? 1 : -1;
  const tDeltaX = dx !== 0 ? Math.abs(cw / dx) : Infinity;
  const tDeltaZ = dz !== 0 ? Math.abs(ch / dz) : Infinity;
  let tNextX = dx !== 0 ? ((dx > 0 ? (i + 1) * cw : i * cw) - x0) / dx : Infinity;
  let tNextZ = dz !== 0 ? ((dz > 0 ? (j + 1) * ch : j * ch) - z0) / dz : Infinity;
  let t = 0;
  for (;;) {
    const tExit = Math.min(tNextX, tNextZ, tMax);
    if (visit(i, j, t, tExit)) return;
    if (tExit >= tMax) return;
    t = tExit;
    if (tNextX < tNextZ) {
      i += stepI;
      tNextX += tDeltaX;
    } else {
      j += stepJ;
      tNextZ += tDeltaZ;
    }
    if (i < 0 || j < 0 || i >= cols || j >= rows) return;
  }
}
