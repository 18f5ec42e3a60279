// Presenter mode: which of the scenario's beats is on show. Showing a beat flies the camera to
// the beat's view (table coordinates in the file) and names the units to highlight; a beat that
// follows a unit aims at that unit where it stands now, and keeps aiming there as it moves.
import type { Scenario } from '../../scenario';
import { beatPose, cameraDirector, cameraStatus, followedCamera, followTarget } from '../camera';
import { createStore } from '../store';
import { presentUnits, unitPlacesStore, unitStands, type UnitPlaces } from './unit-places';

export type Beat = NonNullable<Scenario['beats']>[number];

export interface PresenterState {
  /** Table size, cm, for the beats' camera positions. */
  width: number;
  depth: number;
  beats: readonly Beat[];
  open: boolean;
  /** 0-based index of the beat on show (kept while closed, to reopen there). */
  index: number;
}

export const presenterStore = createStore<PresenterState>({ width: 180, depth: 120, beats: [], open: false, index: 0 });

/** The beat's camera in table coordinates: as written, or aimed at the unit it follows where it stands now. */
export function beatCamera(beat: Beat): { position: readonly number[]; target: readonly number[] } {
  const unit = beat.camera.follow;
  const target = unit === undefined ? undefined : followTarget(unitStands(unitPlacesStore.get(), unit));
  return target ? followedCamera(beat.camera, target) : beat.camera;
}

/** The target the camera was last sent to for a beat (to re-aim only when a followed unit moved). */
let aimed: readonly number[] = [];

function clampIndex(i: number, n: number): number {
  return Math.min(Math.max(Math.round(i), 0), Math.max(n - 1, 0));
}

export const presenter = {
  /** A new scenario: its beats, closed. */
  load(scenario: Pick<Scenario, 'beats' | 'table'>): void {
    presenterStore.set({ width: scenario.table.width, depth: scenario.table.depth, beats: scenario.beats ?? [], open: false, index: 0 });
  },
  /** Open at a beat (0-based) and fly the camera there; `instant` jumps (a link, back/forward). */
  show(index: number, opts: { instant?: boolean } = {}): void {
    const s = presenterStore.get();
    if (s.beats.length === 0) return;
    const i = clampIndex(index, s.beats.length);
    const beat = s.beats[i]!;
    presenterStore.set({ ...s, open: true, index: i });
    const cam = beatCamera(beat);
    aimed = cam.target;
    cameraDirector.flyTo(beatPose(s, cam), 'beat', opts);
  },
  next(): void {
    const s = presenterStore.get();
    if (s.open && s.index < s.beats.length - 1) this.show(s.index + 1);
  },
  previous(): void {
    const s = presenterStore.get();
    if (s.open && s.index > 0) this.show(s.index - 1);
  },
  /** Open at the current beat, or close. */
  toggle(): void {
    const s = presenterStore.get();
    if (s.open) this.close();
    else this.show(s.index);
  },
  close(): void {
    const s = presenterStore.get();
    if (s.open) presenterStore.set({ ...s, open: false });
  },
};

// A followed unit moves (a game command, the set-up drawn): the camera goes with it, unless the
// user has taken the camera elsewhere since.
unitPlacesStore.subscribe(() => {
  const s = presenterStore.get();
  const beat = s.open ? s.beats[s.index] : undefined;
  if (!beat?.camera.follow || cameraStatus.get().view !== 'beat') return;
  const cam = beatCamera(beat);
  if (cam.target.every((v, i) => Math.abs(v - (aimed[i] ?? NaN)) < 1e-6)) return;
  aimed = cam.target;
  cameraDirector.flyTo(beatPose(s, cam), 'beat');
});

/** The beat's units in the game (a unit the game's options left out is skipped). */
export function beatUnits(beat: Beat, places: UnitPlaces = unitPlacesStore.get()): readonly string[] {
  return presentUnits(places, beat.highlight ?? []);
}

/** Unit ids highlighted now (the open beat's `highlight`, units in the game), else none. */
export function highlightedUnits(s: PresenterState, places: UnitPlaces = unitPlacesStore.get()): readonly string[] {
  const beat = s.open ? s.beats[s.index] : undefined;
  return beat ? beatUnits(beat, places) : [];
}
