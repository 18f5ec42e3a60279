// The sizes a scenario builder may set beside the geometry: slab and flat-roof thickness, how far a
// wall's legs reach past their ends, and the dense woods' default sight-volume height.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSolids, createBattlefield, sampleRelief, type Battlefield } from '../../src/battlefield';
import type { BoxSolid } from '../../src/core';
import { parseScenarioOrThrow } from '../../src/scenario';
import { trainingGroundScenario } from './fixture';

const base = trainingGroundScenario();
const house = (id: string, x: number, slab?: number) => ({
  id, kind: 'building', name: 'Block', center: [x, 60], size: [10, 10], floors: [{ elevation: 0 }, { elevation: 4 }], eaves: 8,
  roof: { kind: 'flat', walkable: true }, ...(slab !== undefined ? { slab } : {}),
});
const wall = (id: string, z: number, endOverlap?: number) => ({
  id, kind: 'wall', name: 'Wall', path: [[20, z], [22, z]], height: 2, thickness: 0.6, ...(endOverlap !== undefined ? { endOverlap } : {}),
});
const woods = { id: 'thicket', kind: 'woods', name: 'Thicket', density: 'dense', polygon: [[120, 20], [150, 20], [150, 50], [120, 50]] };
const scenario = parseScenarioOrThrow(JSON.stringify({
  ...base, units: [], objectives: [], beats: [],
  features: [house('plain_block', 60), house('thick_block', 90, 0.8), wall('plain_wall', 10), wall('flush_wall', 20, 0), woods],
}), 'sizes.json');

const boxes = buildSolids(scenario, sampleRelief(scenario)).filter((s): s is BoxSolid => s.shape === 'box');
const partOf = (id: string, part: string) => boxes.filter((s) => s.featureId === id && s.part === part);

describe('building slabs and flat roofs', () => {
  it('default to 0.3 cm thick; a building\'s slab sets both', () => {
    expect(partOf('plain_block', 'floor')[0]!.halfExtents[1]).toBeCloseTo(0.15, 9);
    expect(partOf('plain_block', 'roof')[0]!.halfExtents[1]).toBeCloseTo(0.15, 9);
    expect(partOf('thick_block', 'floor')[0]!.halfExtents[1]).toBeCloseTo(0.4, 9);
    expect(partOf('thick_block', 'roof')[0]!.halfExtents[1]).toBeCloseTo(0.4, 9);
    // The slab's top is the upper floor's surface either way.
    const f = partOf('thick_block', 'floor')[0]!;
    expect(f.center[1] + f.halfExtents[1]).toBeCloseTo(partOf('plain_block', 'floor')[0]!.center[1] + 0.15, 9);
  });

  let bf: Battlefield;
  beforeAll(async () => { bf = await createBattlefield(scenario); });
  afterAll(() => bf.free());

  it('a walkable flat roof is stood on at the eaves plus its slab', () => {
    const plain = bf.buildings.find((b) => b.id === 'plain_block')!;
    const thick = bf.buildings.find((b) => b.id === 'thick_block')!;
    expect(plain.levels.at(-1)! - plain.baseHeight).toBeCloseTo(8.3, 9);
    expect(thick.levels.at(-1)! - thick.baseHeight).toBeCloseTo(8.8, 9);
  });

  it('dense woods without a height hide a line 11 cm up but not one 13 cm up (volume 12 cm high)', () => {
    expect(bf.isClear([110, 11, 35], [160, 11, 35])).toBe(false);
    expect(bf.isClear([110, 13, 35], [160, 13, 35])).toBe(true);
  });
});

describe('wall ends', () => {
  it('each leg reaches half its thickness past its ends by default, and endOverlap sets it', () => {
    // A 2 cm leg is one piece: half length 1 plus the reach.
    expect(partOf('plain_wall', 'obstacle').map((s) => s.halfExtents[0])).toEqual([expect.closeTo(1.3, 9)]);
    expect(partOf('flush_wall', 'obstacle').map((s) => s.halfExtents[0])).toEqual([expect.closeTo(1, 9)]);
  });
});
