// tests/toys mirrors src/: a toy ruleset folder (rules/<id>/) imports '../../core' here as it would
// from src/rules/<id>/, so the very same folder drops into a copy of src/ unchanged.
export * from '../../src/core';
