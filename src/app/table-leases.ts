// Who still uses a table built for a game's options (its Rapier world is not garbage collected): the
// game that built it, and each canvas that draws it. The table is freed when the last of them lets go.
// The file's own table is not leased here: the loader that built it frees it.
import type { Battlefield } from '../battlefield';

export class TableLeases<T extends object> {
  private readonly holders = new Map<T, number>();

  constructor(private readonly free: (table: T) => void) {}

  /** A table built for a game: leased, held once by the builder; the returned call lets go of it. */
  adopt(table: T): () => void {
    if (this.holders.has(table)) throw new Error('this table is leased already');
    this.holders.set(table, 0);
    return this.hold(table);
  }

  /** One more user of the table (none for a table not leased here); the returned call lets go, once. */
  hold(table: T): () => void {
    const n = this.holders.get(table);
    if (n === undefined) return () => {};
    this.holders.set(table, n + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      const left = this.holders.get(table)! - 1;
      if (left > 0) {
        this.holders.set(table, left);
        return;
      }
      this.holders.delete(table);
      this.free(table);
    };
  }

  /** Users of a leased table now (undefined: not leased, or freed). */
  users(table: T): number | undefined {
    return this.holders.get(table);
  }
}

/** The app's leases on battlefields built for games' options. */
export const builtTables = new TableLeases<Battlefield>((bf) => bf.free());
