// A scenario that opens mid-battle: units' and figures' starting states (data.start, rules.start) set up
// through setupK and the ruleset's setup, then played by the rules with scripted dice.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import type { Dice } from '../../../src/core';
import type { Scenario } from '../../../src/scenario';
import {
  belowHalf, defensiveFire, evacuationMoves, leaveGroup, movementAllowance, pickUpWeapon, reuniteUnit, setupK, validateKScenario, validateMove, type KEvent,
} from '../../../src/rules/kuularuisku/engine';
import { phaseOf, type KCommand } from '../../../src/rules/kuularuisku/activation';
import { playableModule } from '../../../src/flow';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { dice, line, scenarioWith, stateWith, table, type UnitSpec } from './fixture';
import { hasActivated } from '../../../src/rules/kuularuisku/acted';
import { setupRead } from './reading';
import { rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const of = <T extends KEvent['type']>(events: readonly KEvent[], type: T) => events.filter((e): e is Extract<KEvent, { type: T }> => e.type === type);

/** A validated scenario and the game's state after setup (the table and the machine's sequence). */
function game(units: UnitSpec[], rules?: Record<string, unknown>): { sc: Scenario; g: KSequenced } {
  const sc = scenarioWith(units, rules);
  expect(validateKScenario(sc)).toEqual([]);
  return { sc, g: kuularuiskuRuleset.setup(sc, { table: t }) as KSequenced };
}

/** One command decided by the game's ruleset and folded; a refusal fails the test with its reason. */
function play(sc: Scenario, g: KSequenced, c: KCommand, d: Dice = dice()): { g: KSequenced; events: KEvent[] } {
  const r = kuularuiskuRuleset.decide(g, c as never, { scenario: sc, table: t, dice: d });
  if (!r.ok) throw new Error(`${c.type} refused: ${r.reason} (${r.rule})`);
  return { g: r.events.reduce((s, e) => kuularuiskuRuleset.evolve(s, e), g) as KSequenced, events: r.events as unknown as KEvent[] };
}

describe('starting states set up and played by the rules', () => {
  it('K-7.1f a unit that starts pinned tests at the start of its activation: fails and stays pinned (K-7.1c may only shoot), or passes', () => {
    const units: UnitSpec[] = [{ id: 'a', at: line(40, 80, 3), start: { status: 'pinned' } }, { id: 'b', side: 'blue', at: line(120, 80, 3) }];
    const { sc, g } = game(units, { start: { deck: ['a', 'b'] } });
    expect(rulesTable(g).units.a!.status).toBe('pinned');
    let r = play(sc, g, { type: 'DRAW_CARD' });
    expect(phaseOf(rulesTable(r.g))).toMatchObject({ kind: 'pending', pending: { kind: 'pinned-test', unitId: 'a', side: 'red' } });
    // Morale 4: a 2 fails — still pinned, it may only shoot.
    r = play(sc, r.g, { type: 'RESOLVE', side: 'red', step: 'pinned-test' }, dice(2));
    expect(of(r.events, 'MORALE_TEST')[0]).toMatchObject({ rule: 'K-7.1-T4', value: 2, passed: false });
    expect(rulesTable(r.g).units.a!.status).toBe('pinned');
    expect(phaseOf(rulesTable(r.g))).toMatchObject({ kind: 'offer', offer: { unitId: 'a', pinnedFailed: true } });
    // The same start, a 5: up again, a plain offer.
    const up = play(sc, play(sc, g, { type: 'DRAW_CARD' }).g, { type: 'RESOLVE', side: 'red', step: 'pinned-test' }, dice(5));
    expect(rulesTable(up.g).units.a!.status).toBe('normal');
    expect(phaseOf(rulesTable(up.g))).toMatchObject({ kind: 'offer', offer: { unitId: 'a' } });
  });

  it('K-6.3a K-6.4b K-6.4i K-6.6d units that start in melee fight a round on the card: the seriously wounded roll no die, no grenades', () => {
    const units: UnitSpec[] = [
      { id: 'a', at: [[50, 80], [50, 82]], start: { meleeWith: 'b', charged: true } },
      { id: 'b', side: 'blue', at: [[51.6, 80], [51.6, 82]], data: { grenades: true }, start: { meleeWith: 'a' }, figureStart: { 2: { condition: 'serious' } } },
    ];
    const { sc, g } = game(units, { start: { deck: ['b', 'a'] } });
    const meleeId = rulesTable(g).units.a!.meleeId!;
    expect(rulesTable(g).melees[meleeId]).toMatchObject({ units: ['a', 'b'], startedBy: 'a', rounds: 1, grenadesOpen: false });
    expect(rulesTable(g).units.b).toMatchObject({ status: 'in-melee', meleeId });
    expect(rulesTable(g).figures.b_2).toMatchObject({ condition: 'serious', wounds: 1 });
    let r = play(sc, g, { type: 'DRAW_CARD' });
    expect(phaseOf(rulesTable(r.g))).toMatchObject({ kind: 'pending', pending: { kind: 'melee-round', unitId: 'b', meleeId } });
    // Red 2 dice, blue 1 (b_2 is seriously wounded): all miss — equal hits, the melee goes on.
    r = play(sc, r.g, { type: 'RESOLVE', side: 'blue', step: 'melee-round' }, dice(1, 1, 1));
    const round = of(r.events, 'MELEE_ROUND')[0]!;
    expect(round.sides.map((x) => [x.side, x.dice.length, x.penalty])).toEqual([['red', 2, 0], ['blue', 1, 0]]);
    expect(of(r.events, 'MELEE_DECIDED')[0]).toMatchObject({ loser: null });
    expect(rulesTable(r.g).melees[meleeId]!.rounds).toBe(2);
  });

  it('K-7.3d a unit that starts routing runs a fast move toward its own table edge on its card', () => {
    const units: UnitSpec[] = [{ id: 'a', at: line(60, 80, 3), start: { status: 'routing' } }, { id: 'b', side: 'blue', at: line(120, 80, 3) }];
    const { sc, g } = game(units, { start: { deck: ['a', 'b'] } });
    let r = play(sc, g, { type: 'DRAW_CARD' });
    expect(phaseOf(rulesTable(r.g))).toMatchObject({ kind: 'pending', pending: { kind: 'rout', unitId: 'a' } });
    r = play(sc, r.g, { type: 'RESOLVE', side: 'red', step: 'rout' });
    const moved = of(r.events, 'FIGURES_MOVED')[0]!;
    expect(moved).toMatchObject({ mode: 'rout', allowance: 20 });
    expect(rulesTable(r.g).figures.a_1!.at[0]).toBeLessThan(41); // west, red's edge
  });

  it('K-2.0b K-2.1b the game opens inside turn 3: the listed cards in the deck, an activated unit\'s card is spent when drawn', () => {
    const units: UnitSpec[] = [
      { id: 'a', at: line(40, 80, 3), start: { activated: true } },
      { id: 'b', side: 'blue', at: line(120, 80, 3) },
      { id: 'c', at: line(40, 60, 3), start: { activated: true } },
    ];
    const { sc, g } = game(units, { start: { turn: 3, deck: ['a', 'b'] } });
    expect(g.seq.round).toBe(3);
    expect(g.seq).toMatchObject({ step: 'draw', deck: ['a', 'b'], drawn: ['c'], acted: ['a', 'c'] });
    expect(phaseOf(rulesTable(g))).toEqual({ kind: 'draw', left: 2 });
    const r = play(sc, g, { type: 'DRAW_CARD' });
    expect(r.events.map((e) => e.type)).toEqual(['CARD_DRAWN', 'CARD_SPENT']);
    expect(r.events[1]).toMatchObject({ rule: 'K-2.0b', reason: 'activated' });
  });

  it('K-GAP-1 K-2.1b rules.start.turn without a deck: the game opens before that turn, its first BEGIN_TURN shuffles turn 4', () => {
    const units: UnitSpec[] = [{ id: 'a', at: line(40, 80, 3) }, { id: 'b', side: 'blue', at: line(120, 80, 3) }];
    const { sc, g } = game(units, { start: { turn: 4 } });
    expect(g.seq.round).toBe(3);
    // The table's own turn counter (its "this turn" marks) starts with the machine's round and follows TURN_STARTED.
    expect(rulesTable(g).turn).toBe(3);
    expect(phaseOf(rulesTable(g))).toEqual({ kind: 'between-turns', turn: 3 });
    const r = play(sc, g, { type: 'BEGIN_TURN' }, dice(1));
    expect(of(r.events, 'TURN_STARTED')[0]).toMatchObject({ turn: 4 });
    expect(r.g.seq.deck).toHaveLength(2);
    expect(rulesTable(r.g).turn).toBe(4);
  });

  it('K-2.3b a unit that starts in readiness may act in the window after the next activation', () => {
    const units: UnitSpec[] = [{ id: 'a', at: line(40, 80, 3), start: { ready: true } }, { id: 'b', side: 'blue', at: line(120, 80, 3) }];
    const { sc, g } = game(units, { start: { deck: ['b'] } });
    expect(g.seq.ready).toEqual(['a']);
    expect(hasActivated(rulesTable(g), 'a')).toBe(false);
    let r = play(sc, g, { type: 'DRAW_CARD' });
    r = play(sc, r.g, { type: 'PASS', side: 'blue', unitId: 'b' });
    expect(phaseOf(rulesTable(r.g))).toMatchObject({ kind: 'window', side: 'red' });
    r = play(sc, r.g, { type: 'READINESS', side: 'red', unitId: 'a' });
    expect(phaseOf(rulesTable(r.g))).toMatchObject({ kind: 'offer', offer: { unitId: 'a', via: 'readiness' } });
  });

  it('K-6.2c a unit that already fired defensive fire this turn fires none when charged', () => {
    const units: UnitSpec[] = [{ id: 'a', at: line(40, 80, 3) }, { id: 'b', side: 'blue', at: line(62, 80, 3), start: { defensiveFireUsed: true } }];
    const s = stateWith(units, { start: { deck: ['a', 'b'] } });
    expect(s.units.b!.defensiveFireUsed).toBe(true);
    expect(defensiveFire(s, 'a', 'b', { table: t, dice: dice() })).toEqual([]);
    const fresh = stateWith([units[0]!, { ...units[1]!, start: undefined }]);
    expect(of(defensiveFire(fresh, 'a', 'b', { table: t, dice: dice(1, 1, 1) }), 'SHOT_FIRED')[0]).toMatchObject({ defensive: true });
  });

  it('K-5.5f K-5.5e a lightly wounded soldier moves at half speed; a seriously wounded one counts as such', () => {
    const s = stateWith([{ id: 'a', at: line(40, 80, 3), figureStart: { 1: { condition: 'light' }, 3: { condition: 'serious', wounds: 2 } } }]);
    expect(s.figures.a_1).toMatchObject({ condition: 'light', wounds: 1 });
    expect(s.figures.a_3).toMatchObject({ condition: 'serious', wounds: 2 });
    expect(movementAllowance(s, 'a_1', 'normal', false, s.house).allowance).toBe(5);
    expect(movementAllowance(s, 'a_2', 'normal', false, s.house).allowance).toBe(10);
  });

  it('K-5.6b K-5.6e a seriously wounded soldier and his escort start on the way to the rear: out of their unit, they move at the end of the turn', () => {
    const s = stateWith([{ id: 'a', at: line(60, 80, 3), figureStart: { 2: { condition: 'serious', evacuation: { escort: 'a_3' } } } }]);
    expect(s.units.a!.figures).toEqual(['a_1']);
    expect(s.figures.a_2!.evacuation).toEqual({ role: 'wounded', partner: 'a_3', destination: { kind: 'edge', edge: 'west' } });
    expect(s.figures.a_3!.evacuation).toEqual({ role: 'escort', partner: 'a_2', destination: { kind: 'edge', edge: 'west' } });
    const moved = of(evacuationMoves(s, { table: t, dice: dice() }), 'FIGURES_MOVED')[0]!;
    expect(moved).toMatchObject({ rule: 'K-5.6e', mode: 'evacuation' });
    expect(moved.moves.map((m) => m.figureId)).toEqual(['a_2', 'a_3']);
    expect(moved.moves[0]!.distance).toBeCloseTo(5, 5);
  });

  it('K-5.6d K-5.6a an escort heading back, and a lightly wounded man sent to a dressing station', () => {
    const s = stateWith(
      [{ id: 'a', at: line(60, 80, 3), figureStart: { 1: { condition: 'light', evacuation: { to: 0 } }, 3: { evacuation: { returning: true } } } }],
      { dressingStations: [{ side: 'red', at: [20, 80], radius: 3 }] },
    );
    expect(s.figures.a_1!.evacuation).toEqual({ role: 'wounded', destination: { kind: 'station', index: 0 } });
    expect(s.figures.a_3!.evacuation).toMatchObject({ role: 'escort', returning: true });
    const ev = evacuationMoves(s, { table: t, dice: dice() });
    expect(of(ev, 'ESCORT_REJOINED')[0]).toMatchObject({ figureId: 'a_3', unitId: 'a' });
  });

  it('K-7.3a the fallen stay in the record: four of six killed leave the unit below half strength', () => {
    const s = stateWith([{ id: 'sq', at: line(40, 80, 6), figureStart: { 3: { removed: 'killed' }, 4: { removed: 'killed' }, 5: { removed: 'killed' }, 6: { removed: 'killed' } } }]);
    expect(s.units.sq).toMatchObject({ figures: ['sq_1', 'sq_2'], startStrength: 6 });
    expect(s.figures.sq_3).toMatchObject({ condition: 'dead', removed: 'killed' });
    expect(belowHalf(s, 'sq', s.house)).toBe(true);
  });

  it('K-1.1b K-1.1c a covering-fire half cannot move; it may merge back into its unit', () => {
    const s = stateWith([{ id: 'a', at: line(40, 80, 4) }, { id: 'a2', at: line(40, 76, 2), start: { splitFrom: 'a' } }]);
    expect(s.units.a).toMatchObject({ coveringHalf: 'a2', startStrength: 6 });
    expect(s.units.a2).toMatchObject({ splitFrom: 'a', startStrength: 2 });
    const moved = validateMove(s, { unitId: 'a2', mode: 'normal', moves: [{ figureId: 'a2_1', to: [40, 74] }, { figureId: 'a2_2', to: [42, 74] }] }, { table: t });
    expect(moved).toMatchObject({ ok: false, rule: 'K-1.1b' });
    const back = reuniteUnit(s, 'a2', { table: t });
    expect(back.ok && back.events[0]).toMatchObject({ type: 'UNIT_REUNITED', unitId: 'a2', intoUnitId: 'a' });
  });

  it('K-1.4b a leader bound to a squad that lost its squad leader cannot leave it', () => {
    const s = stateWith([
      { id: 'sq', at: line(40, 80, 4), figureStart: { 1: { removed: 'killed' } } },
      { id: 'lt', type: 'leader', at: [[48, 80]], data: { joinedTo: 'sq' }, start: { bound: true } },
    ]);
    expect(s.units.sq).toMatchObject({ boundLeaders: ['lt'], joinedLeaders: ['lt'], hadSquadLeader: true });
    expect(leaveGroup(s, 'lt')).toMatchObject({ ok: false, rule: 'K-1.4b' });
  });

  it('K-7.3i the leaders with a unit that starts routing rout with it', () => {
    const s = stateWith([
      { id: 'sq', at: line(40, 80, 4), start: { status: 'routing' } },
      { id: 'lt', type: 'leader', at: [[48, 80]], data: { joinedTo: 'sq' } },
    ]);
    expect(s.units.sq).toMatchObject({ status: 'routing', routLeaders: ['lt'] });
  });

  it('K-5.5h a machine gun left on the table can be taken over by anyone in contact', () => {
    const s = stateWith([{ id: 'a', at: [[50, 80], [48, 80]] }], { start: { markers: [{ weapon: 'maxim-1910', at: [50.9, 80], side: 'blue' }] } });
    const [marker] = Object.values(s.markers);
    expect(marker).toMatchObject({ weapon: 'K-WPN-10', at: [50.9, 80], floor: 0, droppedBy: 'blue' });
    const take = pickUpWeapon(s, { markerId: marker!.id, figureId: 'a_1' }, { table: t });
    expect(take.ok && take.events[0]).toMatchObject({ type: 'WEAPON_PICKED_UP', weapon: 'K-WPN-10' });
  });

  it('K-1.2c K-AMB-22 per-turn facts: cannot move this turn, fell back this turn, moved and shot this turn', () => {
    const s = stateWith(
      [{ id: 'a', at: line(40, 80, 3), start: { cannotMoveThisTurn: true, fellBackThisTurn: true }, figureStart: { 1: { movedThisTurn: true }, 2: { shotThisTurn: true } } }],
      { start: { turn: 2, deck: ['a'] } },
    );
    expect(s.units.a).toMatchObject({ noMoveThisTurn: true, fellBackTurn: 2, movedThisTurn: ['a_1'], shotThisTurn: ['a_2'] });
  });

  it('K-1.1 K-6.3 a start naming a unit the game options left out (an optional unit) is dropped at setup, not a crash', () => {
    // Game options are applied after the file was validated: setup must bear a unit gone from the scenario.
    const sc = scenarioWith([
      { id: 'a', at: line(40, 80, 3), start: { meleeWith: 'gone' } },
      { id: 'h', at: line(40, 76, 1), start: { splitFrom: 'gone' } },
      { id: 'b', side: 'blue', at: line(120, 80, 3) },
    ], { start: { deck: ['gone', 'a', 'h', 'b'] } });
    const g = kuularuiskuRuleset.setup(sc, { table: t }) as KSequenced;
    expect(rulesTable(g).units.a).toMatchObject({ status: 'normal', meleeId: undefined });
    expect(rulesTable(g).units.h!.splitFrom).toBeUndefined();
    expect(g.seq.deck).toEqual(['a', 'h', 'b']);
  });

  it('a scenario without starting states sets up exactly as before (no start: the same state)', () => {
    const units: UnitSpec[] = [{ id: 'a', at: line(40, 80, 3) }, { id: 'b', side: 'blue', at: line(120, 80, 3) }];
    const plain = setupRead(scenarioWith(units));
    expect(plain.seq.round).toBe(0);
    expect(Object.values(plain.units).map((u) => [u.status, hasActivated(plain, u.id), u.meleeId])).toEqual([['normal', false, undefined], ['normal', false, undefined]]);
  });
});

describe('starting states validated with the file\'s JSON path and what was expected', () => {
  const red = (start?: UnitSpec['start'], at = line(40, 80, 3)): UnitSpec => ({ id: 'a', at, ...(start ? { start } : {}) });
  const blue = (start?: UnitSpec['start'], at = line(46.2, 80, 3)): UnitSpec => ({ id: 'b', side: 'blue', at, ...(start ? { start } : {}) });
  const cases: Array<[string, UnitSpec[], Record<string, unknown> | undefined, string, string]> = [
    ['K-6.3 melee with an unknown unit', [red({ meleeWith: 'zz' }), blue()], undefined, 'units.0.data.start.meleeWith', '"zz" is not a unit of this scenario — expected the id of a unit of the other side in base contact'],
    ['K-6.3 melee with a friend', [red({ meleeWith: 'c' }), { id: 'c', at: line(40, 84, 3), start: { meleeWith: 'a' } }, blue()], undefined, 'units.0.data.start.meleeWith', '"c" is not an enemy unit — expected the id of a unit of the other side in base contact'],
    ['K-6.3 the enemy does not agree', [red({ meleeWith: 'b' }), blue()], undefined, 'units.0.data.start.meleeWith', '"b" does not start in melee — expected its data.start.meleeWith to name "a"'],
    ['K-6.1a not in base contact', [red({ meleeWith: 'b' }), blue({ meleeWith: 'a' }, line(60, 80, 3))], undefined, 'units.0.data.start.meleeWith', '"a" and "b" are not in base contact (no two soldiers within 2.5 cm, edge to edge, on one floor)'],
    ['K-6.1b in melee and pinned', [red({ meleeWith: 'b', status: 'pinned' }), blue({ meleeWith: 'a' })], undefined, 'units.0.data.start.status', 'a unit locked in melee is "in melee", not pinned'],
    ['K-6.1a two chargers', [red({ meleeWith: 'b', charged: true }), blue({ meleeWith: 'a', charged: true })], undefined, 'units.1.data.start.charged', 'one unit started the melee — "a" and "b" both say they charged'],
    ['K-6.1a a charger not in melee', [red({ charged: true }), blue()], undefined, 'units.0.data.start.charged', 'only a unit in melee charged into it'],
    ['K-2.0b activated without a deck', [red({ activated: true }), blue()], undefined, 'units.0.data.start.activated', 'activated is a fact of the turn being played — expected rules.start.deck too'],
    ['K-2.3 ready and activated', [red({ activated: true, ready: true }), blue()], { start: { deck: ['b'] } }, 'units.0.data.start.ready', 'expected ready or activated, not both'],
    ['K-2.3 a routing unit in readiness', [red({ status: 'routing', ready: true }), blue()], { start: { deck: ['b'] } }, 'units.0.data.start.ready', 'a routing unit is not waiting in readiness'],
    ['K-2.1b a card missing from the deck', [red(), blue()], { start: { deck: ['b'] } }, 'units.0.data.start', 'the card of "a" is not in rules.start.deck, so it was drawn — expected activated or ready here, or its id in the deck'],
    ['K-2.1b an unknown card', [red(), blue()], { start: { deck: ['a', 'b', 'q'] } }, 'rules.start.deck.2', '"q" is not a unit of this scenario'],
    ['K-2.1a a card twice', [red(), blue()], { start: { deck: ['a', 'b', 'a'] } }, 'rules.start.deck.2', '"a" is in the deck twice'],
    ['K-2.3a a ready unit\'s card in the deck', [red({ ready: true }), blue()], { start: { deck: ['a', 'b'] } }, 'rules.start.deck.0', '"a" is in readiness: its card was drawn'],
    ['K-1.1 a covering-fire half\'s card', [red(), blue(), { id: 'h', at: line(40, 76, 1), start: { splitFrom: 'a' } }], { start: { deck: ['a', 'b', 'h'] } }, 'rules.start.deck.2', '"h" is a covering-fire half: it acts on its parent\'s card'],
    ['K-GAP-1 a start after the last turn', [red(), blue()], { start: { turn: 7 } }, 'rules.start.turn', 'the game opens in turn 7, after its last turn 6 — expected a turn from 1 to 6'],
    ['K-1.1 half of an unknown unit', [red({ splitFrom: 'zz' }), blue()], undefined, 'units.0.data.start.splitFrom', '"zz" is not a unit of this scenario'],
    ['K-1.1 half of an enemy', [red({ splitFrom: 'b' }), blue()], undefined, 'units.0.data.start.splitFrom', '"b" is an enemy unit'],
    ['K-1.1a a half too big', [red(), blue(), { id: 'h', at: line(40, 76, 4), start: { splitFrom: 'a' } }], undefined, 'units.2.data.start.splitFrom', 'K-1.1a the covering-fire half is at most half the unit\'s soldiers: 4 of 7'],
    ['K-1.1 two halves', [red(), blue(), { id: 'h', at: line(40, 76, 1), start: { splitFrom: 'a' } }, { id: 'i', at: line(40, 72, 1), start: { splitFrom: 'a' } }], undefined, 'units.3.data.start.splitFrom', '"a" already has a covering-fire half, "h"'],
    ['K-1.4b bound to a squad with its squad leader', [red(), blue(), { id: 'lt', type: 'leader', at: [[48, 84]], data: { joinedTo: 'a' }, start: { bound: true } }], undefined, 'units.2.data.start.bound', 'a leader becomes the squad leader only of a unit that lost its own'],
    ['K-1.4b bound without joining', [red({ bound: true }), blue()], undefined, 'units.0.data.start.bound', 'only a leader starting joined to a unit (data.joinedTo) can be bound to it'],
    ['K-7.1 a status the file cannot give', [red({ status: 'surrendered' } as unknown as UnitSpec['start']), blue()], undefined, 'units.0.data.start.status', 'expected one of "pinned"|"routing"'],
  ];
  it.each(cases)('%s', (_name, units, rules, path, message) => {
    const issues = validateKScenario(scenarioWith(units, rules));
    expect(issues.map((i) => i.path)).toContain(path);
    expect(issues.find((i) => i.path === path)!.message).toContain(message);
  });

  const fig = (figureStart: UnitSpec['figureStart'], rules?: Record<string, unknown>): [UnitSpec[], Record<string, unknown> | undefined] => [[{ id: 'a', at: line(40, 80, 3), figureStart }, blue()], rules];
  const figureCases: Array<[string, [UnitSpec[], Record<string, unknown> | undefined], string, string]> = [
    ['K-5.5c wounded with no wound', fig({ 1: { condition: 'light', wounds: 0 } }), 'units.0.figures.0.data.start.wounds', 'expected wounds ≥ 1'],
    ['K-5.6 removed and heading to the rear', fig({ 1: { condition: 'light', removed: 'evacuated', evacuation: {} } }), 'units.0.figures.0.data.start.evacuation', 'expected removed or evacuation, not both'],
    ['K-5.6a a healthy man heading to the rear', fig({ 1: { evacuation: {} } }), 'units.0.figures.0.data.start.evacuation', 'only the wounded head to the rear'],
    ['K-5.6b seriously wounded without escort', fig({ 1: { condition: 'serious', evacuation: {} } }), 'units.0.figures.0.data.start.evacuation', 'cannot move without an escort'],
    ['K-5.6b an escort of another unit', fig({ 1: { condition: 'serious', evacuation: { escort: 'b_1' } } }), 'units.0.figures.0.data.start.evacuation.escort', '"b_1" is not a figure of unit "a"'],
    ['K-5.6b a seriously wounded escort', fig({ 1: { condition: 'serious', evacuation: { escort: 'a_2' } }, 2: { condition: 'serious' } }), 'units.0.figures.0.data.start.evacuation.escort', 'expected an unwounded or lightly wounded soldier still with the unit'],
    ['K-5.6c an escort too far away', [[{ id: 'a', at: [[40, 80], [42, 80], [46.5, 80]], figureStart: { 1: { condition: 'serious', evacuation: { escort: 'a_3' } } } }, blue()], undefined], 'units.0.figures.0.data.start.evacuation.escort', 'expected the escort within 3 cm'],
    ['K-5.6a no such dressing station', fig({ 1: { condition: 'light', evacuation: { to: 2 } } }), 'units.0.figures.0.data.start.evacuation.to', 'there is no dressing station 2'],
    ['K-5.6a the enemy\'s dressing station', fig({ 1: { condition: 'light', evacuation: { to: 0 } } }, { dressingStations: [{ side: 'blue', at: [170, 80], radius: 3 }] }), 'units.0.figures.0.data.start.evacuation.to', 'belongs to side "blue" — expected one of his own side'],
    ['K-5.6d a returning escort carrying someone', fig({ 1: { evacuation: { returning: true, escort: 'a_2' } } }), 'units.0.figures.0.data.start.evacuation', 'expected returning alone'],
    ['every figure gone', fig({ 1: { removed: 'killed' }, 2: { removed: 'killed' }, 3: { removed: 'withdrawn' } }), 'units.0.figures', 'expected at least one on the table, or leave the unit out'],
    ['K-WPN moved without a deck', fig({ 1: { movedThisTurn: true } }), 'units.0.figures.0.data.start.movedThisTurn', 'expected rules.start.deck too'],
    ['K-5.5h an unknown weapon left on the table', fig(undefined, { start: { markers: [{ weapon: 'spear', at: [50, 50], side: 'red' }] } }), 'rules.start.markers.0.weapon', 'unknown weapon "spear"'],
    ['K-5.5h a weapon left off the table', fig(undefined, { start: { markers: [{ weapon: 'maxim-1910', at: [190, 50], side: 'red' }] } }), 'rules.start.markers.0.at', '[190, 50] is off the table — expected x from 0 to 180 and z from 0 to 120'],
    ['K-5.5h a weapon left by an unknown side', fig(undefined, { start: { markers: [{ weapon: 'maxim-1910', at: [50, 50], side: 'green' }] } }), 'rules.start.markers.0.side', 'unknown side "green" — expected one of "red", "blue"'],
  ];
  it.each(figureCases)('%s', (_name, [units, rules], path, message) => {
    const issues = validateKScenario(scenarioWith(units, rules));
    expect(issues.map((i) => i.path)).toContain(path);
    expect(issues.find((i) => i.path === path)!.message).toContain(message);
  });

  it('a melee both sides agree on, in contact, with a charger: no problem', () => {
    expect(validateKScenario(scenarioWith([red({ meleeWith: 'b', charged: true }), blue({ meleeWith: 'a' })]))).toEqual([]);
  });
});
