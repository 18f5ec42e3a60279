// Loads the training ground (the battlefield fixture) once per test file.
import { readFileSync } from 'node:fs';
import { parseScenarioOrThrow, type Scenario } from '../../src/scenario';
import { createBattlefield, EARTHWORK_PARTS, type Battlefield, type LosHit } from '../../src/battlefield';
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

const EARTH = new Set<string>(EARTHWORK_PARTS);
/**
 * The collider a blocker lies on, as one Rapier cast names it: an earthwork's earth is part of the
 * terrain mesh there (the battlefield names the work and part; the cast only sees "terrain").
 */
export function colliderId(hit: LosHit | undefined): string | undefined {
  return hit && EARTH.has(hit.part) ? 'terrain' : hit?.featureId;
}
