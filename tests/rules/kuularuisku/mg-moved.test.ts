// A machine gun that moved this turn is refused for that reason (K-WPN-9…13 "cannot shoot and move in
// the same turn"), not as a unit with no soldier able to shoot or a soldier out of sight or range.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { defensiveFireRefusal, evaluateTarget, resolveShooting, validateMove, type KReading } from '../../../src/rules/kuularuisku/engine';
import { apply, dice, line, stateWith, table } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

/** The unit's soldiers moved `dx` cm east by the rules (their FIGURES_MOVED folded in). */
function moved(s: KReading, unitId: string, dx: number): KReading {
  const moves = s.units[unitId]!.figures.map((id) => ({ figureId: id, to: [s.figures[id]!.at[0] + dx, s.figures[id]!.at[1]] as [number, number] }));
  const r = validateMove(s, { unitId, mode: 'normal', moves }, { table: t });
  if (!r.ok) throw new Error(r.reason);
  return apply(s, r.events);
}

describe('K-WPN machine guns that moved', () => {
  it('K-WPN-10 a Maxim team that moved this activation is refused as moved — cannot shoot', () => {
    const s = moved(stateWith([
      { id: 'mg', type: 'weapon-team', at: [[5, 80], [7, 80]], data: { weapon: 'maxim-1910' } },
      { id: 'bs', side: 'blue', at: line(55, 80, 3) },
    ]), 'mg', 3);
    const r = resolveShooting(s, { shooterId: 'mg', targetId: 'bs' }, { table: t, dice: dice() });
    expect(r).toEqual({ ok: false, rule: 'K-WPN-10', reason: 'mg: the Maxim M/1905 and M/1910 moved — cannot shoot in the same turn' });
    expect(evaluateTarget(s, 'mg', 'bs', { table: t }).reason).toEqual({ rule: 'K-WPN-10', text: 'mg: the Maxim M/1905 and M/1910 moved — cannot shoot in the same turn' });
    // Charged later in the turn, the team gives no defensive fire for the same reason.
    expect(defensiveFireRefusal(s, 'bs', 'mg')).toMatchObject({ rule: 'K-WPN-10', reason: expect.stringContaining('moved — cannot shoot') });
  });

  it('K-WPN-9 K-5.2f a squad whose Lewis gunner moved: the riflemen shoot; naming the gunner is refused as moved, not out of sight or range', () => {
    const s = moved(stateWith([
      { id: 'rs', at: line(5, 80, 3), figureData: [{ weapon: 'lewis' }] },
      { id: 'bs', side: 'blue', at: line(55, 80, 3) },
    ]), 'rs', 3);
    expect(evaluateTarget(s, 'rs', 'bs', { table: t }).shooters).toEqual(['rs_2', 'rs_3']);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', shooters: ['rs_1', 'rs_2'] }, { table: t, dice: dice() });
    expect(r).toEqual({ ok: false, rule: 'K-WPN-9', reason: 'the Lewis (M/Lewis) moved — cannot shoot in the same turn' });
  });

  it('K-5.3b a unit with no soldier able to shoot for another reason keeps the general refusal', () => {
    let s = stateWith([{ id: 'rs', at: line(5, 80, 2) }, { id: 'bs', side: 'blue', at: line(55, 80, 3) }]);
    s = { ...s, figures: { ...s.figures, rs_1: { ...s.figures.rs_1!, condition: 'serious' }, rs_2: { ...s.figures.rs_2!, condition: 'serious' } } };
    expect(evaluateTarget(s, 'rs', 'bs', { table: t }).reason).toEqual({ rule: 'K-5.3b', text: 'rs has no soldier able to shoot' });
  });
});
