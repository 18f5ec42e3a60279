// K-5.6 evacuation and K-SKL-8 the medic: leaving for the rear, escorts, the end-of-turn moves at
// half speed, arrival (K-AMB-9) and the escort's way back to a unit.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { evacuationMoves, medicDuties, startEvacuation, validateMove, type KEvent, type KReading } from '../../../src/rules/kuularuisku/engine';
import type { UnitSpec } from './fixture';
import { apply, dice, line, stateWith, table, types, wounded } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);

function activating(s: KReading, unitId: string): KReading {
  return { ...s, activation: { unitId, units: [unitId], via: 'card', moved: [], shot: [], phase: 'none', action: 'move-shoot' } };
}

describe('K-5.6 evacuation to the dressing station', () => {
  it('K-5.6 K-5.6a a lightly wounded soldier may leave his unit at its activation and head for his own edge at half speed', () => {
    const s = activating(stateWith([{ id: 'sq', at: line(20, 80, 3), figureStart: wounded('light', 3) }]), 'sq');
    const r = startEvacuation(s, { figureId: 'sq_3' }, { table: t });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'EVACUATION_STARTED', rule: 'K-5.6a', evacuation: { role: 'wounded', destination: { kind: 'edge', edge: 'west' } } });
    const after = apply(s, r.ok ? r.events : []);
    expect(after.units.sq!.figures).toEqual(['sq_1', 'sq_2']);
    const healthy = startEvacuation(s, { figureId: 'sq_1' }, { table: t });
    expect(healthy).toMatchObject({ ok: false, rule: 'K-5.6a' });
  });

  it('K-AMB-9 the decision to leave is taken at the unit\'s activation (house); the move comes at the end of the turn', () => {
    const s = stateWith([{ id: 'sq', at: line(20, 80, 3), figureStart: wounded('light', 3) }]);
    expect(startEvacuation(s, { figureId: 'sq_3' }, { table: t })).toMatchObject({ ok: false, rule: 'K-5.6a' });
  });

  it('K-5.6b a seriously wounded soldier needs an unwounded or lightly wounded escort; without one he cannot move', () => {
    const sq = (figureStart: UnitSpec['figureStart']) => activating(stateWith([{ id: 'sq', at: line(20, 80, 3), figureStart }]), 'sq');
    const s = sq(wounded('serious', 3));
    expect(startEvacuation(s, { figureId: 'sq_3' }, { table: t })).toMatchObject({ ok: false, rule: 'K-5.6b' });
    const r = startEvacuation(s, { figureId: 'sq_3', escortId: 'sq_2' }, { table: t });
    expect(r.ok && r.events.map((e) => e.type === 'EVACUATION_STARTED' && e.evacuation.role)).toEqual(['escort', 'wounded']);
    const bad = sq(wounded('serious', 2, 3));
    expect(startEvacuation(bad, { figureId: 'sq_3', escortId: 'sq_2' }, { table: t })).toMatchObject({ ok: false, rule: 'K-5.6b' });
  });

  it('K-5.6c K-5.6e K-5.6f K-5.6g at the end of the turn the escorted wounded moves at half speed (5 cm), the escort in contact', () => {
    const s0 = activating(stateWith([{ id: 'sq', at: [[40, 80], [40, 82.5], [40, 85]], figureStart: wounded('serious', 3) }]), 'sq');
    const r = startEvacuation(s0, { figureId: 'sq_3', escortId: 'sq_2' }, { table: t });
    const s = { ...apply(s0, r.ok ? r.events : []), activation: undefined };
    const ev = evacuationMoves(s, { table: t, dice: dice() });
    const moved = of(ev, 'FIGURES_MOVED')[0]!;
    expect(moved).toMatchObject({ mode: 'evacuation', rule: 'K-5.6e' });
    const w = moved.moves.find((m) => m.figureId === 'sq_3')!;
    expect(w.distance).toBeCloseTo(5, 3);
    expect(w.to[0]).toBeCloseTo(35, 3);
    const e = moved.moves.find((m) => m.figureId === 'sq_2')!;
    const gap = Math.hypot(e.to[0] - w.to[0], e.to[1] - w.to[1]) - 1.2;
    expect(gap).toBeLessThanOrEqual(s.house.contactTolerance);
    // K-5.6e they no longer act with their unit: the squad cannot move them.
    const after = apply(s, ev);
    expect(validateMove(after, { unitId: 'sq', mode: 'normal', moves: [{ figureId: 'sq_3', to: [30, 80] }] }, { table: t })).toMatchObject({ ok: false });
  });

  it('K-5.6d on reaching his edge the wounded leaves the game (K-AMB-9); the escort heads back and rejoins within 3 cm', () => {
    const s0 = activating(stateWith([{ id: 'sq', at: [[3, 80], [5, 80], [7, 80], [9, 80]], figureStart: wounded('serious', 1) }]), 'sq');
    const r = startEvacuation(s0, { figureId: 'sq_1', escortId: 'sq_2' }, { table: t });
    let s: KReading = { ...apply(s0, r.ok ? r.events : []), activation: undefined };
    const ev = evacuationMoves(s, { table: t, dice: dice() });
    expect(of(ev, 'EVACUATION_ARRIVED')[0]).toMatchObject({ figureId: 'sq_1', escortId: 'sq_2', rule: 'K-5.6d' });
    s = apply(s, ev);
    expect(s.figures.sq_1!.removed).toBe('evacuated');
    expect(s.figures.sq_2!.evacuation?.returning).toBe(true);
    const back = evacuationMoves(s, { table: t, dice: dice() });
    expect(types(back)).toContain('ESCORT_REJOINED');
    expect(apply(s, back).units.sq!.figures).toContain('sq_2');
  });

  it('K-5.6a a dressing station on the table (scenario rules) is the destination when there is one', () => {
    const s = activating(stateWith([{ id: 'sq', at: line(40, 80, 3), figureStart: wounded('light', 3) }], { dressingStations: [{ side: 'red', at: [40, 70], radius: 2 }] }), 'sq');
    const r = startEvacuation(s, { figureId: 'sq_3' }, { table: t });
    expect(r.ok && r.events[0]).toMatchObject({ evacuation: { destination: { kind: 'station', index: 0 } } });
    let after: KReading = { ...apply(s, r.ok ? r.events : []), activation: undefined };
    after = apply(after, evacuationMoves(after, { table: t, dice: dice() }));
    const ev = evacuationMoves(after, { table: t, dice: dice() });
    expect(types(ev)).toContain('EVACUATION_ARRIVED');
  });
});

describe('K-SKL-8 the medic', () => {
  it('K-SKL-8 a medic within 15 cm of a seriously wounded man he can see must go to the nearest and escort him to the table edge', () => {
    const s = stateWith([
      { id: 'sq', at: line(40, 80, 3), figureStart: wounded('serious', 3) },
      { id: 'med', at: [[40, 90]], figureData: [{ role: 'medic', skills: ['medic'] }] },
    ]);
    const ev = medicDuties(s, t, s.house);
    expect(ev.map((e) => e.type === 'EVACUATION_STARTED' && [e.figureId, e.evacuation.role, e.evacuation.partner])).toEqual([['med_1', 'escort', 'sq_3'], ['sq_3', 'wounded', 'med_1']]);
    const after = apply(s, ev);
    const move = evacuationMoves(after, { table: t, dice: dice() });
    expect(of(move, 'FIGURES_MOVED')[0]!.moves[0]!.figureId).toBe('med_1');
    // Enemy wounded are not his charge (K-AMB-18 house).
    const enemy = stateWith([{ id: 'bs', side: 'blue', at: line(40, 80, 3), figureStart: wounded('serious', 3) }, { id: 'med', at: [[40, 90]], figureData: [{ role: 'medic', skills: ['medic'] }] }]);
    expect(medicDuties(enemy, t, enemy.house)).toEqual([]);
    const far = stateWith([{ id: 'sq', at: line(40, 80, 3), figureStart: wounded('serious', 3) }, { id: 'med', at: [[40, 100]], figureData: [{ role: 'medic', skills: ['medic'] }] }]);
    expect(medicDuties(far, t, far.house)).toEqual([]);
  });
});
