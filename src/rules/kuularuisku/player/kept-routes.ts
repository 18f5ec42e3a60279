// Each soldier's way toward a goal (purpose.ts route, K-4.0) kept while he stands where it was worked
// out from: random play asks for it at every state in which his unit may move, and most soldiers have
// not moved since the last time (a figure's place is a new array whenever he moves, never changed in place).
import type { Vec2 } from '../../../core';

/** The last way worked out per field and soldier (by id), with the start array and length it was for; `plan` works one out. */
export class KeptRoutes<F extends object> {
  // Plain maps per soldier, one entry each: weak maps keyed by every place a soldier stood at cost the collector more than the ways saved.
  private readonly byField = new WeakMap<F, Map<string, { from: Vec2; length: number; path: readonly Vec2[] }>>();

  constructor(private readonly plan: (field: F, from: Vec2, length: number) => Vec2[]) {}

  /** plan(field, from, length), the same array as last time for this field and soldier when from (the array itself) and length are the same (not to be changed). */
  get(field: F, soldier: string, from: Vec2, length: number): readonly Vec2[] {
    let bySoldier = this.byField.get(field);
    if (!bySoldier) this.byField.set(field, (bySoldier = new Map()));
    const kept = bySoldier.get(soldier);
    if (kept && kept.from === from && kept.length === length) return kept.path;
    const path = this.plan(field, from, length);
    bySoldier.set(soldier, { from, length, path });
    return path;
  }
}
