// The toy rulesets' rules with scripted dice (tests/toys/rules): the armour toy's turret arc, hull
// facing and cm template (TA-n), the lines toy's phases, lines moved together and inch distances (TL-n).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { ScriptedDice, type TableQueries, type Vec2 } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, type Command, type GameEvent } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourModule } from '../toys/rules/toyarmour';
import { actArmour, armourFace, setupArmour, TEMPLATE_RADIUS, underTemplate, type ArmourState } from '../toys/rules/toyarmour/rules';
import { toylinesModule } from '../toys/rules/toylines';
import { actLines, CM_PER_INCH, lineFigures, type LinesState } from '../toys/rules/toylines/rules';

const SCENARIOS = path.resolve(__dirname, '../toys/scenarios');
const fields: Record<string, Battlefield> = {};
const load = (id: string): Scenario => parseScenarioOrThrow(readFileSync(path.join(SCENARIOS, `${id}.json`), 'utf8'), `${id}.json`);

beforeAll(async () => {
  for (const id of ['toyarmour', 'toylines']) fields[id] = await createBattlefield(load(id));
});
afterAll(() => {
  for (const bf of Object.values(fields)) bf.free();
});
const tableOf = (id: string): TableQueries => cachedTable(fields[id]!);
const armour = playableModule(toyarmourModule);
const lines = playableModule(toylinesModule);

function armourGame(dice: number[]) {
  return new GameSession<ArmourState, Command, GameEvent, TableQueries>({ ruleset: armour.ruleset, scenario: load('toyarmour'), table: tableOf('toyarmour'), seed: 1, dice: new ScriptedDice(dice) });
}

describe('toy armour (alternating, cm)', () => {
  it('TA-1 initiative: both sides roll a d6, a tie is rolled again, the higher side activates first', () => {
    const g = armourGame([3, 3, 2, 5]);
    const r = g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(r.ok).toBe(true);
    expect(g.state.seq.side).toBe('blue');
    expect(g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' })).toMatchObject({ ok: false });
  });

  it('TA-2 the sides alternate: after a blue unit acts, red picks', () => {
    const g = armourGame([1, 6]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(g.dispatch({ type: 'SELECT_UNIT', side: 'blue', unitId: 'blue_a' }).ok).toBe(true);
    expect(g.dispatch({ type: 'HOLD', side: 'blue', unitId: 'blue_a' }).ok).toBe(true);
    expect(g.state.seq.side).toBe('red');
    expect(g.legalCommands().map((c) => c.unitId).sort()).toEqual(['red_squad', 'tank']);
  });

  it('TA-5 a template outside the turret arc is refused; TA-6 inside it, every base centre within 4 cm is attacked', () => {
    // The tank at (12, 22), turret at 45°: due south-east (135°) is 90° off; blue_a_1 at (44, 30) is about 31° off.
    const g = armourGame([6, 1, 3, 2]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' });
    const wide = g.dispatch({ type: 'TEMPLATE', side: 'red', unitId: 'tank', at: [30, 4] });
    expect(wide).toMatchObject({ ok: false, rule: 'TA-5' });
    expect(!wide.ok && wide.reason).toMatch(/outside its 90° arc/);
    expect(g.legalCommands().filter((c) => c.type === 'TEMPLATE').every((c) => (c.at as Vec2)[0] > 40)).toBe(true);
    const r = g.dispatch({ type: 'TEMPLATE', side: 'red', unitId: 'tank', at: [44, 30] });
    expect(r.ok).toBe(true);
    const events = r.ok ? r.events : [];
    // blue_a_2 is 2.5 cm from the centre, blue_a_3 5 cm: only the first two are under it.
    expect(events.find((e) => e.type === 'TEMPLATE_FIRED')).toMatchObject({ under: ['blue_a_1', 'blue_a_2'], radius: 4 });
    // d6 3+ hits: blue_a_1 (3) falls, blue_a_2 (2) does not.
    expect(events.filter((e) => e.type === 'FIGURE_DOWN').map((e) => e.figure)).toEqual(['blue_a_1']);
    expect(g.state.seq.side).toBe('blue');
  });

  it('TA-6 the template reaches exactly its radius, measured on the battlefield in cm (height counts)', () => {
    const table = tableOf('toyarmour');
    const s = setupArmour(load('toyarmour'));
    const place = (id: string, p: Vec2) => {
      s.figures = s.figures.map((f) => (f.id === id ? { ...f, at: p } : f));
    };
    place('blue_b_1', [50, 5 + TEMPLATE_RADIUS]);
    place('blue_b_2', [50 + TEMPLATE_RADIUS + 0.1, 5]);
    place('blue_b_3', [50, 5]);
    expect(underTemplate(s, table, [50, 5]).map((f) => f.id)).toEqual(['blue_b_1', 'blue_b_3']);
    // A figure on the knoll's top, 3.9 cm from the centre in plan but higher up: farther than 4 cm, not under it.
    place('blue_b_3', [30, 20]);
    const centre: Vec2 = [30, 23.9];
    const rise = table.standHeight(30, 20) - table.standHeight(centre[0], centre[1]);
    expect(Math.hypot(3.9, rise)).toBeGreaterThan(TEMPLATE_RADIUS);
    expect(underTemplate(s, table, centre).map((f) => f.id)).not.toContain('blue_b_3');
  });

  it('TA-7 the armour struck is the hull\'s front, side or rear by the shot\'s angle off the hull facing, not the turret\'s', () => {
    const tank = { ...setupArmour(load('toyarmour')).figures.find((f) => f.vehicle)!, at: [20, 20] as Vec2, facing: 90, turret: 270 };
    expect(armourFace(tank, [40, 20])).toBe('front');
    expect(armourFace(tank, [40, 35])).toBe('front');
    expect(armourFace(tank, [20, 40])).toBe('side');
    expect(armourFace(tank, [5, 30])).toBe('rear');
    expect(armourFace({ ...tank, facing: 270 }, [5, 30])).toBe('front');
  });

  it('TA-7 a rifle hit on the vehicle rolls against the armour of the face struck: the rear (3) is beaten by a 4', () => {
    const scenario = load('toyarmour');
    const s = setupArmour(scenario);
    // The blue squad right behind the tank (hull facing east).
    const figures = s.figures.map((f) => (f.unit === 'blue_b' ? { ...f, at: [f.at[0] - 40, 22] as Vec2 } : f));
    const state: ArmourState = { table: { figures }, seq: { ...armour.ruleset.setup(scenario, { table: tableOf('toyarmour') }).seq, step: 'activation', round: 1, side: 'blue', unit: 'blue_b' } };
    const r = actArmour(state, { type: 'SHOOT', side: 'blue', unitId: 'blue_b', target: 'tank_1' }, { scenario, table: tableOf('toyarmour'), dice: new ScriptedDice([4, 4, 1, 1]) });
    expect(r.ok).toBe(true);
    const hit = r.ok ? r.events.find((e) => e.type === 'ARMOUR_HIT') : undefined;
    expect(hit).toMatchObject({ face: 'rear', armour: 3, roll: 4, penetrated: true });
  });
});

function linesGame(dice: number[]) {
  return new GameSession<LinesState, Command, GameEvent, TableQueries>({ ruleset: lines.ruleset, scenario: load('toylines'), table: tableOf('toylines'), seed: 1, dice: new ScriptedDice(dice) });
}

describe('toy lines (you go, I go, inches)', () => {
  it('TL-1 phases: move, then fire, then the turn passes to the other side; a step out of its phase is refused', () => {
    const g = linesGame([]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(g.state.seq).toMatchObject({ side: 'red', phase: 'move' });
    expect(g.dispatch({ type: 'FIRE', side: 'red', unitId: 'red_line', targetId: 'blue_line' })).toMatchObject({ ok: false, rule: 'TL-3' });
    g.dispatch({ type: 'END_PHASE', side: 'red' });
    expect(g.state.seq.phase).toBe('fire');
    expect(g.dispatch({ type: 'MOVE_LINE', side: 'red', unitId: 'red_line', inches: 2 })).toMatchObject({ ok: false, rule: 'TL-2' });
    g.dispatch({ type: 'END_PHASE', side: 'red' });
    expect(g.state.seq).toMatchObject({ side: 'blue', phase: 'move', played: ['red'] });
    expect(toylinesModule.phase(g.state)).toEqual({ side: 'blue', awaiting: 'move', label: 'Turn 1: move phase' });
    g.dispatch({ type: 'END_PHASE', side: 'blue' });
    g.dispatch({ type: 'END_PHASE', side: 'blue' });
    expect(g.legalCommands().map((c) => c.type)).toEqual(['END_TURN']);
  });

  it('TL-2 a line moves all together: every figure the same inches the same way, reported in inches', () => {
    const g = linesGame([]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    const before = lineFigures(g.state, 'red_line').map((f) => f.at);
    const r = g.dispatch({ type: 'MOVE_LINE', side: 'red', unitId: 'red_line', inches: 4, wheel: 0 });
    expect(r.ok && r.events[0]).toMatchObject({ type: 'LINE_MOVED', inches: 4, text: 'Red line move 4.0"' });
    lineFigures(g.state, 'red_line').forEach((f, i) => {
      expect(f.at[0]).toBeCloseTo(before[i]![0], 9);
      expect(f.at[1] - before[i]![1]).toBeCloseTo(4 * CM_PER_INCH, 9);
    });
    expect(g.dispatch({ type: 'MOVE_LINE', side: 'red', unitId: 'red_line', inches: 1 })).toMatchObject({ ok: false, rule: 'TL-2' });
    expect(g.dispatch({ type: 'MOVE_LINE', side: 'red', unitId: 'red_line', inches: 7 })).toMatchObject({ ok: false });
  });

  it('TL-3 fire: a d20 a figure, 16+ within 12" (measured base to base, inches), 19+ beyond; TL-4 hits take figures off the line\'s end', () => {
    const scenario = load('toylines');
    const table = tableOf('toylines');
    const g = linesGame([]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'END_PHASE', side: 'red' });
    // Bases 1.25 cm in radius: centres 12" + 2.5 cm apart are 12" apart, on the flat.
    const at = (z: number) => g.state.table.figures.map((f) => (f.side === 'blue' ? { ...f, at: [f.at[0], z] as Vec2 } : f));
    const close: LinesState = { ...g.state, table: { figures: at(4 + 12 * CM_PER_INCH + 2.5) } };
    const r = actLines(close, { type: 'FIRE', side: 'red', unitId: 'red_line', targetId: 'blue_line' }, { scenario, table, dice: new ScriptedDice([16, 15, 20, 1, 19]) });
    expect(r.ok && r.events[0]).toMatchObject({ rangeInches: 12, need: 16, hits: 3, fallen: ['blue_line_3', 'blue_line_4', 'blue_line_5'] });
    expect(r.ok && r.events[0]!.text).toBe('Red line fire at Blue line, 12.0" away, needing 16+: 3 hits');
    const far: LinesState = { ...g.state, table: { figures: at(4 + 12.5 * CM_PER_INCH + 2.5) } };
    const f = actLines(far, { type: 'FIRE', side: 'red', unitId: 'red_line', targetId: 'blue_line' }, { scenario, table, dice: new ScriptedDice([16, 18, 19, 20, 1]) });
    expect(f.ok && f.events[0]).toMatchObject({ rangeInches: 12.5, need: 19, hits: 2 });
  });

  it('the module speaks inches and rolls d20s', () => {
    expect(toylinesModule.measure).toBe('inch');
    expect(toylinesModule.dice.sides).toEqual([20]);
    expect(toyarmourModule.measure).toBe('cm');
  });
});
