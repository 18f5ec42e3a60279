// movementAllowance builds its reasons (`why`) only when read: the number and the list equal the plain
// form (the whole function as it was, reasons built on every call) over conditions, modes, terrain,
// house settings and machine-gun crews.
import { describe, expect, it } from 'vitest';
import { FAST_MOVE, FAST_MOVE_DIFFICULT, NORMAL_MOVE, NORMAL_MOVE_DIFFICULT } from '../../../src/rules/kuularuisku/constants';
import { mgSlowed, movementAllowance, type KState } from '../../../src/rules/kuularuisku/engine';
import type { HouseSettings } from '../../../src/rules/kuularuisku/state';
import type { MoveMode } from '../../../src/rules/kuularuisku/events';
import { stateWith } from './fixture';

function isFast(mode: MoveMode, house: HouseSettings, fastCharge: boolean): boolean {
  return mode === 'fast' || mode === 'rout' || (mode === 'charge' && house.fastCharge && fastCharge);
}

/** The plain form: movementAllowance as it was before its reasons were made lazy. */
function plain(s: KState, figureId: string, mode: MoveMode, difficult: boolean, house: HouseSettings, fastCharge = false): { allowance: number; why: string[] } {
  const f = s.figures[figureId];
  if (!f) return { allowance: 0, why: ['no such figure'] };
  const why: string[] = [];
  if (mode === 'fall-back' && house.fallBackDistance === 'fixed-10') return { allowance: 10, why: ['K-6.4g 10 cm'] };
  const fast = isFast(mode, house, fastCharge) && !(f.condition === 'serious');
  if (isFast(mode, house, fastCharge) && !fast) why.push('K-5.6g seriously wounded cannot move fast');
  const open = fast ? FAST_MOVE : NORMAL_MOVE;
  const terrain = difficult ? (fast ? FAST_MOVE_DIFFICULT : NORMAL_MOVE_DIFFICULT) : open;
  if (difficult) why.push('K-4.2 difficult terrain');
  let half = false;
  if (f.condition === 'light') { half = true; why.push('K-5.5f lightly wounded: half speed'); }
  if (f.condition === 'serious') { half = true; why.push('K-5.6c seriously wounded: half speed (K-AMB-5)'); }
  if (mode === 'evacuation') { half = true; why.push('K-5.6f heading to the rear: half speed'); }
  if (mode !== 'rout' && mgSlowed(s, f, house)) { half = true; why.push('K-WPN machine gun: half speed'); }
  let allowance = terrain;
  if (half) allowance = house.halfSpeedStacks ? terrain / 2 : Math.min(terrain, open / 2);
  return { allowance, why };
}

describe('movementAllowance: lazy reasons', () => {
  it('gives the plain form\'s allowance and reasons in every case', () => {
    const base = stateWith([
      { id: 'a', at: [[5, 80], [7, 80], [9, 80]] },
      { id: 'm', type: 'weapon-team', at: [[5, 60], [7, 60]], data: { weapon: 'maxim-1910' } },
    ]);
    const modes: MoveMode[] = ['normal', 'fast', 'charge', 'rout', 'fall-back', 'evacuation', 'regroup', 'join'];
    let n = 0;
    for (const condition of ['healthy', 'light', 'serious'] as const) {
      for (const stacks of [false, true]) for (const scope of ['crew', 'unit'] as const) for (const fixed of [false, true]) {
        const figures = { ...base.figures };
        for (const id of ['a_2', 'm_2']) figures[id] = { ...figures[id]!, condition };
        const house = { ...base.house, halfSpeedStacks: stacks, mgRestrictionScope: scope, fallBackDistance: fixed ? 'fixed-10' as const : 'unit-move' as const };
        const s: KState = { ...base, figures, house };
        for (const id of [...Object.keys(figures), 'nobody']) for (const mode of modes) for (const difficult of [false, true]) for (const fastCharge of [false, true]) {
          const got = movementAllowance(s, id, mode, difficult, house, fastCharge);
          const want = plain(s, id, mode, difficult, house, fastCharge);
          expect(got.allowance).toBe(want.allowance);
          expect(got.why).toEqual(want.why);
          expect(got.why).toBe(got.why); // worked out once
          n++;
        }
      }
    }
    expect(n).toBeGreaterThan(1000);
  });
});
