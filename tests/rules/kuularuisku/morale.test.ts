// K-7.x morale with scripted dice: the test, going to ground, the start-of-activation test, below half
// strength and rout, rally near a leader, leaving the table; K-SKL-1 "No retreat!".
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import {
  belowHalf, bestMorale, moraleTest, pinnedTest, rout, validateMove, type KEvent, type KState,
} from '../../../src/rules/kuularuisku/engine';
import type { UnitSpec } from './fixture';
import { apply, dice, fallen, line, stateWith, table, types, wounded } from './fixture';
import { hasActivated } from '../../../src/rules/kuularuisku/acted';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);


describe('K-7.1 the morale test', () => {
  it('K-7.0 K-7.0a K-7.1 K-7.1a a d6 equal to or above the best morale value in the unit passes', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 4), data: { morale: 4 }, figureData: [{ morale: 3 }] }]);
    expect(bestMorale(s, 'sq', s.house)).toEqual({ value: 3, from: 'sq_1' });
    const pass = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(3) });
    expect(pass).toEqual([expect.objectContaining({ type: 'MORALE_TEST', value: 3, need: 3, passed: true, moraleFrom: 'sq_1' })]);
  });

  it('K-7.1b K-TERM-4 a failed test sends the unit to ground (pinned); K-7.1c a pinned unit cannot move', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 4) }]);
    const ev = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(2) });
    expect(types(ev)).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED']);
    const after = apply(s, ev);
    expect(after.units.sq!.status).toBe('pinned');
    const mv = validateMove(after, { unitId: 'sq', mode: 'normal', moves: [{ figureId: 'sq_4', to: [17, 80] }] }, { table: t });
    expect(mv).toMatchObject({ ok: false, rule: 'K-7.1c' });
  });

  it('K-7.1f K-7.1-T4 a pinned unit tests at the start of its activation: pass → normal, fail → stays pinned', () => {
    const s0 = stateWith([{ id: 'sq', at: line(10, 80, 4) }]);
    const s = apply(s0, moraleTest(s0, 'sq', 'K-7.1-T1', { table: t, dice: dice(1) }));
    const up = pinnedTest(s, 'sq', { table: t, dice: dice(5) });
    expect(up.map((e) => [e.type, e.rule])).toEqual([['MORALE_TEST', 'K-7.1-T4'], ['UNIT_STATUS_CHANGED', 'K-7.1f']]);
    expect(apply(s, up).units.sq!.status).toBe('normal');
    const down = pinnedTest(s, 'sq', { table: t, dice: dice(2) });
    expect(types(down)).toEqual(['MORALE_TEST']);
    expect(apply(s, down).units.sq!.status).toBe('pinned');
  });

  it('K-7.1d units in melee take no morale test for casualties', () => {
    const locked = stateWith([{ id: 'sq', at: line(10, 80, 4), start: { meleeWith: 'en' } }, { id: 'en', side: 'blue', at: line(17.4, 80, 2), start: { meleeWith: 'sq' } }]);
    expect(locked.units.sq!.status).toBe('in-melee');
    expect(moraleTest(locked, 'sq', 'K-7.1-T1', { table: t, dice: dice() })).toEqual([]);
  });

  it('K-1.3a K-7.1a a joined leader lends his morale; K-SKL-5 a Swedish unit does not use a Finnish leader\'s', () => {
    const s = stateWith([
      { id: 'sq', at: line(10, 80, 4), data: { morale: 5 } },
      { id: 'lt', type: 'leader', at: [[18, 80]], data: { morale: 2, joinedTo: 'sq' } },
      { id: 'sw', at: line(10, 70, 3), data: { morale: 5, nationality: 'swedish' } },
    ]);
    expect(bestMorale(s, 'sq', s.house)).toEqual({ value: 2, from: 'lt_1' });
    const mixed = { ...s, units: { ...s.units, sw: { ...s.units.sw!, figures: [...s.units.sw!.figures, 'lt_1'] } } };
    expect(bestMorale(mixed, 'sw', s.house).value).toBe(5);
  });

  it('K-AMB-15 K-TERM-5 the house reads the morale value; the "skill" option tests against the skill level instead', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 2), data: { morale: 5, skill: 3 } }]);
    expect(bestMorale(s, 'sq', s.house).value).toBe(5);
    const o = stateWith([{ id: 'sq', at: line(10, 80, 2), data: { morale: 5, skill: 3 } }], { house: { moraleTarget: 'skill' } });
    expect(bestMorale(o, 'sq', o.house).value).toBe(3);
  });
});

describe('K-7.3 below half strength and rout', () => {
  it('K-7.3a K-AMB-17 below half = fewer than half the starting strength able to fight', () => {
    const sq = (figureStart: UnitSpec['figureStart'], rules?: Record<string, unknown>) => stateWith([{ id: 'sq', at: line(10, 80, 6), figureStart }], rules);
    const below = (s: KState) => belowHalf(s, 'sq', s.house);
    expect(below(sq(fallen(4, 5, 6)))).toBe(false); // 3 of 6: not below half
    expect(below(sq(fallen(3, 4, 5, 6)))).toBe(true);
    // Two dead and two seriously wounded: two of six still fight.
    expect(below(sq({ ...fallen(5, 6), ...wounded('serious', 3, 4) }))).toBe(true);
    expect(below(sq({ ...fallen(5, 6), ...wounded('serious', 3, 4) }, { house: { belowHalfCountsSerious: true } }))).toBe(false);
  });

  it('K-7.3 K-7.3a K-7.3b K-7.3c a unit below half that fails goes to ground, fails its second test and routs at once toward its edge', () => {
    const s = stateWith([{ id: 'sq', at: line(30, 80, 6), figureStart: fallen(3, 4, 5, 6) }]);
    const ev = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 2) });
    expect(ev.map((e) => [e.type, e.rule])).toEqual([
      ['MORALE_TEST', 'K-7.1-T1'], ['UNIT_STATUS_CHANGED', 'K-7.1b'], ['MORALE_TEST', 'K-7.3a'], ['ROUT_STARTED', 'K-7.3b'], ['FIGURES_MOVED', 'K-7.3c'],
    ]);
    const after = apply(s, ev);
    expect(after.units.sq).toMatchObject({ status: 'routing' });
    expect(hasActivated(after, 'sq')).toBe(true); // K-7.3c counts as its activation
    expect(after.figures.sq_1!.at[0]).toBeCloseTo(10, 5); // 20 cm west, toward its (west) edge
    // Passing the second test: it stays pinned.
    const held = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 6) });
    expect(apply(s, held).units.sq!.status).toBe('pinned');
  });

  it('K-7.3d in later turns the routing unit runs a fast move toward its edge in its own activation; K-7.4 K-7.4a over the edge it withdraws', () => {
    const s0 = stateWith([{ id: 'sq', at: line(32, 80, 6), figureStart: fallen(3, 4, 5, 6) }]);
    const s = apply(s0, moraleTest(s0, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 1) }));
    expect(s.units.sq!.status).toBe('routing');
    const ev = rout(s, 'sq', { table: t, dice: dice() });
    expect(types(ev)).toEqual(['FIGURES_MOVED', 'FIGURE_REMOVED', 'FIGURE_REMOVED', 'UNIT_WITHDRAWN']);
    expect(apply(s, ev).units.sq!.status).toBe('withdrawn');
  });

  it('K-7.3e a routing MG team leaves its heavy gun behind; K-7.3g the seriously wounded are left behind', () => {
    const s = stateWith([{ id: 'mg', type: 'weapon-team', at: line(40, 80, 5), data: { weapon: 'maxim-1910' }, figureStart: { ...fallen(3, 4), ...wounded('serious', 5) } }]);
    const ev = moraleTest(s, 'mg', 'K-7.1-T1', { table: t, dice: dice(1, 1) });
    const dropped = of(ev, 'WEAPON_DROPPED');
    expect(dropped.map((d) => [d.figureId, d.rule])).toEqual([['mg_1', 'K-7.3e']]);
    expect(of(ev, 'FIGURE_REMOVED').map((r) => [r.figureId, r.reason, r.rule])).toEqual([['mg_5', 'left-behind', 'K-7.3g']]);
    const moved = of(ev, 'FIGURES_MOVED')[0]!;
    expect(moved.moves.find((m) => m.figureId === 'mg_1')!.distance).toBeCloseTo(20, 3); // at full speed without the gun
  });

  it('K-7.3f the lightly wounded run as fast as they can (half) and the others need not keep formation with them', () => {
    const s = stateWith([{ id: 'sq', at: line(40, 80, 7), figureStart: { ...fallen(4, 5, 6, 7), ...wounded('light', 3) } }]);
    const ev = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 1) });
    const moves = of(ev, 'FIGURES_MOVED')[0]!.moves;
    expect(moves.find((m) => m.figureId === 'sq_3')!.distance).toBeCloseTo(10, 3);
    expect(moves.find((m) => m.figureId === 'sq_1')!.distance).toBeCloseTo(20, 3);
  });

  it('K-7.3h a routing unit that runs to within 15 cm of a leader rallies on a pass with his morale; K-SKL-2 only a leader can', () => {
    const s0 = stateWith([
      { id: 'sq', at: line(40, 80, 6), data: { morale: 5 }, figureStart: fallen(3, 4, 5, 6) },
      { id: 'cpt', type: 'leader', at: [[12, 80]], data: { morale: 2 } },
    ]);
    const ev = moraleTest(s0, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 1, 2) });
    const rally = of(ev, 'MORALE_TEST').find((e) => e.trigger === 'K-7.3h')!;
    expect(rally).toMatchObject({ value: 2, need: 2, passed: true, moraleFrom: 'cpt_1' });
    expect(types(ev).at(-1)).toBe('RALLIED');
    expect(apply(s0, ev).units.sq).toMatchObject({ status: 'normal' });
    expect(hasActivated(apply(s0, ev), 'sq')).toBe(true);
  });

  it('K-7.3i a leader who was with the unit when it broke cannot rally it', () => {
    const s0 = stateWith([
      { id: 'sq', at: line(40, 80, 6), data: { morale: 5 }, figureStart: fallen(3, 4, 5, 6) },
      { id: 'cpt', type: 'leader', at: [[52, 80]], data: { morale: 5, joinedTo: 'sq' } },
    ]);
    const ev = moraleTest(s0, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 1) });
    expect(of(ev, 'ROUT_STARTED')[0]!.leaders).toEqual(['cpt']);
    expect(of(ev, 'MORALE_TEST').map((e) => e.trigger)).toEqual(['K-7.1-T1', 'K-7.3a']);
  });

  it('K-AMB-16 a pinned unit failing its start-of-activation test takes no second test; the option makes it test', () => {
    const pinned = (rules?: Record<string, unknown>) => stateWith([{ id: 'sq', at: line(40, 80, 6), start: { status: 'pinned' }, figureStart: fallen(3, 4, 5, 6) }], rules);
    expect(types(pinnedTest(pinned(), 'sq', { table: t, dice: dice(1) }))).toEqual(['MORALE_TEST']);
    const o = pinned({ house: { pinnedRetestBelowHalf: true } });
    expect(types(pinnedTest(o, 'sq', { table: t, dice: dice(1, 1) })).slice(0, 3)).toEqual(['MORALE_TEST', 'MORALE_TEST', 'ROUT_STARTED']);
  });

  it('K-AMB-16 a routing unit that fails another test keeps routing (house: nothing more happens)', () => {
    const s = stateWith([{ id: 'sq', at: line(40, 80, 6), start: { status: 'routing' } }]);
    expect(types(moraleTest(s, 'sq', 'K-7.1-T2', { table: t, dice: dice(1) }))).toEqual(['MORALE_TEST']);
  });
});

describe('K-SKL-1 No retreat!', () => {
  it('K-SKL-1 a hero within 15 cm executes a member after each failed roll until the unit passes', () => {
    const s = stateWith([
      { id: 'sq', at: line(30, 80, 5) },
      { id: 'com', type: 'leader', at: [[30, 90]], data: { skills: ['no-retreat'] } },
    ]);
    const ev = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(2, 3, 5) });
    expect(ev.map((e) => e.type)).toEqual(['MORALE_TEST', 'FIGURE_EXECUTED', 'MORALE_TEST', 'FIGURE_EXECUTED', 'MORALE_TEST']);
    const after = apply(s, ev);
    expect(after.units.sq!.figures).toHaveLength(3);
    expect(after.units.sq!.status).toBe('normal');
    expect(of(ev, 'FIGURE_EXECUTED').every((e) => e.by === 'com_1')).toBe(true);
  });

  it('K-SKL-1 K-AMB-18 the hero never executes himself: alone and failing, he retreats; a pinned hero has no effect', () => {
    const lone = stateWith([{ id: 'com', type: 'leader', at: [[30, 90]], data: { skills: ['no-retreat'] } }]);
    expect(types(moraleTest(lone, 'com', 'K-7.1-T1', { table: t, dice: dice(1) }))).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED']);
    const s = stateWith([
      { id: 'sq', at: line(30, 80, 5) },
      { id: 'com', type: 'leader', at: [[30, 90]], data: { skills: ['no-retreat'] } },
    ]);
    const down = stateWith([
      { id: 'sq', at: line(30, 80, 5) },
      { id: 'com', type: 'leader', at: [[30, 90]], data: { skills: ['no-retreat'] }, start: { status: 'pinned' } },
    ]);
    expect(types(moraleTest(down, 'sq', 'K-7.1-T1', { table: t, dice: dice(1) }))).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED']);
    const optional = { ...s, house: { ...s.house, noRetreatCompulsory: false } };
    expect(types(moraleTest(optional, 'sq', 'K-7.1-T1', { table: t, dice: dice(1), useNoRetreat: false }))).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED']); // K-AMB-18 optional, declined
    expect(types(moraleTest(optional, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 6) }))).toEqual(['MORALE_TEST', 'FIGURE_EXECUTED', 'MORALE_TEST']);
    const far = stateWith([{ id: 'sq', at: line(30, 80, 5) }, { id: 'com', type: 'leader', at: [[30, 100]], data: { skills: ['no-retreat'] } }]);
    expect(types(moraleTest(far, 'sq', 'K-7.1-T1', { table: t, dice: dice(1) }))).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED']);
  });
});
