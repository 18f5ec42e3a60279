// K-1.x units: coherency, splitting for covering fire, joining (survivors, leaderless squads,
// leaders), leaders' morale and binding, units without a squad leader; K-SKL-4…7 nationality.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import {
  bestMorale, evaluateTarget, isLeaderless, shootRefusal, joinUnit, leaveGroup, maxCoveringFire, moraleTest, reuniteUnit, splitUnit, stragglers,
  validateMove, type KState,
} from '../../../src/rules/kuularuisku/engine';
import { actionGate } from '../../../src/rules/kuularuisku/activation/action-gate';
import { apply, dice, fallen, line, stateWith, table } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });


describe('K-1.0 units and coherency', () => {
  it('K-1.0 K-1.0a K-TERM-10 a unit is a squad, an MG squad or a lone leader, each its own card-holder', () => {
    const s = stateWith([
      { id: 'sq', at: line(10, 80, 3) },
      { id: 'mg', type: 'weapon-team', at: line(10, 70, 2), data: { weapon: 'maxim-1910' } },
      { id: 'lt', type: 'leader', at: [[10, 60]] },
    ]);
    expect([s.units.sq!.kind, s.units.mg!.kind, s.units.lt!.kind]).toEqual(['squad', 'mg-squad', 'leader']);
  });

  it('K-1.0b every soldier within 3 cm of another, all in one chain; K-1.0c stragglers are named', () => {
    const s = stateWith([{ id: 'sq', at: [[10, 80], [12.5, 80], [15, 80], [30, 80]] }]);
    expect(stragglers(s, 'sq', t)).toEqual(['sq_4']);
    const ok = stateWith([{ id: 'sq', at: [[10, 80], [14.2, 80], [18.4, 80]] }]); // 4.2 between centres = 3.0 between bases
    expect(stragglers(ok, 'sq', t)).toEqual([]);
    const gap = stateWith([{ id: 'sq', at: [[10, 80], [14.3, 80]] }]);
    expect(stragglers(gap, 'sq', t)).toHaveLength(1);
  });

  it('K-1.0b coherency is measured in 3D: a soldier on the first floor above his mate is not within 3 cm', () => {
    const s = stateWith([{ id: 'sq', at: [[100, 31], [100, 33]], figureData: [undefined, undefined] }]);
    const up = { ...s, figures: { ...s.figures, sq_2: { ...s.figures.sq_2!, floor: 1 } } };
    expect(stragglers(up, 'sq', t)).toHaveLength(1);
  });
});

describe('K-1.1 splitting a unit', () => {
  it('K-1.1 K-1.1a half or fewer may stay behind to give covering fire (K-AMB-2: ⌊n/2⌋)', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 5) }]);
    expect(maxCoveringFire(5, 'floor')).toBe(2);
    expect(maxCoveringFire(5, 'ceil')).toBe(3);
    expect(splitUnit(s, { unitId: 'sq', figureIds: ['sq_4', 'sq_5', 'sq_3'] }, { table: t })).toMatchObject({ ok: false, rule: 'K-1.1a' });
    const r = splitUnit(s, { unitId: 'sq', figureIds: ['sq_4', 'sq_5'] }, { table: t });
    expect(r.ok).toBe(true);
    const after = apply(s, r.ok ? r.events : []);
    const half = Object.values(after.units).find((u) => u.splitFrom === 'sq')!;
    expect(half.figures).toEqual(['sq_4', 'sq_5']);
    expect(after.units.sq!.coveringHalf).toBe(half.id);
  });

  it('K-AMB-2 the "ceil" option lets three of five stay', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 5) }], { house: { splitRounding: 'ceil' } });
    expect(splitUnit(s, { unitId: 'sq', figureIds: ['sq_3', 'sq_4', 'sq_5'] }, { table: t }).ok).toBe(true);
  });

  it('K-1.1b the covering-fire group cannot move, only shoot; the other part acts normally', () => {
    const s0 = stateWith([{ id: 'sq', at: line(10, 80, 4) }, { id: 'bs', side: 'blue', at: [[55, 80]] }]);
    const r = splitUnit(s0, { unitId: 'sq', figureIds: ['sq_3', 'sq_4'] }, { table: t });
    const s = apply(s0, r.ok ? r.events : []);
    const halfId = s.units.sq!.coveringHalf!;
    expect(validateMove(s, { unitId: halfId, mode: 'normal', moves: [{ figureId: 'sq_4', to: [17, 80] }] }, { table: t })).toMatchObject({ ok: false, rule: 'K-1.1b' });
    expect(evaluateTarget(s, halfId, 'bs', { table: t }).valid).toBe(true);
    expect(validateMove(s, { unitId: 'sq', mode: 'normal', moves: [{ figureId: 'sq_1', to: [8, 80] }, { figureId: 'sq_2', to: [10, 80] }] }, { table: t }).ok).toBe(true);
  });

  it('K-1.1b K-AMB-2 the covering-fire half shoots on its parent\'s card, even while the parent fast-moves (K-4.1a binds the movers only), once', () => {
    const s0 = stateWith([{ id: 'sq', at: line(10, 80, 4) }, { id: 'bs', side: 'blue', at: [[55, 80]] }]);
    const r = splitUnit(s0, { unitId: 'sq', figureIds: ['sq_3', 'sq_4'] }, { table: t });
    const s = apply(s0, r.ok ? r.events : []);
    const halfId = s.units.sq!.coveringHalf!;
    const acting = (supportShot: string[]): KState => ({ ...s, activation: { unitId: 'sq', units: ['sq'], via: 'card', action: 'fast-move', moved: [], shot: [], phase: 'none', supportShot } });
    expect(shootRefusal(acting([]), s.units.sq!)).toMatchObject({ rule: 'K-4.1a' });
    expect(shootRefusal(acting([]), s.units[halfId]!)).toBeUndefined();
    expect(shootRefusal(acting([halfId]), s.units[halfId]!)).toMatchObject({ rule: 'K-5.1a' });
    // The K-2.4 gate agrees: the half's SHOOT passes while the parent's own SHOOT is refused (K-4.1a).
    expect(actionGate(acting([]), { type: 'SHOOT', unitId: halfId })).toMatchObject({ ok: true, part: 'shoot' });
    expect(actionGate(acting([]), { type: 'SHOOT', unitId: 'sq' })).toMatchObject({ ok: false, rule: 'K-4.1a' });
    expect(actionGate(acting([halfId]), { type: 'SHOOT', unitId: halfId })).toMatchObject({ ok: false, rule: 'K-5.1a' });
    // Another unit's activation: the half does not act.
    const other: KState = { ...s, activation: { unitId: 'bs', units: ['bs'], via: 'card', action: 'shoot', moved: [], shot: [], phase: 'none' } };
    expect(shootRefusal(other, s.units[halfId]!)).toMatchObject({ rule: 'K-2.0a' });
  });

  it('K-1.1c the covering group may always move back to the other half and merge', () => {
    const s0 = stateWith([{ id: 'sq', at: line(10, 80, 4) }]);
    const split = splitUnit(s0, { unitId: 'sq', figureIds: ['sq_3', 'sq_4'] }, { table: t });
    let s = apply(s0, split.ok ? split.events : []);
    const halfId = s.units.sq!.coveringHalf!;
    const away = validateMove(s, { unitId: 'sq', mode: 'normal', moves: [{ figureId: 'sq_1', to: [2, 80] }, { figureId: 'sq_2', to: [4, 80] }] }, { table: t });
    s = apply(s, away.ok ? away.events : []);
    expect(reuniteUnit(s, halfId, { table: t })).toMatchObject({ ok: false, rule: 'K-1.0b' });
    const back = validateMove(s, { unitId: halfId, mode: 'join', moves: [{ figureId: 'sq_3', to: [6.5, 80] }, { figureId: 'sq_4', to: [8.5, 80] }] }, { table: t });
    expect(back.ok).toBe(true);
    s = apply(s, back.ok ? back.events : []);
    const merge = reuniteUnit(s, halfId, { table: t });
    expect(merge.ok).toBe(true);
    s = apply(s, merge.ok ? merge.events : []);
    expect(s.units.sq!.figures).toEqual(['sq_1', 'sq_2', 'sq_3', 'sq_4']);
    expect(s.units[halfId]).toBeUndefined();
  });

  it('K-1.1d a split unit shot at: each half is its own unit for that shooting (and its morale, K-AMB-2)', () => {
    const s0 = stateWith([{ id: 'sq', at: line(10, 80, 4) }, { id: 'bs', side: 'blue', at: [[55, 80]] }]);
    const r = splitUnit(s0, { unitId: 'sq', figureIds: ['sq_3', 'sq_4'] }, { table: t });
    const s = apply(s0, r.ok ? r.events : []);
    const halfId = s.units.sq!.coveringHalf!;
    const o = evaluateTarget(s, 'bs', halfId, { table: t });
    expect(o.hittable).toEqual(['sq_3', 'sq_4']);
    const ev = moraleTest(s, halfId, 'K-7.1-T1', { table: t, dice: dice(1) });
    const after = apply(s, ev);
    expect(after.units[halfId]!.status).toBe('pinned');
    expect(after.units.sq!.status).toBe('normal');
  });

  it('K-AMB-2 the "whole-unit" option: when one half goes to ground the other half does too', () => {
    const s0 = stateWith([{ id: 'sq', at: line(10, 80, 4) }], { house: { splitSeparateMorale: 'whole-unit' } });
    const r = splitUnit(s0, { unitId: 'sq', figureIds: ['sq_3', 'sq_4'] }, { table: t });
    const s = apply(s0, r.ok ? r.events : []);
    const halfId = s.units.sq!.coveringHalf!;
    const after = apply(s, moraleTest(s, halfId, 'K-7.1-T1', { table: t, dice: dice(1) }));
    expect([after.units[halfId]!.status, after.units.sq!.status]).toEqual(['pinned', 'pinned']);
  });
});

describe('K-1.2 joining and K-1.3 leaders', () => {
  it('K-1.2 K-1.2a a sole survivor joins another unit by moving within 3 cm; K-1.2c that unit cannot move this turn if it has not activated', () => {
    const s = stateWith([{ id: 'a', at: line(10, 80, 3), figureStart: fallen(1, 2) }, { id: 'b', at: line(17, 80, 3) }]);
    const r = joinUnit(s, { unitId: 'a', intoUnitId: 'b' }, { table: t });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'UNIT_JOINED', kind: 'survivor', noMove: true, rule: 'K-1.2a' });
    const after = apply(s, r.ok ? r.events : []);
    expect(after.units.b!.figures).toContain('a_3');
    expect(after.units.a!.joinedTo).toBe('b');
    expect(validateMove(after, { unitId: 'b', mode: 'normal', moves: [{ figureId: 'b_3', to: [22, 80] }] }, { table: t })).toMatchObject({ ok: false, rule: 'K-1.2c' });
    const far = stateWith([{ id: 'a', at: line(5, 80, 3), figureStart: fallen(2, 3) }, { id: 'b', at: line(17, 80, 3) }]);
    expect(joinUnit(far, { unitId: 'a', intoUnitId: 'b' }, { table: t })).toMatchObject({ ok: false, rule: 'K-1.2a' });
  });

  it('K-1.2b a squad that lost its squad leader joins a squad that has one; K-1.4 K-1.4a until then it cannot move', () => {
    const s = stateWith([{ id: 'a', at: line(10, 80, 3), figureStart: fallen(1) }, { id: 'b', at: line(16, 80, 3) }, { id: 'c', at: line(10, 70, 3), figureStart: fallen(1) }]);
    expect(isLeaderless(s, s.units.a!)).toBe(true);
    expect(validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_3', to: [13, 80] }] }, { table: t })).toMatchObject({ ok: false, rule: 'K-1.4a' });
    const r = joinUnit(s, { unitId: 'a', intoUnitId: 'b' }, { table: t });
    expect(r.ok && r.events[0]).toMatchObject({ kind: 'leaderless', rule: 'K-1.2b' });
    const c = joinUnit({ ...s, figures: { ...s.figures, c_2: { ...s.figures.c_2!, at: [12, 77] }, c_3: { ...s.figures.c_3!, at: [12, 78.5] } } }, { unitId: 'a', intoUnitId: 'c' }, { table: t });
    expect(c).toMatchObject({ ok: false, rule: 'K-1.2b' });
  });

  it('K-1.2d K-1.2e K-1.3 K-1.3a leaders join units within 3 cm; a unit may hold several joined leaders and use the best morale', () => {
    const s = stateWith([
      { id: 'sq', at: line(10, 80, 3), data: { morale: 5 } },
      { id: 'l1', type: 'leader', at: [[16, 80]], data: { morale: 3 } },
      { id: 'l2', type: 'leader', at: [[10, 82]], data: { morale: 2 } },
    ]);
    const a = joinUnit(s, { unitId: 'l1', intoUnitId: 'sq' }, { table: t });
    expect(a.ok && a.events[0]).toMatchObject({ kind: 'leader', rule: 'K-1.2d', noMove: false });
    let after = apply(s, a.ok ? a.events : []);
    const b = joinUnit(after, { unitId: 'l2', intoUnitId: 'sq' }, { table: t });
    after = apply(after, b.ok ? b.events : []);
    expect(after.units.sq!.joinedLeaders).toEqual(['l1', 'l2']);
    expect(bestMorale(after, 'sq', after.house)).toEqual({ value: 2, from: 'l2_1' });
  });

  it('K-1.3b a leader may start the game joined to a unit', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 3) }, { id: 'lt', type: 'leader', at: [[16, 80]], data: { joinedTo: 'sq' } }]);
    expect(s.units.sq!.joinedLeaders).toEqual(['lt']);
    expect(s.figures.lt_1!.unitId).toBe('sq');
    expect(s.units.lt).toMatchObject({ joinedTo: 'sq', figures: [] });
  });

  it('K-1.3c squad leaders are not leaders: they cannot command, rally or lend morale as one', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 3) }]);
    expect(s.figures.sq_1!.role).toBe('squad-leader');
    expect(s.figures.sq_1!.skills).not.toContain('leader');
  });

  it('K-2.2e K-1.3a a joined leader may leave his group; K-1.4b one who joined a leaderless squad is its squad leader for good', () => {
    const s = stateWith([{ id: 'sq', at: line(10, 80, 3) }, { id: 'lt', type: 'leader', at: [[16, 80]], data: { joinedTo: 'sq' } }]);
    const left = leaveGroup(s, 'lt');
    expect(left.ok).toBe(true);
    expect(apply(s, left.ok ? left.events : []).units.lt!.figures).toEqual(['lt_1']);
    const lost = stateWith([{ id: 'sq', at: line(10, 80, 3), figureStart: fallen(1) }, { id: 'lt', type: 'leader', at: [[16, 80]] }]);
    const j = joinUnit(lost, { unitId: 'lt', intoUnitId: 'sq' }, { table: t });
    expect(j.ok && j.events[0]).toMatchObject({ bound: true, rule: 'K-1.4b' });
    const bound = apply(lost, j.ok ? j.events : []);
    expect(isLeaderless(bound, bound.units.sq!)).toBe(false);
    expect(leaveGroup(bound, 'lt')).toMatchObject({ ok: false, rule: 'K-1.4b' });
  });

  it('K-1.4c a leaderless unit commanded by a leader may move in that activation', () => {
    const s = stateWith([{ id: 'a', at: line(10, 80, 3), figureStart: fallen(1) }]);
    const commanded = { ...s, units: { ...s.units, a: { ...s.units.a!, commandedMove: true } } };
    expect(validateMove(commanded, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_3', to: [16, 80] }] }, { table: t }).ok).toBe(true);
  });

  it('K-SKL-4 K-SKL-5 K-SKL-6 K-SKL-7 nationals: only their own heroes join them; a multilingual hero joins Finns and his listed nationality', () => {
    const mk = (nat: string, leader: Record<string, unknown>) => stateWith([{ id: 'sq', at: line(10, 80, 3), data: { nationality: nat } }, { id: 'lt', type: 'leader', at: [[16, 80]], data: leader }]);
    expect(joinUnit(mk('swedish', {}), { unitId: 'lt', intoUnitId: 'sq' }, { table: t })).toMatchObject({ ok: false, rule: 'K-SKL-5' });
    expect(joinUnit(mk('swedish', { nationality: 'swedish' }), { unitId: 'lt', intoUnitId: 'sq' }, { table: t }).ok).toBe(true);
    expect(joinUnit(mk('german', { skills: ['german'] }), { unitId: 'lt', intoUnitId: 'sq' }, { table: t }).ok).toBe(true);
    expect(joinUnit(mk('finnish', { skills: ['russian'] }), { unitId: 'lt', intoUnitId: 'sq' }, { table: t }).ok).toBe(false);
    expect(joinUnit(mk('russian', { skills: ['multilingual'], languages: ['russian'] }), { unitId: 'lt', intoUnitId: 'sq' }, { table: t }).ok).toBe(true);
    expect(joinUnit(mk('finnish', { nationality: 'russian', skills: ['multilingual'], languages: ['russian'] }), { unitId: 'lt', intoUnitId: 'sq' }, { table: t }).ok).toBe(true);
    expect(joinUnit(mk('german', { skills: ['multilingual'], languages: ['russian'] }), { unitId: 'lt', intoUnitId: 'sq' }, { table: t }).ok).toBe(false);
  });
});
