// Kuularuisku 1918 rules engine: state model, events, the evolveK fold and the pure rule functions
// the flow (src/flow) wires into the Ruleset. Everything outside src/rules imports from here.
export type * from './state';
export type * from './events';
export { ev } from './events';
export { evolveK, foldK } from './evolve';
