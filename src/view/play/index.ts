// Play on the table: the game's figures, the move gizmo (drag to move), targets and refusals.
export { PlayTable } from './PlayTable';
export type { PlayTableProps } from './PlayTable';
export type { PlayRefusal, PlayTableLink } from './types';
export { dragDestinations, drapeRing, pointInRing, groundHit, centreOf, flatDistance } from './play-geometry';
export type { Destination, DragFigure, TablePoint } from './play-geometry';
export { playPoses, sideColours, unitMarker, woundTint, WOUND_TINTS } from './play-poses';
export { targetLabel } from './TargetMarks';
export { PLAY_COLOURS } from './colours';
export { createMoveFloorStore, moveFloorKey, pressedFloor, floorsNear, nextMoveFloor, NEAR_BUILDING } from './move-floor';
export type { MoveFloor } from './move-floor';
export { floorName as storeyName } from './surface';
