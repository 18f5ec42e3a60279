// The table tools without a browser: the controller's picks and reports against the real
// battlefield (the same answers as lineOfSight / visibility / standHeight), floor guesses, the
// cutaway filter, range-ring parsing and draping, and the tape's ticks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../src/battlefield';
import { dist3 } from '../../src/core';
import { cutSolids, maxLevels } from '../../src/view/tools/cutaway';
import { parseRadii, ringRuns, tapeTicks } from '../../src/view/tools/overlay-geometry';
import { floorAtHit, ToolController } from '../../src/view/tools/tool-controller';

import { eye, loadTrainingGround } from '../battlefield/fixture';

let bf: Battlefield;
beforeAll(async () => {
  bf = await loadTrainingGround();
});
afterAll(() => bf?.free());

describe('line of sight tool', () => {
  it('figure → unit: the line to the picked figure is the battlefield\'s eye-to-eye line, with head/chest/base', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickFigure('hill_top_1');
    expect(t.state.get().selected).toBe('hill_top_1');
    expect(t.state.get().los.first?.eye).toEqual(eye(bf, 40, 60));
    t.pickFigure('tgt_east_1');
    const r = t.state.get().los.report!;
    const expected = bf.lineOfSight(eye(bf, 40, 60), eye(bf, 65, 60));
    expect(r.result.clear).toBe(expected.clear);
    expect(r.result.distance).toBeCloseTo(expected.distance, 9);
    expect(r.target.unitId).toBe('tgt_east');
    const v = bf.visibility({ id: 'hill_top_1', at: [40, 60] }, { id: 'tgt_east_1', at: [65, 60] });
    expect(r.figures).toHaveLength(1);
    expect(r.figures[0]!.fraction).toBe(v.fraction);
    expect(r.figures[0]!.samples.map((s) => s.clear)).toEqual(v.samples.map((s) => s.result.clear));
    // A third pick changes only the target; "New observer" makes the next pick the observer, the target kept.
    t.pickFigure('obs_ground_1');
    expect(t.state.get().los.observer).toEqual({ kind: 'figure', figureId: 'hill_top_1' });
    expect(t.state.get().los.target).toEqual({ kind: 'figure', figureId: 'obs_ground_1' });
    t.newObserver();
    t.pickFigure('tgt_east_1');
    expect(t.state.get().los.observer).toEqual({ kind: 'figure', figureId: 'tgt_east_1' });
    expect(t.state.get().los.report?.target.figureId).toBe('obs_ground_1');
    t.pickFigure('hill_top_1');
    expect(t.state.get().los.observer).toEqual({ kind: 'figure', figureId: 'tgt_east_1' });
    expect(t.state.get().los.report?.target.figureId).toBe('hill_top_1');
  });

  it('the eye view from a figure names that figure (it is not drawn while its eye looks); from a point, none', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickFigure('hill_top_1');
    t.pickFigure('tgt_east_1');
    t.eyeFromObserver();
    expect(t.state.get().eye).toMatchObject({ figureId: 'hill_top_1', label: expect.any(String) });
    t.exitEye();
    t.eyeFromFigure('obs_ground_1');
    expect(t.state.get().eye?.figureId).toBe('obs_ground_1');
    t.exitEye();
    t.setLosEnds({ kind: 'point', x: 30, z: 30, floor: 0 }, { kind: 'figure', figureId: 'tgt_east_1' });
    t.eyeFromObserver();
    expect(t.state.get().eye).not.toBeNull();
    expect(t.state.get().eye?.figureId).toBeUndefined();
  });

  it('a point inside a building takes the floor drawn under the click, stands at its centre, and the floor selector moves it', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickSurface({ x: 100, y: 4, z: 31 }); // the first-floor slab of the farmhouse
    expect(t.state.get().los.observer).toMatchObject({ kind: 'point', x: 100, z: 30, floor: 1, spot: 'centre' });
    t.pickFigure('behind_wall_1');
    let r = t.state.get().los.report!;
    expect(r.observer.building).toBe('house_two_storey');
    expect(r.observer.floorName).toBe('first floor');
    expect(r.result.clear).toBe(bf.lineOfSight(eye(bf, 100, 30, 1), eye(bf, 100, 47)).clear);
    // From the room's centre the house's own north wall is in the way; at the north window it is not.
    expect(r.result.blocker?.featureId).toBe('house_two_storey');
    t.setSpot('observer', 'house_win_n1');
    r = t.state.get().los.report!;
    expect(r.observer.at).toEqual([100, 33.9]);
    expect(r.result.clear).toBe(true);
    t.setFloor('observer', 0);
    r = t.state.get().los.report!;
    expect(r.observer.floor).toBe(0);
    expect(r.result.blocker?.featureId).toBe('stone_wall');
  });

  it('a click anywhere on the belfry floor, or on the tower wall from outside, gives the same observer: the belfry centre', () => {
    const picks = [{ x: 139.3, y: bf.standHeight(140, 90, 4), z: 88 }, { x: 140, y: bf.standHeight(140, 90, 4), z: 90 }, { x: 142.2, y: bf.standHeight(140, 90, 4) + 0.4, z: 91.9 }];
    // The tower's east wall face from outside (x = 143), at the belfry's height.
    picks.push({ x: 143.1, y: bf.standHeight(140, 90, 4) + 1, z: 89.5 });
    const seen = picks.map((hit) => {
      const t = new ToolController(bf);
      t.setTool('los');
      t.pickSurface(hit);
      t.pickFigure('tgt_east_1');
      const r = t.state.get().los.report!;
      return { at: r.observer.at, floor: r.observer.floor, clear: r.result.clear, spot: r.observer.spot };
    });
    for (const s of seen) expect(s).toEqual({ at: [140, 90], floor: 4, clear: seen[0]!.clear, spot: 'centre' });
  });

  it('stand at a window: the observer moves just inside it; typed and nudged points are used exactly', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickSurface({ x: 142, y: bf.standHeight(140, 90, 4), z: 90.5 });
    const spots = t.state.get().los.first!.spots;
    expect(spots[0]!.id).toBe('centre');
    expect(spots[1]!.id).toBe('tower_bell_e'); // nearest the click
    t.setSpot('observer', 'tower_bell_e');
    const first = t.state.get().los.first!;
    expect(first.at).toEqual(bf.standingSpots('church_tower', 4)[2]!.at);
    expect(first.spot).toBe('tower_bell_e');
    expect(first.eye).toEqual(eye(bf, first.at[0], first.at[1], 4));
    t.setExact('observer', 141, 89, 4, 1.2);
    let f = t.state.get().los.first!;
    expect(f.at).toEqual([141, 89]);
    expect(f.spot).toBeNull();
    expect(f.eye[1]).toBeCloseTo(bf.standHeight(141, 89, 4) + 1.2, 12);
    t.pickFigure('tgt_east_1');
    const r = t.state.get().los.report!;
    const v = bf.visibility({ id: 'tgt', at: [141, 89] }, { id: 'tgt_east_1', at: [65, 60] });
    expect(r.figures[0]!.samples.map((s) => s.clear)).toEqual(v.samples.map((s) => bf.lineOfSight(f.eye, s.point).clear));
    t.nudgeObserver(0.5, 0, 0.1);
    f = t.state.get().los.first!;
    expect(f.at).toEqual([141.5, 89]);
    expect(f.above).toBeCloseTo(1.3, 9);
    t.setExact('observer', 141, 89, 9, 1.2);
    expect(t.state.get().los.error).toMatch(/floors 0–4/);
    t.setExact('observer', -1, 89, 0);
    expect(t.state.get().los.error).toMatch(/off the table/);
  });

  it('a click on a rampart walk stands on its crest line; "Stand at" moves to the embrasure', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickSurface({ x: 159.2, y: bf.groundHeight(159.2, 70), z: 70 });
    let f = t.state.get().los.first!;
    expect(f.at).toEqual([160, 70]);
    expect(f.spot).toBe('walk');
    expect(f.spots.map((x) => x.id)).toEqual(['walk', 'rampart_embrasure']);
    t.setSpot('observer', 'rampart_embrasure');
    f = t.state.get().los.first!;
    expect(f.at).toEqual(bf.standingSpots('rampart_east', 0)[1]!.at);
    expect(f.eye).toEqual(eye(bf, f.at[0], f.at[1]));
    // The tape keeps the exact point clicked.
    t.setTool('measure');
    t.pickSurface({ x: 159.2, y: bf.groundHeight(159.2, 70), z: 70 });
    expect(t.state.get().measure.a).toEqual({ kind: 'point', x: 159.2, z: 70, floor: 0 });
  });

  it('a click on a ladder stands on its top: the eye a figure\'s eye over the top, not the ground under it', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickSurface({ x: 169.5, y: bf.groundHeight(169.5, 55) + 2, z: 55 });
    const f = t.state.get().los.first!;
    const top = bf.standingSpots('ladder_rampart', 0)[0]!;
    expect(f.spot).toBe('top');
    expect(f.at).toEqual(top.at);
    expect(f.spots.map((x) => x.label)).toEqual(['top of the Scaling ladder']);
    expect(f.eye[1]).toBeCloseTo(top.stand! + 1.598, 3);
    expect(t.state.get().los.observer).toMatchObject({ kind: 'point', spot: 'top', above: Math.round((top.stand! - bf.standHeight(top.at[0], top.at[1]) + 1.598) * 1000) / 1000 });
  });

  it('a unit target lists each figure by name with the first blocker of each hidden point', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickFigure('obs_ground_1');
    t.pickFigure('tgt_east_1');
    const r = t.state.get().los.report!;
    for (const f of r.figures) {
      expect(f.label).not.toContain(f.figureId);
      for (const s of f.samples) {
        if (s.clear) expect(s.blocker).toBeNull();
        else expect(s.blockerName).toBeTruthy();
      }
    }
  });

  it('point → point through dense woods: areas with the length inside, then the see-in depth blocks', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickSurface({ x: 110, y: 0, z: 20 });
    t.pickSurface({ x: 126, y: 0, z: 20 });
    let r = t.state.get().los.report!;
    expect(r.result.clear).toBe(true);
    expect(r.result.areas.map((a) => [a.featureId, Math.round(a.length * 10) / 10])).toEqual([['woods_dense', 6]]);
    t.pickSurface({ x: 110, y: 0, z: 20 });
    t.pickSurface({ x: 140, y: 0, z: 20 });
    r = t.state.get().los.report!;
    expect(r.result.blocker).toMatchObject({ featureId: 'woods_dense', part: 'depth' });
    expect(r.lines[0]!.blockAt).toEqual(r.result.blocker!.point);
    expect(r.figures).toEqual([]);
  });

  it('reports a query error in the state instead of throwing', () => {
    const t = new ToolController(bf);
    t.setTool('los');
    t.pickSurface({ x: 100, y: 4, z: 31 });
    t.setFloor('observer', 7);
    expect(t.state.get().los.error).toMatch(/floors 0–1/);
  });

  it('ignores clicks off the table and keeps the select tool for figures', () => {
    const t = new ToolController(bf);
    t.pickSurface({ x: -3, y: 0, z: 10 });
    expect(t.state.get().los.observer).toBeNull();
    t.pickFigure('tower_top_1');
    expect(t.state.get().selected).toBe('tower_top_1');
    t.pickFigure('tower_top_1');
    expect(t.state.get().selected).toBeNull();
  });
});

describe('measure tool', () => {
  it('the tape runs surface to surface; its length is the 3D distance', () => {
    const t = new ToolController(bf);
    t.setTool('measure');
    t.pickFigure('hill_top_1');
    t.pickSurface({ x: 65, y: 0, z: 60 });
    const m = t.state.get().measure.report!;
    const a = [40, bf.standHeight(40, 60), 60] as const;
    const b = [65, bf.standHeight(65, 60), 60] as const;
    expect(m.distance).toBeCloseTo(dist3([...a], [...b]), 9);
    expect(m.horizontal).toBeCloseTo(25, 9);
    expect(m.rise).toBeCloseTo(b[1] - a[1], 9);
    // The CLI's los distance (eye to eye, same eye height at both ends) is the same length.
    expect(m.distance).toBeCloseTo(bf.lineOfSight(eye(bf, 40, 60), eye(bf, 65, 60)).distance, 9);
  });

  it('range rings are radii from the base edge, draped on the ground, cut at the table edge', () => {
    const t = new ToolController(bf);
    const rings = t.rangeRings('obs_ground_1', [10, 30]);
    expect(rings.map((r) => r.radius)).toEqual([10, 30]);
    const [inner, outer] = rings;
    expect(inner!.runs).toHaveLength(1); // 10.6 cm around (15, 60): all on the table
    for (const [x, y, z] of inner!.runs[0]!) {
      expect(Math.hypot(x - 15, z - 60)).toBeCloseTo(10 + 0.62, 6);
      expect(y).toBeCloseTo(bf.groundHeight(x, z) + 0.25, 6);
    }
    // 30.6 cm around x = 15 crosses the west edge: one arc, joined across its start.
    expect(outer!.runs).toHaveLength(1);
    for (const run of outer!.runs) for (const [x] of run) expect(x).toBeGreaterThanOrEqual(0);
  });
});

describe('pure helpers', () => {
  it('floorAtHit: the highest level at or below the hit, capped by the cutaway', () => {
    const house = bf.buildings.find((b) => b.id === 'house_two_storey')!;
    expect(floorAtHit(house, 0, null)).toBe(0);
    expect(floorAtHit(house, 4, null)).toBe(1);
    expect(floorAtHit(house, 10.5, null)).toBe(1); // the roof: the top floor
    expect(floorAtHit(house, 10.5, 0)).toBe(0);
    expect(floorAtHit(undefined, 6, null)).toBe(0);
  });

  it('cutSolids removes every building roof and the storeys above the level, nothing else', () => {
    expect(cutSolids(bf.solids, null)).toBe(bf.solids);
    const cut = cutSolids(bf.solids, 1);
    expect(cut.some((s) => s.featureKind === 'building' && s.part === 'roof')).toBe(false);
    expect(cut.some((s) => s.featureKind === 'building' && (s.floor ?? 0) > 1)).toBe(false);
    expect(cut.filter((s) => s.featureKind !== 'building')).toEqual(bf.solids.filter((s) => s.featureKind !== 'building'));
    expect(cut.some((s) => s.featureId === 'house_two_storey' && s.part === 'floor' && s.floor === 1)).toBe(true);
    expect(maxLevels(bf.buildings)).toBe(5);
  });

  it('parseRadii reads a typed list', () => {
    expect(parseRadii('15, 30 60')).toEqual([15, 30, 60]);
    expect(parseRadii('60;15;15cm')).toEqual([15, 60]);
    expect(parseRadii('')).toBeNull();
    expect(parseRadii('10, x')).toBeNull();
    expect(parseRadii('-5')).toBeNull();
  });

  it('ringRuns joins an arc cut by the table edge across its start', () => {
    const flat = { scenario: bf.scenario, groundHeight: () => 0 };
    const runs = ringRuns(flat, 90, 119, 5, 0); // crosses the north edge at the ring's start (north point)
    expect(runs).toHaveLength(1);
    expect(runs[0]!.every(([, , z]) => z <= 120)).toBe(true);
  });

  it('tapeTicks: one tick every step, longer every other one', () => {
    const ticks = tapeTicks([0, 0, 0], [0, 0, 26], 5);
    expect(ticks).toHaveLength(10); // 5 ticks × 2 ends
    expect(Math.abs(ticks[0]![0] - ticks[1]![0])).toBeCloseTo(0.6, 6);
    expect(Math.abs(ticks[2]![0] - ticks[3]![0])).toBeCloseTo(1.1, 6);
  });
});
