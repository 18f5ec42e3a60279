// C-3.2g the game's end: a side that surrenders or has lost its last squad loses at once; after the scenario's last
// round the side with more figures standing wins (a draw when even).
import type { VictoryResult } from '../../../core';
import type { Scenario } from '../../../scenario';
import { sideName } from '../scenario-data';
import { activeFigures, sideUnits, type CState, type CTable } from '../state';

/** C-3.2g the side with no unit left, if any. */
export function sideWiped(t: CTable, sides: readonly string[]): string | undefined {
  return sides.find((side) => sideUnits(t, side).length === 0);
}

export function cobiVictory(s: CState, scenario: Scenario): VictoryResult | undefined {
  const sides = scenario.sides.map((x) => x.id);
  const gaveUp = s.table.surrendered;
  if (gaveUp) {
    const winner = sides.find((x) => x !== gaveUp) ?? null;
    return { winner, reason: `${sideName(scenario, gaveUp)} surrendered${winner ? `: ${sideName(scenario, winner)} win` : ''}`, rule: 'C-3.2g' };
  }
  const gone = sideWiped(s.table, sides);
  if (gone) {
    const winner = sides.find((x) => x !== gone) ?? null;
    return { winner, reason: `${sideName(scenario, gone)} have lost their last squad${winner ? `: ${sideName(scenario, winner)} win` : ''}`, rule: 'C-3.2g' };
  }
  if (s.seq.step !== 'over') return undefined;
  // Wounded figures lie out of the fight (C-3.3.3.2i): they do not count as standing; vehicle crews still serving do (C-3.3.3.1p).
  const left = sides.map((side) => activeFigures(s.table).filter((f) => f.side === side).length + (s.table.vehicles ?? []).filter((v) => v.side === side && !v.wreck).reduce((n, v) => n + v.crew, 0));
  const best = Math.max(...left);
  const winner = left.filter((n) => n === best).length === 1 ? sides[left.indexOf(best)]! : null;
  const score = left.join('–');
  return { winner, reason: `round ${s.seq.round} was the last: ${score} ${s.table.vehicles ? 'figures and crew' : 'figures'} standing, ${winner ? `${sideName(scenario, winner)} win` : 'a draw'}`, rule: 'C-3.2g' };
}
