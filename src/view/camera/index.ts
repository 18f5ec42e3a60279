// The table camera: controls, preset views, scripted flights and focus.
export { TableCamera } from './TableCamera';
export type { TableCameraProps } from './TableCamera';
export { cameraAsked, cameraDirector, cameraStatus, focusOn, FLIGHT_MS } from './camera-director';
export type { CameraStatus, CameraView, HeldMove } from './camera-director';
export { beatPose, presetPose, homePose, followTarget, followedCamera, FOLLOW_LIFT } from './camera-views';
export type { CameraPose, PresetName, TableEdgeName } from './camera-views';
export { followActive } from './follow-active';
export { bandCovers, clearRect, hudCovers, toNdc } from './clear-area';
export type { Rect } from './clear-area';
export { shouldFollowAgain, CLEAR_SLACK } from './follow-again';
export type { FollowAgainState } from './follow-again';
export { clearChanged, createClearWatch } from './clear-watch';
export type { ClearWatch, ClearWatchOptions } from './clear-watch';
export { measureUncovered, observeUncovered } from './uncovered-observer';
export { homeFrame, tableShown, HOME_COVER_AIM, HOME_ELEVATIONS } from './home-frame';
export type { HomeFrame } from './home-frame';
export { unitInViewPose, allInside, projectNdc, tableCover, TABLE_COVER_ENOUGH, TABLE_COVER_LEAST } from './unit-in-view';
export type { Lens, TableSize } from './unit-in-view';
