// Table tools: picking, selection, line of sight, measuring tape, range rings, floor cutaway and
// eye view — state and actions (ToolController) for the panels, components for the scene.
export { ToolController, floorAtHit } from './tool-controller';
export type { CanvasLink, EndName, EyeView, Hover, SurfaceHit, ToolId, ToolState } from './tool-controller';
export type { EndReport, FigureSight, LosReport, MeasureReport, PointEnd, FigureEnd, SightEnd, SightLine, TargetMode } from './sight';
export { lineOfSightReport, measureReport, describeEnd, figureLabel } from './sight';
export { displayUnit, figureIndex, figureName, floorName } from './tool-model';
export { featureName } from '../../scenario';
export type { FigureRef, ToolsModel } from './tool-model';
export { cutSolids, cutawayScope, fadedRoofs, floorCutAway, levelsFor, maxLevels } from './cutaway';
export type { CutawayScope } from './cutaway';
export { DEFAULT_RINGS, parseRadii, ringRuns, tapeTicks, TAPE_LIFT } from './overlay-geometry';
export { TOOL_COLOURS } from './colours';
export { useHover, useToolState } from './use-tools';
export { toolsHook } from './tools-hook';
export type { CanvasPoint, ToolsHook } from './tools-hook';
export { ToolBridge } from './ToolBridge';
export { EyeCamera } from './EyeCamera';
export { PickSurface } from './PickSurface';
export { ToolFigures } from './ToolFigures';
export { CutawaySolids } from './CutawaySolids';
export { ToolOverlays } from './ToolOverlays';
