// K-1.0c stragglers as the flow asks them at an offer (F2.4): the last answer per unit, given again
// while that unit's soldiers stand as they stood.
import type { TableQueries } from '../../../core';
import { stragglers } from '../coherency';
import type { KFigure, KState, KUnit } from '../state';

type Stragglers = (s: KState, unitId: string, table: TableQueries) => string[];

/**
 * K-1.0c stragglers as the flow asks them (an offer's regroup duty, F2.4), the last answer per unit given
 * again while that unit's soldiers stand as they stood. The rules engine's stragglers reads only the
 * unit's status (routing: its healthy men) and figure list, and each of its figures' liveness, condition,
 * place, floor and base, on one table: when all of these are the same values, so is the answer. A unit
 * is offered once a turn and many units do not move between two offers of theirs.
 */
export function recallingStragglers(stragglers: Stragglers): Stragglers {
  type Last = { table: TableQueries; routing: boolean; ids: readonly string[]; figures: Array<KFigure | undefined>; answer: string[] };
  const last = new Map<string, Last>();
  const same = (m: Last, s: KState, u: KUnit, table: TableQueries): boolean => {
    if (m.table !== table || m.routing !== (u.status === 'routing')) return false;
    const ids = u.figures;
    if (ids !== m.ids && (ids.length !== m.ids.length || ids.some((id, i) => id !== m.ids[i]))) return false;
    for (let i = 0; i < ids.length; i++) {
      const f = s.figures[ids[i]!];
      const g = m.figures[i];
      if (f === g) continue;
      // Records are never changed in place: the one remembered holds the values the answer was made of.
      if (!f || !g || f.removed !== g.removed || f.condition !== g.condition || f.evacuation !== g.evacuation || f.at[0] !== g.at[0] || f.at[1] !== g.at[1] || f.floor !== g.floor || f.baseRadius !== g.baseRadius) return false;
    }
    return true;
  };
  return (s, unitId, table) => {
    const u = s.units[unitId];
    if (!u) return stragglers(s, unitId, table);
    const m = last.get(unitId);
    if (m && same(m, s, u, table)) return [...m.answer];
    const answer = stragglers(s, unitId, table);
    if (last.size > 256) last.clear();
    last.set(unitId, { table, routing: u.status === 'routing', ids: u.figures, figures: u.figures.map((id) => s.figures[id]), answer: [...answer] });
    return answer;
  };
}

/** The rules engine's stragglers (coherency.ts), recalled. */
export const recalledStragglers = recallingStragglers(stragglers);
