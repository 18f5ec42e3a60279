// A parapet with a sloped front (`parapet.frontSlope`): its outer face leans back from its foot on the
// walk to its top, so a sight line rising over the foot passes where an upright parapet stops it;
// the slope is validated (less than the thickness, never negative).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Vec3 } from '../../src/core';
import { parseScenarioOrThrow, validateScenario } from '../../src/scenario';
import { trainingGroundScenario } from './fixture';

// Two ramparts alike but for the parapet's front: crest line x = 60 and x = 120, outer side east, walk
// 3 high and 4 wide, parapet 2 high and 1.5 thick on its outer edge (x 60.5–62 and 120.5–122).
const rampart = (id: string, x: number, frontSlope?: number) => ({
  id, kind: 'rampart', name: id, path: [[x, 20], [x, 100]], outer: 'right', height: 3, crestWidth: 4, slope: 3,
  parapet: { height: 2, thickness: 1.5, ...(frontSlope === undefined ? {} : { frontSlope }) },
});
const base = trainingGroundScenario();
const works = (...features: object[]) => ({ ...base, features, units: [], objectives: [], beats: [] });

describe('a parapet with a sloped front', () => {
  let bf: Battlefield;
  beforeAll(async () => {
    bf = await createBattlefield(parseScenarioOrThrow(JSON.stringify(works(rampart('sloped', 60, 1.2), rampart('upright', 120))), 'works.json'));
  });
  afterAll(() => bf.free());

  it('a level line just under its top stops on the leaning face, inside the upright one\'s front', () => {
    // At 4.9 (1.9 above the foot) the face has leant 1.2 × 1.9 / 2 = 1.14 back from x = 62.
    const sloped = bf.lineOfSight([75, 4.9, 50], [55, 4.9, 50]);
    expect(sloped.blocker).toMatchObject({ featureId: 'sloped', part: 'parapet' });
    expect(sloped.blocker!.point[0]).toBeCloseTo(62 - 1.14, 6);
    const upright = bf.lineOfSight([135, 4.9, 50], [115, 4.9, 50]);
    expect(upright.blocker).toMatchObject({ featureId: 'upright', part: 'parapet' });
    expect(upright.blocker!.point[0]).toBeCloseTo(122, 6);
  });

  it('its foot and top are where an upright parapet\'s are: a level line at the foot and over the top', () => {
    expect(bf.lineOfSight([75, 3.2, 50], [58, 3.2, 50]).blocker!.point[0]).toBeCloseTo(62 - 0.12, 6);
    expect(bf.lineOfSight([75, 5.05, 50], [61, 5.05, 50]).clear).toBe(true);
  });

  it('an eye in front sees over the sloped front a point on the walk that the upright parapet hides', () => {
    // From a figure's eye 10 cm in front, rising 5.1 − 1.598 cm over 9.2 cm: at x = 60.8 (the sloped
    // top's outer edge) 5.1 high, at x = 62 about 4.64 — over the leaning face, inside an upright one.
    const m = (5.1 - 1.598) / 9.2;
    const line = (x0: number, x: number): [Vec3, Vec3] => [[x0 + 10, 1.598, 50], [x, 1.598 + m * (x0 + 10 - x), 50]];
    const sloped = bf.lineOfSight(...line(60, 59));
    expect(sloped.clear).toBe(true);
    const upright = bf.lineOfSight(...line(120, 119));
    expect(upright.clear).toBe(false);
    expect(upright.blocker).toMatchObject({ featureId: 'upright', part: 'parapet' });
  });

  it('the slope is the same along the whole work, away from its ends', () => {
    for (const z of [25, 41.3, 77, 95]) {
      expect(bf.lineOfSight([75, 4, z], [55, 4, z]).blocker!.point[0]).toBeCloseTo(62 - 0.6, 6);
    }
  });
});

describe('parapet.frontSlope validation', () => {
  it.each([
    [1.5, '$.features[0].parapet.frontSlope', /parapet front slope leaves it no top: expected less than its thickness 1\.5 cm, got 1\.5 cm/],
    [2, '$.features[0].parapet.frontSlope', /expected less than its thickness 1\.5 cm, got 2 cm/],
    [-0.5, '$.features[0].parapet.frontSlope', /expected.*(>=|≥|at least) ?0|too small/i],
  ])('frontSlope %s is refused at %s', (frontSlope, path, message) => {
    const r = validateScenario(works(rampart('bad', 60, frontSlope)), 'works.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const issue = r.issues.find((i) => i.path === path);
    expect(issue, JSON.stringify(r.issues)).toBeDefined();
    expect(issue!.message).toMatch(message);
    expect(issue!.file).toBe('works.json');
  });

  it('a slope less than the thickness, and 0 (upright), are accepted', () => {
    expect(validateScenario(works(rampart('ok', 60, 1.4)), 'works.json').ok).toBe(true);
    expect(validateScenario(works(rampart('ok', 60, 0)), 'works.json').ok).toBe(true);
  });
});
