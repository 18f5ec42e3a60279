// Battlefield layer: the scenario as a headless Rapier world answering heights, floors and sight.
export { createBattlefield, createBattlefieldNow, initRapier, BattlefieldQueryError, DEFAULT_FIGURE_HEIGHT, EYE_FRACTION } from './battlefield';
export { sampleRelief } from './relief';
export { buildSolids, cutHoles } from './solids';
export { EARTHWORK_PARTS, type EarthworkPart } from './earthworks';
export type * from './types';
