// COBI vehicles on the battlefield, through the commands: a Panther's moves (C-3.3.1a–d, C-EX-1/2), its
// gun against a Sherman die for die (C-EX-4), the hit location by the target's aspect chosen by the
// target's owner (C-3.3.3.1m, C-AMB-15), a wreck left on the table blocking a later sight line, and
// the play view drawing the vehicles from the game state. Scripted dice throughout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import type { Command, Vec2 } from '../../../src/core';
import { cobiModule } from '../../../src/rules/cobi';
import type { CState, CVehicle } from '../../../src/rules/cobi/state';
import type { Scenario } from '../../../src/scenario';
import { readFileSync } from 'node:fs';
import { parseScenarioWithRuleset } from '../../../src/cli/cli-io';
import { ARMOUR_LANE, battlefieldOf, beginRound, loadArmourLane, send, sessionOn, type CSession } from './fixture';

/** The armour lane with tall bushes (soft cover, C-MOD-5) across x 50–70, z 76–84, a mud patch (difficult) and a pond with a strong current (impassable). */
function laneWithBushes(): Scenario {
  const s = loadArmourLane();
  const bushes = { id: 'bushes', kind: 'woods', name: 'Bushes', density: 'normal', polygon: [[50, 76], [70, 76], [70, 84], [50, 84]], height: 12, trees: 2 };
  const mud = { id: 'mud', kind: 'field', name: 'Mud patch', crop: 'mud', polygon: [[84, 40], [96, 40], [96, 46], [84, 46]] };
  const pond = { id: 'pond', kind: 'water', name: 'Mill pond', flow: 'strong', polygon: [[84, 62], [96, 62], [96, 70], [84, 70]] };
  return { ...s, features: [...s.features, bushes as never, mud as never, pond as never] };
}

let base: Scenario;
let bf: Battlefield;
beforeAll(async () => {
  base = laneWithBushes();
  bf = await battlefieldOf(base);
});
afterAll(() => bf.free());

type Place = { at: [number, number]; facing: number; height?: number };
/** The scenario with the Panther and the Sherman placed (and a second Sherman, when given). */
function placed(panther: Place, sherman: Place, second?: Place): Scenario {
  type Unit = NonNullable<Scenario['units']>[number];
  const units: Unit[] = base.units!.map((u) => {
    const p = u.id === 'ger_panther' ? panther : u.id === 'us_sherman' ? sherman : undefined;
    if (!p) return u;
    const f = u.figures[0]!;
    return { ...u, figures: [{ ...f, at: p.at, facing: p.facing, turretFacing: p.facing, hull: { ...f.hull!, ...(p.height ? { height: p.height } : {}) } }] };
  });
  if (second) {
    const s = base.units!.find((u) => u.id === 'us_sherman')!;
    units.push({ ...s, id: 'us_sherman_2', name: 'Sherman Baker', figures: [{ ...s.figures[0]!, id: 'us_sherman_2_hull', at: second.at, facing: second.facing, turretFacing: second.facing }] });
  }
  return { ...base, units: units.map((u) => (u.id === 'us_sherman' && second ? { ...u, name: 'Sherman Able' } : u)) };
}

/** The Panther at (60, 20) facing north; the Sherman head-on at (60, 95.5): its front plate 50 cm from the Panther's muzzle (C-EX-4). */
const PANTHER: Place = { at: [60, 20], facing: 0 };
const SHERMAN: Place = { at: [60, 95.5], facing: 180 };

/** A session with the Germans' Panther activated (the Germans win the initiative 6–1 and act first), then these dice. */
function pantherActivated(scenario: Scenario, dice: number[] = []): CSession {
  const g = sessionOn(scenario, bf, [6, 1, ...dice]);
  beginRound(g);
  send(g, { type: 'SELECT_UNIT', unitId: 'ger_panther' });
  return g;
}
const vehicle = (g: CSession, id: string): CVehicle => (g.state as CState).table.vehicles!.find((v) => v.unit === id)!;
const moved = (g: CSession) => g.events.filter((e) => e.type === 'VEHICLE_MOVED').at(-1)!;
const move = (legs: Array<{ to: Vec2; facing?: number }>, reverse = false): Command => ({ type: 'MOVE', side: 'germans', unitId: 'ger_panther', legs, ...(reverse ? { reverse: true } : {}) });

describe('the armour lane scenario', () => {
  it('C-4.1, C-3.2a passes the format, the registry and COBI\'s checks: each vehicle one hull with its size and a known card, within 40 cm of its edge', () => {
    const r = parseScenarioWithRuleset(readFileSync(ARMOUR_LANE, 'utf8'), ARMOUR_LANE);
    expect(r.ok && r.scenario.ruleset).toBe('cobi');
    const s = loadArmourLane();
    expect(cobiModule.validateScenarioData(s)).toEqual([]);
    const tank = s.units!.findIndex((u) => u.id === 'ger_panther');
    const bad = (change: (u: NonNullable<Scenario['units']>[number]) => object) => cobiModule.validateScenarioData({ ...s, units: s.units!.map((u, i) => (i === tank ? { ...u, ...change(u) } : u)) as never });
    expect(bad(() => ({ data: { card: 'tiger' } }))).toEqual([{ path: `$.units[${tank}].data.card`, message: 'expected a card id of cards.json (panther, sherman, t34-85, sidecar, field-gun-75mm, at-gun-37mm), got "tiger"' }]);
    expect(bad((u) => ({ figures: [{ ...u.figures[0]!, hull: undefined }] }))).toEqual([{ path: `$.units[${tank}].figures[0].hull`, message: 'expected the model\'s hull size (length, width, height in cm): the hull blocks sight and movement' }]);
    expect(bad((u) => ({ figures: [{ ...u.figures[0]!, at: [70, 45] }] }))).toEqual([{ path: `$.units[${tank}].figures[0].at`, message: 'deployed 45.0 cm from the south edge, beyond 40 cm (C-3.2a)' }]);
    expect(bad((u) => ({ figures: [u.figures[0]!, { ...u.figures[0]!, id: 'second' }] }))).toEqual([{ path: `$.units[${tank}].figures`, message: 'a vehicle is one hull: expected one figure, got 2' }]);
  });
});

describe('vehicle movement through the MOVE command', () => {
  it('C-EX-1, C-EX-2 the Panther drives 6 cm and turns 90°: 10 cm for the turn, 12 cm left', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN));
    send(g, move([{ to: [60, 26], facing: 90 }]));
    expect(moved(g)).toMatchObject({ rule: 'C-3.3.1a', to: [60, 26], facing: 90, spent: 16, left: 12 });
    expect(vehicle(g, 'ger_panther')).toMatchObject({ at: [60, 26], facing: 90, turret: 90 });
    expect(String(moved(g).text)).toBe('Panther move: 6 cm forward, turn 90° (10 cm); 16 of 28 cm, 12 cm left');
  });

  it('C-EX-2 an about-face costs 20 cm (four charges of CARD-3); C-AMB-4 a 30° turn costs a whole charge', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN));
    send(g, move([{ to: [60, 20], facing: 180 }]));
    expect(moved(g)).toMatchObject({ spent: 20, left: 8, facing: 180 });
    const h = pantherActivated(placed(PANTHER, SHERMAN));
    send(h, move([{ to: [60, 20], facing: 30 }]));
    expect(moved(h)).toMatchObject({ spent: 5, left: 23 });
  });

  it('C-3.3.1a reversing: CARD-2 straight back; a turn while reversing and a longer reverse are refused', () => {
    // At z 30 the hull's rear (z 18) has room for the 10 cm back.
    const g = pantherActivated(placed({ at: [60, 30], facing: 0 }, SHERMAN));
    expect(g.dispatch(move([{ to: [60, 20], facing: 90 }], true))).toEqual({ ok: false, reason: 'Panther reverses straight back, without turning (CARD-2)', rule: 'C-3.3.1a' });
    expect(g.dispatch(move([{ to: [62, 20] }], true))).toEqual({ ok: false, reason: 'Panther reverses straight back, without turning (CARD-2)', rule: 'C-3.3.1a' });
    expect(g.dispatch(move([{ to: [60, 19] }], true))).toEqual({ ok: false, reason: 'Panther cannot take this path: the path needs 11 cm of 10 cm, 1 cm over', rule: 'C-3.3.1a' });
    // From z 20, 10 cm back would put the rear off the table.
    const h = pantherActivated(placed(PANTHER, SHERMAN));
    expect(h.dispatch(move([{ to: [60, 10] }], true))).toEqual({ ok: false, reason: 'Panther would leave the table', rule: 'C-3.3.1a' });
    send(g, move([{ to: [60, 20] }], true));
    expect(moved(g)).toMatchObject({ spent: 10, left: 0, facing: 0 });
  });

  it('C-3.3.1a over the card\'s move is refused with the cm over; C-3.3.1d on the paved lane road the move is 10 cm longer', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN));
    expect(g.dispatch(move([{ to: [60, 49] }]))).toEqual({ ok: false, reason: 'Panther cannot take this path: the path needs 29 cm of 28 cm, 1 cm over', rule: 'C-3.3.1a' });
    const r = pantherActivated(placed({ at: [104, 20], facing: 0 }, SHERMAN));
    send(r, move([{ to: [104, 58] }]));
    expect(moved(r)).toMatchObject({ spent: 38, left: 0 });
    expect(String(moved(r).text)).toContain('paved road (+10 cm)');
  });

  it('C-3.3.1c entering difficult ground costs CARD-4 once; C-3.1d impassable ground is refused, naming it', () => {
    const g = pantherActivated(placed({ at: [90, 20], facing: 0 }, SHERMAN));
    // 23 cm puts the hull's front (z 55) past the mud (z 40–46): 23 + 5 = 28.
    expect(g.dispatch(move([{ to: [90, 44] }]))).toEqual({ ok: false, reason: 'Panther cannot take this path: the path needs 29 cm of 28 cm, 1 cm over', rule: 'C-3.3.1a' });
    send(g, move([{ to: [90, 43] }]));
    expect(moved(g)).toMatchObject({ spent: 28, left: 0 });
    expect(String(moved(g).text)).toContain('difficult ground (5 cm)');
    // The hull, not only its centre: stopping at z 51 its front would stand in the pond (z 62–70).
    const h = pantherActivated(placed({ at: [90, 20], facing: 0 }, SHERMAN));
    expect(h.dispatch(move([{ to: [90, 51] }]))).toEqual({ ok: false, reason: 'Panther cannot cross Mill pond (impassable)', rule: 'C-3.1d' });
  });

  it('C-3.1d a hull that would run into a building or a soldier is refused, naming it', () => {
    const g = pantherActivated(placed({ at: [38, 30], facing: 0 }, SHERMAN));
    // The farmhouse's south wall runs along z = 55: the hull's front reaches it 13 cm on.
    expect(g.dispatch(move([{ to: [38, 50] }]))).toEqual({ ok: false, reason: 'Panther would run into Farmhouse', rule: 'C-3.1d' });
    // West along z = 20, the hull's west end meets the squad's fifth man (34, 14) first.
    const h = pantherActivated(placed(PANTHER, SHERMAN));
    expect(h.dispatch(move([{ to: [40, 20] }]))).toEqual({ ok: false, reason: 'Panther would run into 1st Grenadier Squad 5', rule: 'C-3.1d' });
  });
});

/** C-EX-4 the 18 damage dice and the two extra dice for the sixes. */
const EX4_POOL = [1, 4, 6, 4, 4, 2, 3, 1, 1, 3, 4, 6, 2, 2, 5, 2, 1, 1, 1, 5];

describe('vehicle attack through the ATTACK command (C-3.3.3.1)', () => {
  it('C-EX-4 die for die: 50 cm, soft cover −1, a 4 hits; the reload 2 fails; 18 dice + 1, 5 → 14 hits; the owner picks the front: 14 − 8 = 6, destroyed, the crew dead', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN), [4, 2, ...EX4_POOL]);
    send(g, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    const fired = g.events.find((e) => e.type === 'VEHICLE_FIRED')!;
    expect(fired).toMatchObject({ range: 50, modifier: -1, rolls: [4], result: 'hit', rule: 'C-3.3.3.1f' });
    expect(String(fired.text)).toBe('Panther fire at Sherman, 50.0 cm barrel to armour (−1 target behind soft cover: Bushes, C-MOD-5): 4 − 1 = 3 against the hit range 3–6: a hit');
    expect(g.events.find((e) => e.type === 'GUN_RELOADED')).toMatchObject({ roll: 2, reloaded: false, rule: 'C-3.3.3.1j' });
    expect(g.events.find((e) => e.type === 'DAMAGE_ROLLED')).toMatchObject({ hits: 14, locations: ['front', 'turret'], side: 'americans' });
    // C-3.3.3.1m the owner chooses: the decision is the Americans', the activation waits for it.
    const d = g.pendingDecision()!;
    expect(d).toMatchObject({ side: 'americans', kind: 'hit-location', rule: 'C-3.3.3.1m', unitId: 'us_sherman' });
    expect(d.options.map((o) => o.label)).toEqual(['front (armour 8): destroyed', 'turret (armour 7): destroyed']);
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'ger_panther' });
    // Only the owner is heard: the attacker's answer and his other commands are refused.
    expect(g.dispatch({ type: 'CHOOSE_LOCATION', side: 'germans', location: 'front' }).ok).toBe(false);
    expect(g.dispatch({ type: 'HOLD', side: 'germans', unitId: 'ger_panther' }).ok).toBe(false);
    expect(g.dispatch({ type: 'CHOOSE_LOCATION', side: 'americans', location: 'rear' })).toEqual({ ok: false, reason: 'the hit strikes front, turret: choose one of them', rule: 'C-AMB-15' });
    send(g, { type: 'CHOOSE_LOCATION', side: 'americans', location: 'front' });
    expect(g.events.find((e) => e.type === 'VEHICLE_STRUCK')).toMatchObject({ location: 'front', armour: 8, hits: 14, damage: 6, effect: 'destroyed', dead: 5, wounded: 0 });
    expect(vehicle(g, 'us_sherman')).toMatchObject({ wreck: true, crew: 0 });
    expect(vehicle(g, 'ger_panther')).toMatchObject({ gun: 'needs-reload', turret: 0 });
    // Every die scripted was rolled (no crew dice after a destroyed result), and the activation is over.
    expect(g.events.filter((e) => e.type === 'DICE_ROLLED')).toHaveLength(2 + 2 + 20);
    expect(g.state.seq).toMatchObject({ side: 'americans', acted: ['ger_panther'] });
  });

  it('C-3.3.3.1j after a failed reload test the reload action (+2) is the only one; C-EX-3, C-3.3.3.1i a 1 then a 1 jams the gun, no reload test; a 1 then another die misses', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN), [1, 1]);
    send(g, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    expect(g.events.find((e) => e.type === 'VEHICLE_FIRED')).toMatchObject({ result: 'jam', rolls: [1, 1], rule: 'C-3.3.3.1i' });
    expect(g.events.some((e) => e.type === 'GUN_RELOADED')).toBe(false);
    expect(vehicle(g, 'ger_panther').gun).toBe('jammed');
    // C-EX-3 the other branch: a 1 then anything else is a miss; the reload test follows.
    const m = pantherActivated(placed(PANTHER, SHERMAN), [1, 4, 6]);
    send(m, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    expect(m.events.find((e) => e.type === 'VEHICLE_FIRED')).toMatchObject({ result: 'miss', rolls: [1, 4], rule: 'C-3.3.3.1h' });
    expect(vehicle(m, 'ger_panther').gun).toBe('loaded');
    const h = pantherActivated(placed(PANTHER, SHERMAN), [3, 4]);
    send(h, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    // A 3 misses (needs 4 with the cover), and the reload 4 fails (5–6).
    expect(h.events.find((e) => e.type === 'VEHICLE_FIRED')).toMatchObject({ result: 'miss' });
    expect(vehicle(h, 'ger_panther').gun).toBe('needs-reload');
    // The same shot, then the round played out; in round 2 the Panther may only RELOAD, at +2 (3 + 2 = 5 in 5–6).
    const r = sessionOn(placed(PANTHER, SHERMAN), bf, [6, 1, 3, 4, 6, 1, 3]);
    beginRound(r);
    send(r, { type: 'SELECT_UNIT', unitId: 'ger_panther' });
    send(r, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    for (const [unitId, side] of [['us_1', 'americans'], ['ger_1', 'germans'], ['us_sherman', 'americans']] as const) {
      send(r, { type: 'SELECT_UNIT', unitId });
      send(r, { type: 'HOLD', side, unitId });
    }
    send(r, { type: 'END_ROUND' });
    beginRound(r);
    send(r, { type: 'SELECT_UNIT', unitId: 'ger_panther' });
    expect(r.legalCommands().filter((c) => c.side === 'germans' && c.type !== 'SURRENDER').map((c) => c.type)).toEqual(['RELOAD']);
    expect(r.dispatch({ type: 'MOVE', side: 'germans', unitId: 'ger_panther', legs: [{ to: [60, 30] }] })).toEqual({ ok: false, reason: 'Panther must reload this activation, instead of any other action', rule: 'C-3.3.3.1j' });
    send(r, { type: 'RELOAD', side: 'germans', unitId: 'ger_panther' });
    expect(r.events.at(-2)).toMatchObject({ type: 'GUN_RELOADED', roll: 3, reloaded: true, action: true });
    expect(vehicle(r, 'ger_panther').gun).toBe('loaded');
  });

  /** The locations offered after a hit on the Sherman turned to `facing` (5 hits, 18 twos: 18 hits). */
  function offered(sherman: Place): string[] {
    const g = pantherActivated(placed(PANTHER, sherman), [5, 6, ...Array<number>(18).fill(2)]);
    send(g, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    const d = g.pendingDecision();
    if (!d) return (g.events.find((e) => e.type === 'VEHICLE_STRUCK')?.location as string | undefined) ? [String(g.events.find((e) => e.type === 'VEHICLE_STRUCK')!.location)] : [];
    expect(d.side).toBe('americans');
    return d.options.map((o) => String(o.command.location)).sort();
  }

  it('C-3.3.3.1m, C-AMB-15 the aspect: dead ahead front or turret, side on side or turret, facing away rear or turret, angled front, side or turret', () => {
    expect(offered(SHERMAN)).toEqual(['front', 'turret']);
    expect(offered({ at: [60, 95.5], facing: 90 })).toEqual(['side', 'turret']);
    expect(offered({ at: [60, 95.5], facing: 0 })).toEqual(['rear', 'turret']);
    expect(offered({ at: [60, 95.5], facing: 135 })).toEqual(['front', 'side', 'turret']);
    expect(offered({ at: [60, 95.5], facing: 45 })).toEqual(['rear', 'side', 'turret']);
  });

  it('C-3.3.3.1m, C-MOD-1 an attacker who aims at a location takes −1 and chooses it: no decision; he may aim only at what the barrel sees', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN), [5, 6, ...Array<number>(18).fill(2)]);
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman', aim: 'rear' })).toEqual({ ok: false, reason: 'Sherman shows front, turret to the barrel: no aim at "rear"', rule: 'C-3.3.3.1m' });
    send(g, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman', aim: 'turret' });
    expect(g.events.find((e) => e.type === 'VEHICLE_FIRED')).toMatchObject({ modifier: -2, aim: 'turret' });
    expect(g.pendingDecision()).toBeUndefined();
    expect(g.events.find((e) => e.type === 'VEHICLE_STRUCK')).toMatchObject({ location: 'turret', armour: 7, damage: 11, effect: 'destroyed', chosenBy: 'germans' });
  });

  it('C-3.3.3.1o a wreck stays a hull on the table and blocks a later sight line, named in the refusal; the play view still draws it', () => {
    // A tall Sherman Able (12 cm hull) between the Panther and Sherman Baker.
    const scenario = placed(PANTHER, { at: [60, 60], facing: 180, height: 12 }, { at: [60, 95], facing: 180 });
    const g = pantherActivated(scenario, [5, 6, ...Array<number>(18).fill(2)]);
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman_2' })).toEqual({ ok: false, reason: 'no sight line from Panther\'s gun to Sherman Baker\'s armour: Sherman Able is in the way', rule: 'C-3.3.3.1a' });
    send(g, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    send(g, { type: 'CHOOSE_LOCATION', side: 'americans', location: 'front' });
    expect(vehicle(g, 'us_sherman')).toMatchObject({ wreck: true });
    send(g, { type: 'SELECT_UNIT', unitId: 'us_sherman_2' });
    expect(g.dispatch({ type: 'ATTACK', side: 'americans', unitId: 'us_sherman_2', target: 'ger_panther' })).toEqual({ ok: false, reason: 'no sight line from Sherman Baker\'s gun to Panther\'s armour: Sherman Able (wreck) is in the way', rule: 'C-3.3.3.1a' });
    expect(g.dispatch({ type: 'ATTACK', side: 'americans', unitId: 'us_sherman_2', target: 'us_sherman' })).toEqual({ ok: false, reason: 'Sherman Able is on your own side', rule: 'C-3.3.3.1a' });
    const view = cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() });
    const wreck = view.units.find((u) => u.id === 'us_sherman')!;
    // C-3.3.3.1q the wreck's turret is taken off.
    expect(wreck.figures[0]).toMatchObject({ condition: 'wreck', hull: { length: 21, width: 10, height: 12, turret: false }, at: [60, 60] });
    expect(wreck.figures[0]!.removed).toBeUndefined();
    expect(view.targets).toEqual([expect.objectContaining({ unitId: 'ger_panther', refusal: { reason: 'no sight line from Sherman Baker\'s gun to Panther\'s armour: Sherman Able (wreck) is in the way', rule: 'C-3.3.3.1a' } })]);
  });

  it('C-GAP-8 a vehicle\'s gun against infantry is refused, saying so', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN));
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_1' })).toEqual({ ok: false, reason: 'Panther\'s gun against infantry (C-GAP-8) is not built yet: choose an enemy vehicle', rule: 'C-GAP-8' });
  });
});

describe('a vehicle and the squad beside it (C-3.3a, C-AMB-3)', () => {
  /** The Panther at (45, 20): its hull's west side (x 39) 4 cm from the edge of the squad's fifth man's base (34, 14). */
  const BESIDE: Place = { at: [45, 20], facing: 0 };

  it('C-3.3a, C-AMB-3 selected, the vehicle takes the squad within 5 cm with it: each acts once, the second as the first did or holds; both have then acted', () => {
    const g = pantherActivated(placed(BESIDE, SHERMAN));
    expect(g.events.filter((e) => e.type === 'UNIT_SELECTED').at(-1)).toMatchObject({ unit: 'ger_panther', units: ['ger_panther', 'ger_1'] });
    expect(g.state.seq).toMatchObject({ unit: 'ger_panther', together: ['ger_1'] });
    const acting = () => new Set(g.legalCommands().filter((c) => c.side === 'germans' && c.type !== 'SURRENDER').map((c) => `${String(c.unitId)} ${c.type}`));
    expect(acting()).toEqual(new Set(['ger_panther HOLD', 'ger_panther ATTACK', 'ger_panther MOVE', 'ger_1 HOLD', 'ger_1 MOVE', 'ger_1 ATTACK', 'ger_1 HIDE']));
    send(g, { type: 'MOVE', side: 'germans', unitId: 'ger_1', moves: g.state.table.figures.filter((f) => f.unit === 'ger_1').map((f) => ({ figureId: f.id, to: [f.at[0] - 5, f.at[1]] })) });
    // The squad moved first: the Panther may move too, or hold, but not fire.
    expect(g.state.seq).toMatchObject({ step: 'activation', unit: 'ger_panther' });
    expect(acting()).toEqual(new Set(['ger_panther HOLD', 'ger_panther MOVE']));
    expect(g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' })).toEqual({ ok: false, reason: 'Panther act with the unit beside them: MOVE or hold (house vehicleWithSquad: same-action)', rule: 'C-AMB-3' });
    expect(g.dispatch({ type: 'MOVE', side: 'germans', unitId: 'ger_1', moves: [{ figureId: 'ger_1_1', to: [10, 14] }] }).ok).toBe(false);
    send(g, move([{ to: [45, 30] }]));
    expect(g.state.seq).toMatchObject({ side: 'americans', acted: ['ger_panther', 'ger_1'] });
  });

  it('C-3.3a the squad acting with the vehicle attacks as itself (C-3.3.3.2) once the vehicle has held', () => {
    const g = pantherActivated(placed(BESIDE, SHERMAN), Array<number>(20).fill(3));
    send(g, { type: 'HOLD', side: 'germans', unitId: 'ger_panther' });
    const attack = g.legalCommands().find((c) => c.type === 'ATTACK' && c.unitId === 'ger_1')!;
    send(g, attack);
    expect(g.events.find((e) => e.type === 'UNIT_ATTACKS')).toMatchObject({ unit: 'ger_1', target: attack.target });
    expect(g.pendingDecision()?.side).toBe('americans');
  });

  it('C-3.3a a vehicle with no squad within 5 cm acts alone; a squad selected beside a vehicle acts alone too', () => {
    const g = pantherActivated(placed(PANTHER, SHERMAN));
    expect(g.state.seq.together).toBeUndefined();
    const h = sessionOn(placed(BESIDE, SHERMAN), bf, [6, 1]);
    beginRound(h);
    send(h, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    expect(h.state.seq.together).toBeUndefined();
    send(h, { type: 'HOLD', side: 'germans', unitId: 'ger_1' });
    expect(h.state.seq).toMatchObject({ side: 'americans', acted: ['ger_1'] });
  });

  it('C-3.1d a hull is in a soldier\'s way as a solid is: the squad may not walk through the Panther', () => {
    const h = sessionOn(placed(BESIDE, SHERMAN), bf, [6, 1]);
    beginRound(h);
    send(h, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    const east = (dx: number): Command => ({ type: 'MOVE', side: 'germans', unitId: 'ger_1', moves: h.state.table.figures.filter((f) => f.unit === 'ger_1').map((f) => ({ figureId: f.id, to: [f.at[0] + dx, f.at[1]] })) });
    // The hull's west side is at x 39: the second man (23.5) would end at 38.5, his base over it.
    expect(h.dispatch(east(15))).toEqual({ ok: false, reason: '1st Grenadier Squad 2: Panther is in the way', rule: 'C-3.1d' });
    send(h, east(-10));
    expect(h.state.table.figures.find((f) => f.id === 'ger_1_5')!.at).toEqual([24, 14]);
  });
});

describe('hulls in the infantry\'s sight lines', () => {
  /** The two squads in the open east of the farm, 92 cm apart; the Sherman (9 cm tall) across the line between them, or off it. */
  function squadsAcross(sherman: Place): Scenario {
    const s = placed(PANTHER, sherman);
    return { ...s, units: s.units!.map((u) => (u.id === 'ger_1' || u.id === 'us_1' ? { ...u, figures: u.figures.map((f, i) => ({ ...f, at: [80 + 3.5 * i, u.id === 'ger_1' ? 14 : 106] as [number, number] })) } : u)) };
  }

  it('C-3.3.3.1a a vehicle\'s hull blocks a soldier\'s sight line, named in the refusal; off the line, the squad may fire', () => {
    const g = sessionOn(squadsAcross({ at: [87, 85], facing: 90 }), bf, [6, 1]);
    beginRound(g);
    send(g, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    expect(g.legalCommands().some((c) => c.type === 'ATTACK' && c.target === 'us_1')).toBe(false);
    const r = g.dispatch({ type: 'ATTACK', side: 'germans', unitId: 'ger_1', target: 'us_1' });
    expect(r).toMatchObject({ ok: false, rule: 'C-3.3.3.1a' });
    expect((r as { reason: string }).reason).toMatch(/^1st Grenadier Squad \d cannot see 1st Rifle Squad \d: Sherman is in the way$/);
    const h = sessionOn(squadsAcross(SHERMAN), bf, [6, 1]);
    beginRound(h);
    send(h, { type: 'SELECT_UNIT', unitId: 'ger_1' });
    expect(h.legalCommands().some((c) => c.type === 'ATTACK' && c.target === 'us_1')).toBe(true);
  });
});

describe('vehicles in the play view', () => {
  it('the hulls come from the game state: a moved Panther is drawn where it went, turned as it turned, with its buttons and its target', () => {
    const scenario = placed(PANTHER, SHERMAN);
    const g = pantherActivated(scenario);
    const view = () => cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() });
    const v = view();
    expect(v.actions.map((a) => a.label)).toEqual(expect.arrayContaining(['Hold', 'Fire at Sherman', 'Forward 28.0 cm', 'Turn 45° left, forward 22.9 cm', 'Turn 90° right, forward 18.0 cm', 'Turn 90° left, forward 9.0 cm', 'Reverse 5.0 cm']));
    expect(v.targets).toEqual([expect.objectContaining({ unitId: 'us_sherman', distance: 50, cover: 'soft cover (Bushes)', command: expect.objectContaining({ type: 'ATTACK' }) })]);
    send(g, move([{ to: [60, 26], facing: 90 }]));
    const panther = view().units.find((u) => u.id === 'ger_panther')!;
    expect(panther).toMatchObject({ kind: 'vehicle', strength: { now: 5, start: 5 } });
    expect(panther.figures[0]).toMatchObject({ at: [60, 26], facing: 90, turretFacing: 90, condition: 'intact', hull: { length: 24, width: 12, height: 8 } });
  });

  it('C-3.3.3.1m the owner\'s choice is the prompt, its options the buttons', () => {
    const scenario = placed(PANTHER, SHERMAN);
    const g = pantherActivated(scenario, [4, 2, ...EX4_POOL]);
    send(g, { type: 'ATTACK', side: 'germans', unitId: 'ger_panther', target: 'us_sherman' });
    const v = cobiModule.hud.describe(g.state, { scenario, table: bf, legal: g.legalCommands() });
    expect(v.prompt).toMatchObject({ side: 'americans', headline: 'Sherman is hit, 14 hits: which armour takes them?' });
    expect(v.actions.map((a) => [a.label, a.command.type])).toEqual([['front (armour 8): destroyed', 'CHOOSE_LOCATION'], ['turret (armour 7): destroyed', 'CHOOSE_LOCATION']]);
    expect(v.decision?.side).toBe('americans');
    // The log: each die with its purpose and rule, each event's line with its rule.
    const log = cobiModule.hud.log(g.state, g.log);
    expect(log.filter((l) => l.dice).slice(2, 4).map((l) => [l.text, l.rule])).toEqual([['Panther: to-hit die: d6 → 4', 'C-3.3.3.1f'], ['Panther: reload test: d6 → 2', 'C-3.3.3.1j']]);
    expect(log.filter((l) => !l.dice && l.rule?.startsWith('C-3.3.3.1')).map((l) => l.rule)).toEqual(['C-3.3.3.1f', 'C-3.3.3.1j', 'C-3.3.3.1k']);
  });
});
