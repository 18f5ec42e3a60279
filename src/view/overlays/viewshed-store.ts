// What the viewshed overlay shows: on/off, the observer (a figure, or any point and floor), the
// target height, and the latest result computed by the battlefield (coarse first, then final).
import type { Viewshed } from '../../battlefield';
import type { Vec3 } from '../../core';
import { createStore } from '../store';

export type { Vec3 };

/** Target heights above the standing surface, cm (ART/issue: prone, standing, vehicle). */
export const TARGET_HEIGHTS = { prone: 0.4, standing: 1.6, vehicle: 3 } as const;
export type TargetKind = keyof typeof TARGET_HEIGHTS;

export interface ViewshedObserver {
  /** Shown in the panel: a unit and figure name, or a point. */
  label: string;
  x: number;
  z: number;
  /** Building floor (0 = ground floor); undefined outside buildings. */
  floor?: number;
  figureId?: string;
}

export interface ViewshedResult {
  eye: Vec3;
  targetHeight: number;
  resolution: number;
  viewshed: Viewshed;
  /** Milliseconds the battlefield took for this pass (0 when from the cache). */
  ms: number;
  /** The final resolution (else the quick coarse pass shown while the final one runs). */
  final: boolean;
}

export interface ViewshedState {
  on: boolean;
  observer: ViewshedObserver | null;
  target: TargetKind;
  result: ViewshedResult | null;
  computing: boolean;
  error?: string;
}

export const viewshedStore = createStore<ViewshedState>({ on: false, observer: null, target: 'standing', result: null, computing: false });

export const viewshedControls = {
  toggle(on?: boolean): void {
    viewshedStore.set((s) => ({ ...s, on: on ?? !s.on }));
  },
  setObserver(observer: ViewshedObserver | null): void {
    viewshedStore.set((s) => ({ ...s, observer }));
  },
  setFloor(floor: number | undefined): void {
    viewshedStore.set((s) => (s.observer ? { ...s, observer: { ...s.observer, floor } } : s));
  },
  setTarget(target: TargetKind): void {
    viewshedStore.set((s) => ({ ...s, target }));
  },
  reset(): void {
    viewshedStore.set({ on: false, observer: null, target: 'standing', result: null, computing: false });
  },
};
