// Soldier-level commands of an activation that are neither a move nor a shot, offered as buttons when
// the rules would take them now: SPLIT off the last half of the unit's soldiers as a covering-fire group
// (K-1.1a; the HUD may send its own choice of soldiers), REUNITE a covering-fire half (K-1.1c), JOIN a friendly unit within
// 3 cm (K-1.2a/b/d), EVACUATE a wounded soldier (K-5.6a/b). Each is tried through the action gate and
// decideAction with dice that keep nothing, so only what the rules accept is offered.
import type { KReading, KState } from '../state';
import type { Dice, TableQueries } from '../../../core';
import type { Scenario } from '../../../scenario';
import { decideAction } from '../actions';
import { actionGate, activating } from '../activation/action-gate';
import type { SoldierCommand } from '../activation/soldier-command';
import { JOIN_DISTANCE } from '../constants';
import { liveFigures } from '../table';
import { maxCoveringFire } from '../units';

class ProbeDice implements Dice {
  readonly rolls = [];
  roll(sides: number): number {
    return Math.min(sides, 4);
  }
}

function gap(s: KState, a: string, b: string): number {
  let best = Infinity;
  for (const f of liveFigures(s, a)) for (const g of liveFigures(s, b)) best = Math.min(best, Math.hypot(f.at[0] - g.at[0], f.at[1] - g.at[1]) - f.baseRadius - g.baseRadius);
  return best;
}

function nearestFit(figs: ReturnType<typeof liveFigures>, f: ReturnType<typeof liveFigures>[number]): string | undefined {
  let best: string | undefined;
  let d = Infinity;
  for (const g of figs) {
    if (g.id === f.id || g.condition === 'serious') continue;
    const x = Math.hypot(g.at[0] - f.at[0], g.at[1] - f.at[1]);
    if (x < d) { d = x; best = g.id; }
  }
  return best;
}

export function activationExtras(s: KReading, ctx: { scenario: Scenario; table: TableQueries }): SoldierCommand[] {
  const a = s.activation;
  if (!a) return [];
  const side = s.units[a.unitId]?.side ?? '';
  const acting = Object.values(s.units).filter((u) => activating(s, a, u.id) && liveFigures(s, u).length);
  const tries: SoldierCommand[] = [];
  for (const u of acting) {
    if (u.splitFrom || u.coveringHalf) tries.push({ type: 'REUNITE', side, unitId: u.id });
    else if (u.kind !== 'leader') {
      const soldiers = liveFigures(s, u).filter((f) => f.role !== 'leader');
      const n = maxCoveringFire(liveFigures(s, u).length, s.house.splitRounding);
      if (n > 0 && soldiers.length > n) tries.push({ type: 'SPLIT', side, unitId: u.id, figureIds: soldiers.slice(-n).map((f) => f.id) });
    }
    for (const v of Object.values(s.units)) {
      // Plan gap first: a join is only possible within 3 cm (the rules measure the tape).
      if (v.id !== u.id && v.side === side && liveFigures(s, v).length && gap(s, u.id, v.id) <= JOIN_DISTANCE + 0.5) tries.push({ type: 'JOIN', side, unitId: u.id, intoUnitId: v.id });
    }
    const figs = liveFigures(s, u);
    for (const f of figs) {
      if (f.condition === 'light') tries.push({ type: 'EVACUATE', side, unitId: u.id, figureId: f.id });
      // K-5.6b a seriously wounded soldier goes with an escort: offered with the nearest fit comrade.
      const escort = f.condition === 'serious' ? nearestFit(figs, f) : undefined;
      if (escort) tries.push({ type: 'EVACUATE', side, unitId: u.id, figureId: f.id, escortId: escort });
    }
  }
  const dice = new ProbeDice();
  return tries.filter((c) => actionGate(s, c).ok && decideAction(s, c, { ...ctx, dice }).ok);
}
