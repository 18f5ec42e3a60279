// tests/toys mirrors src/: a toy ruleset folder's '../../scenario' reads the real scenario layer (its types, and its pure helpers such as placedFeature).
export * from '../../src/scenario';
