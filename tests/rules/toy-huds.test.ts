// The toy rulesets' HUD describers (tests/toys/rules/<id>/hud.ts) through the neutral PlayView: the
// armour toy's vehicle with its hull facing, turret and armour arcs and targets refused outside the
// arc (TA-5), the lines toy's phases and ranges in inches (TL-1, TL-3), and both logs' dice by name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import { formatDistance, ScriptedDice, type TableQueries } from '../../src/core';
import { cachedTable, playableModule } from '../../src/flow';
import { GameSession, type Command, type GameEvent, type PlayView } from '../../src/game';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { toyarmourModule } from '../toys/rules/toyarmour';
import type { ArmourState } from '../toys/rules/toyarmour/rules';
import { toylinesModule } from '../toys/rules/toylines';
import { CM_PER_INCH, lineRange, type LinesState } from '../toys/rules/toylines/rules';

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
  const scenario = load('toyarmour');
  const table = tableOf('toyarmour');
  const g = new GameSession<ArmourState, Command, GameEvent, TableQueries>({ ruleset: armour.ruleset, scenario, table, seed: 1, dice: new ScriptedDice(dice) });
  return { g, view: (): PlayView => armour.hud.describe(g.state, { scenario, table }) };
}

function linesGame(dice: number[]) {
  const scenario = load('toylines');
  const table = tableOf('toylines');
  const g = new GameSession<LinesState, Command, GameEvent, TableQueries>({ ruleset: lines.ruleset, scenario, table, seed: 1, dice: new ScriptedDice(dice) });
  return { g, table, view: (): PlayView => lines.hud.describe(g.state, { scenario, table }) };
}

describe('toy armour HUD (cm)', () => {
  it('TA-1 before a round: the phase label is the headline and the one button rolls for initiative', () => {
    const { view } = armourGame([]);
    const v = view();
    expect(v.prompt).toMatchObject({ side: null, headline: 'Round 1: roll for initiative', turn: 0 });
    expect(v.actions.map((a) => [a.id, a.label])).toEqual([['begin-turn', 'Roll for initiative (round 1)']]);
    expect(v.units.map((u) => u.name)).toEqual(['Tank', 'Red squad', 'Blue squad A', 'Blue squad B']);
  });

  it('TA-5, TA-7 the vehicle carries its hull facing, turret facing and arcs; its card lists the turret arc', () => {
    const { view } = armourGame([]);
    const tank = view().units.find((u) => u.id === 'tank')!;
    expect(tank.kind).toBe('vehicle');
    expect(tank.status).toEqual(['hull 90° (E)', 'turret 45° (NE)', 'turret arc 0°–90°']);
    const f = tank.figures[0]!;
    expect(f).toMatchObject({ facing: 90, turretFacing: 45, hull: { length: 6, width: 3, turret: true } });
    expect(f.arcs!.map((a) => [a.kind, a.from, a.to])).toEqual([['turret', 0, 90], ['hull-front', 45, 135], ['hull-side', 135, 225], ['hull-rear', 225, 315], ['hull-side', 315, 45]]);
    expect(f.arcs![0]).toMatchObject({ range: 40, label: 'Turret arc 0°–90° (TA-5)' });
  });

  it('TA-5 the tank\'s targets: a squad inside the turret arc may be templated, one outside it is refused naming the arc', () => {
    // Red wins the initiative (6–1) and activates the tank: Blue squad A (about 76° from the tank) is in the 0°–90° arc, B (about 107°) is not.
    const { g, view } = armourGame([6, 1]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    expect(view().prompt).toMatchObject({ side: 'red', headline: 'Round 1: select a unit' });
    expect(view().actions.map((a) => a.label)).toEqual(['Activate Tank', 'Activate Red squad']);
    g.dispatch({ type: 'SELECT_UNIT', side: 'red', unitId: 'tank' });
    const v = view();
    expect(v.activeUnitId).toBe('tank');
    const a = v.targets.find((t) => t.unitId === 'blue_a')!;
    const b = v.targets.find((t) => t.unitId === 'blue_b')!;
    expect(a.command).toMatchObject({ type: 'TEMPLATE', unitId: 'tank' });
    expect(a.distance).toBeCloseTo(Math.hypot(44 - 12, 30 - 22), 6);
    expect(b.command).toBeUndefined();
    expect(b.refusal).toEqual({ reason: 'outside the turret arc 0°–90°', rule: 'TA-5' });
    // The pivots as buttons: the hull to each other compass point (turret along), the turret alone within 90° of the hull.
    expect(v.actions.filter((x) => x.id.startsWith('pivot:')).map((x) => x.label)).toEqual(['Turn to N', 'Turn to NE', 'Turn to SE', 'Turn to S', 'Turn to SW', 'Turn to W', 'Turn to NW']);
    expect(v.actions.filter((x) => x.id.startsWith('turret:')).map((x) => x.label)).toEqual(['Turret N', 'Turret E', 'Turret SE', 'Turret S']);
    const south = v.actions.find((x) => x.id === 'pivot:180')!;
    expect(g.dispatch(south.command).ok).toBe(true);
    expect(view().units.find((u) => u.id === 'tank')!.status).toEqual(['hull 180° (S)', 'turret 180° (S)', 'turret arc 135°–225°', 'activated']);
  });

  it('TA-3 the log names the soldiers whose dice are rolled, and carries each die for the dice tray', () => {
    // Blue first; Blue squad B shoots at a red figure in range: a d6 a soldier until one hits on 4+.
    const { g } = armourGame([1, 6, 2, 3, 4]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'SELECT_UNIT', side: 'blue', unitId: 'blue_b' });
    const shot = g.legalCommands().find((c) => c.type === 'SHOOT')!;
    expect(g.dispatch(shot).ok).toBe(true);
    const lines = toyarmourModule.hud.log(g.state, g.log);
    const dice = lines.filter((l) => l.dice);
    expect(dice.slice(2).map((l) => l.dice!.purpose)).toEqual(['shot by Blue squad B 1 (4+)', 'shot by Blue squad B 2 (4+)', 'shot by Blue squad B 3 (4+)']);
    expect(dice.slice(2).map((l) => l.dice!.values)).toEqual([[2], [3], [4]]);
    expect(lines.map((l) => l.text).join('\n')).not.toMatch(/blue_b_|red_squad_|tank_1/);
  });
});

describe('toy lines HUD (inches)', () => {
  it('TL-1, TL-2 the move phase: its label, moves offered in inches, lines listed by name', () => {
    const { g, view } = linesGame([]);
    expect(view().prompt.headline).toBe('Turn 1 is about to begin');
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    const v = view();
    expect(v.prompt).toMatchObject({ side: 'red', headline: 'Turn 1: move phase', turn: 1, turnLimit: 4 });
    expect(v.prompt.detail).toContain('up to 6.0″');
    expect(v.actions.map((a) => a.label)).toEqual([
      'End the move phase', 'Red line: 2.0″ ahead', 'Red line: 4.0″ ahead', 'Red line: 6.0″ obliquely left', 'Red line: 6.0″ ahead', 'Red line: 6.0″ obliquely right',
    ]);
    expect(v.units.map((u) => [u.name, u.kind, u.status])).toEqual([['Red line', 'line of 5', ['ready']], ['Blue line', 'line of 5', []]]);
  });

  it('TL-3 the fire phase: the line\'s target at the range the rules measure (cm in the model, inches as shown), with the score to hit', () => {
    const { g, table, view } = linesGame([]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'END_PHASE', side: 'red' });
    const v = view();
    expect(v.prompt.headline).toBe('Turn 1: fire phase');
    expect(v.activeUnitId).toBe('red_line');
    expect(v.targets).toHaveLength(1);
    const t = v.targets[0]!;
    const inches = lineRange(g.state, table, 'red_line', 'blue_line');
    expect(inches).toBeGreaterThan(12);
    expect(t).toMatchObject({ unitId: 'blue_line', name: 'Blue line', command: { type: 'FIRE', unitId: 'red_line', targetId: 'blue_line' }, notes: ['d20 a figure, 19+ to hit'] });
    expect(t.distance).toBeCloseTo(inches * CM_PER_INCH, 9);
    expect(formatDistance(t.distance, 'inch')).toBe(`${inches.toFixed(1)}″`);
  });

  it('TL-3 the log carries each d20 for the dice tray, named by the line that fires', () => {
    const { g } = linesGame([19, 3, 20, 1, 5]);
    g.dispatch({ type: 'BEGIN_TURN', side: 'red' });
    g.dispatch({ type: 'END_PHASE', side: 'red' });
    expect(g.dispatch({ type: 'FIRE', side: 'red', unitId: 'red_line', targetId: 'blue_line' }).ok).toBe(true);
    const dice = toylinesModule.hud.log(g.state, g.log).filter((l) => l.dice);
    expect(dice.map((l) => l.dice)).toEqual([19, 3, 20, 1, 5].map((v) => ({ purpose: 'fire of Red line (19+)', values: [v], sides: 20, rule: 'TL-3' })));
  });
});
