// Each soldier's way toward a goal (purpose.ts route, K-4.0) kept while he stands where it was worked
// out from: random play asks for it at every state in which his unit may move, and most soldiers have
// not moved since the last time (a figure's place is a new array whenever he moves, never changed in place).
import type { Vec2 } from '../../../core';

/** The ways already worked out per field, by start point (the array itself) and length; `plan` works one out. */
export class KeptRoutes<F extends object> {
  private readonly byField = new WeakMap<F, WeakMap<Vec2, { length: number; path: readonly Vec2[] }>>();

  constructor(private readonly plan: (field: F, from: Vec2, length: number) => Vec2[]) {}

  /** plan(field, from, length), the same array as last time for this field, start array and length (not to be changed). */
  get(field: F, from: Vec2, length: number): readonly Vec2[] {
    let byStart = this.byField.get(field);
    if (!byStart) this.byField.set(field, (byStart = new WeakMap()));
    const kept = byStart.get(from);
    if (kept && kept.length === length) return kept.path;
    const path = this.plan(field, from, length);
    byStart.set(from, { length, path });
    return path;
  }
}
