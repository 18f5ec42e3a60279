// K-1.1a the covering-fire split as the player composes it: which soldiers of the active unit may stay
// behind and how many (half or fewer, the house rounding). Whether a given pick is legal (each part in
// formation, K-1.0b) is asked of the controller with the SPLIT command, never decided here.
import type { KState } from '../state';
import type { PlayPickPanel } from '../../../core';
import { actionGate } from '../activation/action-gate';
import { liveFigures } from '../table';
import { maxCoveringFire } from '../units';

/**
 * The split offer for the unit acting now, as the HUD's pick-figures panel (id "split"), or undefined
 * when it may not split (K-1.1a, the action gate).
 */
export function splitOffer(s: KState): PlayPickPanel | undefined {
  const a = s.activation;
  const u = a ? s.units[a.unitId] : undefined;
  if (!u || u.kind === 'leader' || u.splitFrom || u.coveringHalf || u.status !== 'normal') return undefined;
  const live = liveFigures(s, u);
  const soldiers = live.filter((f) => f.role !== 'leader');
  const max = Math.min(maxCoveringFire(live.length, s.house.splitRounding), soldiers.length);
  // At least one soldier must go on with the unit (a split leaves two parts).
  if (max < 1 || soldiers.length < 2) return undefined;
  const command = { type: 'SPLIT', side: u.side, unitId: u.id, figureIds: soldiers.slice(-max).map((f) => f.id) };
  if (!actionGate(s, command).ok) return undefined;
  return {
    kind: 'pick-figures', id: 'split', unitId: u.id, title: 'Covering fire',
    hint: `Pick the soldiers of ${u.name} who stay behind (here or on the table): they cannot move, only shoot.`,
    figureIds: soldiers.map((f) => f.id), min: 1, max, countLabel: 'may stay behind', sendLabel: 'Leave {n} behind to give covering fire',
    rule: 'K-1.1a', command, field: 'figureIds',
  };
}
