// Vehicle fields of a figure: `turretFacing` and `hull` are accepted on a vehicle unit's figures and
// refused elsewhere, each bad value with the file, the JSON path and what was expected.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario';

const FILE = 'yard.json';
type Json = Record<string, any>;

function withUnits(...units: Json[]): Json {
  const s = JSON.parse(readFileSync('scenarios/sandbox/training-ground.json', 'utf8')) as Json;
  s.units = [...s.units, ...units];
  return s;
}

const tank = (figure: Json = {}): Json => ({
  id: 'tank', side: 'red', name: 'Tank', type: 'vehicle', profile: 'medium-tank',
  figures: [{ id: 'tank_1', at: [30, 20], facing: 45, turretFacing: 300, hull: { length: 6, width: 3, height: 2.2, running: 'tracks' }, ...figure }],
});

function issues(s: Json) {
  const r = parseScenario(JSON.stringify(s), FILE);
  return r.ok ? [] : r.issues;
}

describe('vehicle figures', () => {
  it('a vehicle with a turret facing and a hull validates and keeps both', () => {
    const r = parseScenario(JSON.stringify(withUnits(tank())), FILE);
    if (!r.ok) throw new Error(JSON.stringify(r.issues));
    const fig = r.scenario.units!.find((u) => u.id === 'tank')!.figures[0]!;
    expect(fig.turretFacing).toBe(300);
    expect(fig.hull).toEqual({ length: 6, width: 3, height: 2.2, running: 'tracks' });
  });

  it('an armoured car without a turret, and a vehicle with neither field, validate', () => {
    const car = tank({ id: 'car_1', hull: { length: 4.5, width: 2, running: 'wheels', turret: false } });
    car.id = 'car';
    const plain = tank({ id: 'plain_1' });
    plain.id = 'plain';
    delete plain.figures[0].turretFacing;
    delete plain.figures[0].hull;
    expect(issues(withUnits(car, plain))).toEqual([]);
  });

  it('refuses a turret facing on an infantry figure, naming the path', () => {
    const s = withUnits();
    s.units[0].figures[0].turretFacing = 90;
    const found = issues(s);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ file: FILE, path: '$.units[0].figures[0].turretFacing' });
    expect(found[0]!.message).toContain('expected a unit of type "vehicle"');
    expect(found[0]!.message).toContain('"infantry"');
  });

  it('refuses a bad hull: size not positive, unknown running gear, unknown field', () => {
    const n = withUnits().units.length;
    const neg = issues(withUnits(tank({ hull: { length: -6, width: 3 } })));
    expect(neg).toHaveLength(1);
    expect(neg[0]).toMatchObject({ path: `$.units[${n}].figures[0].hull.length` });
    expect(neg[0]!.message).toContain('expected a number > 0');

    const gear = issues(withUnits(tank({ hull: { length: 6, width: 3, running: 'legs' } })));
    expect(gear).toHaveLength(1);
    expect(gear[0]).toMatchObject({ path: `$.units[${n}].figures[0].hull.running` });
    expect(gear[0]!.message).toContain('"tracks", "wheels", "halftrack"');

    const extra = issues(withUnits(tank({ hull: { length: 6, width: 3, colour: 'grey' } })));
    expect(extra).toHaveLength(1);
    expect(extra[0]).toMatchObject({ path: `$.units[${n}].figures[0].hull` });
    expect(extra[0]!.message).toContain('unknown field "colour"');
  });
});
