// Presentation beats of the 1918 scenarios show what they talk about: every beat's camera stands
// clear of the table's solids, the ground and the figures (farther than the camera's 1 cm near
// plane, which would cut them open), and the battlefield's own sight line from it reaches the
// beat's target. A beat that follows a unit is checked where the presenter puts it at the set-up.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBattlefield, DEFAULT_FIGURE_HEIGHT, type Battlefield } from '../../src/battlefield';
import { rayShape } from '../../src/battlefield/solid-ray';
import type { Vec3 } from '../../src/core';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { followedCamera, followTarget } from '../../src/view/camera/camera-views';

/** The table camera's near plane (TableView): anything closer is clipped away. */
const NEAR = 1;
const BASE_RADIUS = 0.6;
/** 26 directions: the segments of length NEAR from the camera that must meet no solid. */
const DIRECTIONS: Vec3[] = [];
for (const x of [-1, 0, 1]) for (const y of [-1, 0, 1]) for (const z of [-1, 0, 1]) {
  if (x || y || z) { const l = Math.hypot(x, y, z); DIRECTIONS.push([(x / l) * NEAR, (y / l) * NEAR, (z / l) * NEAR]); }
}

type Beat = NonNullable<Scenario['beats']>[number];

/** The camera the presenter shows at the set-up: as written, or aimed at the followed unit's figures. */
function setUpCamera(s: Scenario, bf: Battlefield, beat: Beat): { position: Vec3; target: Vec3 } {
  const follow = beat.camera.follow;
  if (follow === undefined) return beat.camera as { position: Vec3; target: Vec3 };
  const unit = (s.units ?? []).find((u) => u.id === follow)!;
  const stands = unit.figures.map((f): Vec3 => [f.at[0], bf.standHeight(f.at[0], f.at[1], f.floor), f.at[1]]);
  return followedCamera(beat.camera, followTarget(stands)!);
}

function tooNear(s: Scenario, bf: Battlefield, p: Vec3): string[] {
  const out: string[] = [];
  for (const solid of bf.solids) {
    const shape = rayShape(solid);
    if (DIRECTIONS.some((d) => shape.cast(p, [p[0] + d[0], p[1] + d[1], p[2] + d[2]], 1) >= 0)) out.push(`${solid.featureId} (${solid.part})`);
  }
  const onTable = p[0] >= 0 && p[2] >= 0 && p[0] <= s.table.width && p[2] <= s.table.depth;
  if (onTable && p[1] - bf.groundHeight(p[0], p[2]) < NEAR) out.push('the ground');
  for (const u of s.units ?? []) for (const f of u.figures) {
    const y = bf.standHeight(f.at[0], f.at[1], f.floor);
    const beside = Math.hypot(p[0] - f.at[0], p[2] - f.at[1]) < BASE_RADIUS + NEAR;
    if (beside && p[1] > y - NEAR && p[1] < y + DEFAULT_FIGURE_HEIGHT + NEAR) out.push(`figure ${f.id}`);
  }
  return out;
}

for (const file of ['scenarios/kuularuisku/kalevankangas.json', 'scenarios/kuularuisku/tammerkoski.json']) {
  describe(`beat cameras of ${file}`, () => {
    const s = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
    let bf: Battlefield;
    beforeAll(async () => {
      bf = await createBattlefield(s);
      // The set-up's figures block sight like any solid: a camera must not look through a soldier.
      bf.setFigures((s.units ?? []).filter((u) => !u.reserve).flatMap((u) => u.figures.map((f) => ({ id: f.id, at: [f.at[0], f.at[1]] as [number, number], ...(f.floor !== undefined ? { floor: f.floor } : {}) }))));
    });
    afterAll(() => bf.free());

    for (const beat of s.beats ?? []) {
      it(`"${beat.title}": the camera stands clear of solids, ground and figures`, () => {
        expect(tooNear(s, bf, setUpCamera(s, bf, beat).position)).toEqual([]);
      });

      it(`"${beat.title}": the target is in sight from the camera`, () => {
        const { position, target } = setUpCamera(s, bf, beat);
        // A followed unit is the target itself: its own figures do not hide it.
        const own = (s.units ?? []).find((u) => u.id === beat.camera.follow)?.figures.map((f) => f.id) ?? [];
        const los = bf.lineOfSight(position, target, { figures: { ignore: own } });
        expect(los.clear, `blocked by ${los.blocker?.featureId} (${los.blocker?.part}) ${los.blocker?.distance.toFixed(1)} cm out of ${los.distance.toFixed(1)}`).toBe(true);
      });

      if (beat.camera.follow !== undefined) {
        it(`"${beat.title}": the camera written in the file is the one the presenter shows at the set-up`, () => {
          const shown = setUpCamera(s, bf, beat);
          for (const [a, b] of [[shown.position, beat.camera.position], [shown.target, beat.camera.target]] as const) {
            a.forEach((v, i) => expect(v).toBeCloseTo(b[i]!, 6));
          }
        });
      }
    }
  });
}

describe('the beats that the 1918 briefs and issue ask for', () => {
  const k1 = parseScenarioOrThrow(readFileSync('scenarios/kuularuisku/kalevankangas.json', 'utf8'), 'k1');
  const k2 = parseScenarioOrThrow(readFileSync('scenarios/kuularuisku/tammerkoski.json', 'utf8'), 'k2');
  const beat = (s: Scenario, id: string) => s.beats!.find((b) => b.id === id)!;

  it('Kalevankangas: "White on brown" follows the Swedish squad; "Among the headstones" looks at the east gate (O1)', () => {
    expect(beat(k1, 'beat_white_on_brown').camera.follow).toBe('w_swedes');
    const gate = k1.objectives!.find((o) => o.id === 'O1')!.at;
    const [x, , z] = beat(k1, 'beat_headstones').camera.target;
    expect(Math.hypot(x! - gate[0], z! - gate[1])).toBeLessThanOrEqual(1);
  });

  it('Tammerkoski: the dam beat comes before the bridge beat, its camera on the dam\'s line; the last beat is an epilogue', () => {
    const ids = k2.beats!.map((b) => b.id);
    expect(ids.indexOf('beat_needle_dam')).toBeLessThan(ids.indexOf('beat_nothing_moves'));
    const dam = k2.features.find((f) => f.id === 'needle_dam') as { path: [number, number][] };
    const line = dam.path[0]![1];
    const cam = beat(k2, 'beat_needle_dam').camera;
    expect([cam.position[2], cam.target[2]]).toEqual([line, line]);
    expect(k2.beats!.at(-1)!.title).toMatch(/^Epilogue/);
  });
});
