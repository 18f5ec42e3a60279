// The play overlays' pure geometry without a browser: drag offsets → destinations, reach outlines
// draped on the real training ground, the beyond-reach hint, the pointer's ground point against
// the battlefield's heights, the game's poses, and the tools following the game's figure places.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import type { PlayTarget, PlayUnit } from '../../src/game';
import { dragTargets } from '../../src/view/play/drag-store';
import { centreOf, dragDestinations, drapeRing, groundHit, pointInRing, type TablePoint } from '../../src/view/play/play-geometry';
import { playPoses, unitMarker, unitToken, WOUND_TINTS } from '../../src/view/play/play-poses';
import { drawHeight, floorAt } from '../../src/view/play/surface';
import { targetLabel } from '../../src/view/play/TargetMarks';
import { ToolController } from '../../src/view/tools/tool-controller';
import { loadTrainingGround } from '../battlefield/fixture';

let bf: Battlefield;
beforeAll(async () => {
  bf = await loadTrainingGround();
});
afterAll(() => bf?.free());

const squad = [
  { id: 'a', at: [10, 10] as TablePoint },
  { id: 'b', at: [12, 9] as TablePoint },
  { id: 'c', at: [8, 11.5] as TablePoint },
];

describe('drag destinations', () => {
  it('moves every figure of the unit by the dragged offset, keeping the formation', () => {
    const d = dragDestinations(squad, 'b', [5, -2], false);
    expect(d).toEqual([
      { figureId: 'a', to: [15, 8] },
      { figureId: 'b', to: [17, 7] },
      { figureId: 'c', to: [13, 9.5] },
    ]);
  });

  it('shift-drag moves only the dragged figure', () => {
    expect(dragDestinations(squad, 'c', [-3, 4], true)).toEqual([{ figureId: 'c', to: [5, 15.5] }]);
  });

  it('leaves figures taken off the table out of a drag', () => {
    const unit = { figures: [
      { id: 'a', unitId: 'u', side: 's', at: [1, 1], floor: 0, facing: 0, condition: 'healthy' },
      { id: 'b', unitId: 'u', side: 's', at: [2, 1], floor: 0, facing: 0, condition: 'dead', removed: 'killed' },
    ] } as Pick<PlayUnit, 'figures'>;
    const d = dragTargets({ unitId: 'u', figureId: 'a', grab: [0, 0], pressed: [0, 0], offset: [3, 0], only: false }, unit);
    expect(d).toEqual([{ figureId: 'a', to: [4, 1] }]);
  });
});

describe('reach outline draping', () => {
  const square: TablePoint[] = [[30, 50], [50, 50], [50, 70], [30, 70]];

  it('follows the ground of the battlefield, lifted, closed and sampled every step along each edge', () => {
    const pts = drapeRing(square, (x, z) => bf.groundHeight(x, z), 0.2, 1);
    expect(pts[0]).toEqual(pts[pts.length - 1]);
    expect(pts).toHaveLength(4 * 20 + 1);
    for (const [x, y, z] of pts) expect(y).toBeCloseTo(bf.groundHeight(x, z) + 0.2, 9);
    for (let i = 1; i < pts.length; i++) expect(Math.hypot(pts[i]![0] - pts[i - 1]![0], pts[i]![2] - pts[i - 1]![2])).toBeLessThanOrEqual(1 + 1e-9);
    // The square crosses the west hill: the draped line rises with it instead of cutting through.
    const ys = pts.map((p) => p[1]);
    expect(Math.max(...ys) - Math.min(...ys)).toBeGreaterThan(1);
  });

  it('gives nothing for a degenerate outline', () => {
    expect(drapeRing([[1, 1]], () => 0)).toEqual([]);
  });
});

describe('beyond-reach hint', () => {
  const ring: TablePoint[] = [[0, 0], [10, 0], [10, 10], [5, 4], [0, 10]]; // a notch cut into the top

  it('tells inside from outside, concave notches included', () => {
    expect(pointInRing([2, 2], ring)).toBe(true);
    expect(pointInRing([9.5, 8], ring)).toBe(true);
    expect(pointInRing([8, 8], ring)).toBe(false); // just inside the notch's slanted side
    expect(pointInRing([5, 8], ring)).toBe(false); // in the notch
    expect(pointInRing([11, 5], ring)).toBe(false);
    expect(pointInRing([-0.1, 5], ring)).toBe(false);
  });
});

describe('pointer ground point', () => {
  const table = { width: 180, depth: 120 };

  it('meets a flat table where the ray does', () => {
    const hit = groundHit([20, 50, 10], [1, -1, 0.5], () => 0, table)!;
    expect(hit[0]).toBeCloseTo(70, 4);
    expect(hit[1]).toBeCloseTo(35, 4);
  });

  it('lands on a point of the hill seen from above at a slant (heights from the battlefield)', () => {
    const target: [number, number, number] = [38, bf.groundHeight(38, 57), 57];
    const dir: [number, number, number] = [0.3, -0.8, 0.5];
    const origin: [number, number, number] = [target[0] - dir[0] * 150, target[1] - dir[1] * 150, target[2] - dir[2] * 150];
    const hit = groundHit(origin, dir, (x, z) => bf.groundHeight(x, z), table)!;
    expect(hit[0]).toBeCloseTo(38, 2);
    expect(hit[1]).toBeCloseTo(57, 2);
  });

  it('stops on the hill when the point aimed at lies behind it', () => {
    const top = bf.groundHeight(40, 60);
    const behind: [number, number, number] = [60, bf.groundHeight(60, 60), 60];
    // A low ray from the west, grazing over the foot of the hill toward a point east of it.
    const origin: [number, number, number] = [2, top * 0.6, 60];
    const dir: [number, number, number] = [behind[0] - origin[0], behind[1] - origin[1], behind[2] - origin[2]];
    const hit = groundHit(origin, dir, (x, z) => bf.groundHeight(x, z), table)!;
    expect(hit[0]).toBeLessThan(45);
    expect(hit[0]).toBeGreaterThan(20);
  });

  it('misses when the ray leaves the table or points up', () => {
    expect(groundHit([20, 50, 10], [-1, -0.1, 0], () => 0, table)).toBeNull();
    expect(groundHit([20, 50, 10], [0, 1, 0], () => 0, table)).toBeNull();
  });
});

function unit(id: string, side: string, status: string[], figures: Array<[string, TablePoint, string, string?]>): PlayUnit {
  return {
    id, side, name: id, kind: 'squad', status, activated: false,
    strength: { now: figures.length, start: figures.length },
    figures: figures.map(([fid, at, condition, removed]) => ({ id: fid, unitId: id, side, at, floor: 0, facing: 90, condition, ...(removed ? { removed } : {}) })),
  };
}

describe('the game\'s figures on the table', () => {
  it('stand at the game\'s places on the battlefield\'s stand height, wounded tinted, the dead left out', () => {
    const units = [unit('u1', 'red', [], [['f1', [40, 60], 'healthy'], ['f2', [65, 60], 'serious'], ['f3', [20, 20], 'dead', 'killed']])];
    const poses = playPoses(units, new Map([['red', '#aa0000']]), bf.standHeight.bind(bf));
    expect(poses.map((p) => p.figureId)).toEqual(['f1', 'f2']);
    expect(poses[0]!.position).toEqual([40, bf.standHeight(40, 60), 60]);
    expect(poses[0]!.tint).toBeUndefined();
    expect(poses[1]!.tint).toBe(WOUND_TINTS.serious);
    expect(poses[0]!.sideColour).toBe('#aa0000');
    expect(poses[0]!.facing).toBe(90);
    expect(centreOf(poses.map((p) => [p.position[0], p.position[2]]))).toEqual([52.5, 60]);
  });

  it('leaves out vehicles (a figure with a hull: drawn as a vehicle model)', () => {
    const tank = unit('tank', 'red', [], [['t1', [40, 60], 'healthy']]);
    tank.figures[0]!.hull = { length: 6, width: 3 };
    const units = [tank, unit('u2', 'red', [], [['f9', [41, 61], 'healthy']])];
    expect(playPoses(units, new Map(), bf.standHeight.bind(bf)).map((p) => p.figureId)).toEqual(['f9']);
  });

  it('marks routing over pinned, and nothing for a steady unit', () => {
    expect(unitMarker({ status: ['pinned'] })).toBe('pinned');
    expect(unitMarker({ status: ['Pinned', 'Routing'] })).toBe('routing');
    expect(unitMarker({ status: ['ready', 'activated'] })).toBeNull();
  });

  it('marks a hidden unit: hidden from the other side, or a hidden token shown to both; a status marker first', () => {
    expect(unitToken({ status: [], hiddenFrom: ['blue'] })).toBe('hidden');
    expect(unitToken({ status: ['activated', 'hidden'] })).toBe('hidden');
    expect(unitToken({ status: ['hidden', 'pinned'] })).toBe('pinned');
    expect(unitToken({ status: ['activated'] })).toBeNull();
  });

  it('labels a shootable target with distance and cover, a refused one with reason and rule', () => {
    const base: PlayTarget = { unitId: 't', name: 'Reds', side: 'red', distance: 23.46, visible: 2, total: 3, cover: 'light cover (5+)', notes: [] };
    expect(targetLabel({ ...base, command: { type: 'SHOOT' } as never })).toBe('Reds · 23.5 cm · light cover (5+) · 2/3 seen');
    expect(targetLabel({ ...base, refusal: { reason: 'not in sight', rule: 'K-5.1a' } })).toBe('Reds: not in sight (K-5.1a)');
    // In a ruleset played in inches the same distance reads in inches (23.46 cm = 9.24″).
    expect(targetLabel({ ...base, command: { type: 'SHOOT' } as never }, 'inch')).toBe('Reds · 9.2″ · light cover (5+) · 2/3 seen');
  });
});

describe('tools during play', () => {
  it('measure and sight from where the game put the figures, and drop figures taken off', () => {
    const t = new ToolController(bf);
    t.setTool('measure');
    t.pickFigure('obs_ground_1');
    t.pickFigure('tgt_east_1');
    expect(t.state.get().measure.report!.horizontal).toBeCloseTo(50, 6);
    // The observer walked 10 cm east; the target was killed.
    const others = [...t.figures.keys()].filter((id) => id !== 'obs_ground_1' && id !== 'tgt_east_1');
    t.placeFigures([{ figureId: 'obs_ground_1', at: [25, 60] }, ...others.map((id) => ({ figureId: id, at: t.figures.get(id)!.figure.at as [number, number] }))]);
    expect(t.standPoint('obs_ground_1')).toEqual([25, bf.standHeight(25, 60), 60]);
    expect(t.figures.has('tgt_east_1')).toBe(false);
    expect(t.state.get().measure.error).toMatch(/tgt_east_1/);
    t.pickFigure('hill_top_1');
    t.pickFigure('obs_ground_1');
    expect(t.state.get().measure.report!.a.at).toEqual([40, 60]);
    expect(t.state.get().measure.report!.b.at).toEqual([25, 60]);
    // Back to the deployment when play ends.
    t.placeFigures(null);
    expect(t.figures.get('obs_ground_1')!.figure.at).toEqual([15, 60]);
    expect(t.figures.has('tgt_east_1')).toBe(true);
  });
});

describe('pointer → ground through the camera', () => {
  it('finds the table point drawn under a pixel (the table frame mirrors z)', async () => {
    const { PerspectiveCamera, Vector3 } = await import('three');
    const { tableToWorld } = await import('../../src/view/TableSpace');
    const { pointerGround } = await import('../../src/view/play/pointer-ground');
    const { width, depth } = bf.scenario.table;
    const canvas = { getBoundingClientRect: () => ({ left: 10, top: 20, width: 640, height: 400 }) } as unknown as HTMLElement;
    const camera = new PerspectiveCamera(32, 640 / 400, 1, 3000);
    camera.position.set(...tableToWorld(width, depth, 20, 60, 30));
    camera.lookAt(new Vector3(...tableToWorld(width, depth, 45, 0, 70)));
    camera.updateMatrixWorld();
    for (const [x, z] of [[38, 57], [50, 75], [30, 66]] as const) {
      const v = new Vector3(...tableToWorld(width, depth, x, bf.groundHeight(x, z), z)).project(camera);
      const hit = pointerGround(10 + ((v.x + 1) / 2) * 640, 20 + ((1 - v.y) / 2) * 400, camera, canvas, bf)!;
      expect(hit[0]).toBeCloseTo(x, 2);
      expect(hit[1]).toBeCloseTo(z, 2);
    }
  });
});

describe('ghost heights and floors', () => {
  it('draws a ghost off the table or on a missing floor without throwing, on the nearest ground', () => {
    expect(() => bf.standHeight(-5, 60)).toThrow();
    expect(drawHeight(bf, [-5, 60])).toBe(bf.standHeight(0, 60));
    expect(drawHeight(bf, [40, 60], 2)).toBe(bf.standHeight(40, 60));
    expect(drawHeight(bf, [100, 33], 1)).toBe(bf.standHeight(100, 33, 1));
  });

  it('keeps an upstairs figure on its floor where the building has it, else asks for the ground', () => {
    expect(floorAt(bf, [101, 34], 1)).toBe(1);
    expect(floorAt(bf, [100, 50], 1)).toBeUndefined();
    expect(floorAt(bf, [101, 34], 0)).toBeUndefined();
    expect(floorAt(bf, [-1, 34], 1)).toBeUndefined();
    const unit = { figures: [{ id: 'u1', unitId: 'u', side: 's', at: [100, 33] as TablePoint, floor: 1, facing: 0, condition: 'healthy' }] };
    const drag = { unitId: 'u', figureId: 'u1', grab: [0, 0] as TablePoint, pressed: [0, 0] as [number, number], offset: [1, 1] as TablePoint, only: false };
    expect(dragTargets(drag, unit, (to, floor) => floorAt(bf, to, floor))).toEqual([{ figureId: 'u1', to: [101, 34], floor: 1 }]);
    expect(dragTargets({ ...drag, offset: [0, 17] }, unit, (to, floor) => floorAt(bf, to, floor))).toEqual([{ figureId: 'u1', to: [100, 50] }]);
  });
});
