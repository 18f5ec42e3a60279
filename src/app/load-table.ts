// From a scenario id to a built battlefield: read the bundled file, validate it, then load the
// battlefield code lazily (Rapier's WASM stays out of the initial bundle) and build the world.
import type { Battlefield } from '../battlefield';
import { parseScenario, type Scenario, type ScenarioIssue } from '../scenario';
import { loadScenarioText } from './scenario-files';

export type ScenarioLoad =
  | { ok: true; scenario: Scenario; file: string }
  | { ok: false; missing: string }
  | { ok: false; issues: ScenarioIssue[] };

export async function readScenario(id: string): Promise<ScenarioLoad> {
  const file = await loadScenarioText(id);
  if (!file.ok) return { ok: false, missing: file.message };
  const parsed = parseScenario(file.text, file.file);
  return parsed.ok ? { ok: true, scenario: parsed.scenario, file: file.file } : { ok: false, issues: parsed.issues };
}

export async function buildBattlefield(scenario: Scenario): Promise<Battlefield> {
  const { createBattlefield } = await import('../battlefield');
  return createBattlefield(scenario);
}
