// Vehicles in play come from the game state: a ruleset's play model marks each vehicle figure with its
// hull (the scenario's hull spec) and turret facing, at the place and facing the game has now, and the
// table's vehicle poses are read from that model — a moved vehicle is drawn where it went, turned as
// it turned, and a destroyed one is not drawn. Kuularuisku (K-GAP-3) plays no vehicles, so its state is
// used here only as a small game state whose figure the game moved.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPlay } from '../../src/app/play';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Command, PlayUnit } from '../../src/game';
import type { KGameState } from '../../src/rules/kuularuisku/engine';
import { rulesTable } from '../../src/rules/kuularuisku/sequence/reading';
import { describePlay } from '../../src/rules/kuularuisku/hud';
import { parseScenarioOrThrow, withVehicles, type Scenario } from '../../src/scenario';
import { playPoses, playVehiclePoses } from '../../src/view/play/play-poses';
import { hullSpec } from '../../src/view/vehicle-geometry';
import { flowScenario, flowTable, newPlayedGame } from '../flow/fixture';

/** The fixture with squad r1 turned into one vehicle: a turreted tank facing north, turret 45° right of the hull. */
function withTank(): Scenario {
  const s = structuredClone(flowScenario([{ id: 'w1', side: 'whites', at: [20, 30] }, { id: 'r1', side: 'reds', at: [100, 30], size: 1 }]));
  const u = s.units!.find((x) => x.id === 'r1')!;
  u.type = 'vehicle';
  u.figures = [{ ...u.figures[0]!, facing: 0, turretFacing: 45, hull: { length: 5.9, width: 2.9, height: 2.1, running: 'tracks' } }];
  return s;
}

const scenario = withTank();
const flat = (_x: number, _z: number, floor?: number) => (floor ?? 0) * 4 + 0.5;
const colours = new Map([['reds', '#aa0000'], ['whites', '#ffffff']]);
let table: Battlefield;
let s0: KGameState;
let legal: Command[];

beforeAll(async () => {
  table = await flowTable(scenario);
  // The game as played (the composed module) at its start: its table as the rules read it, and its legal commands (the turn's start).
  const g = newPlayedGame(scenario, table);
  s0 = rulesTable(g.state);
  legal = g.legalCommands();
});

/** The game state with the tank driven to (70, 44) and its hull turned east. */
function moved(s: KGameState): KGameState {
  const f = s.figures.r1_1!;
  return { ...s, figures: { ...s.figures, r1_1: { ...f, at: [70, 44], facing: 90 } } };
}

const tankOf = (units: PlayUnit[]) => units.flatMap((u) => u.figures).find((f) => f.id === 'r1_1')!;

describe('vehicles in the play model', () => {
  it('a vehicle figure carries the scenario\'s hull and its turret facing; a soldier carries neither', () => {
    const v = describePlay(s0, { scenario, table, legal });
    expect(tankOf(v.units)).toMatchObject({ at: [100, 30], facing: 0, turretFacing: 45, hull: { length: 5.9, width: 2.9, height: 2.1, running: 'tracks' } });
    const soldier = v.units.find((u) => u.id === 'w1')!.figures[0]!;
    expect(soldier.hull).toBeUndefined();
    expect(soldier.turretFacing).toBeUndefined();
  });

  it('where the game moved it: the model reads the state, the turret keeps its offset from the turned hull', () => {
    const v = describePlay(moved(s0), { scenario, table, legal });
    expect(tankOf(v.units)).toMatchObject({ at: [70, 44], facing: 90, turretFacing: 135 });
  });

  it('a turret offset past north wraps to 0–360', () => {
    const units = withVehicles([{ id: 'r1', side: 'reds', name: 'Tank', kind: 'vehicle', status: [], strength: { now: 1, start: 1 }, activated: false,
      figures: [{ id: 'r1_1', unitId: 'r1', side: 'reds', at: [0, 0], floor: 0, facing: 330, condition: 'healthy' }] }], scenario);
    expect(tankOf(units).turretFacing).toBe(15);
  });
});

describe('vehicles on the table in play', () => {
  it('drawn from the view where the game has them, hull and turret turned, the model sized by the hull spec', () => {
    const v = describePlay(moved(s0), { scenario, table, legal });
    const poses = playVehiclePoses(v.units, colours, flat);
    expect(poses).toHaveLength(1);
    expect(poses[0]).toMatchObject({ figureId: 'r1_1', unitId: 'r1', position: [70, 0.5, 44], facing: 90, turretFacing: 135, sideColour: '#aa0000' });
    expect(poses[0]!.spec).toEqual(hullSpec({ length: 5.9, width: 2.9, height: 2.1, running: 'tracks' }));
    // Not drawn a second time as a soldier.
    expect(playPoses(v.units, colours, flat).map((p) => p.figureId)).not.toContain('r1_1');
  });

  it('a destroyed vehicle (off the table) is not drawn; a hull without sizes takes the medium tank\'s', () => {
    const v = describePlay(moved(s0), { scenario, table, legal });
    const gone = v.units.map((u) => ({ ...u, figures: u.figures.map((f) => (f.id === 'r1_1' ? { ...f, removed: 'destroyed' } : f)) }));
    expect(playVehiclePoses(gone, colours, flat)).toEqual([]);
    const bare = v.units.map((u) => ({ ...u, figures: u.figures.map((f) => (f.id === 'r1_1' ? { ...f, hull: {} } : f)) }));
    expect(playVehiclePoses(bare, colours, flat)[0]!.spec).toEqual(hullSpec(undefined));
  });
});

describe('the armour yard in play', () => {
  it('K-GAP-3 a sandbox table with vehicles is played by Kuularuisku, which refuses them: play does not start, and says why', async () => {
    const FILE = 'scenarios/sandbox/armour-yard.json';
    const yard = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
    const bf = await createBattlefield(yard);
    expect(() => createPlay(yard, bf, { storage: null })).toThrow(/armour-yard: not playable with kuularuisku: .*K-GAP-3: Kuularuisku has no rules for vehicle units/);
  });
});
