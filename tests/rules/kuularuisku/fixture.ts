// Test tables for the Kuularuisku rules: the training ground (every terrain kind) with the units a
// test needs, validated as a scenario, plus a battlefield built once per file.
import { readFileSync } from 'node:fs';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { ScriptedDice, type Vec2 } from '../../../src/core';
import { parseScenarioOrThrow, type Scenario } from '../../../src/scenario';
import { foldK, setupK, validateKScenario, type KEvent, type KState } from '../../../src/rules/kuularuisku/engine';

export const TRAINING_GROUND = 'scenarios/sandbox/training-ground.json';

export interface UnitSpec {
  id: string;
  side?: 'red' | 'blue';
  type?: 'infantry' | 'leader' | 'weapon-team' | 'gun' | 'vehicle' | 'cavalry';
  at: Vec2[];
  floor?: number;
  data?: Record<string, unknown>;
  figureData?: Array<Record<string, unknown> | undefined>;
}

/** The training ground's terrain with these units (and optional rules) as a Kuularuisku scenario. */
export function scenarioWith(units: UnitSpec[], rules?: Record<string, unknown>, extra: Partial<Scenario> = {}): Scenario {
  const base = JSON.parse(readFileSync(TRAINING_GROUND, 'utf8')) as Record<string, unknown>;
  const s = {
    ...base,
    id: 'k-test',
    ruleset: 'kuularuisku',
    units: units.map((u) => ({
      id: u.id, side: u.side ?? 'red', name: u.id, type: u.type ?? 'infantry', profile: 'rifleman',
      figures: u.at.map((at, i) => ({ id: `${u.id}_${i + 1}`, at, ...(u.floor !== undefined ? { floor: u.floor } : {}), ...(u.figureData?.[i] ? { data: u.figureData[i] } : {}) })),
      ...(u.data ? { data: u.data } : {}),
    })),
    ...(rules ? { rules } : {}),
    ...extra,
  };
  delete (s as Record<string, unknown>).beats;
  delete (s as Record<string, unknown>).objectives;
  delete (s as Record<string, unknown>).victory;
  return parseScenarioOrThrow(JSON.stringify(s), 'k-test.json');
}

let shared: Promise<Battlefield> | undefined;
/** The training-ground battlefield (terrain only; units do not change it), built once per test file. */
export function table(): Promise<Battlefield> {
  shared ??= createBattlefield(scenarioWith([]));
  return shared;
}

/** Set up a state for the units, failing loudly on scenario problems. */
export function stateWith(units: UnitSpec[], rules?: Record<string, unknown>, extra: Partial<Scenario> = {}): KState {
  const sc = scenarioWith(units, rules, extra);
  const issues = validateKScenario(sc);
  if (issues.length) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return setupK(sc);
}

/** A line of n figures starting at (x, z), `gap` cm apart (centres) along x. */
export function line(x: number, z: number, n: number, gap = 2, dz = 0): Vec2[] {
  return Array.from({ length: n }, (_, i) => [x + i * gap, z + i * dz] as Vec2);
}

export function dice(...values: number[]): ScriptedDice {
  return new ScriptedDice(values);
}

export function apply(s: KState, events: readonly KEvent[]): KState {
  return foldK(s, events);
}

export function types(events: readonly KEvent[]): string[] {
  return events.map((e) => e.type);
}

/** Wound or kill figures outright (test set-up, no dice): dead ones leave their unit's list (K-5.5d). */
export function kill(s: KState, ids: string[], condition: 'dead' | 'serious' | 'light' = 'dead'): KState {
  const figures = { ...s.figures };
  const units = { ...s.units };
  for (const id of ids) {
    figures[id] = { ...figures[id]!, condition, ...(condition === 'dead' ? { removed: 'killed' as const } : {}) };
    if (condition === 'dead') {
      const u = units[figures[id]!.unitId]!;
      units[u.id] = { ...u, figures: u.figures.filter((f) => f !== id) };
    }
  }
  return { ...s, figures, units };
}
