// C-3.3.3.1o–p the crew after an effect: destroyed kills all; disabled, damaged and immobilised roll 1d6
// per crew member (dead / wounded / unhurt by the table below). A crew cut by half (rounding down) lets the
// vehicle only move or only shoot in a turn (C-AMB-6 readings: house halfCrew and woundedCrewLost).
import type { Dice } from '../../../core';
import type { Effect } from './effects';

export type CrewFate = 'dead' | 'wounded' | 'unhurt';

/** C-3.3.3.1o the highest die that kills and the highest that wounds, per effect. */
export const CREW_TABLE: Readonly<Record<'disabled' | 'damaged' | 'immobilised', { dies: number; wounded: number }>> = {
  disabled: { dies: 4, wounded: 5 },
  damaged: { dies: 3, wounded: 4 },
  immobilised: { dies: 2, wounded: 3 },
};

export interface CrewRolls {
  fates: CrewFate[];
  /** The dice, one per crew member rolled for (none for destroyed or no effect). */
  rolls: number[];
}

/** C-3.3.3.1o roll for each of `crew` members after `effect`. */
export function crewRolls(dice: Dice, effect: Effect, crew: number, who = 'vehicle'): CrewRolls {
  if (effect === 'destroyed') return { fates: Array<CrewFate>(crew).fill('dead'), rolls: [] };
  if (effect === 'none') return { fates: Array<CrewFate>(crew).fill('unhurt'), rolls: [] };
  const t = CREW_TABLE[effect];
  const rolls: number[] = [];
  const fates = Array.from({ length: crew }, (_, i) => {
    const r = dice.roll(6, `${who}: crew member ${i + 1} after ${effect}`, 'C-3.3.3.1o');
    rolls.push(r);
    return r <= t.dies ? 'dead' : r <= t.wounded ? 'wounded' : 'unhurt';
  });
  return { fates, rolls };
}

/**
 * C-3.3.3.1p / C-AMB-6 is the crew halved? `remaining`: those still serving are at most ⌊crew/2⌋;
 * `losses`: those lost are at least ⌊crew/2⌋. Wounded count as lost when `woundedLost`.
 */
export function crewHalved(crew: number, dead: number, wounded: number, reading: 'remaining' | 'losses', woundedLost: boolean): boolean {
  const lost = dead + (woundedLost ? wounded : 0);
  const half = Math.floor(crew / 2);
  return reading === 'remaining' ? crew - lost <= half : lost >= half && lost > 0;
}
