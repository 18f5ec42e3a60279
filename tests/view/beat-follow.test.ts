// A presentation beat that follows a unit (camera.follow): the camera aims at the unit where it
// stands now — the set-up, or the game's positions in play — keeping the beat's offset, goes with
// the unit when it moves, and stays put once the user has taken the camera.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Scenario } from '../../src/scenario';
import { beatPose, cameraDirector, followedCamera, followTarget } from '../../src/view/camera';
import { beatUnits, highlightedUnits, presenter, presenterStore, unitPlacesStore, figurePlace, type PlacedFigure } from '../../src/view/presenter';

type Beat = NonNullable<Scenario['beats']>[number];
const TABLE = { width: 180, depth: 120 };
const SWEDES: Beat = { title: 'White on brown', narration: 'n', camera: { position: [150, 5, 44], target: [163, 1.5, 56], follow: 'swedes' } };
const FIXED: Beat = { title: 'Fixed', narration: 'n', camera: { position: [10, 20, 30], target: [40, 0, 50] } };

const placed = (unitId: string, points: Array<[number, number, number]>): PlacedFigure[] =>
  points.map((position, i) => figurePlace({ unitId, figureId: `${unitId}_${i}`, position }));

afterEach(() => {
  presenter.close();
  unitPlacesStore.set({ deployed: [], play: null });
  vi.restoreAllMocks();
});

describe('beats that follow a unit', () => {
  it('aims at the mean of the unit\'s stands, 1 cm up, and keeps the written offset from the target', () => {
    const t = followTarget([[160, 0, 50], [162, 2, 54]])!;
    expect(t).toEqual([161, 2, 52]);
    expect(followedCamera(SWEDES.camera, t)).toEqual({ position: [161 - 13, 2 + 3.5, 52 - 12], target: [161, 2, 52] });
    expect(followTarget([])).toBeUndefined();
  });

  it('shows the unit where the set-up has it, then where the game has it, and goes with it as it moves', () => {
    const fly = vi.spyOn(cameraDirector, 'flyTo');
    unitPlacesStore.set({ deployed: placed('swedes', [[164, 0, 50], [166, 0, 54]]), play: null });
    presenter.load({ table: TABLE, beats: [SWEDES, FIXED] });
    presenter.show(0);
    expect(fly).toHaveBeenLastCalledWith(beatPose(TABLE, { position: [152, 4.5, 40], target: [165, 1, 52] }), 'beat', {});

    // A game is on: the Swedes have advanced 30 cm west; the camera follows them there.
    unitPlacesStore.set((s) => ({ ...s, play: placed('swedes', [[134, 0, 50], [136, 0, 54]]) }));
    expect(fly).toHaveBeenLastCalledWith(beatPose(TABLE, { position: [122, 4.5, 40], target: [135, 1, 52] }), 'beat');
    const calls = fly.mock.calls.length;
    // Another unit's move leaves the followed unit where it was: no new flight.
    unitPlacesStore.set((s) => ({ ...s, play: [...s.play!, ...placed('reds', [[90, 6, 60]])] }));
    expect(fly.mock.calls.length).toBe(calls);
  });

  it('leaves the camera alone once the user has moved it, and a fixed beat ignores the units', () => {
    const fly = vi.spyOn(cameraDirector, 'flyTo');
    unitPlacesStore.set({ deployed: placed('swedes', [[164, 0, 50]]), play: null });
    presenter.load({ table: TABLE, beats: [SWEDES, FIXED] });
    presenter.show(0);
    cameraDirector.userMoved();
    const calls = fly.mock.calls.length;
    unitPlacesStore.set((s) => ({ ...s, play: placed('swedes', [[120, 0, 50]]) }));
    expect(fly.mock.calls.length).toBe(calls);

    presenter.show(1);
    expect(fly).toHaveBeenLastCalledWith(beatPose(TABLE, FIXED.camera), 'beat', {});
  });

  it('a followed unit not on this screen (hidden, or gone) leaves the beat\'s own camera', () => {
    const fly = vi.spyOn(cameraDirector, 'flyTo');
    unitPlacesStore.set({ deployed: placed('swedes', [[164, 0, 50]]), play: placed('reds', [[90, 6, 60]]) });
    presenter.load({ table: TABLE, beats: [SWEDES] });
    presenter.show(0);
    expect(fly).toHaveBeenLastCalledWith(beatPose(TABLE, SWEDES.camera), 'beat', {});
  });

  it('in a game without a beat\'s unit (left out by the options) the beat names and rings only the units the game has', () => {
    unitPlacesStore.set({ deployed: placed('swedes', [[164, 0, 50]]), play: null });
    presenter.load({ table: TABLE, beats: [SWEDES, { ...FIXED, highlight: ['swedes', 'reds'] }] });
    presenter.show(1);
    // No game: the set-up's units, all of them.
    expect(highlightedUnits(presenterStore.get())).toEqual(['swedes', 'reds']);
    unitPlacesStore.set((s) => ({ ...s, play: placed('reds', [[90, 6, 60]]), playUnits: ['reds'] }));
    expect(highlightedUnits(presenterStore.get())).toEqual(['reds']);
    expect(beatUnits({ ...SWEDES, highlight: ['swedes'] })).toEqual([]);
  });
});
