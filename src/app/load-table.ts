// From a scenario id to a built battlefield: read the bundled file, validate it (its ruleset against
// the registry too), then load the battlefield code lazily (Rapier's WASM stays out of the initial
// bundle) and build the world.
import type { Battlefield } from '../battlefield';
import type { LengthUnit } from '../core';
import { parseScenario, type Scenario, type ScenarioIssue } from '../scenario';
import { preloadRulesets, rulesetOfScenario } from './rulesets';
import { loadScenarioText } from './scenario-files';

export type ScenarioLoad =
  /** `unit`: the unit its ruleset shows lengths in (the scenario's own displayUnit still wins). */
  | { ok: true; scenario: Scenario; file: string; unit: LengthUnit }
  | { ok: false; missing: string }
  | { ok: false; issues: ScenarioIssue[] };

export async function readScenario(id: string): Promise<ScenarioLoad> {
  preloadRulesets();
  const file = await loadScenarioText(id);
  if (!file.ok) return { ok: false, missing: file.message };
  const parsed = parseScenario(file.text, file.file);
  if (!parsed.ok) return { ok: false, issues: parsed.issues };
  const ruleset = await rulesetOfScenario(parsed.scenario.ruleset);
  if (!ruleset.ok) return { ok: false, issues: [{ file: file.file, path: ruleset.path, message: ruleset.message }] };
  return { ok: true, scenario: parsed.scenario, file: file.file, unit: ruleset.unit };
}

/** The performance measure of the Rapier warm-up while the table loads (bench:sight-app reads it). */
export const RAPIER_WARM_MEASURE = 'sandtable:rapier-warm-up';

/** The warm-up at load: the tiny table world, unless the page's `rapierWarmUp` asks for `empty` or `none` (bench:sight-app compares them). */
export type RapierWarmUp = 'table' | 'empty' | 'none';

export function rapierWarmUpOf(search: string): RapierWarmUp {
  const asked = new URLSearchParams(search).get('rapierWarmUp');
  return asked === 'empty' || asked === 'none' ? asked : 'table';
}

export async function buildBattlefield(scenario: Scenario, warmUp: RapierWarmUp = 'table'): Promise<Battlefield> {
  const { createBattlefield, warmRapier, warmRapierEmpty } = await import('../battlefield');
  const battlefield = await createBattlefield(scenario);
  // While the table loads (once per page): a tiny world's build, step and queries compile the Rapier
  // code a table world's first step would otherwise compile in one long slice of its idle build
  // (world-ahead.ts).
  if (warmUp === 'none') return battlefield;
  const start = performance.now();
  if (warmUp === 'table') warmRapier();
  else warmRapierEmpty();
  performance.measure(RAPIER_WARM_MEASURE, { start });
  return battlefield;
}
