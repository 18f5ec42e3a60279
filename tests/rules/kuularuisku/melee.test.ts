// K-6.x charge and melee with scripted dice: the charge move, defensive fire, the charger's morale,
// locking, grenades, rounds, the loser's fall back, several units; K-7.2 pinned or routing targets.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import {
  chargedTargetTest, chargerMorale, chargerMustTest, defensiveFire, defensiveFireRefusal, grenadeSides, meleeRound, meleeStart,
  resolveShooting, throwGrenades, validateCharge, validateMove, type KEvent, type KReading,
} from '../../../src/rules/kuularuisku/engine';
import { apply, dice, line, stateWith, table, types, type UnitSpec } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);

/** Red (3) at x 40…44 and blue (3) at x 52…56 on the open lane z = 80; blue's starting state, if any (K-7.1b pinned …). */
function pair(extra: Record<string, unknown> = {}, redData?: Record<string, unknown>, blueData?: Record<string, unknown>, blueStart: Pick<UnitSpec, 'start' | 'figureStart'> = {}): KReading {
  return stateWith([
    { id: 'rs', at: line(40, 80, 3), ...(redData ? { data: redData } : {}) },
    { id: 'bs', side: 'blue', at: line(52, 80, 3), ...(blueData ? { data: blueData } : {}), ...blueStart },
  ], extra);
}

/** The red line straight east until its lead soldier touches blue's first (bases 0.6 cm: a 0.2 cm gap). */
function contact(s: KReading) {
  const figs = s.units.rs!.figures.map((id) => s.figures[id]!);
  const dx = 50.6 - Math.max(...figs.map((f) => f.at[0]));
  return figs.map((f) => ({ figureId: f.id, to: [f.at[0] + dx, f.at[1]] as [number, number] }));
}

function charged(s: KReading): KReading {
  const r = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves: contact(s) }, { table: t });
  if (!r.ok) throw new Error(r.reason);
  return apply(s, r.events);
}

describe('K-6.1 charge', () => {
  it('K-6.1 K-6.1a a move into contact with an enemy unit is a charge (a plain move there is refused)', () => {
    const s = pair();
    const plain = validateMove(s, { unitId: 'rs', mode: 'normal', moves: contact(s) }, { table: t });
    expect(plain).toMatchObject({ ok: false, rule: 'K-6.1a' });
    const r = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves: contact(s) }, { table: t });
    expect(r.ok && types(r.events)).toEqual(['CHARGE_DECLARED', 'FIGURES_MOVED']);
    const short = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves: s.units.rs!.figures.map((id) => ({ figureId: id, to: [s.figures[id]!.at[0] + 2, 80] as [number, number] })) }, { table: t });
    expect(short).toMatchObject({ ok: false, rule: 'K-6.1a' });
  });

  it('K-6.1c a unit charges only one enemy unit', () => {
    const s = stateWith([
      { id: 'rs', at: [[46, 78.7], [46, 80], [46, 81.3]] },
      { id: 'bs', side: 'blue', at: [[52, 78.7], [52, 76.2]] },
      { id: 'b2', side: 'blue', at: [[52, 81.3], [52, 83.8]] },
    ]);
    const r = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves: [{ figureId: 'rs_1', to: [50.6, 78.7] }, { figureId: 'rs_2', to: [48.6, 80] }, { figureId: 'rs_3', to: [50.6, 81.3] }] }, { table: t });
    expect(r).toMatchObject({ ok: false, rule: 'K-6.1c' });
  });

  it('K-AMB-11 a charge is made with a normal move only (house): 15 cm away is out of reach, a fast charge is refused', () => {
    const s = stateWith([{ id: 'rs', at: line(30, 80, 3) }, { id: 'bs', side: 'blue', at: line(52, 80, 3) }]);
    expect(validateCharge(s, { unitId: 'rs', targetId: 'bs', moves: contact(s) }, { table: t })).toMatchObject({ ok: false, rule: 'K-4.0' });
    expect(validateCharge(s, { unitId: 'rs', targetId: 'bs', moves: contact(s), fast: true }, { table: t })).toMatchObject({ ok: false, rule: 'K-AMB-11' });
    const o = stateWith([{ id: 'rs', at: line(30, 80, 3) }, { id: 'bs', side: 'blue', at: line(52, 80, 3) }], { house: { fastCharge: 'fast-move-allowed' } });
    expect(validateCharge(o, { unitId: 'rs', targetId: 'bs', moves: contact(o), fast: true }, { table: t }).ok).toBe(true);
  });

  it('K-6.1b K-6.5a once in contact the units are locked in melee and the melee is fought at once', () => {
    const s = charged(pair());
    const start = meleeStart(s, 'rs', 'bs');
    expect(start[0]).toMatchObject({ type: 'MELEE_STARTED', rule: 'K-6.1b', units: ['rs', 'bs'] });
    const m = apply(s, start);
    expect(m.units.rs!.status).toBe('in-melee');
    expect(m.units.bs!.meleeId).toBe(m.units.rs!.meleeId);
  });
});

describe('K-6.2 defensive fire', () => {
  it('K-6.2 K-6.2a K-6.2b K-6.2d a defender that has not activated fires full firepower; the charger tests cover as in the open (6)', () => {
    const s = charged(pair());
    expect(defensiveFireRefusal(s, 'rs', 'bs')).toBeUndefined();
    // 3 dice (close range re-rolls of misses, K-AMB-10), 1 hit; cover 6: a 3 wounds; wound test 4: light.
    const ev = defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(5, 2, 1, 3, 2, 3, 4) });
    const shot = of(ev, 'SHOT_FIRED')[0]!;
    expect(shot).toMatchObject({ defensive: true, rule: 'K-6.2b', hits: 1 });
    expect(shot.dice).toHaveLength(3);
    expect(of(ev, 'COVER_TEST')[0]).toMatchObject({ cover: 6, rule: 'K-6.2d' });
    expect(chargerMustTest(apply(s, ev), 'rs', ev)).toBe(true);
  });

  it('K-6.2b an already activated defender fires half its firepower, rounded down', () => {
    const s = charged(pair({ start: { deck: ['rs'] } }, undefined, undefined, { start: { activated: true } }));
    const ev = defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(1, 1) });
    expect(of(ev, 'SHOT_FIRED')[0]!.dice).toHaveLength(1);
  });

  it('K-6.2c defensive fire once per turn; K-6.5b none from a unit already in melee; K-7.2a none from a pinned unit', () => {
    const s = charged(pair());
    const used = apply(s, defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(1, 1, 1, 1, 1, 1) }));
    expect(defensiveFireRefusal(used, 'rs', 'bs')).toMatchObject({ rule: 'K-6.2c' });
    // Blue already locked in melee with a second red squad just east of it.
    const locked = charged(stateWith([
      { id: 'rs', at: line(40, 80, 3) },
      { id: 'bs', side: 'blue', at: line(52, 80, 3), start: { meleeWith: 'r2' } },
      { id: 'r2', at: line(57.4, 80, 2), start: { meleeWith: 'bs', charged: true } },
    ]));
    expect(defensiveFireRefusal(locked, 'rs', 'bs')).toMatchObject({ rule: 'K-6.5b' });
    const down = charged(pair({}, undefined, undefined, { start: { status: 'pinned' } }));
    expect(defensiveFireRefusal(down, 'rs', 'bs')).toMatchObject({ rule: 'K-7.2a' });
  });

  it('K-6.2e a charger that took wound tests must pass morale or the charge collapses back to its start', () => {
    const s = charged(pair());
    const collapse = chargerMorale(s, 'rs', { table: t, dice: dice(2) });
    expect(types(collapse)).toEqual(['MORALE_TEST', 'CHARGE_COLLAPSED']);
    const back = apply(s, collapse);
    expect(back.figures.rs_1!.at).toEqual([40, 80]);
    expect(back.activation).toBeUndefined();
    expect(back.units.rs!.status).toBe('normal'); // K-AMB-20: not pinned as well (house)
  });

  it('K-6.2f passing, or taking no wound tests, the melee goes ahead', () => {
    const s = charged(pair());
    expect(types(chargerMorale(s, 'rs', { table: t, dice: dice(5) }))).toEqual(['MORALE_TEST']);
    const noWounds = defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(1, 1, 1, 1, 1, 1) });
    expect(chargerMustTest(apply(s, noWounds), 'rs', noWounds)).toBe(false);
  });

  it('K-AMB-20 the "pinned" option also pins a charger whose charge collapsed', () => {
    const s = charged(pair({ house: { collapsedChargePinned: 'pinned' } }));
    expect(apply(s, chargerMorale(s, 'rs', { table: t, dice: dice(1) })).units.rs!.status).toBe('pinned');
  });

  it('K-AMB-21 snow suits count for a charger "in the open" in winter (house): cover 5', () => {
    const s = charged(pair({ winter: true }, { skills: ['snow-suit'] }));
    const ev = defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(6, 6, 6, 5, 5, 5, 6, 6, 6) });
    expect(of(ev, 'COVER_TEST')[0]!.cover).toBe(5);
    const o = charged(pair({ winter: true, house: { snowSuitWhenCharging: 'always-6' } }, { skills: ['snow-suit'] }));
    expect(of(defensiveFire(o, 'rs', 'bs', { table: t, dice: dice(6, 6, 6, 6, 6, 6, 4, 4, 4, 4, 4, 4) }), 'COVER_TEST')[0]!.cover).toBe(6);
  });

  it('K-AMB-12 defensive fire from a machine gun makes the charger test even without wounds (house)', () => {
    const s = charged(stateWith([{ id: 'rs', at: line(40, 80, 3) }, { id: 'bs', side: 'blue', at: [[52, 80], [54, 80]], type: 'weapon-team', data: { weapon: 'lewis' } }]));
    const ev = defensiveFire(s, 'rs', 'bs', { table: t, dice: dice(1, 1, 1, 1, 1, 1) });
    expect(of(ev, 'SHOT_FIRED')[0]!.machineGun).toBe(true);
    expect(chargerMustTest(apply(s, ev), 'rs', ev)).toBe(true);
  });
});

describe('K-7.2 charging pinned or retreating units', () => {
  it('K-7.2 K-7.2a K-7.2c a pinned unit charged tests morale and surrenders on a failure (K-GAP-10: taken prisoner)', () => {
    const s = charged(pair({}, undefined, undefined, { start: { status: 'pinned' } }));
    const ev = chargedTargetTest(s, 'rs', 'bs', { table: t, dice: dice(1) });
    expect(ev.map((e) => [e.type, e.rule])).toEqual([['MORALE_TEST', 'K-7.2a'], ['UNIT_SURRENDERED', 'K-7.2c'], ['FIGURE_REMOVED', 'K-GAP-10'], ['FIGURE_REMOVED', 'K-GAP-10'], ['FIGURE_REMOVED', 'K-GAP-10']]);
    expect(apply(s, ev).units.bs!.status).toBe('surrendered');
  });

  it('K-7.2b passing, the pinned unit fights the melee normally', () => {
    const s = charged(pair({}, undefined, undefined, { start: { status: 'routing' } }));
    const ev = chargedTargetTest(s, 'rs', 'bs', { table: t, dice: dice(4) });
    expect(ev.map((e) => [e.type, e.rule])).toEqual([['MORALE_TEST', 'K-7.2a'], ['UNIT_STATUS_CHANGED', 'K-7.2b']]);
  });

  it('K-AMB-22 "retreating" means routing; the option also counts a melee loser that fell back this turn', () => {
    const fellBack = (house: Record<string, unknown>) => charged(pair({ house, start: { turn: 2, deck: ['rs', 'bs'] } }, undefined, undefined, { start: { fellBackThisTurn: true } }));
    expect(chargedTargetTest(fellBack({}), 'rs', 'bs', { table: t, dice: dice() })).toEqual([]);
    const o = fellBack({ fellBackCountsAsRetreating: 'fell-back-this-turn' });
    expect(types(chargedTargetTest(o, 'rs', 'bs', { table: t, dice: dice(6) }))).toContain('MORALE_TEST');
  });
});

describe('K-6.3 – K-6.6 melee', () => {
  function locked(extra: Record<string, unknown> = {}, redData?: Record<string, unknown>, blueData?: Record<string, unknown>, blueStart: Pick<UnitSpec, 'start' | 'figureStart'> = {}): KReading {
    const s = charged(pair(extra, redData, blueData, blueStart));
    return apply(s, meleeStart(s, 'rs', 'bs'));
  }
  const mid = (s: KReading) => s.units.rs!.meleeId!;

  it('K-6.0a K-6.4 K-6.4a K-6.4b K-6.4c both sides roll one die per soldier at once, each ≥ own skill a hit (K-AMB-13)', () => {
    const s = locked({}, { skill: 3 }, { skill: 5 });
    // red 3 dice need 3; blue 3 dice need 5. Red: 3,2,6 → 2 hits; blue: 5,4,1 → 1 hit.
    // Wounds: blue takes 2 (tests 6,6), red takes 1 (test 6). Blue lost: morale 4 → pass.
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(3, 2, 6, 5, 4, 1, 6, 6, 6, 4) });
    const round = of(ev, 'MELEE_ROUND')[0]!;
    expect(round.sides.map((x) => [x.side, x.dice.map((d) => d.need)[0], x.hits])).toEqual([['red', 3, 2], ['blue', 5, 1]]);
    expect(of(ev, 'MELEE_DECIDED')[0]).toMatchObject({ loser: 'blue', hitsTaken: { red: 1, blue: 2 }, rule: 'K-6.4e' });
  });

  it('K-6.4d melee hits become wounds directly, allocated like shooting and wound-tested — no cover test', () => {
    const s = locked();
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(4, 1, 1, 1, 1, 1, 2, 6) });
    expect(types(ev)).not.toContain('COVER_TEST');
    expect(of(ev, 'WOUNDS_ALLOCATED')[0]).toMatchObject({ unitId: 'bs', rule: 'K-6.4d' });
    expect(of(ev, 'WOUND_TEST')[0]).toMatchObject({ result: 'serious' });
  });

  it('K-6.4b the seriously wounded do not roll melee dice', () => {
    const s = locked({}, undefined, undefined, { figureStart: { 3: { condition: 'serious' } } });
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(1, 1, 1, 1, 1) });
    expect(of(ev, 'MELEE_ROUND')[0]!.sides.find((x) => x.side === 'blue')!.dice).toHaveLength(2);
  });

  it('K-6.4e K-6.4f K-7.1-T3 the side with more hits taken tests once with its best morale; a pass continues the melee', () => {
    const s = locked();
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(4, 1, 1, 1, 1, 1, 6, 5) });
    expect(of(ev, 'MORALE_TEST')[0]).toMatchObject({ trigger: 'K-7.1-T3', passed: true });
    expect(types(ev)).not.toContain('MELEE_ENDED');
    expect(apply(s, ev).melees[mid(s)]!.rounds).toBe(1);
  });

  it('K-6.4g K-7.1e K-GAP-6 a failed loser test: it falls back 10 cm (not pinned) and the melee ends, won by the other side', () => {
    const s = locked();
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(4, 1, 1, 1, 1, 1, 6, 1) });
    expect(of(ev, 'MELEE_ENDED')[0]).toMatchObject({ winner: 'red', rule: 'K-6.4g' });
    const fb = of(ev, 'FIGURES_MOVED')[0]!;
    expect(fb).toMatchObject({ mode: 'fall-back', unitId: 'bs' });
    expect(fb.moves.every((m) => Math.abs(m.distance - 10) < 1e-6)).toBe(true);
    const after = apply(s, ev);
    expect(after.units.bs).toMatchObject({ status: 'normal' });
    expect(after.units.bs!.meleeId).toBeUndefined();
    expect(after.figures.bs_1!.at[0]).toBeGreaterThan(60);
  });

  it('K-6.4h K-GAP-7 the seriously wounded of a loser stay behind and are lost', () => {
    const s = locked();
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(4, 1, 1, 1, 1, 1, 2, 1) });
    expect(of(ev, 'FIGURE_REMOVED').map((e) => [e.reason, e.rule])).toEqual([['left-behind', 'K-6.4h']]);
  });

  it('K-6.4g a loser that cannot fall back (walls all round) is destroyed', () => {
    const s0 = stateWith([{ id: 'rs', at: [[100, 26.5], [100, 28.5]] }, { id: 'bs', side: 'blue', at: [[100, 31], [100, 33.5]] }]);
    const m = apply(s0, meleeStart(s0, 'rs', 'bs'));
    // Inside the house (x 94–106, z 25–35): blue would need 10 cm northward room.
    const ev = meleeRound(m, m.units.rs!.meleeId!, { table: t, dice: dice(4, 4, 1, 1, 6, 6, 1) });
    expect(types(ev)).toContain('UNIT_DESTROYED');
    expect(apply(m, ev).units.bs!.status).toBe('destroyed');
  });

  it('K-6.4i equal hits: the melee goes on at the next activation of either side', () => {
    const s = locked();
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(4, 1, 1, 4, 1, 1, 6, 6) });
    expect(of(ev, 'MELEE_DECIDED')[0]).toMatchObject({ loser: null, rule: 'K-6.4i' });
    expect(types(ev)).not.toContain('MORALE_TEST');
  });

  it('K-6.3 K-6.3a a unit in melee cannot move or shoot', () => {
    const s = locked();
    const mv = validateMove(s, { unitId: 'bs', mode: 'normal', moves: [{ figureId: 'bs_3', to: [57, 80] }] }, { table: t });
    expect(mv).toMatchObject({ ok: false, rule: 'K-6.3a' });
    expect(resolveShooting(s, { shooterId: 'bs', targetId: 'rs' }, { table: t, dice: dice() })).toMatchObject({ ok: false, rule: 'K-6.3a' });
  });

  it('K-6.3b a unit that wins the melee in its own activation can do nothing more', () => {
    const s0 = locked();
    const s: KReading = { ...s0, activation: { unitId: 'rs', units: ['rs'], via: 'card', moved: [], shot: [], phase: 'none', action: 'melee' } };
    const ev = meleeRound(s, mid(s), { table: t, dice: dice(4, 1, 1, 1, 1, 1, 6, 1) });
    expect(apply(s, ev).activation!.phase).toBe('done');
  });

  it('K-6.5 K-6.5a K-6.5b a second unit charging into a melee joins it without defensive fire; each side rolls for all its units', () => {
    const s0 = stateWith([{ id: 'rs', at: line(40, 80, 3) }, { id: 'r2', at: [[55, 86], [57, 86]] }, { id: 'bs', side: 'blue', at: line(52, 80, 3) }]);
    const s1 = charged(s0);
    const s = apply(s1, meleeStart(s1, 'rs', 'bs'));
    expect(defensiveFireRefusal(s, 'r2', 'bs')).toMatchObject({ rule: 'K-6.5b' });
    const join = meleeStart(s, 'r2', 'bs');
    expect(join[0]).toMatchObject({ type: 'MELEE_JOINED', rule: 'K-6.5b' });
    const m = apply(s, join);
    const ev = meleeRound(m, m.units.rs!.meleeId!, { table: t, dice: dice(1, 1, 1, 1, 1, 1, 1, 1) });
    expect(of(ev, 'MELEE_ROUND')[0]!.sides.find((x) => x.side === 'red')!.dice).toHaveLength(5);
  });

  it('K-6.6 K-6.6a K-GAP-8 a unit with grenades throws them as the melee begins: the enemy rolls two dice fewer', () => {
    const s = locked({}, { grenades: true });
    expect(grenadeSides(s, mid(s))).toEqual(['red']);
    const g = apply(s, throwGrenades(s, mid(s), 'red'));
    const ev = meleeRound(g, mid(s), { table: t, dice: dice(1, 1, 1, 1) });
    const round = of(ev, 'MELEE_ROUND')[0]!;
    expect(round.sides.find((x) => x.side === 'blue')).toMatchObject({ penalty: 2 });
    expect(round.sides.find((x) => x.side === 'blue')!.dice).toHaveLength(1);
    // K-GAP-8 without scenario data nobody has grenades.
    const none = locked();
    expect(grenadeSides(none, mid(none))).toEqual([]);
  });

  it('K-6.6b K-6.6c both sides may throw: each rolls two fewer, never fewer than one die; not cumulative', () => {
    const s = locked({}, { grenades: true }, { grenades: true });
    let g = apply(s, throwGrenades(s, mid(s), 'red'));
    g = apply(g, throwGrenades(g, mid(s), 'blue'));
    expect(throwGrenades(g, mid(s), 'red')).toEqual([]);
    const ev = meleeRound(g, mid(s), { table: t, dice: dice(1, 1) });
    expect(of(ev, 'MELEE_ROUND')[0]!.sides.map((x) => [x.side, x.dice.length])).toEqual([['red', 1], ['blue', 1]]);
  });

  it('K-6.6d grenades only in the activation the melee began; K-6.6e not when either side is already in melee', () => {
    const s = locked({}, { grenades: true });
    const later = apply(s, [{ type: 'ACTIVATION_ENDED', rule: 'K-2.0b', text: '', unitId: 'rs', units: ['rs'] }]);
    expect(grenadeSides(later, mid(s))).toEqual([]);
    const s0 = stateWith([{ id: 'rs', at: line(40, 80, 3) }, { id: 'r2', at: [[55, 86], [57, 86]], data: { grenades: true } }, { id: 'bs', side: 'blue', at: line(52, 80, 3) }]);
    const s1 = apply(charged(s0), []);
    const m = apply(s1, meleeStart(s1, 'rs', 'bs'));
    const m2 = apply(apply(m, [{ type: 'ACTIVATION_ENDED', rule: 'K-2.0b', text: '', unitId: 'rs', units: ['rs'] }]), meleeStart(m, 'r2', 'bs'));
    expect(grenadeSides(m2, m.units.rs!.meleeId!)).toEqual([]);
  });
});
