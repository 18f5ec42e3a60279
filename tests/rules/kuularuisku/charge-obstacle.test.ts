// K-6.1a contact across a K-3.1a small obstacle (house contactAcrossObstacle, Sandtable's reading):
// a charger who goes up to a fence reaches a defender standing a little behind it, on the training
// ground's paddock fence (wood, 1.2 high, 0.2 thick, along z = 28) and its stone wall (2.5 high, 0.6
// thick, along z = 42) — both K-3.1a obstacles of the battlefield, not building walls. Scripted dice.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { parseScenarioOrThrow } from '../../../src/scenario';
import type { Vec2 } from '../../../src/core';
import { meleeRound, meleeStart, validateCharge, validateMove, type KEvent, type KReading } from '../../../src/rules/kuularuisku/engine';
import { contactReach, inContact } from '../../../src/rules/kuularuisku/contact';
import { DEFAULT_HOUSE, houseEntry } from '../../../src/rules/kuularuisku/house';
import { apply, dice, stateWith, table, types } from './fixture';
import { setupRead } from './reading';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);
const R = 0.6; // a rifleman's base radius on the training ground

/**
 * Blue stands `behind` cm (base edge) south of an east–west obstacle face at z = `south`; red starts 5 cm
 * north of the other face at z = `north` and its move ends with bases 0.1 cm off that face.
 */
function atObstacle(south: number, north: number, x0: number, behind = 1.5, house?: Record<string, unknown>) {
  const xs = [x0, x0 + 2, x0 + 4];
  const s = stateWith([
    { id: 'rs', at: xs.map((x) => [x, north + R + 5] as Vec2) },
    { id: 'bs', side: 'blue', at: xs.map((x) => [x, south - behind - R] as Vec2) },
  ], house ? { house } : undefined);
  const moves = xs.map((x, i) => ({ figureId: `rs_${i + 1}`, to: [x, north + R + 0.1] as [number, number] }));
  return { s, moves };
}
const fence = (house?: Record<string, unknown>) => atObstacle(27.9, 28.1, 40, 1.5, house);

describe('K-6.1a contact across a K-3.1a small obstacle (house contactAcrossObstacle)', () => {
  it('the house value is on K-6.1a, 2 cm, and says it is Sandtable\'s reading', () => {
    expect(DEFAULT_HOUSE.contactAcrossObstacle).toBe(2);
    expect(houseEntry('contactAcrossObstacle')).toMatchObject({ id: 'K-6.1a', house: true });
    expect(houseEntry('contactAcrossObstacle').reason).toMatch(/Sandtable's reading; the book is silent/);
    expect(contactReach(DEFAULT_HOUSE)).toBeCloseTo(2.5);
  });

  it('K-6.1a K-3.1a a charger at the paddock fence reaches a defender 1.5 cm behind it', () => {
    const { s, moves } = fence();
    const r = validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t });
    expect(r.ok && types(r.events)).toEqual(['CHARGE_DECLARED', 'FIGURES_MOVED']);
  });

  it('K-3.1a the stone wall (2.5 high, a low wall) is a small obstacle too: the charge over it reaches', () => {
    const { s, moves } = atObstacle(41.7, 42.3, 108);
    expect(validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t }).ok).toBe(true);
  });

  it('K-6.1a on open ground the same 1.8 cm gap is not contact: the charge does not reach, a normal move is fine', () => {
    const { s, moves } = atObstacle(47.9, 48.1, 66); // open flat ground, nothing between
    expect(validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t })).toMatchObject({ ok: false, rule: 'K-6.1a' });
    expect(validateMove(s, { unitId: 'rs', mode: 'normal', moves }, { table: t }).ok).toBe(true);
  });

  it('K-6.1a a normal move that ends at the fence across from the enemy is refused: a move into contact is a charge', () => {
    const { s, moves } = fence();
    const r = validateMove(s, { unitId: 'rs', mode: 'normal', moves }, { table: t });
    expect(r).toMatchObject({ ok: false, rule: 'K-6.1a' });
    expect(!r.ok && r.reason).toMatch(/touch the enemy \(the squad leader of bs\)/);
  });

  it('K-6.1a the across-obstacle reach is bounded: a defender 3 cm behind the fence is out of contact', () => {
    const { s, moves } = atObstacle(27.9, 28.1, 40, 3);
    expect(validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t })).toMatchObject({ ok: false, rule: 'K-6.1a' });
    expect(validateMove(s, { unitId: 'rs', mode: 'normal', moves }, { table: t }).ok).toBe(true);
  });

  it('K-6.1a one of the two must stand at the obstacle: bases 1.2 cm and 0.8 cm off the fence (2.2 cm apart) are not in contact', () => {
    const a = { at: [40, 28.1 + 0.8 + R] as Vec2, y: 0, radius: R, floor: 0 };
    const b = { at: [40, 27.9 - 1.2 - R] as Vec2, y: 0, radius: R, floor: 0 };
    const h = (v: number) => ({ ...DEFAULT_HOUSE, contactAcrossObstacle: v });
    expect(inContact(t, { ...a, y: t.standHeight(a.at[0], a.at[1], 0) }, { ...b, y: t.standHeight(b.at[0], b.at[1], 0) }, h(2))).toBe(false);
    const near = { ...a, at: [40, 28.1 + 0.1 + R] as Vec2 };
    expect(inContact(t, { ...near, y: t.standHeight(near.at[0], near.at[1], 0) }, { ...b, y: t.standHeight(b.at[0], b.at[1], 0) }, h(2))).toBe(true);
    // Symmetric: the defender at the fence, the other just across it.
    expect(inContact(t, { ...b, y: t.standHeight(b.at[0], b.at[1], 0) }, { ...near, y: t.standHeight(near.at[0], near.at[1], 0) }, h(2))).toBe(true);
  });

  it('K-6.1a with contactAcrossObstacle 0 the old reading returns: bases must touch, the fence keeps the defender out of reach', () => {
    const { s, moves } = fence({ contactAcrossObstacle: 0 });
    expect(s.house.contactAcrossObstacle).toBe(0);
    expect(validateCharge(s, { unitId: 'rs', targetId: 'bs', moves }, { table: t })).toMatchObject({ ok: false, rule: 'K-6.1a' });
    expect(validateMove(s, { unitId: 'rs', mode: 'normal', moves }, { table: t }).ok).toBe(true);
  });

  it('K-6.1b K-6.4 K-6.4g the melee across the fence resolves: the loser falls back out of contact', () => {
    const { s: s0, moves } = fence();
    const r = validateCharge(s0, { unitId: 'rs', targetId: 'bs', moves }, { table: t });
    if (!r.ok) throw new Error(r.reason);
    const s1 = apply(s0, r.events);
    const start = meleeStart(s1, 'rs', 'bs');
    expect(start[0]).toMatchObject({ type: 'MELEE_STARTED', rule: 'K-6.1b', units: ['rs', 'bs'] });
    const s: KReading = apply(s1, start);
    // Red 4,1,1 (one hit), blue 1,1,1 (none); blue's wound test 6; blue's morale test 1: fails, falls back.
    const ev = meleeRound(s, s.units.rs!.meleeId!, { table: t, dice: dice(4, 1, 1, 1, 1, 1, 6, 1) });
    expect(of(ev, 'MELEE_DECIDED')[0]).toMatchObject({ loser: 'blue', rule: 'K-6.4e' });
    expect(of(ev, 'MELEE_ENDED')[0]).toMatchObject({ winner: 'red', rule: 'K-6.4g' });
    const fb = of(ev, 'FIGURES_MOVED')[0]!;
    expect(fb).toMatchObject({ mode: 'fall-back', unitId: 'bs' });
    const after = apply(s, ev);
    for (const id of after.units.bs!.figures) {
      const g = after.figures[id]!;
      if (g.removed) continue;
      expect(g.at[1]).toBeLessThan(25.8 - 5); // away south, into the paddock
      for (const rid of after.units.rs!.figures) {
        const f = after.figures[rid]!;
        expect(inContact(t, { at: f.at, y: t.standHeight(f.at[0], f.at[1], 0), radius: f.baseRadius, floor: 0 }, { at: g.at, y: t.standHeight(g.at[0], g.at[1], 0), radius: g.baseRadius, floor: 0 }, after.house)).toBe(false);
      }
    }
  });
});

describe('K-6.1a Kalevankangas: the White charge over the cemetery fence (wood, 1.5 high, 0.3 thick, x = 105)', () => {
  const KAL = 'scenarios/kuularuisku/kalevankangas.json';
  const kal = parseScenarioOrThrow(readFileSync(KAL, 'utf8'), KAL);
  let kt: Battlefield;
  beforeAll(async () => { kt = await createBattlefield(kal); });
  afterAll(() => kt.free());

  /** The Red osasto 1.5 cm inside the east fence (z 70–94), a White squad 5 cm outside it, its move to the fence. */
  function atCemetery(house?: Record<string, unknown>) {
    const rules = (kal.rules ?? {}) as Record<string, unknown>;
    const s0 = setupRead(house ? { ...kal, rules: { ...rules, house: { ...(rules.house as Record<string, unknown> | undefined), ...house } } } as typeof kal : kal);
    const figures = { ...s0.figures };
    const place = (unit: string, x: number) => s0.units[unit]!.figures.forEach((id, i) => { figures[id] = { ...figures[id]!, at: [x, 70 + 2 * i] }; });
    place('r_os1', 104.85 - 1.5 - R);
    place('w_sq3', 105.15 + 0.1 + R + 5);
    const s: KReading = { ...s0, figures };
    const moves = s.units.w_sq3!.figures.map((id) => ({ figureId: id, to: [105.15 + 0.1 + R, s.figures[id]!.at[1]] as [number, number] }));
    return { s, moves };
  }

  it('K-6.1a K-3.1a the charge reaches the defenders behind the fence; a normal move there is refused as contact', () => {
    const { s, moves } = atCemetery();
    expect(s.figures[s.units.w_sq3!.figures[0]!]!.baseRadius).toBe(R);
    const r = validateCharge(s, { unitId: 'w_sq3', targetId: 'r_os1', moves }, { table: kt });
    expect(r.ok && types(r.events)).toEqual(['CHARGE_DECLARED', 'FIGURES_MOVED']);
    expect(validateMove(s, { unitId: 'w_sq3', mode: 'normal', moves }, { table: kt })).toMatchObject({ ok: false, rule: 'K-6.1a' });
  });

  it('K-6.1a with contactAcrossObstacle 0 the defenders cannot be charged (the problem this reading fixes)', () => {
    const { s, moves } = atCemetery({ contactAcrossObstacle: 0 });
    expect(validateCharge(s, { unitId: 'w_sq3', targetId: 'r_os1', moves }, { table: kt })).toMatchObject({ ok: false, rule: 'K-6.1a' });
  });
});
