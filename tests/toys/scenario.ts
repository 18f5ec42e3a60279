// tests/toys mirrors src/: a toy ruleset folder's '../../scenario' (types only) reads the real scenario layer.
export type * from '../../src/scenario';
