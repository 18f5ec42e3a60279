// Each soldier's way toward a goal (purpose.ts route, K-4.0) kept while he stands where it was worked
// out from: random play asks for it at every state in which his unit may move, and most soldiers have
// not moved since the last time (a figure's place is a new array whenever he moves, never changed in place).
import type { Vec2 } from '../../../core';

/** The ways worked out per field and soldier (by id) from his present place, by length (a move, a fast move); `plan` works one out. */
export class KeptRoutes<F extends object> {
  // Plain maps per soldier, emptied when he moves: weak maps keyed by every place a soldier stood at cost the collector more than the ways saved.
  private readonly byField = new WeakMap<F, Map<string, { from: Vec2; byLength: Map<number, readonly Vec2[]> }>>();

  constructor(private readonly plan: (field: F, from: Vec2, length: number) => Vec2[]) {}

  /** plan(field, from, length), the same array as before for this field, soldier and length while from is the same array (not to be changed). */
  get(field: F, soldier: string, from: Vec2, length: number): readonly Vec2[] {
    let bySoldier = this.byField.get(field);
    if (!bySoldier) this.byField.set(field, (bySoldier = new Map()));
    let kept = bySoldier.get(soldier);
    if (!kept || kept.from !== from) bySoldier.set(soldier, (kept = { from, byLength: new Map() }));
    let path = kept.byLength.get(length);
    if (!path) kept.byLength.set(length, (path = this.plan(field, from, length)));
    return path;
  }
}
