// Vehicle models and poses: defaults of a hull, poses read from the scenario (turret facing falls
// back to the hull's, only vehicle units, reserves off the table), model sizes as given, low-poly
// budgets, one mesh set per model size, and side paint that stays the side's but toned down.
import { readFileSync } from 'node:fs';
import { Box3, Color } from 'three';
import { describe, expect, it } from 'vitest';
import { parseScenarioOrThrow } from '../../src/scenario';
import { figurePoses } from '../../src/view/Figures';
import { frameGeometry, groupBySpec, hullGeometry, hullSpec, turretGeometry, vehiclePaint, vehiclePoses } from '../../src/view/vehicle-geometry';

const FILE = 'scenarios/sandbox/armour-yard.json';
const yard = parseScenarioOrThrow(readFileSync(FILE, 'utf8'), FILE);
const flat = (_x: number, _z: number, floor?: number) => (floor ?? 0) * 4 + 0.5;

const bounds = (g: ReturnType<typeof hullGeometry>) => new Box3().setFromBufferAttribute(g.getAttribute('position') as never);
const triangles = (g: ReturnType<typeof hullGeometry>) => g.getAttribute('position').count / 3;

describe('vehicle poses', () => {
  const poses = vehiclePoses(yard, flat);

  it('one pose per vehicle figure, none for soldiers; soldiers none for vehicles', () => {
    const vehicleFigures = yard.units!.filter((u) => u.type === 'vehicle').flatMap((u) => u.figures.map((f) => f.id));
    expect(poses.map((p) => p.figureId)).toEqual(vehicleFigures);
    const soldiers = figurePoses(yard, flat).map((p) => p.figureId);
    expect(soldiers.filter((id) => vehicleFigures.includes(id))).toEqual([]);
    expect(soldiers.length + poses.length).toBe(yard.units!.reduce((n, u) => n + u.figures.length, 0));
  });

  it('hull and turret facings from the file; the turret follows the hull when not given', () => {
    const t34 = poses.find((p) => p.figureId === 't34_1')!;
    expect([t34.facing, t34.turretFacing]).toEqual([90, 45]);
    expect(t34.position).toEqual([20, 0.5, 28]);
    const halftrack = poses.find((p) => p.figureId === 'sdkfz251_1')!;
    expect(halftrack.turretFacing).toBe(halftrack.facing);
    expect(halftrack.spec).toMatchObject({ running: 'halftrack', turret: false });
    expect(t34.sideColour).toBe(yard.sides.find((s) => s.id === 'soviet')!.colour);
  });

  it('a reserve vehicle stays off the table', () => {
    const s = structuredClone(yard);
    s.units!.find((u) => u.id === 'ba64')!.reserve = true;
    expect(vehiclePoses(s, flat).map((p) => p.figureId)).not.toContain('ba64_1');
  });

  it('one mesh set per model size', () => {
    const groups = groupBySpec(poses);
    expect(groups.map((g) => g.poses.length).sort()).toEqual([1, 1, 2, 2]); // T-34s, Panzer IVs, BA-64, half-track
  });
});

describe('vehicle geometry', () => {
  it('a hull without sizes is a 6 × 3 cm medium tank with a turret on tracks', () => {
    expect(hullSpec(undefined)).toEqual({ length: 6, width: 3, height: 1.5, running: 'tracks', turret: true });
    expect(hullSpec({ length: 4, width: 2, running: 'wheels', turret: false })).toEqual({ length: 4, width: 2, height: 1, running: 'wheels', turret: false });
  });

  it.each(['tracks', 'wheels', 'halftrack'] as const)('a %s hull fills its footprint and stands on the ground', (running) => {
    const spec = hullSpec({ length: 5.9, width: 2.9, height: 2.1, running });
    const b = bounds(hullGeometry(spec));
    expect(b.min.y).toBeCloseTo(0, 6);
    // Road-wheel discs stand a hair proud of the tracks.
    expect(b.max.x - b.min.x).toBeGreaterThanOrEqual(2.9 - 1e-6);
    expect(b.max.x - b.min.x).toBeLessThanOrEqual(2.9 + 0.1);
    expect(b.max.z - b.min.z).toBeGreaterThan(5.9 * 0.95);
    expect(b.max.z - b.min.z).toBeLessThanOrEqual(5.9 + 1e-6);
    expect(b.max.y).toBeGreaterThan(2.1); // stowage on the deck
    expect(b.max.y).toBeLessThan(2.1 * 1.2);
    expect(triangles(hullGeometry(spec))).toBeLessThan(600);
  });

  it('the gun points forward (+z, the facing) from a turret round the pivot', () => {
    const spec = hullSpec({ length: 6.2, width: 3, height: 2.2 });
    const b = bounds(turretGeometry(spec));
    expect(b.max.z).toBeGreaterThan(6.2 * 0.6);
    expect(b.min.z).toBeGreaterThan(-3 * 0.31);
    expect(b.min.y).toBeCloseTo(0, 6);
    expect(triangles(turretGeometry(spec))).toBeLessThan(200);
  });

  it('the ground frame surrounds the hull with a margin', () => {
    const b = bounds(frameGeometry(hullSpec({ length: 6, width: 3 })));
    expect([b.max.x - b.min.x, b.max.z - b.min.z]).toEqual([expect.closeTo(3.6, 6), expect.closeTo(6.6, 6)]);
    expect(b.max.y).toBeLessThan(0.2);
  });

  it('paint keeps the side apart but is not the flat side colour', () => {
    const red = vehiclePaint('#8a3b2e');
    const blue = vehiclePaint('#3b4f7a');
    expect(red.r).toBeGreaterThan(blue.r);
    expect(blue.b).toBeGreaterThan(red.b);
    expect(red.equals(new Color('#8a3b2e'))).toBe(false);
  });
});
