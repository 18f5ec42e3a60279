// K-5.x shooting on the training ground with scripted dice: target choice, visibility, the shooting
// test, close range, the cover test and the wound test, with the house readings of K-AMB-6/7/8/10.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import {
  evaluateTarget, firepowerOf, leaderDive, resolveShooting, shootingCandidates, validateTarget, type KEvent, type KReading,
} from '../../../src/rules/kuularuisku/engine';
import { soldierName } from '../../../src/rules/kuularuisku/soldier-names';
import { targetsFor } from '../../../src/rules/kuularuisku/hud';
import { apply, dice, fallen, line, stateWith, table, types, wounded, type UnitSpec } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);

/** Red riflemen at the west end of the open lane along z = 80, blue at x. */
/** Red at x 5 and blue at blueX on the lane z = 80, each with its starting state if given (K-7.1b pinned, K-5.5 wounded …). */
type Starts = Pick<UnitSpec, 'start' | 'figureStart'>;
function lane(blueX: number, redN = 3, blueN = 3, extra: Record<string, unknown> = {}, red: Starts = {}, blue: Starts = {}): KReading {
  return stateWith([
    { id: 'rs', at: line(5, 80, redN), ...red },
    { id: 'bs', side: 'blue', at: line(blueX, 80, blueN), ...blue },
  ], extra);
}

describe('K-5.3 shooting test', () => {
  it('K-5.0 K-5.3 K-5.3a K-5.3d one die per rifleman, each ≥ skill 4 hits; K-5.4a a cover die per hit; K-5.5c a wound test per wound', () => {
    const s = lane(55);
    const d = dice(4, 3, 6, /* cover vs 6 */ 5, 6, /* wound */ 4, /* morale T1 */ 4);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: d });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(types(r.events)).toEqual(['SHOT_FIRED', 'COVER_TEST', 'WOUNDS_ALLOCATED', 'WOUND_TEST', 'MORALE_TEST']);
    const shot = of(r.events, 'SHOT_FIRED')[0]!;
    expect(shot).toMatchObject({ hits: 2, closeRange: false, pinned: false, machineGun: false });
    expect(shot.dice.map((x) => [x.value, x.need, x.success])).toEqual([[4, 4, true], [3, 4, false], [6, 4, true]]);
    expect(of(r.events, 'COVER_TEST')[0]).toMatchObject({ cover: 6, coverClass: 'open', wounds: 1 });
    expect(of(r.events, 'WOUND_TEST')[0]).toMatchObject({ result: 'light', condition: 'light' });
    expect(of(r.events, 'MORALE_TEST')[0]).toMatchObject({ trigger: 'K-7.1-T1', passed: true, need: 4 });
    expect(d.remaining).toBe(0);
    const after = apply(s, r.events);
    expect(Object.values(after.figures).filter((f) => f.condition === 'light')).toHaveLength(1);
  });

  it('K-5.3b a seriously wounded soldier adds no dice; K-5.3c a soldier uses one weapon at a time', () => {
    const s = lane(55, 3, 3, {}, { figureStart: wounded('serious', 2) });
    const d = dice(1, 1);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: d });
    expect(r.ok && of(r.events, 'SHOT_FIRED')[0]!.shooters).toEqual(['rs_1', 'rs_3']);
    // One weapon in use per soldier: his firepower is that weapon's, whatever else the unit carries.
    expect(firepowerOf(s, s.figures.rs_1!, s.house)).toBe(1);
  });

  it('K-5.3e soldiers of different skill roll their dice each against their own level', () => {
    const s = stateWith([
      { id: 'rs', at: line(5, 80, 2), figureData: [{ skill: 3 }, { skill: 5 }] },
      { id: 'bs', side: 'blue', at: line(55, 80, 2) },
    ]);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(3, 4, 6) });
    const shot = r.ok ? of(r.events, 'SHOT_FIRED')[0]! : undefined;
    expect(shot?.dice.map((x) => [x.figureId, x.need, x.success])).toEqual([['rs_1', 3, true], ['rs_2', 5, false]]);
  });

  it('K-5.3f K-WPN-8 K-WPN-9 K-WPN-10 firepower comes from the weapon: Chauchat 2N, Lewis 3N, Maxim 6N (3N without a loader)', () => {
    const teams = (mgStart: UnitSpec['figureStart'] = {}) => stateWith([
      { id: 'ch', at: [[5, 80]], figureData: [{ weapon: 'chauchat' }] },
      { id: 'lw', at: [[5, 70]], figureData: [{ weapon: 'K-WPN-9' }] },
      { id: 'mg', type: 'weapon-team', at: [[5, 60], [7, 60]], data: { weapon: 'maxim-1910' }, figureStart: mgStart },
    ]);
    const s = teams();
    expect(firepowerOf(s, s.figures.ch_1!, s.house)).toBe(2);
    expect(firepowerOf(s, s.figures.lw_1!, s.house)).toBe(3);
    expect(firepowerOf(s, s.figures.mg_1!, s.house)).toBe(6);
    const noLoader = teams(wounded('serious', 2));
    expect(firepowerOf(noLoader, noLoader.figures.mg_1!, s.house)).toBe(3);
  });

  it('K-AMB-19 the loader rolls no die of his own; MG-08 and 08/15 fire 3N without a loader (house)', () => {
    const crew = (figureStart: UnitSpec['figureStart'] = {}) => stateWith([
      { id: 'g', type: 'weapon-team', at: [[5, 80], [7, 80]], data: { weapon: 'maxim-mg08' }, figureData: [undefined, { weapon: 'mosin-nagant' }], figureStart },
      { id: 'bs', side: 'blue', at: [[60, 80]] },
    ]);
    const s = crew();
    const o = evaluateTarget(s, 'g', 'bs', { table: t });
    expect(o.shooters).toEqual(['g_1']);
    const alone = crew(fallen(2));
    expect(firepowerOf(alone, alone.figures.g_1!, s.house)).toBe(3);
  });
});

describe('K-5.1 choosing a target', () => {
  it('K-5.1 K-5.1a the target is one enemy unit in range and visible: a rifle reaches 60 cm, not 70', () => {
    expect(evaluateTarget(lane(55), 'rs', 'bs', { table: t }).valid).toBe(true);
    const far = evaluateTarget(lane(77), 'rs', 'bs', { table: t });
    expect(far).toMatchObject({ valid: false, reason: { rule: 'K-5.1a' } });
    expect(evaluateTarget(lane(55), 'rs', 'rs', { table: t }).valid).toBe(false);
  });

  it('K-WPN-1 K-WPN-2 pistols reach 30 cm; K-WPN-5 the Berdan 50 cm; K-WPN-3 K-WPN-4 K-WPN-6 K-WPN-7 rifles 60 cm', () => {
    const at = (x: number, w: string) => stateWith([{ id: 'rs', at: [[5, 80]], figureData: [{ weapon: w }] }, { id: 'bs', side: 'blue', at: [[x, 80]] }]);
    const reach = (x: number, w: string) => evaluateTarget(at(x, w), 'rs', 'bs', { table: t }).valid;
    // Base-to-base: centres 1.2 cm further apart than the tape.
    for (const w of ['K-WPN-1', 'K-WPN-2']) { expect(reach(36, w)).toBe(true); expect(reach(37, w)).toBe(false); }
    expect(reach(56, 'K-WPN-5')).toBe(true); expect(reach(57, 'K-WPN-5')).toBe(false);
    for (const w of ['K-WPN-3', 'K-WPN-4', 'K-WPN-6', 'K-WPN-7']) { expect(reach(66, w)).toBe(true); expect(reach(67, w)).toBe(false); }
  });

  it('K-AMB-6 each firer needs a visible target soldier within his own range (house): the pistol-armed leader does not add his die at 50 cm', () => {
    const s = stateWith([
      { id: 'rs', at: line(5, 80, 3), figureData: [{ weapon: 'nagant-revolver' }] },
      { id: 'bs', side: 'blue', at: line(55, 80, 2) },
    ]);
    expect(evaluateTarget(s, 'rs', 'bs', { table: t }).shooters).toEqual(['rs_2', 'rs_3']);
  });

  it('K-AMB-6 units locked in melee cannot be targeted (house)', () => {
    // Blue locked in melee with a second red squad on its far side.
    const locked = stateWith([
      { id: 'rs', at: line(5, 80, 3) },
      { id: 'bs', side: 'blue', at: line(55, 80, 3), start: { meleeWith: 'r2' } },
      { id: 'r2', at: line(60.4, 80, 2), start: { meleeWith: 'bs' } },
    ]);
    expect(evaluateTarget(locked, 'rs', 'bs', { table: t })).toMatchObject({ valid: false, reason: { rule: 'K-AMB-6' } });
  });

  it('K-5.1b a lone leader who is targeted may dive into a unit within 3 cm; the whole unit is then the target', () => {
    const s = stateWith([
      { id: 'rs', at: line(5, 80, 2) },
      { id: 'cpt', side: 'blue', type: 'leader', at: [[58, 80]] },
      { id: 'bs', side: 'blue', at: line(60.5, 80, 2) },
    ]);
    const r = leaderDive(s, { leaderId: 'cpt', intoUnitId: 'bs' }, { table: t });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'UNIT_JOINED', rule: 'K-5.1b', kind: 'leader' });
    const after = apply(s, r.ok ? r.events : []);
    expect(after.units.bs!.figures).toContain('cpt_1');
    expect(evaluateTarget(after, 'rs', 'bs', { table: t }).hittable).toContain('cpt_1');
    const far = stateWith([{ id: 'cpt', side: 'blue', type: 'leader', at: [[50, 80]] }, { id: 'bs', side: 'blue', at: line(60.5, 80, 2) }]);
    expect(leaderDive(far, { leaderId: 'cpt', intoUnitId: 'bs' }, { table: t })).toMatchObject({ ok: false, rule: 'K-5.1b' });
  });

  it('K-5.1c friendly soldiers of another unit between shooter and target are in the way', () => {
    const s = stateWith([
      { id: 'rs', at: [[5, 80]] },
      { id: 'friends', at: [[30, 80]] },
      { id: 'bs', side: 'blue', at: [[55, 80]] },
    ]);
    expect(evaluateTarget(s, 'rs', 'bs', { table: t })).toMatchObject({ valid: false, reason: { rule: 'K-5.1c' } });
  });

  it('K-5.1d a shooter standing higher (the hill top) fires over the friendly unit in between', () => {
    const s = stateWith([
      { id: 'rs', at: [[40, 60]] },
      { id: 'friends', at: [[60, 60]] },
      { id: 'bs', side: 'blue', at: [[70, 60]] },
    ]);
    const o = evaluateTarget(s, 'rs', 'bs', { table: t });
    expect(o.valid).toBe(true);
  });

  it('K-6.0 K-6.0b units in melee block shooting through them', () => {
    // A blue soldier in the line of fire, locked in melee with a red one beside him.
    const locked = stateWith([
      { id: 'rs', at: [[5, 80]] },
      { id: 'brawl', side: 'blue', at: [[30, 80]], start: { meleeWith: 'r2' } },
      { id: 'r2', at: [[30, 81.4]], start: { meleeWith: 'brawl' } },
      { id: 'bs', side: 'blue', at: [[55, 80]] },
    ]);
    expect(evaluateTarget(locked, 'rs', 'bs', { table: t })).toMatchObject({ valid: false, reason: { rule: 'K-6.0b' } });
  });

  it('K-5.1a shootingCandidates lists every enemy unit with why it can or cannot be shot', () => {
    const s = stateWith([{ id: 'rs', at: [[5, 80]] }, { id: 'near', side: 'blue', at: [[50, 80]] }, { id: 'far', side: 'blue', at: [[78, 80]] }]);
    const c = shootingCandidates(s, 'rs', { table: t });
    expect(c.map((o) => [o.targetId, o.valid])).toEqual([['near', true], ['far', false]]);
    expect(validateTarget(s, 'rs', 'far', { table: t })).toMatchObject({ ok: false, rule: 'K-5.1a' });
    expect(validateTarget(s, 'rs', 'near', { table: t })).toMatchObject({ valid: true, targetId: 'near' });
  });
});

describe('K-5.2 visibility', () => {
  it('K-5.2 K-5.2a K-5.2c a hill between shooter and target blocks sight', () => {
    const s = stateWith([{ id: 'rs', at: [[15, 60]] }, { id: 'bs', side: 'blue', at: [[65, 60]] }]);
    expect(evaluateTarget(s, 'rs', 'bs', { table: t })).toMatchObject({ valid: false, reason: { rule: 'K-5.2a' } });
  });

  it('K-5.2b fences, fields and normal woods do not block sight', () => {
    const fence = stateWith([{ id: 'rs', at: [[20, 45]] }, { id: 'bs', side: 'blue', at: [[35, 26.5]] }]);
    expect(evaluateTarget(fence, 'rs', 'bs', { table: t }).valid).toBe(true);
    const wood = stateWith([{ id: 'rs', at: [[100, 90]] }, { id: 'bs', side: 'blue', at: [[118, 90]] }]);
    expect(evaluateTarget(wood, 'rs', 'bs', { table: t }).valid).toBe(true);
  });

  it('K-5.2d one sees 10 cm into dense woods, and out of them from within 10 cm of the edge', () => {
    const into = (x: number) => evaluateTarget(stateWith([{ id: 'rs', at: [[100, 20]] }, { id: 'bs', side: 'blue', at: [[x, 20]] }]), 'rs', 'bs', { table: t }).valid;
    expect(into(125)).toBe(true);
    expect(into(135)).toBe(false);
    const out = (x: number) => evaluateTarget(stateWith([{ id: 'rs', at: [[x, 20]] }, { id: 'bs', side: 'blue', at: [[100, 20]] }]), 'rs', 'bs', { table: t }).valid;
    expect(out(125)).toBe(true);
    expect(out(135)).toBe(false);
  });

  it('K-5.2e only part of the target visible: the soldier who sees most decides which enemies can be hit; K-5.2f all who see one of them shoot', () => {
    const s = stateWith([
      { id: 'rs', at: [[15, 78], [15, 80.5]] },
      { id: 'bs', side: 'blue', at: [[62, 61], [62, 63.5], [62, 66], [62, 68.5], [62, 71]] },
    ]);
    const o = evaluateTarget(s, 'rs', 'bs', { table: t });
    expect(o.valid).toBe(true);
    expect(o.hittable.length).toBeGreaterThan(0);
    expect(o.hittable.length).toBeLessThan(5);
    expect(o.hittable).not.toContain('bs_1');
    expect(o.hittable).toContain('bs_5');
    expect(o.spotter).toBeDefined();
    const seenBySpotter = o.pairs.filter((p) => p.shooter === o.spotter && p.visible).map((p) => p.target);
    expect(o.hittable).toEqual(seenBySpotter);
    expect(o.shooters.length).toBeGreaterThan(0);
    // The HUD's note names the soldier who picks, never his id.
    const active = { ...s, activation: { unitId: 'rs', units: ['rs'], via: 'card' as const, moved: [], shot: [], phase: 'none' as const, action: 'shoot' as const } };
    const note = targetsFor(active, 'rs', t).find((x) => x.unitId === 'bs')!.notes.find((n) => n.startsWith('K-5.2e'));
    expect(note).toBe(`K-5.2e only part of the unit is visible: ${soldierName(s, o.spotter!)} picks who can be hit`);
    expect(note).not.toContain(o.spotter!);
  });
});

describe('K-5.4 cover test', () => {
  it('K-5.4 K-5.4b K-5.4d open ground still has cover 6: a 6 misses, 1–5 wound', () => {
    const r = resolveShooting(lane(55, 1, 1), { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(6, 6, 3, 4) });
    expect(r.ok && of(r.events, 'COVER_TEST')[0]).toMatchObject({ cover: 6, wounds: 0 });
    const r2 = resolveShooting(lane(55, 1, 1), { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(6, 5, 3, 4) });
    expect(r2.ok && of(r2.events, 'COVER_TEST')[0]).toMatchObject({ cover: 6, wounds: 1 });
  });

  it('K-5.4 a hit on a target behind a wooden fence (light cover) becomes a wound on 1–4', () => {
    const s = stateWith([{ id: 'rs', at: [[20, 45]] }, { id: 'bs', side: 'blue', at: [[35, 26.5]] }]);
    const o = evaluateTarget(s, 'rs', 'bs', { table: t });
    expect(o.cover).toMatchObject({ value: 5, name: 'light' });
  });

  it('K-5.4 a target in the house is in house cover (3), in the grove hard cover (4), in the standing crop light cover (5)', () => {
    const house = stateWith([{ id: 'rs', at: [[100, 15]] }, { id: 'bs', side: 'blue', at: [[100, 27]] }]);
    expect(evaluateTarget(house, 'rs', 'bs', { table: t }).cover).toMatchObject({ value: 3, name: 'house' });
    const grove = stateWith([{ id: 'rs', at: [[100, 90]] }, { id: 'bs', side: 'blue', at: [[118, 90]] }]);
    expect(evaluateTarget(grove, 'rs', 'bs', { table: t }).cover).toMatchObject({ value: 4, name: 'hard' });
    const crop = stateWith([{ id: 'rs', at: [[5, 15]] }, { id: 'bs', side: 'blue', at: [[40, 15]] }]);
    expect(evaluateTarget(crop, 'rs', 'bs', { table: t }).cover).toMatchObject({ value: 5, name: 'light' });
  });

  it('K-5.4c part of the unit in cover: the majority decides; a tie takes the worse value', () => {
    const three = stateWith([{ id: 'rs', at: [[5, 15]] }, { id: 'bs', side: 'blue', at: [[50, 15], [52.5, 15], [56, 15]] }]);
    expect(evaluateTarget(three, 'rs', 'bs', { table: t }).cover.name).toBe('light'); // two in the crop, one out
    const two = stateWith([{ id: 'rs', at: [[5, 15]] }, { id: 'bs', side: 'blue', at: [[53.5, 15], [56, 15]] }]);
    expect(evaluateTarget(two, 'rs', 'bs', { table: t }).cover).toMatchObject({ name: 'open', value: 6 });
  });

  it('K-SKL-3 snow suits give cover 5 in the open in a winter scenario, not in summer', () => {
    const winter = stateWith([{ id: 'rs', at: [[5, 80]] }, { id: 'bs', side: 'blue', at: [[55, 80]], data: { skills: ['snow-suit'] } }], { winter: true });
    expect(evaluateTarget(winter, 'rs', 'bs', { table: t }).cover.value).toBe(5);
    const summer = stateWith([{ id: 'rs', at: [[5, 80]] }, { id: 'bs', side: 'blue', at: [[55, 80]], data: { skills: ['snow-suit'] } }]);
    expect(evaluateTarget(summer, 'rs', 'bs', { table: t }).cover.value).toBe(6);
  });
});

describe('K-5.5 wounds', () => {
  it('K-5.5a the target owner allocates wounds; K-5.5b not a second wound before every visible soldier has one', () => {
    const s = lane(55, 3, 3);
    const ctx = () => ({ table: t, dice: dice(6, 6, 1, 1, 5, 5, 4, 4) });
    const bad = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 2 } }, ctx());
    expect(bad).toMatchObject({ ok: false, rule: 'K-5.5b' });
    const good = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1, bs_3: 1 } }, ctx());
    expect(good.ok && of(good.events, 'WOUNDS_ALLOCATED')[0]!.allocation).toEqual({ bs_2: 1, bs_3: 1 });
  });

  it('K-5.5b wounds from earlier fire count: the next wound goes to a soldier with none', () => {
    const s = lane(55, 1, 2, {}, {}, { figureStart: { 2: { condition: 'light', wounds: 1 } } });
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, 3, 4) });
    expect(r).toMatchObject({ ok: false, rule: 'K-5.5b' });
    const d = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(6, 1, 3, 4) });
    expect(d.ok && of(d.events, 'WOUNDS_ALLOCATED')[0]!.allocation).toEqual({ bs_1: 1 });
  });

  it('K-5.5d killed outright on a 1: the soldier is removed', () => {
    const s = lane(55, 1, 2);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, 1, 6) });
    const after = apply(s, r.ok ? r.events : []);
    expect(after.figures.bs_2).toMatchObject({ condition: 'dead', removed: 'killed' });
    expect(after.units.bs!.figures).toEqual(['bs_1']);
  });

  it('K-5.5e K-AMB-7 a 2 is a serious wound; 3–5 light; 6 just a scratch (house wound table)', () => {
    const roll = (v: number) => {
      const s = lane(55, 1, 2);
      const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, v, 6) });
      return r.ok ? of(r.events, 'WOUND_TEST')[0]!.result : 'refused';
    };
    expect([1, 2, 3, 4, 5, 6].map(roll)).toEqual(['dead', 'serious', 'light', 'light', 'light', 'scratch']);
  });

  it('K-5.5f a light wound slows; K-5.5g a scratch changes nothing', () => {
    const s = lane(55, 1, 2);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, 6) });
    expect(r.ok && of(r.events, 'WOUND_TEST')[0]).toMatchObject({ result: 'scratch', condition: 'healthy' });
    expect(r.ok && types(r.events)).not.toContain('MORALE_TEST'); // K-AMB-8: a scratch is no casualty
  });

  it('K-AMB-7 the "2-3-serious" and "2-4-serious" options change the table', () => {
    const s = stateWith([{ id: 'rs', at: [[5, 80]] }, { id: 'bs', side: 'blue', at: line(55, 80, 2) }], { house: { woundTable: '2-3-serious' } });
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, 3, 6) });
    expect(r.ok && of(r.events, 'WOUND_TEST')[0]!.result).toBe('serious');
  });

  it('K-AMB-8 two wounds on one soldier: two tests, the most severe applies; the per-soldier option rolls once', () => {
    const s = lane(55, 2, 1);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(6, 6, 1, 1, 4, 2, 6) });
    const w = r.ok ? of(r.events, 'WOUND_TEST')[0]! : undefined;
    expect(w).toMatchObject({ rolls: [4, 2], result: 'serious' });
    const once = stateWith([{ id: 'rs', at: line(5, 80, 2) }, { id: 'bs', side: 'blue', at: [[55, 80]] }], { house: { woundTestsPer: 'per-soldier' } });
    const r2 = resolveShooting(once, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(6, 6, 1, 1, 4, 6) });
    expect(r2.ok && of(r2.events, 'WOUND_TEST')[0]).toMatchObject({ rolls: [4], result: 'light' });
  });

  it('K-SKL-8 a medic with the unit re-rolls a bad wound test and the second result stands', () => {
    const s = stateWith([{ id: 'rs', at: [[5, 80]] }, { id: 'bs', side: 'blue', at: line(55, 80, 3), figureData: [undefined, undefined, { role: 'medic', skills: ['medic'] }] }]);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, 1, 5, 6) });
    expect(r.ok && of(r.events, 'WOUND_TEST')[0]).toMatchObject({ rolls: [1, 5], medic: 'bs_3', result: 'light' });
    const worse = resolveShooting(s, { shooterId: 'rs', targetId: 'bs', allocation: { bs_2: 1 } }, { table: t, dice: dice(6, 1, 2, 1, 6) });
    expect(worse.ok && of(worse.events, 'WOUND_TEST')[0]).toMatchObject({ rolls: [2, 1], result: 'dead' });
  });

  it('K-5.5h a fallen machine gunner: the loader takes the gun over; with nobody left it is dropped as a marker', () => {
    const s = stateWith([
      { id: 'rs', at: line(5, 80, 2) },
      { id: 'mg', side: 'blue', type: 'weapon-team', at: [[55, 80], [57, 80]], data: { weapon: 'maxim-1910' } },
    ]);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'mg', allocation: { mg_1: 1 } }, { table: t, dice: dice(6, 1, 1, 1, 6) });
    expect(r.ok && of(r.events, 'WEAPON_TAKEN_OVER')[0]).toMatchObject({ fromFigureId: 'mg_1', toFigureId: 'mg_2', weapon: 'K-WPN-10' });
    const after = apply(s, r.ok ? r.events : []);
    expect(after.figures.mg_2!.weapon).toBe('K-WPN-10');
    const left = resolveShooting(s, { shooterId: 'rs', targetId: 'mg', allocation: { mg_1: 1 }, takeOver: { mg_1: null } }, { table: t, dice: dice(6, 1, 1, 1, 6) });
    const drop = left.ok ? of(left.events, 'WEAPON_DROPPED')[0]! : undefined;
    expect(drop).toMatchObject({ figureId: 'mg_1', weapon: 'K-WPN-10', at: [55, 80] });
    expect(apply(s, left.ok ? left.events : []).markers[drop!.markerId]).toBeDefined();
  });
});

describe('K-5.7 close range', () => {
  it('K-5.7 K-5.7a within 15 cm failed shooting dice are re-rolled once', () => {
    const s = lane(18, 2, 1);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(2, 5, 3, 1, 6) });
    const shot = r.ok ? of(r.events, 'SHOT_FIRED')[0]! : undefined;
    expect(shot?.closeRange).toBe(true);
    expect(shot?.dice.map((x) => [x.first, x.value, x.success])).toEqual([[2, 5, true], [3, 1, false]]);
  });

  it('K-7.1c a pinned unit hits only on 6; K-AMB-10 it still re-rolls at close range (house)', () => {
    const s = lane(18, 1, 1, {}, { start: { status: 'pinned' } });
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(5, 6, 6) });
    const shot = r.ok ? of(r.events, 'SHOT_FIRED')[0]! : undefined;
    expect(shot).toMatchObject({ pinned: true, hits: 1, rule: 'K-7.1c' });
    expect(shot?.dice[0]).toMatchObject({ first: 5, value: 6, need: 6 });
    const off = { ...s, house: { ...s.house, pinnedCloseRangeReroll: false } };
    const r2 = resolveShooting(off, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(5) });
    expect(r2.ok && of(r2.events, 'SHOT_FIRED')[0]!.dice).toEqual([{ figureId: 'rs_1', value: 5, need: 6, success: false }]);
  });
});

describe('K-7.1 morale triggers of fire', () => {
  it('K-7.1-T2 a unit fired on by a machine gun tests even with no hits; K-AMB-16 one test for several triggers', () => {
    const s = stateWith([
      { id: 'mg', type: 'weapon-team', at: [[5, 80], [7, 80]], data: { weapon: 'lewis' } },
      { id: 'bs', side: 'blue', at: line(55, 80, 3) },
    ]);
    const r = resolveShooting(s, { shooterId: 'mg', targetId: 'bs' }, { table: t, dice: dice(1, 1, 1, 5) });
    expect(r.ok && of(r.events, 'MORALE_TEST').map((e) => e.trigger)).toEqual(['K-7.1-T2']);
    const both = resolveShooting(s, { shooterId: 'mg', targetId: 'bs' }, { table: t, dice: dice(6, 1, 1, 1, 3, 5) });
    expect(both.ok && of(both.events, 'MORALE_TEST').map((e) => e.trigger)).toEqual(['K-7.1-T1']);
    const each = { ...s, house: { ...s.house, oneMoraleTestPerEvent: false } };
    const two = resolveShooting(each, { shooterId: 'mg', targetId: 'bs' }, { table: t, dice: dice(6, 1, 1, 1, 3, 5, 5) });
    expect(two.ok && of(two.events, 'MORALE_TEST').map((e) => e.trigger)).toEqual(['K-7.1-T1', 'K-7.1-T2']);
  });

  it('K-7.1-T1 K-7.1b someone wounded: a failed test pins the unit', () => {
    const s = lane(55, 1, 3);
    const r = resolveShooting(s, { shooterId: 'rs', targetId: 'bs' }, { table: t, dice: dice(6, 1, 4, 2) });
    expect(r.ok && types(r.events).slice(-2)).toEqual(['MORALE_TEST', 'UNIT_STATUS_CHANGED']);
    expect(apply(s, r.ok ? r.events : []).units.bs!.status).toBe('pinned');
  });

  it('K-WPN-9 a Lewis gunner who moved this turn cannot shoot', () => {
    // The game opens inside a turn in which the gunner has moved (his unit's card still to come).
    const s = stateWith([{ id: 'lw', at: [[5, 80]], figureData: [{ weapon: 'lewis' }], figureStart: { 1: { movedThisTurn: true } } }, { id: 'bs', side: 'blue', at: [[55, 80]] }], { start: { deck: ['lw', 'bs'] } });
    expect(s.units.lw!.movedThisTurn).toEqual(['lw_1']);
    expect(evaluateTarget(s, 'lw', 'bs', { table: t })).toMatchObject({ valid: false, reason: { rule: 'K-WPN-9', text: 'lw: the Lewis (M/Lewis) moved — cannot shoot in the same turn' } });
  });
});
