// What a table event changes in the sequence (CardsProgram.tableEffects): the cards machine applies it
// to its own sequence, and a rules decision to the sequence it reads while it folds its own events
// (reading.ts readingAfter), so both follow the one rule.
import type { GameEvent, TableEffects } from '../../../core';
import type { KGameEvent } from '../activation/flow-state';
import type { KSeq } from '../flow-types';
import type { KState } from '../state';

/**
 * K-7.3c a rout outside the unit's own activation is its activation; K-2.3 a unit routing, charged into
 * or joining a melee, or gone is no longer ready. `table`: the table before the event.
 */
export function tableEffects(table: KState, e: GameEvent | KGameEvent): TableEffects | undefined {
  const k = e as KGameEvent;
  switch (k.type) {
    case 'ROUT_STARTED': {
      const spent = k.countsAsActivation && !table.activation?.units.includes(k.unitId);
      return { unready: [k.unitId], ...(spent ? { acted: [k.unitId] } : {}) };
    }
    case 'MELEE_STARTED':
      return { unready: k.units };
    case 'MELEE_JOINED':
    case 'UNIT_DESTROYED':
    case 'UNIT_SURRENDERED':
    case 'UNIT_WITHDRAWN':
      return { unready: [k.unitId] };
    default:
      return undefined;
  }
}

/** The sequence with a table event's effects (itself when there are none), as the machine applies them. */
export function seqWithEffects(q: KSeq, fx: TableEffects | undefined): KSeq {
  const acted = fx?.acted?.filter((u) => !q.acted.includes(u)) ?? [];
  const unready = fx?.unready?.filter((u) => q.ready.includes(u)) ?? [];
  if (!acted.length && !unready.length) return q;
  return { ...q, acted: acted.length ? [...q.acted, ...acted] : q.acted, ready: unready.length ? q.ready.filter((u) => !unready.includes(u)) : q.ready };
}
