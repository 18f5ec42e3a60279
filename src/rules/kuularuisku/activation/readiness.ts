// F3 readiness (K-2.3): ready units may activate in the window after any activation, never in the
// middle of one; when several players want to, a d6 roll-off (ties re-rolled) sets who goes first.
import type { Dice } from '../../../core';
import { ev, type KEvent } from '../events';
import type { KReading, KState, KUnit } from '../state';
import { unitOnTable } from './deck';
import { hasActivated } from '../acted';

/** A ready unit that may still use its readiness (not charged into melee, not routing, on the table). */
export function canUseReadiness(s: KReading, u: KUnit): boolean {
  return s.seq.ready.includes(u.id) && !hasActivated(s, u.id) && readinessUsableOnTable(s, u);
}

/** K-2.3 what the table says of a ready unit's readiness: it lapses when the unit is charged into melee, routs or leaves the table. */
export function readinessUsableOnTable(s: KState, u: KUnit): boolean {
  return u.status !== 'in-melee' && u.status !== 'routing' && !u.meleeId && unitOnTable(s, u);
}

export function readyUnits(s: KReading, side?: string): string[] {
  return Object.values(s.units).filter((u) => (side === undefined || u.side === side) && canUseReadiness(s, u)).map((u) => u.id);
}

/** Sides (in the scenario's order) that have a ready unit to use in a window. */
export function sidesWithReadyUnits(s: KReading): string[] {
  // One pass over the ready units (asked after every activation; most of the time no unit is ready at all).
  let found: string[] | undefined;
  for (const id of s.seq.ready) {
    const u = s.units[id];
    if (!u || found?.includes(u.side) || !canUseReadiness(s, u)) continue;
    (found ??= []).push(u.side);
  }
  return found ? s.sides.map((x) => x.id).filter((side) => found.includes(side)) : [];
}

/**
 * K-2.3c the roll-off between players who want to use ready units at the same moment: each rolls
 * one die, the higher goes first; tied players re-roll among themselves.
 */
export function rollOff(sides: readonly string[], dice: Dice): { order: string[]; events: KEvent[] } {
  const events: KEvent[] = [];
  const rank = (group: readonly string[]): string[] => {
    if (group.length < 2) return [...group];
    const rolls = group.map((side) => ({ side, value: dice.roll(6, `readiness roll-off: ${side}`, 'K-2.3c') }));
    const sorted = [...rolls].sort((a, b) => b.value - a.value);
    const tied = sorted[0]!.value === sorted[1]!.value;
    events.push(ev('READINESS_ROLL_OFF', 'K-2.3c', `Readiness roll-off: ${rolls.map((r) => `${r.side} ${r.value}`).join(', ')}${tied ? ' — tie, re-roll' : `; ${sorted[0]!.side} goes first`}`, { rolls, first: tied ? '' : sorted[0]!.side }));
    // Group by value, highest first; re-roll inside each tied group (K-2.3c "re-roll ties").
    const out: string[] = [];
    let i = 0;
    while (i < sorted.length) {
      const v = sorted[i]!.value;
      const same = sorted.filter((r) => r.value === v).map((r) => r.side);
      out.push(...(same.length > 1 ? rank(same) : same));
      i += same.length;
    }
    return out;
  };
  return { order: rank(sides), events };
}
