// Loads the training ground (the battlefield fixture) once per test file.
import { readFileSync } from 'node:fs';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { createBattlefield, type Battlefield } from '../../src/battlefield';
import type { Vec3 } from '../../src/core';

export const TRAINING_GROUND = 'scenarios/sandbox/training-ground.json';

export function trainingGroundScenario(): Scenario {
  return parseScenarioOrThrow(readFileSync(TRAINING_GROUND, 'utf8'), TRAINING_GROUND);
}

export function loadTrainingGround(): Promise<Battlefield> {
  return createBattlefield(trainingGroundScenario());
}

/** Eye of a standard 15 mm figure standing at (x, z) on a floor. */
export function eye(bf: Battlefield, x: number, z: number, floor?: number): Vec3 {
  return bf.eyePoint({ id: 'probe', at: [x, z], ...(floor !== undefined ? { floor } : {}) });
}
