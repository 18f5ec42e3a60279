// The tests' and benchmarks' entry point: oracles (Rapier's own answers to the battlefield's fast
// queries) and an immutable game for the machines. Production code never imports it (tests/architecture).
export { rapierReferenceHeight, rapierReferenceHit, rapierReferenceBody, rapierReferenceWall } from './rapier-reference';
export { PureDriver, type PureGame } from './pure-driver';
export { pureActivationMachine, pureTurnMachine } from './pure-machines';
