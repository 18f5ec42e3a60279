// Pure parts of the table's camera, presenter and viewshed overlay (no browser): preset and beat
// poses, the 1 s flight's path, the beat in the URL, the overlay texture mapping, and the viewshed
// runner's scheduling (coarse then final, cache, cancel, floor prefetch) against a fake battlefield.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Viewshed } from '../../src/battlefield/types';
import { beatFromSearch, searchWithBeat } from '../../src/ui/presenter/beat-url';
import { beatPose, edgePose, focusPose, interpolatePose, topPose, type CameraPose } from '../../src/view/camera/camera-views';
import { COARSE_RESOLUTION, START_RESOLUTION, ViewshedRunner, type ViewshedSource } from '../../src/view/overlays/viewshed-runner';
import { viewshedControls, viewshedStore } from '../../src/view/overlays/viewshed-store';
import { cellsFromPixels, cellTransform, drapeGeometry, OVERLAY_LIFT, viewshedPixels } from '../../src/view/overlays/viewshed-texture';
import { worldToTable } from '../../src/view/TableSpace';
import type { HeightGrid } from '../../src/core';

const FRAME = { width: 180, depth: 120, fov: 32, aspect: 1.6 };

describe('camera poses', () => {
  it('a beat camera in table coordinates lands on the same table point after the mirror', () => {
    const pose = beatPose(FRAME, { position: [90, 150, -60], target: [40, 3, 60] });
    expect(worldToTable(180, 120, ...pose.position)).toEqual([90, 150, -60]);
    expect(worldToTable(180, 120, ...pose.target)).toEqual([40, 3, 60]);
    // North (table z up) is world −z: a camera south of the table has world z > 0.
    expect(pose.position[2]).toBeGreaterThan(0);
  });

  it('top-down looks straight down on the centre, far enough to see the whole table', () => {
    const p = topPose(FRAME);
    expect(p.target).toEqual([0, 0, 0]);
    expect(Math.hypot(p.position[0], p.position[2]) / p.position[1]).toBeLessThan(0.01);
    const halfV = p.position[1] * Math.tan((16 * Math.PI) / 180);
    expect(halfV).toBeGreaterThanOrEqual(60);
    expect(halfV * FRAME.aspect).toBeGreaterThanOrEqual(90);
  });

  it('each edge view stands behind its edge, above the table, looking across it', () => {
    const beyond = { west: (p: CameraPose) => p.position[0] < -90, east: (p: CameraPose) => p.position[0] > 90, north: (p: CameraPose) => p.position[2] < -60, south: (p: CameraPose) => p.position[2] > 60 };
    for (const edge of ['west', 'east', 'north', 'south'] as const) {
      const p = edgePose(FRAME, edge);
      expect(beyond[edge](p), edge).toBe(true);
      expect(p.position[1]).toBeGreaterThan(30);
      expect(Math.hypot(p.target[0], p.target[2])).toBeLessThan(15);
    }
  });

  it('focus keeps the viewing direction, comes no farther than 40 cm and never looks up from below', () => {
    const current: CameraPose = { position: [0, 100, 100], target: [0, 0, 0] };
    const f = focusPose(current, [10, 5, -10]);
    expect(f.target).toEqual([10, 5, -10]);
    const [dx, dy, dz] = [f.position[0] - 10, f.position[1] - 5, f.position[2] + 10];
    expect(Math.hypot(dx, dy, dz)).toBeCloseTo(40, 6);
    expect(dx).toBeCloseTo(0, 9);
    expect(dy / dz).toBeCloseTo(1, 6); // same 45° direction as before
    const low = focusPose({ position: [0, 0.5, 100], target: [0, 0, 0] }, [0, 0, 0]);
    expect(low.position[1] / Math.hypot(...low.position)).toBeCloseTo(Math.sin((20 * Math.PI) / 180), 6);
  });

  it('a flight starts and ends exactly on its poses and rises in between', () => {
    const a: CameraPose = { position: [0, 50, 100], target: [0, 0, 0] };
    const b: CameraPose = { position: [100, 50, 0], target: [50, 0, 0] };
    const out: CameraPose = { position: [0, 0, 0], target: [0, 0, 0] };
    expect(interpolatePose(a, b, 0, out)).toEqual(a);
    expect(interpolatePose(a, b, 1, out)).toEqual(b);
    expect(interpolatePose(a, b, 0.5, out).position[1]).toBeGreaterThan(50);
  });
});

describe('beat in the URL', () => {
  it('reads a 1-based beat and ignores anything else', () => {
    expect(beatFromSearch('?scenario=sandbox/training-ground&beat=3')).toBe(3);
    for (const bad of ['', '?beat=0', '?beat=-1', '?beat=two', '?beat=1.5', '?beat=']) expect(beatFromSearch(bad), bad).toBeNull();
  });
  it('sets and removes the beat, keeping the scenario readable', () => {
    expect(searchWithBeat('?scenario=sandbox/training-ground', 2)).toBe('?scenario=sandbox/training-ground&beat=2');
    expect(searchWithBeat('?scenario=sandbox%2Ftraining-ground&beat=2&quality=test', null)).toBe('?scenario=sandbox/training-ground&quality=test');
    expect(searchWithBeat('?beat=2', null)).toBe('');
  });
});

function fakeViewshed(columns: number, rows: number, resolution: number, seen: (i: number) => boolean): Viewshed {
  const cells = new Uint8Array(columns * rows).map((_, i) => (seen(i) ? 1 : 0));
  return { region: { minX: 0, minZ: 0, maxX: 180, maxZ: 120 }, resolution, columns, rows, cells, visibleFraction: 0 };
}

describe('viewshed overlay texture', () => {
  it('puts every texel centre on its cell centre, also when cells overhang the table', () => {
    const vs = fakeViewshed(51, 34, 3.5, () => true); // 178.5 × 119 cm of cells
    const t = cellTransform(vs, 180, 120);
    for (const i of [0, 10, 50]) {
      const x = (i + 0.5) * 3.5;
      expect((x / 180) * t.repeat[0] + t.offset[0]).toBeCloseTo((i + 0.5) / 51, 12);
    }
  });
  it('pixels decode back to the same cells', () => {
    const vs = fakeViewshed(7, 5, 1, (i) => i % 3 === 0);
    expect(cellsFromPixels(viewshedPixels(vs))).toEqual(Array.from(vs.cells));
  });
  it('the drape is the terrain grid lifted a hair, uv = table x/z', () => {
    const grid: HeightGrid = { columns: 3, rows: 2, originX: 0, originZ: 0, spacingX: 90, spacingZ: 120, heights: new Float32Array([0, 1, 2, 0, 1, 2]) };
    const g = drapeGeometry(grid, 180, 120);
    const pos = g.getAttribute('position');
    const uv = g.getAttribute('uv');
    expect(pos.getY(2)).toBeCloseTo(2 + OVERLAY_LIFT, 6);
    expect([uv.getX(2), uv.getY(2)]).toEqual([1, 0]);
    expect([uv.getX(3), uv.getY(3)]).toEqual([0, 1]);
  });
});

describe('viewshed runner', () => {
  const calls: number[] = [];
  const source: ViewshedSource = {
    scenario: { table: { width: 180, depth: 120 } } as ViewshedSource['scenario'],
    eyePoint: (f) => [f.at[0], 2 + (f.floor ?? 0) * 4, f.at[1]],
    buildingAt: (x, z) => (x === 140 && z === 90 ? { id: 'tower', baseHeight: 0, levels: [0, 4, 8, 12, 16], corners: [] } : undefined),
    viewshed: (eye, region, res) => {
      calls.push(res);
      const columns = Math.round(180 / res), rows = Math.round(120 / res);
      return { ...fakeViewshed(columns, rows, res, (i) => (i + Math.round(eye[1])) % 2 === 0), region };
    },
  };
  const idle = () => new Promise((r) => setTimeout(r, 40));
  let runner: ViewshedRunner | null = null;

  beforeAll(() => {
    globalThis.requestAnimationFrame ??= ((cb: FrameRequestCallback) => setTimeout(() => cb(0), 1) as unknown as number);
    globalThis.cancelAnimationFrame ??= ((h: number) => clearTimeout(h)) as typeof cancelAnimationFrame;
  });
  afterEach(() => {
    runner?.dispose();
    viewshedControls.reset();
    calls.length = 0;
  });

  it('shows a coarse pass first, then the final one, and nothing while off', async () => {
    runner = new ViewshedRunner(source);
    viewshedControls.setObserver({ label: 'belfry', x: 140, z: 90, floor: 4 });
    await idle();
    expect(calls).toEqual([]);
    viewshedControls.toggle(true);
    expect(viewshedStore.get().computing).toBe(true);
    for (let i = 0; i < 50 && !viewshedStore.get().result?.final; i++) await idle();
    expect(calls.slice(0, 2)).toEqual([COARSE_RESOLUTION, START_RESOLUTION]);
    const r = viewshedStore.get().result!;
    expect(r.final).toBe(true);
    expect(r.eye).toEqual([140, 18, 90]);
    expect(r.targetHeight).toBe(1.6);
    expect(viewshedStore.get().computing).toBe(false);
  });

  it('prefetches the floors above and below, so stepping floors is served from the cache', async () => {
    runner = new ViewshedRunner(source);
    viewshedControls.setObserver({ label: 'tower', x: 140, z: 90, floor: 2 });
    viewshedControls.toggle(true);
    for (let i = 0; i < 50 && !viewshedStore.get().result?.final; i++) await idle();
    for (let i = 0; i < 10; i++) await idle(); // idle prefetch of floors 3 and 1
    const res = runner.resolution;
    const before = calls.length;
    viewshedControls.setFloor(3);
    expect(viewshedStore.get().result).toMatchObject({ final: true, ms: 0, resolution: res });
    expect(viewshedStore.get().result!.eye[1]).toBe(14);
    expect(calls.length).toBe(before); // no new battlefield call for the prefetched floor
  });

  it('a newer request cancels an older one before it runs', async () => {
    runner = new ViewshedRunner(source);
    viewshedControls.setObserver({ label: 'a', x: 10, z: 10 });
    viewshedControls.toggle(true);
    viewshedControls.setObserver({ label: 'b', x: 20, z: 20 });
    viewshedControls.setTarget('prone');
    for (let i = 0; i < 50 && !viewshedStore.get().result?.final; i++) await idle();
    expect(calls.slice(0, 2)).toEqual([COARSE_RESOLUTION, START_RESOLUTION]); // one coarse + one final pass only
    expect(viewshedStore.get().result).toMatchObject({ eye: [20, 2, 20], targetHeight: 0.4 });
  });
});
