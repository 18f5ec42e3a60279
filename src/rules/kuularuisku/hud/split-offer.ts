// K-1.1a the covering-fire split as the player composes it: which soldiers of the active unit may stay
// behind and how many (half or fewer, the house rounding). Whether a given pick is legal (each part in
// formation, K-1.0b) is asked of the controller with the SPLIT command, never decided here.
import type { KState } from '../state';
import type { PlaySplitOffer } from '../../../core';
import { actionGate } from '../activation/action-gate';
import { liveFigures } from '../table';
import { maxCoveringFire } from '../units';

/** The split offer for the unit acting now, or undefined when it may not split (K-1.1a, the action gate). */
export function splitOffer(s: KState): PlaySplitOffer | undefined {
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
  return { unitId: u.id, name: u.name, figureIds: soldiers.map((f) => f.id), min: 1, max, rule: 'K-1.1a', label: 'Covering fire', command };
}
