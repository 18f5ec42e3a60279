// Terrain pieces of a scenario's pool: the kinds the schema takes (others refused with their JSON
// path), and placedFeature turning and moving each kind to where it is put.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildingCorners, parseScenario, placedFeature, POOL_KINDS, type Feature, type TerrainPiece } from '../../src/scenario';

const file = path.resolve(__dirname, '../toys/scenarios/toyarmour.json');
const withPool = (pool: unknown[]) => {
  const s = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  s.terrainPool = pool;
  return parseScenario(JSON.stringify(s), 'pool.json');
};

const house: TerrainPiece = {
  id: 'house', name: 'Cottage', count: 2,
  feature: { kind: 'building', center: [0, 0], size: [6, 4], floors: [{ elevation: 0 }], eaves: 4 },
};

describe('the terrain pool in the scenario file', () => {
  it('takes every kind players may place, with a count', () => {
    const pool = [
      house,
      { id: 'knoll', name: 'Knoll', feature: { kind: 'hill', center: [0, 0], radius: [6, 3], height: 2 } },
      { id: 'copse', name: 'Copse', count: 3, feature: { kind: 'woods', polygon: [[-3, -3], [3, -3], [0, 4]] } },
      { id: 'ruin', name: 'Ruin', feature: { kind: 'rubble', polygon: [[-2, -2], [2, -2], [2, 2]] } },
      { id: 'rocks', name: 'Rocks', feature: { kind: 'rocky', polygon: [[-2, -2], [2, -2], [2, 2]] } },
      { id: 'crop', name: 'Crop', feature: { kind: 'field', polygon: [[-2, -2], [2, -2], [2, 2]] } },
      { id: 'bog', name: 'Bog', feature: { kind: 'marsh', polygon: [[-2, -2], [2, -2], [2, 2]] } },
      ...(['wall', 'fence', 'hedge', 'wire', 'barricade'] as const).map((kind) => ({ id: kind, name: kind, feature: { kind, path: [[-5, 0], [5, 0]], height: 1 } })),
    ];
    const r = withPool(pool);
    expect(r.ok, JSON.stringify(r.ok ? '' : r.issues)).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.terrainPool!.map((p) => p.feature.kind).sort()).toEqual([...POOL_KINDS].sort());
  });

  it('refuses a kind players may not place, and a count below one, each at its JSON path', () => {
    const r = withPool([
      { id: 'lane', name: 'Lane', feature: { kind: 'road', path: [[0, 0], [5, 0]], width: 2 } },
      { ...house, count: 0 },
    ]);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((i) => i.path)).toEqual(['$.terrainPool[0].feature.kind', '$.terrainPool[1].count']);
    expect(r.issues[0]!.message).toContain('got "road"');
  });
});

describe('placedFeature', () => {
  it('moves a building\'s centre and adds up its rotation (counter-clockwise, as rotate2)', () => {
    const placed = placedFeature({ ...house, feature: { ...house.feature, center: [2, 0], rotation: 30 } as Feature & { kind: 'building' } }, [20, 10], 90, 'house-1');
    expect(placed).toMatchObject({ id: 'house-1', name: 'Cottage', kind: 'building', center: [20, 12], rotation: 120 });
    // The footprint turned a quarter: 6 along x becomes 6 along z.
    const plain = placedFeature(house, [20, 10], 90, 'house-2');
    if (plain.kind !== 'building') throw new Error('expected a building');
    const xs = buildingCorners(plain).map((p) => p[0]);
    const zs = buildingCorners(plain).map((p) => p[1]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(4, 9);
    expect(Math.max(...zs) - Math.min(...zs)).toBeCloseTo(6, 9);
  });

  it('moves a hill\'s centre and keeps its radii, its rotation turned on (wrapping past 360)', () => {
    const knoll: TerrainPiece = { id: 'knoll', name: 'Knoll', feature: { kind: 'hill', center: [0, 0], radius: [6, 3], height: 2, rotation: 300 } };
    expect(placedFeature(knoll, [30, 20], 90, 'knoll-1')).toMatchObject({ kind: 'hill', center: [30, 20], radius: [6, 3], rotation: 30 });
  });

  it('turns an area\'s outline point by point and moves it', () => {
    const copse: TerrainPiece = { id: 'copse', name: 'Copse', feature: { kind: 'woods', name: 'Birches', polygon: [[0, 0], [4, 0], [0, 2]] } };
    const placed = placedFeature(copse, [10, 10], 90, 'copse-1');
    // A quarter counter-clockwise: east goes north, north goes west.
    expect(placed).toMatchObject({ id: 'copse-1', name: 'Birches', kind: 'woods', polygon: [[10, 10], [10, 14], [8, 10]] });
    const r180 = placedFeature(copse, [10, 10], 180, 'copse-2');
    expect(r180).toMatchObject({ polygon: [[10, 10], [6, 10], [10, 8]] });
  });

  it('turns an area given by a centre line, keeping its width', () => {
    const crop: TerrainPiece = { id: 'crop', name: 'Crop', feature: { kind: 'field', path: [[-3, 0], [3, 0]], width: 2 } };
    expect(placedFeature(crop, [5, 5], 90, 'crop-1')).toMatchObject({ path: [[5, 2], [5, 8]], width: 2 });
  });

  it('turns each kind of linear obstacle\'s path', () => {
    for (const kind of ['wall', 'fence', 'hedge', 'wire', 'barricade'] as const) {
      const piece: TerrainPiece = { id: kind, name: kind, feature: { kind, path: [[-5, 0], [5, 0]], height: 1 } };
      expect(placedFeature(piece, [20, 20], 270, `${kind}-1`)).toMatchObject({ id: `${kind}-1`, kind, path: [[20, 25], [20, 15]], height: 1 });
    }
  });

  it('places rubble, rocky ground and marsh like any area, unturned at 0°', () => {
    for (const kind of ['rubble', 'rocky', 'marsh'] as const) {
      const piece: TerrainPiece = { id: kind, name: kind, feature: { kind, polygon: [[-1, -1], [1, -1], [0, 1]] } };
      expect(placedFeature(piece, [3, 4], 0, `${kind}-1`)).toMatchObject({ kind, polygon: [[2, 3], [4, 3], [3, 5]] });
    }
  });
});
