// C-3.3.3.2 the infantry attack and C-3.3.2 hiding through the commands, on the skirmish's battlefield
// with scripted dice: the book's pistol example die for die, the tie that wounds, the −1 for a target
// other than the nearest, no direct fire at a hidden unit, a blocked sight line named, the range band at
// its edge, the defender's roll as the defending side's decision, jams and reloads, and hiding refused
// near an enemy and lost on moving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { cobiModule } from '../../../src/rules/cobi';
import { planAttack } from '../../../src/rules/cobi/actions/attack-infantry';
import type { Scenario } from '../../../src/scenario';
import { activatedOn, battlefieldOf, beginRound, cobi, send, sessionOn, skirmishTable, type CSession } from './fixture';

let base: Scenario;
let bf: Battlefield;
beforeAll(async () => ({ scenario: base, bf } = await skirmishTable()));
afterAll(() => bf.free());

interface UnitSpec { id: string; side: 'germans' | 'americans'; name: string; at: Array<[number, number]>; profile?: string; binoculars?: boolean }

/** The skirmish's terrain with these units (the battlefield is the skirmish's: only the units differ). */
function layout(units: UnitSpec[]): Scenario {
  return {
    ...base,
    units: units.map((u) => ({
      id: u.id, side: u.side, name: u.name, type: 'infantry' as const, profile: u.profile ?? 'rifle',
      figures: u.at.map((at, i) => ({ id: `${u.id}_${i + 1}`, at, facing: u.side === 'germans' ? 0 : 180, ...(u.binoculars && i === 0 ? { data: { binoculars: true } } : {}) })),
    })),
  };
}

/** The Officer (a pistol) at (10, 20); 1st Rifle Squad 44 cm north of him; the 2nd nearer, 22.4 cm off (C-EX-5's layout). */
const PISTOL_LAYOUT: UnitSpec[] = [
  { id: 'off', side: 'germans', name: 'Officer', at: [[10, 20]], profile: 'pistol' },
  { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[10, 64]] },
  { id: 'a2', side: 'americans', name: '2nd Rifle Squad', at: [[30, 30]] },
];

const activated = (scenario: Scenario, unit: string, dice: number[], initiative?: [number, number]): CSession => activatedOn(scenario, bf, unit, dice, initiative);
/** The Americans hold both squads; round 2 begins (C-3.2f) and the Germans, winning it, activate the Officer again. */
function nextRoundWithOfficer(g: CSession): void {
  for (const unitId of ['a1', 'a2']) {
    send(g, { type: 'SELECT_UNIT', unitId });
    send(g, { type: 'HOLD', unitId });
  }
  send(g, { type: 'END_ROUND' });
  beginRound(g);
  send(g, { type: 'SELECT_UNIT', unitId: 'off' });
}
const fig = (g: CSession, id: string) => g.state.table.figures.find((f) => f.id === id)!;
const texts = (events: readonly { text?: unknown }[]) => events.map((e) => String(e.text));

describe('C-3.3.3.2 the infantry attack', () => {
  it('C-EX-5 C-3.3.3.2d C-MOD-8 C-3.3.3.2g a pistol at 44 cm (−2) at a target other than the nearest (−1): attacker 4, defender 2: 4 − 3 = 1 < 2, a miss', () => {
    const scenario = layout(PISTOL_LAYOUT);
    // Dice: initiative 6–1, attack 4, defence 2, reload test 5.
    const g = activated(scenario, 'off', [4, 2, 5]);
    const attacked = send(g, { type: 'ATTACK', unitId: 'off', target: 'a1' });
    const die = attacked.find((e) => e.type === 'ATTACK_DIE')!;
    expect(die).toMatchObject({ firer: 'off_1', target: 'a1_1', weapon: 'pistol', distance: 44, modifier: -3, rolls: [4], result: 'roll' });
    expect((die.modifiers as Array<{ rule: string; value: number }>).map((m) => [m.rule, m.value])).toEqual([['C-MOD-10', -2], ['C-MOD-8', -1]]);
    // C-3.3.3.2g the target's player rolls: the Americans are asked, with one option.
    expect(g.pendingDecision()).toMatchObject({ side: 'americans', kind: 'defence-roll', rule: 'C-3.3.3.2g', options: [{ label: 'Roll', command: { type: 'ROLL_DEFENCE', side: 'americans' } }] });
    const answered = send(g, { type: 'ROLL_DEFENCE', side: 'americans' });
    expect(answered.find((e) => e.type === 'FIGURE_HIT')).toMatchObject({ figure: 'a1_1', outcome: 'miss', total: 1, defence: 2, rule: 'C-3.3.3.2g' });
    expect(g.events.filter((e) => e.type === 'DICE_ROLLED').slice(2).map((e) => [(e.roll as { value: number }).value, e.rule])).toEqual([[4, 'C-3.3.3.2a'], [2, 'C-3.3.3.2g'], [5, 'C-3.3.3.2h']]);
    expect(fig(g, 'a1_1')).toMatchObject({ alive: true });
    // C-3.3.2a… the attack over, the activation ends with the last answer; the Americans act next.
    expect(answered.map((e) => e.type)).toEqual(['DICE_ROLLED', 'DICE_ROLLED', 'FIGURE_HIT', 'RELOAD_TEST', 'ATTACK_OVER', 'UNIT_ACTED']);
    expect(g.state.seq).toMatchObject({ side: 'americans', step: 'pick', acted: ['off'] });
    // The game log: the modifiers with their rule ids, each die with its purpose, names not ids.
    const log = cobi.hud.log(g.state, g.log).filter((l) => l.commandIndex >= 3).map((l) => [l.text, l.rule]);
    expect(log).toEqual([
      ['Officer: to-hit die: d6 → 4', 'C-3.3.3.2a'],
      ['Officer attack 1st Rifle Squad (1 firing)', 'C-3.3.3.2a'],
      ['Officer (Pistol) at 1st Rifle Squad, 44.0 cm: C-MOD-10 range −2, C-MOD-8 not the nearest target −1 = −3; die 4: the target\'s player rolls the defence', 'C-3.3.3.2a'],
      ['1st Rifle Squad: defence die against Officer: d6 → 2', 'C-3.3.3.2g'],
      ['Officer: reload test (2–6): d6 → 5', 'C-3.3.3.2h'],
      ['Officer at 1st Rifle Squad: 4 −3 = 1 against 2: a miss', 'C-3.3.3.2g'],
      ['Officer: reload test 5 ≥ 2: reloaded', 'C-3.3.3.2h'],
      ['Officer: attack over', 'C-3.3.3.2h'],
      ['Officer: activation over', 'C-3.2e'],
    ]);
  });

  it('C-3.3.3.2i a tie after the modifiers wounds: the figure lies out of the fight; C-3.3.3.2f the nearest enemy costs no −1', () => {
    const scenario = layout(PISTOL_LAYOUT);
    // The 2nd squad is the nearest, 22.4 cm: pistol −1 (15–30 cm), no C-MOD-8. Attack 4 − 1 = 3, defence 3: a tie.
    const g = activated(scenario, 'off', [4, 3, 5]);
    const die = send(g, { type: 'ATTACK', unitId: 'off', target: 'a2' }).find((e) => e.type === 'ATTACK_DIE')!;
    expect((die.modifiers as Array<{ rule: string }>).map((m) => m.rule)).toEqual(['C-MOD-10']);
    const hit = send(g, { type: 'ROLL_DEFENCE', side: 'americans' }).find((e) => e.type === 'FIGURE_HIT')!;
    expect(hit).toMatchObject({ outcome: 'wounded', total: 3, defence: 3, rule: 'C-3.3.3.2i' });
    expect(fig(g, 'a2_1')).toMatchObject({ alive: true, wounded: true });
    // A squad of wounded figures is out: it is no longer offered to activate, nor attacked.
    expect(g.legalCommands().filter((c) => c.type === 'SELECT_UNIT').map((c) => c.unitId)).toEqual(['a1']);
  });

  it('C-AMB-10 a higher attack kills; C-3.3.3.2i a wounded figure hit again by the same attack dies (house)', () => {
    const scenario = layout([
      { id: 'g1', side: 'germans', name: '1st Grenadier Squad', at: [[10, 20], [13, 20]] },
      ...PISTOL_LAYOUT.slice(1),
    ]);
    // Both riflemen fire at the nearest figure (2nd squad, 0 modifiers at ≤ 40 cm): attack 3 and 5; defence 3 (tie: wounded), then 2 (hit: killed).
    const g = activated(scenario, 'g1', [3, 5, 3, 2, 6, 6]);
    send(g, { type: 'ATTACK', unitId: 'g1', target: 'a2' });
    expect(g.state.table.attack?.awaiting.map((a) => [a.firer, a.target, a.die, a.modifier])).toEqual([['g1_1', 'a2_1', 3, 0], ['g1_2', 'a2_1', 5, 0]]);
    const hits = send(g, { type: 'ROLL_DEFENCE', side: 'americans' }).filter((e) => e.type === 'FIGURE_HIT');
    expect(hits.map((e) => [e.outcome, e.rule])).toEqual([['wounded', 'C-3.3.3.2i'], ['killed', 'C-3.3.3.2i']]);
    expect(fig(g, 'a2_1').alive).toBe(false);
  });

  it('C-3.3.3.2a the play view lists the targets by name with distance, cover and each firer\'s modifiers, and an Attack button each', () => {
    const scenario = layout(PISTOL_LAYOUT);
    const g = activated(scenario, 'off', []);
    const view = cobi.hud.describe(g.state, { scenario, table: bf });
    expect(view.actions.filter((a) => a.rule === 'C-3.3.3.2a').map((a) => a.label)).toEqual(['Attack 1st Rifle Squad', 'Attack 2nd Rifle Squad']);
    // Hiding is not offered: the 2nd Rifle Squad stands within 30 cm (C-3.3.2d).
    expect(view.actions.some((a) => a.id === 'hide')).toBe(false);
    expect(view.targets.map((t) => [t.name, Math.round(t.distance * 10) / 10, t.visible, t.total, t.cover, t.notes, t.command?.type])).toEqual([
      ['1st Rifle Squad', 44, 1, 1, 'open', ['Officer: C-MOD-10 range −2, C-MOD-8 not the nearest target −1'], 'ATTACK'],
      ['2nd Rifle Squad', 22.4, 1, 1, 'open', ['Officer: C-MOD-10 range −1'], 'ATTACK'],
    ]);
    expect(view.units.find((u) => u.id === 'off')!.figures[0]!.weapon).toBe('Pistol');
  });

  it('C-3.2g the last enemy figure killed: the side has lost its last squad and the game ends at once', () => {
    const scenario = layout([PISTOL_LAYOUT[0]!, PISTOL_LAYOUT[2]!]);
    // Attack 5 − 1 = 4 against a defence of 2: killed; reload test 6.
    const g = activated(scenario, 'off', [5, 2, 6]);
    send(g, { type: 'ATTACK', unitId: 'off', target: 'a2' });
    const end = send(g, { type: 'ROLL_DEFENCE', side: 'americans' });
    expect(end.find((e) => e.type === 'FIGURE_HIT')).toMatchObject({ outcome: 'killed', rule: 'C-AMB-10' });
    expect(g.victory()).toEqual({ winner: 'germans', reason: 'Americans have lost their last squad: Germans win', rule: 'C-3.2g' });
    expect(g.legalCommands()).toEqual([]);
  });

  it('C-3.3.3.2g the defender\'s roll is the defending side\'s decision: nothing else is heard, nobody else may answer', () => {
    const g = activated(layout(PISTOL_LAYOUT), 'off', [4, 2, 5]);
    send(g, { type: 'ATTACK', unitId: 'off', target: 'a1' });
    expect(g.legalCommands().filter((c) => c.type !== 'SURRENDER')).toEqual([{ type: 'ROLL_DEFENCE', side: 'americans' }]);
    const byAttacker = g.dispatch({ type: 'ROLL_DEFENCE', side: 'germans' });
    expect(byAttacker.ok).toBe(false);
    const other = g.dispatch({ type: 'HOLD', side: 'germans', unitId: 'off' });
    expect(other).toMatchObject({ ok: false });
    expect((other as { reason: string }).reason).toContain('the game waits for Americans');
    // The play view prompts the defending seat with the Roll button.
    const view = cobi.hud.describe(g.state, { scenario: layout(PISTOL_LAYOUT), table: bf });
    expect(view.prompt.side).toBe('americans');
    expect(view.decision).toMatchObject({ side: 'americans', label: 'Americans: roll the defence of 1st Rifle Squad against 1 shot of Officer' });
    expect(view.actions.filter((a) => a.id === 'roll-defence').map((a) => [a.label, a.rule, a.command.side])).toEqual([['Roll', 'C-3.3.3.2g', 'americans']]);
  });

  it('C-3.3.3.2b a 1 then a 1 jams the weapon (no defence, no reload test); a jammed weapon may be reloaded (C-AMB-5) at +2', () => {
    const scenario = layout(PISTOL_LAYOUT);
    // Attack 1 then 1; round 2: initiative 6–1, the reload action's die 4.
    const g = activated(scenario, 'off', [1, 1, 6, 1, 4]);
    const events = send(g, { type: 'ATTACK', unitId: 'off', target: 'a2' });
    expect(events.find((e) => e.type === 'ATTACK_DIE')).toMatchObject({ result: 'jam', rolls: [1, 1], rule: 'C-3.3.3.2b' });
    expect(events.some((e) => e.type === 'RELOAD_TEST')).toBe(false);
    expect(g.pendingDecision()).toBeUndefined();
    expect(fig(g, 'off_1').weaponState).toBe('jammed');
    nextRoundWithOfficer(g);
    // Not forced: hold and the moves stay on offer beside the reload; no attack with a jammed pistol.
    const offered = new Set(g.legalCommands().map((c) => c.type));
    expect([...offered]).toEqual(expect.arrayContaining(['HOLD', 'MOVE', 'RELOAD']));
    expect(offered.has('ATTACK')).toBe(false);
    expect(send(g, { type: 'RELOAD', unitId: 'off' }).find((e) => e.type === 'RELOAD_TEST')).toMatchObject({ roll: 4, bonus: 2, loaded: true });
    expect(fig(g, 'off_1').weaponState).toBeUndefined();
  });

  it('C-3.3.3.2h a failed reload test forces the reload action at the unit\'s next activation; +2 then loads it', () => {
    const scenario = layout(PISTOL_LAYOUT);
    // Attack 1 then 3 (a natural 1: a miss), reload test 1 < 2: the pistol must be reloaded. Round 2: initiative 6–1, the reload action's die 1.
    const g = activated(scenario, 'off', [1, 3, 1, 6, 1, 1]);
    const events = send(g, { type: 'ATTACK', unitId: 'off', target: 'a2' });
    expect(events.find((e) => e.type === 'RELOAD_TEST')).toMatchObject({ figure: 'off_1', roll: 1, loaded: false, rule: 'C-3.3.3.2h' });
    expect(fig(g, 'off_1').weaponState).toBe('needs-reload');
    // The Americans hold both squads; round 2: the Germans win and activate the Officer again.
    nextRoundWithOfficer(g);
    expect(g.legalCommands().filter((c) => c.type !== 'SURRENDER')).toEqual([{ type: 'RELOAD', side: 'germans', unitId: 'off' }]);
    const hold = g.dispatch({ type: 'HOLD', side: 'germans', unitId: 'off' });
    expect(hold).toMatchObject({ ok: false, rule: 'C-3.3.3.2h', reason: 'Officer must reload first: a weapon failed its reload test' });
    const reload = send(g, { type: 'RELOAD', unitId: 'off' });
    expect(reload.find((e) => e.type === 'RELOAD_TEST')).toMatchObject({ roll: 1, bonus: 2, need: 2, loaded: true, rule: 'C-3.3.3.2h' });
    expect(fig(g, 'off_1').weaponState).toBeUndefined();
  });
});

describe('C-3.3.3.1a C-3.3.3.2d sight and range', () => {
  it('C-3.3.3.1a a sight line through a building is refused, naming it', () => {
    // The Farmhouse stands between x 29–47, z 55–69: a rifleman south of it, the target north of it.
    const scenario = layout([
      { id: 'g1', side: 'germans', name: '1st Grenadier Squad', at: [[38, 48]] },
      { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[38, 76]] },
    ]);
    const g = activated(scenario, 'g1', []);
    expect(g.legalCommands().some((c) => c.type === 'ATTACK')).toBe(false);
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'g1', target: 'a1' })).toMatchObject({ ok: false, rule: 'C-3.3.3.1a', reason: '1st Grenadier Squad cannot see 1st Rifle Squad: Farmhouse is in the way' });
  });

  it('C-3.3.3.1a another unit\'s figure in the line blocks it, named; the HUD lists the target with that refusal', () => {
    const scenario = layout([
      { id: 'off', side: 'germans', name: 'Officer', at: [[10, 20]], profile: 'pistol' },
      { id: 'g2', side: 'germans', name: '2nd Grenadier Squad', at: [[10, 40]] },
      { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[10, 60]] },
    ]);
    const g = activated(scenario, 'off', []);
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'off', target: 'a1' })).toMatchObject({ ok: false, rule: 'C-3.3.3.1a', reason: 'Officer cannot see 1st Rifle Squad: 2nd Grenadier Squad is in the way' });
    const view = cobi.hud.describe(g.state, { scenario, table: bf });
    expect(view.targets).toEqual([expect.objectContaining({ unitId: 'a1', name: '1st Rifle Squad', visible: 0, refusal: { reason: 'Officer cannot see 1st Rifle Squad: 2nd Grenadier Squad is in the way', rule: 'C-3.3.3.1a' } })]);
  });

  it('C-3.3.3.2d C-GAP-9 the range band\'s edge belongs to it: a rifle at 40 cm has no range modifier, at 40.5 cm −1; a pistol beyond 45 cm is out of range', () => {
    const at = (z: number) => layout([
      { id: 'g1', side: 'germans', name: '1st Grenadier Squad', at: [[10, 20]] },
      { id: 'off', side: 'germans', name: 'Officer', at: [[16, 20]], profile: 'pistol' },
      { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[10, z]] },
    ]);
    const plan = (z: number, unit = 'g1') => {
      const scenario = at(z);
      const g = sessionOn(scenario, bf);
      return planAttack(g.state.table, scenario, bf, unit, 'a1');
    };
    const edge = plan(60);
    expect(edge.ok && edge.plans.map((p) => [p.distance, p.modifier.parts])).toEqual([[40, []]]);
    const past = plan(60.5);
    expect(past.ok && past.plans[0]!.modifier.parts.map((p) => [p.rule, p.value])).toEqual([['C-MOD-10', -1]]);
    // The Officer stands 6 cm east: 45.4 cm to the target, past the pistol's last band (45 cm).
    expect(plan(65, 'off')).toMatchObject({ ok: false, rule: 'C-3.3.3.2d', reason: "Officer's Pistol: 45.4 cm is beyond the weapon's 45 cm" });
  });

  it('C-MOD-5 C-MOD-6 cover: a target behind the Hedgerow is in soft cover (−1), one behind the Lane wall in hard cover (−2)', () => {
    // The Hedgerow runs along z 30 from x 66 to 110; the Lane wall along z 86 from x 10 to 60.
    const scenario = layout([
      { id: 'g1', side: 'germans', name: '1st Grenadier Squad', at: [[80, 60]] },
      { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[80, 28]] },
      { id: 'g2', side: 'germans', name: '2nd Grenadier Squad', at: [[30, 70]] },
      { id: 'a2', side: 'americans', name: '2nd Rifle Squad', at: [[30, 88]] },
    ]);
    const g = sessionOn(scenario, bf);
    const hedge = planAttack(g.state.table, scenario, bf, 'g1', 'a1');
    expect(hedge.ok && hedge.plans[0]!.cover).toEqual({ kind: 'soft', by: 'Hedgerow' });
    expect(hedge.ok && hedge.plans[0]!.modifier.parts.map((p) => [p.rule, p.value])).toEqual([['C-MOD-5', -1]]);
    const wall = planAttack(g.state.table, scenario, bf, 'g2', 'a2');
    expect(wall.ok && wall.plans[0]!.modifier.parts.map((p) => [p.rule, p.value])).toEqual([['C-MOD-6', -2]]);
  });
});

describe('C-3.3.2 hiding', () => {
  /** The 2nd Rifle Squad `d` cm north of the Officer (binoculars or not), the 1st far off. */
  const near = (d: number, binoculars = false) => layout([
    { id: 'off', side: 'germans', name: 'Officer', at: [[10, 20]], profile: 'pistol', binoculars },
    { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[110, 110]] },
    { id: 'a2', side: 'americans', name: '2nd Rifle Squad', at: [[10, 20 + d]] },
  ]);
  const hide = (scenario: Scenario) => {
    // The Americans win the initiative and act first with the 2nd squad.
    const g = activated(scenario, 'a2', [], [1, 6]);
    return { g, r: g.dispatch({ type: 'HIDE', side: 'americans', unitId: 'a2' }) };
  };

  it('C-3.3.2d C-AMB-14 no hiding with an enemy within 30 cm (the limit counts), nor one with binoculars within 60 cm', () => {
    expect(hide(near(30)).r).toMatchObject({ ok: false, rule: 'C-3.3.2d', reason: 'Officer is within 30 cm (30.0 cm): 2nd Rifle Squad cannot hide' });
    expect(hide(near(31)).r.ok).toBe(true);
    expect(hide(near(60, true)).r).toMatchObject({ ok: false, rule: 'C-3.3.2d', reason: 'Officer has binoculars and is within 60 cm (60.0 cm): 2nd Rifle Squad cannot hide' });
    expect(hide(near(61, true)).r.ok).toBe(true);
    // Not offered when refused.
    expect(hide(near(30)).g.legalCommands().some((c) => c.type === 'HIDE')).toBe(false);
  });

  it('C-3.3.2a C-GAP-6 a hidden unit takes no direct fire and is not the nearest enemy (C-3.3.3.2f); C-3.3.2e its token shows to both sides; C-3.3.2c it is lost on moving', () => {
    // The 1st squad 42.4 cm off the Officer, the 2nd 40 cm: the 2nd is the nearest enemy.
    const scenario = layout([
      { id: 'off', side: 'germans', name: 'Officer', at: [[10, 20]], profile: 'pistol' },
      { id: 'a1', side: 'americans', name: '1st Rifle Squad', at: [[40, 50]] },
      { id: 'a2', side: 'americans', name: '2nd Rifle Squad', at: [[10, 60]] },
    ]);
    const priority = () => {
      const p = planAttack(g.state.table, scenario, bf, 'off', 'a1');
      return p.ok && p.plans[0]!.modifier.parts.map((x) => x.rule);
    };
    // Round 1: the Americans hide the 2nd squad; round 2 (initiative 1–6 again) they move it.
    const g = sessionOn(scenario, bf, [1, 6, 1, 6]);
    expect(priority()).toEqual(['C-MOD-10', 'C-MOD-8']);
    beginRound(g);
    send(g, { type: 'SELECT_UNIT', unitId: 'a2' });
    expect(send(g, { type: 'HIDE', unitId: 'a2' }).map((e) => [e.type, e.rule])).toEqual([['UNIT_HIDDEN', 'C-3.3.2a'], ['UNIT_ACTED', 'C-3.2e']]);
    send(g, { type: 'SELECT_UNIT', unitId: 'off' });
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'off', target: 'a2' })).toMatchObject({ ok: false, rule: 'C-3.3.2a', reason: '2nd Rifle Squad is hidden: no direct fire at a hidden unit' });
    expect(g.legalCommands().filter((c) => c.type === 'ATTACK').map((c) => c.target)).toEqual(['a1']);
    // The hidden squad is not the nearest enemy any more: the 1st costs no C-MOD-8 now.
    expect(priority()).toEqual(['C-MOD-10']);
    const shown = cobi.hud.describe(g.state, { scenario, table: bf }).units.find((u) => u.id === 'a2')!;
    expect(shown.status).toContain('hidden');
    expect(shown.hiddenFrom).toBeUndefined();
    send(g, { type: 'HOLD', unitId: 'off' });
    send(g, { type: 'SELECT_UNIT', unitId: 'a1' });
    send(g, { type: 'HOLD', unitId: 'a1' });
    send(g, { type: 'END_ROUND' });
    beginRound(g);
    send(g, { type: 'SELECT_UNIT', unitId: 'a2' });
    send(g, { type: 'MOVE', unitId: 'a2', moves: [{ figureId: 'a2_1', to: [20, 60] }] });
    expect(g.state.table.units.find((u) => u.id === 'a2')!.hidden).toBeFalsy();
  });

  it('C-3.3.2d no hiding on a road, naming it', async () => {
    const scenario = near(80);
    const withRoad: Scenario = { ...scenario, features: [...scenario.features, { id: 'lane', kind: 'road', name: 'Farm lane', path: [[0, 100], [120, 100]], width: 6, surface: 'dirt' } as never] };
    const roadBf = await battlefieldOf(withRoad);
    try {
      const g = sessionOn(withRoad, roadBf, [1, 6]);
      beginRound(g);
      send(g, { type: 'SELECT_UNIT', unitId: 'a2' });
      expect(g.dispatch({ type: 'HIDE', side: 'americans', unitId: 'a2' })).toMatchObject({ ok: false, rule: 'C-3.3.2d', reason: '2nd Rifle Squad stands on Farm lane: no hiding on a road' });
    } finally {
      roadBf.free();
    }
  });

  it('C-AMB-11 option one-per-squad: one figure fires for the squad (the one named)', () => {
    const scenario = { ...layout([
      { id: 'g1', side: 'germans', name: '1st Grenadier Squad', at: [[10, 20], [13, 20]] },
      ...PISTOL_LAYOUT.slice(1),
    ]), rules: { house: { squadAttacks: 'one-per-squad' } } };
    const g = activated(scenario, 'g1', [4, 2, 5]);
    const events = send(g, { type: 'ATTACK', unitId: 'g1', target: 'a2', firer: 'g1_2' });
    expect(events.filter((e) => e.type === 'ATTACK_DIE').map((e) => e.firer)).toEqual(['g1_2']);
  });
});

