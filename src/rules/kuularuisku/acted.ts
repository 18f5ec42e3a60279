// K-2.0b whether a unit has activated this turn, read from the sequence's `acted` (what the cards machine
// will own) rather than kept again on the unit.
import type { KReading, KState } from './state';

/**
 * K-2.0b the unit has activated this turn: counted in `seq.acted` and not acting now (a unit's own
 * activation is spent when it ends; K-GAP-2 a readiness that lapsed at the turn's end counts too).
 */
export function hasActivated(s: KReading, unitId: string): boolean {
  return s.seq.acted.includes(unitId) && !s.activation?.units.includes(unitId);
}
