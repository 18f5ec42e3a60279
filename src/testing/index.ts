// The tests' and benchmarks' entry point: oracles (Rapier's own answers to the battlefield's fast
// queries). Production code never imports it (tests/architecture).
export { rapierReferenceHeight, rapierReferenceHit, rapierReferenceBody, rapierReferenceWall } from './rapier-reference';
