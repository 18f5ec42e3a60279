// Vehicles as hulls: a figure given a `box` stands in the world as a cuboid turned to its facing
// (degrees clockwise from north), so it blocks sight lines and clashes with walls as a hull does, not
// as an upright cylinder; sight points given `forward`/`right` offsets turn with the target's facing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield, type FigureBody } from '../../src/battlefield';
import type { SightPoint, Vec3 } from '../../src/core';
import { parseScenarioOrThrow } from '../../src/scenario';
import { loadTrainingGround, trainingGroundScenario } from './fixture';

/** A 12 × 6 × 3 cm hull at (50, 50): facing north it covers x 47–53, z 44–56. */
const HULL = { length: 12, width: 6, height: 3 };
const hull = (facing: number, at: [number, number] = [50, 50], id = 'tank'): FigureBody => ({ id, at, facing, box: HULL });

/** A line 1 cm above the flat table from (x0, z0) to (x1, z1). */
const low = (x0: number, z0: number, x1: number, z1: number): [Vec3, Vec3] => [[x0, 1, z0], [x1, 1, z1]];

describe('a hull in sight lines', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    const flat = { ...trainingGroundScenario(), features: [], units: [], objectives: [], beats: [] };
    bf = await createBattlefield(parseScenarioOrThrow(JSON.stringify(flat), 'flat.json'));
  });
  afterAll(() => bf.free());

  // Past the north-east corner (53, 56): through (52.5, 55.5), square to the centre-to-corner line,
  // 6.04 cm from the hull's centre.
  const pastCorner = low(36.5, 63.5, 68.5, 47.5);

  it('a line past the corner is blocked by the box, and clears a cylinder as wide as the hull is long', () => {
    bf.setFigures([hull(0)]);
    expect(bf.lineOfSight(...pastCorner, { figures: {} }).blocker).toMatchObject({ featureId: 'tank', kind: 'figure' });
    expect(bf.isClear(...pastCorner, { figures: {} })).toBe(false);
    // Without figures asked, or with the hull ignored, nothing is in the way.
    expect(bf.lineOfSight(...pastCorner).clear).toBe(true);
    expect(bf.lineOfSight(...pastCorner, { figures: { ignore: ['tank'] } }).clear).toBe(true);
    bf.setFigures([{ id: 'tank', at: [50, 50], radius: 6, height: 3 }]);
    expect(bf.lineOfSight(...pastCorner, { figures: {} }).clear).toBe(true);
    bf.setFigures([]);
  });

  it('the box turns with the facing: across the hull facing north, past it facing east, the corner again facing south', () => {
    const alongNorthEdge = low(40, 55.5, 70, 55.5);
    bf.setFigures([hull(0)]);
    const blocked = bf.lineOfSight(...alongNorthEdge, { figures: {} });
    expect(blocked.blocker?.featureId).toBe('tank');
    // It meets the hull's west side, x = 47: 7 cm along the line.
    expect(blocked.blocker!.distance).toBeCloseTo(7, 3);
    bf.setFigures([hull(90)]);
    expect(bf.lineOfSight(...alongNorthEdge, { figures: {} }).clear).toBe(true);
    // Facing east the hull covers x 44–56, z 47–53: a line along z = 52.5 meets its west end at x = 44.
    expect(bf.lineOfSight(...low(40, 52.5, 70, 52.5), { figures: {} }).blocker!.distance).toBeCloseTo(4, 3);
    bf.setFigures([hull(180)]);
    expect(bf.isClear(...pastCorner, { figures: {} })).toBe(false);
    // Turned 45°, it reaches (6 + 3) × cos 45° = 6.36 cm north of its centre: past z = 57.5, short of z = 55.5.
    bf.setFigures([hull(45)]);
    expect(bf.isClear(...low(40, 57.5, 70, 57.5), { figures: {} })).toBe(true);
    expect(bf.isClear(...low(40, 55.5, 70, 55.5), { figures: {} })).toBe(false);
    // Clockwise, not anticlockwise: facing 30° its front-right corner is at (55.6, 53.7), so a short line
    // along x = 55 north of the centre meets it and one south of it does not; facing 330°, the reverse.
    bf.setFigures([hull(30)]);
    expect(bf.isClear(...low(55, 52, 55, 58), { figures: {} })).toBe(false);
    expect(bf.isClear(...low(55, 42, 55, 48), { figures: {} })).toBe(true);
    bf.setFigures([hull(330)]);
    expect(bf.isClear(...low(55, 52, 55, 58), { figures: {} })).toBe(true);
    expect(bf.isClear(...low(55, 42, 55, 48), { figures: {} })).toBe(false);
    bf.setFigures([]);
  });

  it('a line over the hull\'s roof clears it; one below its height does not', () => {
    bf.setFigures([hull(0)]);
    expect(bf.isClear([40, 3.2, 50], [60, 3.2, 50], { figures: {} })).toBe(true);
    expect(bf.isClear([40, 2.8, 50], [60, 2.8, 50], { figures: {} })).toBe(false);
    bf.setFigures([]);
  });

  it('sight points offset in the target\'s facing frame turn with it; points without offsets stay on the centre line', () => {
    const points: SightPoint[] = [
      { name: 'front', forward: 6, cm: 1.5 },
      { name: 'right side', right: 3, cm: 1.5 },
      { name: 'rear left', forward: -6, right: -3, fraction: 0.5 },
      { name: 'centre', cm: 1 },
    ];
    const observer: FigureBody = { id: 'eye', at: [20, 20] };
    const at = (facing: number) => bf.visibility(observer, hull(facing), {}, points).samples.map((s) => s.point.map((v) => Number(v.toFixed(6)) + 0));
    expect(at(0)).toEqual([[50, 1.5, 56], [53, 1.5, 50], [47, 1.5, 44], [50, 1, 50]]);
    expect(at(90)).toEqual([[56, 1.5, 50], [50, 1.5, 47], [44, 1.5, 53], [50, 1, 50]]);
    expect(at(180)).toEqual([[50, 1.5, 44], [47, 1.5, 50], [53, 1.5, 56], [50, 1, 50]]);
    // A hull without a facing faces north.
    expect(bf.visibility(observer, { id: 'tank', at: [50, 50], box: HULL }, {}, points).samples[0]!.point).toEqual([50, 1.5, 56]);
    // The fraction reads the box's height when the figure has none of its own.
    expect(at(0)[2]![1]).toBe(1.5);
  });

  it('another hull between observer and target blocks the line to the target\'s front plate; the target\'s own hull never does', () => {
    const front: SightPoint[] = [{ name: 'front', forward: 6, cm: 1.5 }];
    const observer: FigureBody = { id: 'gun', at: [20, 50], height: 1 };
    const target = hull(270, [80, 50], 'target'); // facing west, its front plate at x = 74
    bf.setFigures([target]);
    expect(bf.visibility(observer, target, { figures: {} }, front).visibleCount).toBe(1);
    bf.setFigures([target, hull(90, [50, 50], 'screen')]);
    const v = bf.visibility(observer, target, { figures: {} }, front);
    expect(v.visibleCount).toBe(0);
    expect(v.samples[0]!.result.blocker?.featureId).toBe('screen');
    bf.setFigures([]);
  });
});

describe('a hull clashing with walls', () => {
  let bf: Battlefield;
  beforeAll(async () => { bf = await loadTrainingGround(); });
  afterAll(() => bf.free());

  it('a hull beside the stone wall (z = 42) clashes when turned across it, not when along it; a soldier there does not', () => {
    expect(bf.bodyClashes(hull(0, [110, 46])).map((c) => c.featureId)).toEqual(['stone_wall']);
    expect(bf.bodyClashes(hull(180, [110, 46])).map((c) => c.featureId)).toEqual(['stone_wall']);
    expect(bf.bodyClashes(hull(90, [110, 46]))).toEqual([]);
    expect(bf.bodyClashes({ id: 'f', at: [110, 46] })).toEqual([]);
    // Clockwise: at (93, 46) facing 30° the hull's south end swings west, clear of the wall's end at
    // x = 96 (it reaches x 94.3 there); facing 330° it swings east onto the wall (to x 97.5).
    expect(bf.bodyClashes(hull(30, [93, 46]))).toEqual([]);
    expect(bf.bodyClashes(hull(330, [93, 46])).map((c) => c.featureId)).toEqual(['stone_wall']);
    // In the open, turned any way, a hull meets nothing.
    for (const facing of [0, 30, 45, 90, 135]) expect(bf.bodyClashes(hull(facing, [10, 60]))).toEqual([]);
  });
});
