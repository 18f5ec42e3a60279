// View layer: the R3F scene of the table. Renders state; decides no rule, height or line of sight.
/** The R3F canvas and everything drawn in it (three.js, React Three Fiber): a chunk of its own. */
export const loadTableView = () => import('./TableView');
export type { TableViewProps } from './TableView';
export type { Quality, TableModel } from './table-model';
export { tableToWorld } from './TableSpace';
export { cameraDirector, cameraStatus, focusOn, followActive, hudCovers, presetPose } from './camera';
export type { Rect } from './camera';
export type { CameraStatus, CameraView, HeldMove, PresetName, TableEdgeName } from './camera';
export { presenter, presenterStore, highlightedUnits, beatUnits, unitPlacesStore, highlightOnScreen, HIGHLIGHT_COLOUR } from './presenter';
export type { Beat, PresenterState } from './presenter';
export { ViewshedRunner, viewshedStore, viewshedControls, TARGET_HEIGHTS, SEEN_RGBA, HIDDEN_RGBA } from './overlays';
export type { TargetKind, ViewshedObserver, ViewshedSource, ViewshedState } from './overlays';
export { viewProbe } from './probe';
export type { ViewProbe, FrameStats, FrameTiming } from './probe';
export { createStore, useStore } from './store';
export type { Store } from './store';
export {
  ToolController, floorAtHit, lineOfSightReport, measureReport, describeEnd, displayUnit, figureIndex, figureName, floorName, featureName,
  cutSolids, cutawayScope, floorCutAway, levelsFor, maxLevels, DEFAULT_RINGS, parseRadii, ringRuns, TOOL_COLOURS, useHover, useToolState, toolsHook,
} from './tools';
export type {
  CanvasLink, EndName, EyeView, Hover, SurfaceHit, ToolId, ToolState, EndReport, FigureSight, LosReport, MeasureReport, PointEnd,
  FigureEnd, SightEnd, SightLine, TargetMode, FigureRef, ToolsModel, CanvasPoint, ToolsHook, CutawayScope,
} from './tools';
export { PlayTable, PLAY_COLOURS, createMoveFloorStore, moveFloorKey, pressedFloor, storeyName } from './play';
export type { MoveFloor, PlayRefusal, PlayTableLink } from './play';
export { quietDependencyNotices } from './three-notices';
