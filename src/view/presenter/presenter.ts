// Presenter mode: which of the scenario's beats is on show. Showing a beat flies the camera to
// the beat's view (table coordinates in the file) and names the units to highlight.
import type { Scenario } from '../../scenario';
import { beatPose, cameraDirector } from '../camera';
import { createStore } from '../store';

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
    cameraDirector.flyTo(beatPose(s, beat.camera), 'beat', opts);
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

/** Unit ids highlighted now (the open beat's `highlight`), else none. */
export function highlightedUnits(s: PresenterState): readonly string[] {
  return s.open ? (s.beats[s.index]?.highlight ?? []) : [];
}
