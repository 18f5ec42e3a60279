// Core: geometry, units and the shared height grid — no dependencies outside core.
export * from './geometry';
export * from './units';
export * from './height-grid';
export * from './solids';
export * from './dice';
export * from './hash';
export * from './measure';
export * from './distance-format';
export * from './sight-points';
export type * from './table-queries';
export type * from './option-choice';
export type * from './play-view-types';
export type * from './sequence';
export type * from './player';
export * from './random-pick';
export * from './value-words';
export * from './templates';
