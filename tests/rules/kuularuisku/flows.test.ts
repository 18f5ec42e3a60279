// The digest's worked flows as step-by-step games of dice: F5 shooting, F6 charge and melee,
// F7 a unit's morale states, F8 a soldier's condition and a special weapon's life.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import {
  chargedTargetTest, chargerMorale, chargerMustTest, defensiveFire, evaluateTarget, grenadeSides, leaderDive, meleeRound, meleeStart,
  moraleTest, pickUpWeapon, pinnedTest, resolveShooting, rout, startEvacuation, evacuationMoves, throwGrenades, validateCharge,
  validateMove, type KEvent,
} from '../../../src/rules/kuularuisku/engine';
import { apply, dice, line, stateWith, table, types } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);

describe('F5 shooting, step by step', () => {
  it('K-5.1b K-5.2f K-5.3d K-5.7a K-5.4c K-5.5b K-SKL-8 K-7.1-T1: a squad fires at a lone leader who dives into the squad beside him', () => {
    let s = stateWith([
      { id: 'rs', at: line(45, 80, 4) },
      { id: 'cpt', side: 'blue', type: 'leader', at: [[56, 80]] },
      { id: 'bs', side: 'blue', at: [[58.5, 80], [61, 80], [63.5, 80]], figureData: [undefined, undefined, { role: 'medic', skills: ['medic'] }] },
    ]);
    // SELECT_TARGET: the leader alone; LONE_LEADER_JOINS (K-5.1b).
    const dive = leaderDive(s, { leaderId: 'cpt', intoUnitId: 'bs' }, { table: t });
    expect(dive.ok).toBe(true);
    s = apply(s, dive.ok ? dive.events : []);
    // DETERMINE_VISIBLE_TARGETS & ELIGIBLE_SHOOTERS: all four visible in the open, all four red within range.
    const o = evaluateTarget(s, 'rs', 'bs', { table: t });
    expect(o).toMatchObject({ valid: true, closeRange: true, cover: { value: 6 } });
    expect(o.hittable).toEqual(['bs_1', 'bs_2', 'bs_3', 'cpt_1']);
    expect(o.shooters).toEqual(['rs_1', 'rs_2', 'rs_3', 'rs_4']);
    // ROLL_FIREPOWER 4 dice (skill 4): 6, 2→5 (re-roll), 3→1, 4 → 3 hits.
    // COVER_TEST (open, 6): 2, 6, 5 → 2 wounds. ALLOCATE: bs_2 and bs_3 (the default spares the leader and the squad leader).
    // WOUND_TESTS: bs_2 rolls 1 (killed) → the medic re-rolls: 4 (light); bs_3, the medic himself, rolls 6 (scratch).
    // MORALE (T1, best morale 4): 3 → fails → pinned.
    const d = dice(6, 2, 5, 3, 1, 4, 2, 6, 5, 1, 4, 6, 3);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: d });
    expect(r.ok).toBe(true);
    const ev = r.ok ? r.events : [];
    expect(types(ev)).toEqual(['SHOT_FIRED', 'COVER_TEST', 'WOUNDS_ALLOCATED', 'WOUND_TEST', 'WOUND_TEST', 'MORALE_TEST', 'UNIT_STATUS_CHANGED']);
    expect(of(ev, 'SHOT_FIRED')[0]!.dice.map((x) => x.value)).toEqual([6, 5, 1, 4]);
    expect(of(ev, 'COVER_TEST')[0]!.wounds).toBe(2);
    expect(of(ev, 'WOUNDS_ALLOCATED')[0]!.allocation).toEqual({ bs_2: 1, bs_3: 1 });
    expect(of(ev, 'WOUND_TEST').map((w) => [w.figureId, w.rolls, w.result, w.medic])).toEqual([['bs_2', [1, 4], 'light', 'bs_3'], ['bs_3', [6], 'scratch', undefined]]);
    expect(d.remaining).toBe(0);
    const after = apply(s, ev);
    expect(after.units.bs!.status).toBe('pinned');
    expect(after.figures.bs_2!.condition).toBe('light');
  });
});

describe('F6 charge and melee, step by step', () => {
  it('K-6.1a K-6.2b K-6.2d K-6.2e K-6.6a K-6.4e K-6.4g: charge, defensive fire, charger holds, grenades, melee won, the loser falls back', () => {
    let s = stateWith([
      { id: 'rs', at: line(42, 80, 4), data: { grenades: true } },
      { id: 'bs', side: 'blue', at: [[55, 80], [57, 80], [59, 80]] },
    ]);
    // CHARGE_MOVE: the red line 4.6 cm east, its lead soldier touching blue (K-6.1a).
    const moves = s.units.rs!.figures.map((id) => ({ figureId: id, to: [s.figures[id]!.at[0] + 5.6, 80] as [number, number] }));
    const charge = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t });
    expect(charge.ok).toBe(true);
    s = apply(s, charge.ok ? charge.events : []);
    // DEFENSIVE_FIRE: blue has not activated: 3 dice, close range. 5, 3→6, 2→2: 2 hits. Charger cover as open (6): 4, 6 → 1 wound on rs_4? (defaults spread)
    // CHARGER_WOUND_TESTS: 5 (light).
    const df = defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(5, 3, 6, 2, 2, 4, 6, 5) });
    expect(of(df, 'SHOT_FIRED')[0]).toMatchObject({ hits: 2, defensive: true });
    expect(of(df, 'COVER_TEST')[0]).toMatchObject({ cover: 6, wounds: 1 });
    s = apply(s, df);
    expect(chargerMustTest(s, 'rs', df)).toBe(true);
    // CHARGER_MORALE_TEST: 4 ≥ 4, passes: MELEE_START.
    const cm = chargerMorale(s, 'rs', { table: t, dice: dice(4) });
    expect(types(cm)).toEqual(['MORALE_TEST']);
    s = apply(s, [...cm, ...meleeStart(s, 'rs', 'bs')]);
    const mid = s.units.rs!.meleeId!;
    // GRENADES: red has them and throws: blue rolls 3 − 2 = 1 die.
    expect(grenadeSides(s, mid)).toEqual(['red']);
    s = apply(s, throwGrenades(s, mid, 'red'));
    // MELEE_ROUND: red 4 dice 4,5,1,6 → 3 hits; blue 1 die: 2 → 0 hits.
    // Blue wounds: 3 tests 6,6,6 (scratches). LOSER_MORALE_TEST (blue, 4): 2 fails → falls back 10 cm; the melee ends.
    const round = meleeRound(s, mid, { table: t, dice: dice(4, 5, 1, 6, 2, 6, 6, 6, 2) });
    expect(of(round, 'MELEE_ROUND')[0]!.sides.map((x) => [x.side, x.dice.length, x.hits])).toEqual([['red', 4, 3], ['blue', 1, 0]]);
    expect(of(round, 'MELEE_DECIDED')[0]).toMatchObject({ loser: 'blue' });
    expect(of(round, 'MELEE_ENDED')[0]).toMatchObject({ winner: 'red' });
    s = apply(s, round);
    expect(s.units.bs).toMatchObject({ status: 'normal' });
    expect(s.figures.bs_1!.at[0]).toBeCloseTo(65, 5);
    expect(Object.keys(s.melees)).toEqual([]);
  });

  it('K-7.2a K-7.2c K-GAP-10: a charge on a pinned unit — it tests, fails and surrenders; no defensive fire', () => {
    let s = stateWith([{ id: 'rs', at: line(42, 80, 3) }, { id: 'bs', side: 'blue', at: line(53, 80, 2), start: { status: 'pinned' } }]);
    const moves = s.units.rs!.figures.map((id) => ({ figureId: id, to: [s.figures[id]!.at[0] + 4.6, 80] as [number, number] }));
    const c = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t });
    s = apply(s, c.ok ? c.events : []);
    expect(defensiveFire(s, 'rs', 'bs', { table: t, dice: dice() })).toEqual([]);
    const test = chargedTargetTest(s, 'rs', 'bs', { table: t, dice: dice(3) });
    expect(types(test)).toEqual(['MORALE_TEST', 'UNIT_SURRENDERED', 'FIGURE_REMOVED', 'FIGURE_REMOVED']);
    expect(apply(s, test).units.bs!.status).toBe('surrendered');
  });
});

describe('F7 a unit\'s morale states', () => {
  it('K-7.1b K-7.1f K-7.3b K-7.3d K-7.3h: normal → pinned → up again → pinned below half → routing → rallied', () => {
    let s = stateWith([{ id: 'sq', at: line(60, 80, 5), data: { morale: 4 } }, { id: 'cpt', type: 'leader', at: [[10, 80]], data: { morale: 3 } }]);
    s = apply(s, moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(2) }));
    expect(s.units.sq!.status).toBe('pinned');
    s = apply(s, pinnedTest(s, 'sq', { table: t, dice: dice(4) }));
    expect(s.units.sq!.status).toBe('normal');
    // Three of five fall: below half.
    const figures = { ...s.figures };
    for (const id of ['sq_3', 'sq_4', 'sq_5']) figures[id] = { ...figures[id]!, condition: 'dead', removed: 'killed' };
    s = { ...s, figures, units: { ...s.units, sq: { ...s.units.sq!, figures: ['sq_1', 'sq_2'] } } };
    const broke = moraleTest(s, 'sq', 'K-7.1-T1', { table: t, dice: dice(1, 3) });
    expect(types(broke)).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED', 'MORALE_TEST', 'ROUT_STARTED', 'FIGURES_MOVED']);
    s = apply(s, broke);
    expect(s.units.sq!.status).toBe('routing');
    expect(s.figures.sq_1!.at[0]).toBeCloseTo(40, 5);
    // Next turn: it runs again and comes within 15 cm of the captain: rally with his morale 3.
    const next = rout(s, 'sq', { table: t, dice: dice(3) });
    expect(types(next)).toEqual(['FIGURES_MOVED', 'MORALE_TEST', 'RALLIED']);
    expect(apply(s, next).units.sq!.status).toBe('normal');
  });
});

describe('F8 a soldier\'s condition and a special weapon', () => {
  it('K-5.5f K-5.6a K-5.6e K-5.5h: wounded light, he leaves for the rear; the gunner killed, the MG dropped and picked up by the enemy', () => {
    let s = stateWith([
      { id: 'rs', at: line(5, 80, 2) },
      { id: 'mg', side: 'blue', type: 'weapon-team', at: [[55, 80], [57, 80]], data: { weapon: 'maxim-1910' } },
    ]);
    // The gunner is killed; the loader will not take the gun: it stays as a marker (K-5.5h).
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'mg', allocation: { mg_1: 1 }, takeOver: { mg_1: null } }, { table: t, dice: dice(6, 1, 1, 1, 5) });
    s = apply(s, r.ok ? r.events : []);
    const markerId = Object.keys(s.markers)[0]!;
    expect(s.markers[markerId]).toMatchObject({ weapon: 'K-WPN-10', at: [55, 80] });
    // A red soldier walks into contact with the marker and takes the gun (anyone may).
    const walk = validateMove(s, { unitId: 'rs', mode: 'normal', moves: [{ figureId: 'rs_1', to: [53.8, 78] }, { figureId: 'rs_2', to: [51.8, 78] }] }, { table: t });
    expect(walk.ok).toBe(false); // too far for one move (48 cm)
    s = { ...s, figures: { ...s.figures, rs_1: { ...s.figures.rs_1!, at: [54.2, 80] } } };
    const take = pickUpWeapon(s, { markerId, figureId: 'rs_1' }, { table: t });
    expect(take.ok && take.events[0]).toMatchObject({ type: 'WEAPON_PICKED_UP', weapon: 'K-WPN-10', previous: 'K-WPN-3' });
    s = apply(s, take.ok ? take.events : []);
    expect(s.figures.rs_1!.weapon).toBe('K-WPN-10');
    expect(s.markers[markerId]).toBeUndefined();
    // The loader, lightly wounded, leaves at his unit's activation and walks west at the end of the turn.
    s = { ...s, figures: { ...s.figures, mg_2: { ...s.figures.mg_2!, condition: 'light' } }, activation: { unitId: 'mg', units: ['mg'], via: 'card', moved: [], shot: [], phase: 'none', action: 'move-shoot' } };
    const leave = startEvacuation(s, { figureId: 'mg_2' }, { table: t });
    s = { ...apply(s, leave.ok ? leave.events : []), activation: undefined };
    const move = evacuationMoves(s, { table: t, dice: dice() });
    expect(of(move, 'FIGURES_MOVED')[0]!.moves[0]).toMatchObject({ figureId: 'mg_2', distance: 5 });
  });
});
