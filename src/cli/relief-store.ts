// The CLI's sampled reliefs on disk, one file per relief content hash (reliefKey), so a one-shot call
// (`los`, `height`, `viewshed`) reads its table's grid instead of sampling it (≈ 50 ms of a call's
// ≈ 300 ms CPU). The launcher gives each bundle build its own folder and empties the folder at a
// rebuild, so a grid sampled by older code is never read. A missing, damaged or unwritable file only
// means sampling again.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReliefStore } from '../battlefield';
import type { HeightGrid } from '../core';

/** columns, rows, originX, originZ, spacingX, spacingZ as float64, then the heights as float32. */
const HEADER = 6;
const HEADER_BYTES = HEADER * 8;

/** The grid as the file's bytes. */
export function reliefBytes(g: HeightGrid): Buffer {
  const head = new Float64Array([g.columns, g.rows, g.originX, g.originZ, g.spacingX, g.spacingZ]);
  return Buffer.concat([Buffer.from(head.buffer), Buffer.from(g.heights.buffer, g.heights.byteOffset, g.heights.byteLength)]);
}

/** The grid of a file's bytes, or undefined when they are not a whole grid. */
export function reliefOfBytes(b: Buffer): HeightGrid | undefined {
  if (b.byteLength < HEADER_BYTES) return undefined;
  const own = b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength); // aligned copies for the typed arrays
  const [columns, rows, originX, originZ, spacingX, spacingZ] = new Float64Array(own, 0, HEADER) as unknown as number[];
  if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns! < 2 || rows! < 2) return undefined;
  if (b.byteLength !== HEADER_BYTES + columns! * rows! * 4 || ![originX, originZ, spacingX, spacingZ].every(Number.isFinite)) return undefined;
  return { columns: columns!, rows: rows!, originX: originX!, originZ: originZ!, spacingX: spacingX!, spacingZ: spacingZ!, heights: new Float32Array(own, HEADER_BYTES) };
}

/** A store of grids as files in `dir` (made on the first write). */
export function fileReliefStore(dir: string): ReliefStore {
  const file = (key: string) => join(dir, `${key}.relief`);
  return {
    read(key) {
      try {
        return reliefOfBytes(readFileSync(file(key)));
      } catch {
        return undefined;
      }
    },
    write(key, grid) {
      try {
        mkdirSync(dir, { recursive: true });
        // Written beside and renamed into place: calls at once each see a whole file or none.
        const tmp = `${file(key)}.${process.pid}.tmp`;
        writeFileSync(tmp, reliefBytes(grid));
        renameSync(tmp, file(key));
      } catch {
        // A read-only checkout: the next call samples again.
      }
    },
  };
}
