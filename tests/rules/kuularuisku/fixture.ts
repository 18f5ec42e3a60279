// Test tables for the Kuularuisku rules: the training ground (every terrain kind) with the units a
// test needs, validated as a scenario, plus a battlefield built once per file. A situation mid-battle
// (pinned, in melee, wounded …) is set through the scenario's starting states, the path a scenario file takes.
import { readFileSync } from 'node:fs';
import { createBattlefield, type Battlefield } from '../../../src/battlefield';
import { ScriptedDice, type Vec2 } from '../../../src/core';
import { parseScenarioOrThrow, type Scenario } from '../../../src/scenario';
import { validateKScenario, type KEvent, type KReading } from '../../../src/rules/kuularuisku/engine';
import { foldPlayed, openingOf, readGame } from './reading';
import type { FigureStartT, UnitStartT } from '../../../src/rules/kuularuisku/start-states';

export const TRAINING_GROUND = 'scenarios/sandbox/training-ground.json';

export interface UnitSpec {
  id: string;
  side?: 'red' | 'blue';
  type?: 'infantry' | 'leader' | 'weapon-team' | 'gun' | 'vehicle' | 'cavalry';
  at: Vec2[];
  floor?: number;
  data?: Record<string, unknown>;
  figureData?: Array<Record<string, unknown> | undefined>;
  /** The unit's starting state (its data.start): status, meleeWith, activated … */
  start?: UnitStartT;
  /** Figures' starting states (their data.start) by figure number: 1 is `${id}_1`. */
  figureStart?: Record<number, FigureStartT>;
}

/** A unit's data with its starting state, and figure i's (0-based) data with its own. */
function unitData(u: UnitSpec): Record<string, unknown> | undefined {
  return u.start ? { ...u.data, start: u.start } : u.data;
}
function figureData(u: UnitSpec, i: number): Record<string, unknown> | undefined {
  const start = u.figureStart?.[i + 1];
  return start ? { ...u.figureData?.[i], start } : u.figureData?.[i];
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
      figures: u.at.map((at, i) => ({ id: `${u.id}_${i + 1}`, at, ...(u.floor !== undefined ? { floor: u.floor } : {}), ...(figureData(u, i) ? { data: figureData(u, i) } : {}) })),
      ...(unitData(u) ? { data: unitData(u) } : {}),
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

/** Set up a game for the units, failing loudly on scenario problems: its table as the rules read it (the machine's sequence). */
export function stateWith(units: UnitSpec[], rules?: Record<string, unknown>, extra: Partial<Scenario> = {}): KReading {
  const sc = scenarioWith(units, rules, extra);
  const issues = validateKScenario(sc);
  if (issues.length) throw new Error(issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return readGame(openingOf(sc));
}

/** A line of n figures starting at (x, z), `gap` cm apart (centres) along x. */
export function line(x: number, z: number, n: number, gap = 2, dz = 0): Vec2[] {
  return Array.from({ length: n }, (_, i) => [x + i * gap, z + i * dz] as Vec2);
}

export function dice(...values: number[]): ScriptedDice {
  return new ScriptedDice(values);
}

/** The events folded as in play (the composed module), read again. */
export function apply(s: KReading, events: readonly KEvent[]): KReading {
  return foldPlayed(s, events as never);
}

export function types(events: readonly KEvent[]): string[] {
  return events.map((e) => e.type);
}

/** UnitSpec.figureStart: these figures (by number) fell before the scenario opens (K-5.5d: off the table, in the record). */
export function fallen(...numbers: number[]): Record<number, FigureStartT> {
  return Object.fromEntries(numbers.map((n) => [n, { removed: 'killed' as const }]));
}

/** UnitSpec.figureStart: these figures (by number) start lightly (K-5.5f) or seriously (K-5.5e) wounded. */
export function wounded(condition: 'light' | 'serious', ...numbers: number[]): Record<number, FigureStartT> {
  return Object.fromEntries(numbers.map((n) => [n, { condition }]));
}
