// Records of one shape (records.ts): every figure, unit, activation and state of a random game has
// the same keys in the same order, optional fields included (as undefined) — and the records keep
// what they were given: a changed field changes, the others stay, undefined clears.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { cachedTable, playableModule, playGame } from '../../../src/flow';
import { GameSession } from '../../../src/game';
import type { KGameState } from '../../../src/rules/kuularuisku/engine';
import { activationWith, figureMoved, figureWith, readingOf, stateWith, unitWith } from '../../../src/rules/kuularuisku/records';
import { setupK } from '../../../src/rules/kuularuisku/setup';
import { parseScenarioOrThrow } from '../../../src/scenario';
import { kuularuiskuModule } from '../../../src/rules/kuularuisku';
import type { KSequenced } from '../../../src/rules/kuularuisku/sequence/program';
import { setupRead } from './reading';
import { rulesTable } from '../../../src/rules/kuularuisku/sequence/reading';

// Kuularuisku as it is played: its rules and the cards machine composed.
const { ruleset: kuularuiskuRuleset } = playableModule(kuularuiskuModule);

const file = 'scenarios/kuularuisku/tammerkoski.json';
const scenario = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
const keys = (o: object) => Object.keys(o).join(',');

describe('records of one shape', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(scenario);
  });
  afterAll(() => bf.free());

  it('every figure, unit, activation and state of a random game has one key list', () => {
    const table = cachedTable(bf);
    const g = new GameSession({ ruleset: kuularuiskuRuleset, scenario, table, seed: 2 });
    const seen = { figure: new Set<string>(), unit: new Set<string>(), activation: new Set<string>(), state: new Set<string>() };
    let states = 0;
    const look = () => {
      const s = rulesTable(g.state as KSequenced);
      states++;
      seen.state.add(keys(s));
      if (s.activation) seen.activation.add(keys(s.activation));
      for (const u of Object.values(s.units)) seen.unit.add(keys(u));
      for (const f of Object.values(s.figures)) seen.figure.add(keys(f));
    };
    look();
    playGame(g, kuularuiskuModule.player({ seed: 2 * 7919 + 1, draw: 'groups' }), { table, onCommand: look });
    expect(states).toBeGreaterThan(100);
    // Splits, joins, wounds, evacuations, melees and removals all happened in some state of this game or not:
    // whichever did, the key lists stayed one per kind.
    expect([...seen.figure]).toHaveLength(1);
    expect([...seen.figure][0]).toContain('evacuation');
    expect([...seen.unit]).toHaveLength(1);
    expect([...seen.unit][0]).toContain('meleeId');
    expect([...seen.activation]).toHaveLength(1);
    expect([...seen.state]).toHaveLength(1);
  });

  it('a record keeps its fields, changes the patched ones and clears those patched to undefined', () => {
    const s = setupRead(scenario);
    const f = Object.values(s.figures)[0]!;
    const moved = figureMoved(f, [1, 2], 1);
    expect(moved).toEqual({ ...f, at: [1, 2], floor: 1 });
    expect(keys(moved)).toBe(keys(f));
    const out = figureWith(figureWith(f, { removed: 'killed', evacuation: { role: 'wounded', destination: { kind: 'edge', edge: 'west' } } }), { evacuation: undefined });
    expect(out.removed).toBe('killed');
    expect(out.evacuation).toBeUndefined();
    expect(keys(out)).toBe(keys(f));
    const u = Object.values(s.units)[0]!;
    const inMelee = unitWith(u, { meleeId: 'm1', status: 'in-melee' });
    expect(inMelee).toEqual({ ...u, meleeId: 'm1', status: 'in-melee' });
    expect(unitWith(inMelee, { meleeId: undefined }).meleeId).toBeUndefined();
    expect(keys(unitWith(inMelee, { meleeId: undefined }))).toBe(keys(u));
    const a = activationWith({ unitId: u.id, units: [u.id], via: 'card', moved: [], shot: [], phase: 'none' }, { action: 'shoot' });
    expect(a.action).toBe('shoot');
    expect(a.phase).toBe('none');
    const next = readingOf(stateWith(s, { activation: a }), { ...s.seq, round: 3 });
    expect(next.seq.round).toBe(3);
    expect(next.units).toBe(s.units);
    expect(keys(next)).toBe(keys(readingOf(stateWith(s, {}), s.seq)));
    expect(stateWith(next, { activation: undefined }).activation).toBeUndefined();
  });
});
