// Battlefield layer: the scenario's table answering heights, floors and sight (Rapier where it must).
export { createBattlefield, createBattlefieldNow, BattlefieldQueryError, DEFAULT_FIGURE_HEIGHT, EYE_FRACTION } from './battlefield';
export { initRapier, askLoadingRapier, RapierNotLoadedError } from './rapier-world';
export { warmRapier, warmRapierEmpty } from './rapier-warm-up';
export { reliefInputs, sampleRelief } from './relief';
export { cachedRelief, clearReliefCache, reliefKey, setReliefStore, type ReliefStore } from './relief-cache';
export { buildSolids, cutHoles } from './solids';
export { EARTHWORK_PARTS, type EarthworkPart } from './earthworks';
export type * from './types';
