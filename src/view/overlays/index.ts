// Overlays draped on the table: the viewshed heat-map (state, runner, drawing).
export { ViewshedOverlay } from './ViewshedOverlay';
export { overlayCells } from './overlay-probe';
export { ViewshedRunner, COARSE_RESOLUTION, FINAL_RESOLUTIONS, FINAL_BUDGET_MS } from './viewshed-runner';
export type { ViewshedSource } from './viewshed-runner';
export { viewshedStore, viewshedControls, TARGET_HEIGHTS } from './viewshed-store';
export type { TargetKind, ViewshedObserver, ViewshedResult, ViewshedState } from './viewshed-store';
export { SEEN_RGBA, HIDDEN_RGBA } from './viewshed-texture';
