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

export async function buildBattlefield(scenario: Scenario): Promise<Battlefield> {
  const { createBattlefield, warmRapier } = await import('../battlefield');
  const battlefield = await createBattlefield(scenario);
  // While the table loads: the world's first step compiles Rapier's stepping code in one long task,
  // which would otherwise fall in the world's idle build after the table shows (world-ahead.ts).
  warmRapier();
  return battlefield;
}
