// C-3.3.3.2j template attacks through the ATTACK command, on the skirmish's battlefield with scripted
// dice: the mobile MG's burst circle and the mortar's explosion rectangle along its facing, every figure
// under them attacked with its own die and defence roll (C-AMB-11 templateRolls), a base half under
// counted by the house reading (templateUnder), the centre out of sight or range refused, hidden figures
// hit (C-GAP-6), a jam stopping the gun, the squad's riflemen firing in the same attack, and the play
// view showing the template.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import type { Scenario } from '../../../src/scenario';
import { templateOutline } from '../../../src/view/play/outlines';
import { activatedOn, beginRound, cobi, send, sessionOn, skirmishTable, type CSession } from './fixture';

let base: Scenario;
let bf: Battlefield;
beforeAll(async () => ({ scenario: base, bf } = await skirmishTable()));
afterAll(() => bf.free());

interface UnitSpec { id: string; side: 'germans' | 'americans'; name: string; at: Array<[number, number]>; profile?: string; profiles?: string[] }

/** The skirmish's terrain with these units; `profiles` gives each figure its own weapon. */
function layout(units: UnitSpec[], house?: Record<string, unknown>): Scenario {
  return {
    ...base,
    ...(house ? { rules: { house } } : {}),
    units: units.map((u) => ({
      id: u.id, side: u.side, name: u.name, type: 'infantry' as const, profile: u.profile ?? 'rifle',
      figures: u.at.map((at, i) => ({ id: `${u.id}_${i + 1}`, at, facing: u.side === 'germans' ? 0 : 180, ...(u.profiles?.[i] ? { profile: u.profiles[i] } : {}) })),
    })),
  };
}

const activated = (scenario: Scenario, unit: string, dice: number[], initiative?: [number, number]): CSession => activatedOn(scenario, bf, unit, dice, initiative);
const fig = (g: CSession, id: string) => g.state.table.figures.find((f) => f.id === id)!;
const dieOf = (events: readonly Record<string, unknown>[]) => events.filter((e) => e.type === 'ATTACK_DIE').map((e) => [e.firer, e.target, e.rolls, e.result]);

/** The MG team (one gunner) at (10, 20); the 1st Rifle Squad 30 cm north: one figure at the centre, one 4 cm off (a base half under), one 6 cm off. */
const MG: UnitSpec = { id: 'mg', side: 'germans', name: 'MG Team', at: [[10, 20]], profile: 'mobile-mg' };
const SQUAD: UnitSpec = { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[10, 50], [14, 50], [10, 56]] };

describe('C-3.3.3.2j template attacks', () => {
  it('C-3.3.3.2j C-AMB-11 the burst (Ø 6.5 cm) centred on a squad attacks the figures under it only, a die and a defence roll each; a base half under counts (templateUnder overlap)', () => {
    // Dice: attack 5 (a1_1) and 3 (a1_2); defence 2 (5 > 2 killed) and 3 (a tie: wounded); one reload test 4 (3–6).
    const g = activated(layout([MG, SQUAD]), 'mg', [5, 3, 2, 3, 4]);
    expect(g.legalCommands().filter((c) => c.type === 'ATTACK').map((c) => c.target)).toEqual(['a1']);
    const attacked = send(g, { type: 'ATTACK', unitId: 'mg', target: 'a1', at: [10, 50] });
    expect(attacked.find((e) => e.type === 'TEMPLATE_LAID')).toMatchObject({ rule: 'C-3.3.3.2j', firer: 'mg_1', weapon: 'mobile-mg', shape: { kind: 'circle', centre: [10, 50], radius: 3.25 }, under: ['a1_1', 'a1_2'] });
    expect(dieOf(attacked)).toEqual([['mg_1', 'a1_1', [5], 'roll'], ['mg_1', 'a1_2', [3], 'roll']]);
    expect(attacked.find((e) => e.type === 'ATTACK_DIE')).toMatchObject({ distance: 30, modifier: 0, template: 'mg_1:burst' });
    // C-3.3.3.2g one decision answers both dice; the template shows while it waits.
    expect(g.pendingDecision()).toMatchObject({ side: 'americans', kind: 'defence-roll', label: 'Americans: roll the defence of 1st Rifle Squad against 2 shots of MG Team' });
    const view = cobi.hud.describe(g.state, { scenario: layout([MG, SQUAD]), table: bf });
    expect(view.templates).toEqual([{ id: 'laid:0', kind: 'circle', centre: [10, 50], radius: 3.25, label: 'MG Team\'s template', rule: 'C-3.3.3.2j' }]);
    const answered = send(g, { type: 'ROLL_DEFENCE', side: 'americans' });
    expect(answered.filter((e) => e.type === 'FIGURE_HIT').map((e) => [e.figure, e.outcome, e.total, e.defence])).toEqual([['a1_1', 'killed', 5, 2], ['a1_2', 'wounded', 3, 3]]);
    // C-3.3.3.2h one reload test for the gun, however many dice it rolled.
    expect(answered.filter((e) => e.type === 'RELOAD_TEST').map((e) => [e.figure, e.roll, e.loaded])).toEqual([['mg_1', 4, true]]);
    expect([fig(g, 'a1_1').alive, fig(g, 'a1_2').wounded, fig(g, 'a1_3')]).toMatchObject([false, true, { alive: true }]);
    expect(g.state.table.attack).toBeUndefined();
  });

  it('C-AMB-11 option templateUnder centre: the base half under is not attacked', () => {
    const g = activated(layout([MG, SQUAD], { templateUnder: 'centre' }), 'mg', [5, 2, 4]);
    const attacked = send(g, { type: 'ATTACK', unitId: 'mg', target: 'a1', at: [10, 50] });
    expect(attacked.find((e) => e.type === 'TEMPLATE_LAID')).toMatchObject({ under: ['a1_1'] });
    expect(dieOf(attacked)).toEqual([['mg_1', 'a1_1', [5], 'roll']]);
  });

  it('C-3.3.3.2j the explosion rectangle (6.5 × 13 cm) lies along its facing: north it covers the figure 6 cm north, east the one 6 cm east', () => {
    const squad: UnitSpec = { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[10, 40], [10, 46], [16, 40]] };
    const mortar: UnitSpec = { id: 'mt', side: 'germans', name: 'Mortar Team', at: [[10, 20]], profile: 'mortar' };
    const under = (facing: number) => {
      const g = activated(layout([mortar, squad]), 'mt', [3, 3, 3, 3, 3, 3, 3]);
      return send(g, { type: 'ATTACK', unitId: 'mt', target: 'a1', at: [10, 40], facing }).find((e) => e.type === 'TEMPLATE_LAID');
    };
    expect(under(0)).toMatchObject({ shape: { kind: 'rect', centre: [10, 40], length: 13, width: 6.5, facing: 0 }, under: ['a1_1', 'a1_2'] });
    expect(under(90)).toMatchObject({ shape: { facing: 90 }, under: ['a1_1', 'a1_3'] });
    // The table draws the laid rectangle where the rules laid it: x 6.75–13.25, z 33.5–46.5.
    const d = activated(layout([mortar, squad]), 'mt', [3, 3, 3, 3, 3, 3, 3]);
    send(d, { type: 'ATTACK', unitId: 'mt', target: 'a1', at: [10, 40], facing: 0 });
    const [drawn] = cobi.hud.describe(d.state, { scenario: layout([mortar, squad]), table: bf }).templates ?? [];
    expect(drawn).toMatchObject({ kind: 'strip', facing: 0, length: 13, radius: 3.25 });
    const ring = templateOutline(drawn!);
    expect([Math.min(...ring.map((q) => q[0])), Math.max(...ring.map((q) => q[0])), Math.min(...ring.map((q) => q[1])), Math.max(...ring.map((q) => q[1]))].map((v) => Math.round(v * 100) / 100)).toEqual([6.75, 13.25, 33.5, 46.5]);
    // Without a facing the rectangle lies along the line of fire (north here).
    const g = activated(layout([mortar, squad]), 'mt', [3, 3, 3, 3, 3, 3, 3]);
    expect(send(g, { type: 'ATTACK', unitId: 'mt', target: 'a1', at: [10, 40] }).find((e) => e.type === 'TEMPLATE_LAID')).toMatchObject({ shape: { facing: 0 }, under: ['a1_1', 'a1_2'] });
  });

  it('C-3.3.3.1a a template centred on a point the gunner cannot see is refused, naming the blocker; C-3.3.3.2d beyond the range refused', () => {
    // The Farmhouse stands between x 29–47, z 55–69: the MG south of it, the squad north of it.
    const hidden = layout([{ ...MG, at: [[38, 48]] }, { ...SQUAD, at: [[38, 76], [60, 90]] }]);
    const g = activated(hidden, 'mg', []);
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'mg', target: 'a1', at: [38, 76] })).toMatchObject({ ok: false, rule: 'C-3.3.3.1a', reason: 'MG Team cannot see the template\'s centre at (38.0, 76.0): Farmhouse is in the way' });
    // A grenade reaches 20 cm: its template's centre 25 cm off is out of range.
    const far = layout([{ ...MG, profile: 'grenade' }, { ...SQUAD, at: [[10, 45]] }]);
    const h = activated(far, 'mg', []);
    expect(h.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'mg', target: 'a1', at: [10, 45] })).toMatchObject({ ok: false, rule: 'C-3.3.3.2d', reason: 'MG Team\'s Grenade, the template\'s centre at (10.0, 45.0): 25 cm is beyond the weapon\'s 20 cm' });
    expect(h.legalCommands().some((c) => c.type === 'ATTACK')).toBe(false);
    // An empty spot takes no template.
    expect(h.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'mg', target: 'a1', at: [10, 30] })).toMatchObject({ ok: false, rule: 'C-3.3.3.2j' });
  });

  it('C-GAP-6 C-3.3.2a a hidden unit takes no direct fire, but a template on it attacks its figures (and any other enemy under it)', () => {
    const scenario = layout([
      { id: 'mg', side: 'germans', name: 'MG Team', at: [[10, 15]], profiles: ['mobile-mg'] },
      { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[12, 50]] },
      { id: 'a2', side: 'americans', name: '2nd Rifle Squad', at: [[14, 52]] },
    ]);
    // Initiative 1–6: the Americans hide the 2nd squad first; then the MG's dice 4 (a2_1) and 4 (a1_1), defence 1 and 6, reload 5.
    const g = sessionOn(scenario, bf, [1, 6, 4, 4, 1, 6, 5]);
    beginRound(g);
    send(g, { type: 'SELECT_UNIT', unitId: 'a2' });
    send(g, { type: 'HIDE', unitId: 'a2' });
    send(g, { type: 'SELECT_UNIT', unitId: 'mg' });
    expect(g.legalCommands().filter((c) => c.type === 'ATTACK').map((c) => c.target)).toEqual(['a1', 'a2']);
    // The default centre: the nearest figure of the target the gunner sees.
    const attacked = send(g, { type: 'ATTACK', unitId: 'mg', target: 'a2' });
    expect(attacked.find((e) => e.type === 'TEMPLATE_LAID')).toMatchObject({ shape: { centre: [14, 52] }, under: ['a1_1', 'a2_1'] });
    expect(dieOf(attacked)).toEqual([['mg_1', 'a1_1', [4], 'roll'], ['mg_1', 'a2_1', [4], 'roll']]);
    const answered = send(g, { type: 'ROLL_DEFENCE', side: 'americans' });
    expect(answered.filter((e) => e.type === 'FIGURE_HIT').map((e) => [e.figure, e.outcome])).toEqual([['a1_1', 'killed'], ['a2_1', 'miss']]);
  });

  it('C-3.3.3.2b a 1 then a 1 jams the MG: the figures left under the template take no die, no reload test', () => {
    const g = activated(layout([MG, SQUAD]), 'mg', [1, 1]);
    const attacked = send(g, { type: 'ATTACK', unitId: 'mg', target: 'a1', at: [10, 50] });
    expect(dieOf(attacked)).toEqual([['mg_1', 'a1_1', [1, 1], 'jam']]);
    expect(attacked.some((e) => e.type === 'RELOAD_TEST')).toBe(false);
    expect(attacked.map((e) => e.type)).toContain('ATTACK_OVER');
    expect(fig(g, 'mg_1').weaponState).toBe('jammed');
  });

  it('C-AMB-11 one ATTACK, all firers: the gunner lays his burst, the team\'s rifleman fires directly at the nearest figure; the play view shows where the burst would land', () => {
    const scenario = layout([{ id: 'mg', side: 'germans', name: 'MG Team', at: [[10, 20], [13, 20]], profiles: ['mobile-mg'] }, SQUAD]);
    // Dice: the burst's 4 (a1_1) and 6 (a1_2), the rifle's 6 (a1_2); defences 6 and 2 (the third shot finds its man down); reload tests 5 and 5.
    const g = activated(scenario, 'mg', [4, 6, 6, 6, 2, 5, 5]);
    const view = cobi.hud.describe(g.state, { scenario, table: bf });
    expect(view.templates).toEqual([{ id: 'aim:a1:mg_1', kind: 'circle', centre: [10, 50], radius: 3.25, label: 'Mobile machine gun on 1st Rifle Squad', rule: 'C-3.3.3.2j' }]);
    const attacked = send(g, { type: 'ATTACK', unitId: 'mg', target: 'a1' });
    // The burst centred on the gunner's nearest, a1_1 (a1_2, 4 cm off, half under it); the rifleman at (13, 20) is nearest a1_2.
    expect(dieOf(attacked)).toEqual([['mg_1', 'a1_1', [4], 'roll'], ['mg_1', 'a1_2', [6], 'roll'], ['mg_2', 'a1_2', [6], 'roll']]);
    const answered = send(g, { type: 'ROLL_DEFENCE', side: 'americans' });
    // a1_2 killed by the burst; the rifle's shot at it finds it down already (C-3.3.3.2g).
    expect(answered.filter((e) => e.type === 'FIGURE_HIT' || e.type === 'SHOT_LOST').map((e) => [e.type, e.figure, e.outcome])).toEqual([['FIGURE_HIT', 'a1_1', 'miss'], ['FIGURE_HIT', 'a1_2', 'killed'], ['SHOT_LOST', 'a1_2', undefined]]);
    expect(answered.filter((e) => e.type === 'RELOAD_TEST').map((e) => e.figure)).toEqual(['mg_1', 'mg_2']);
  });
});
