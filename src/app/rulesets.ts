// What the page reads of the rulesets registry outside play — a scenario's ruleset checked against it,
// the unit lengths are shown in, the picker's ruleset names, whether the table can be played. The registry is loaded lazily (like the
// battlefield and play), so the rules stay out of the first bundle.
import type { LengthUnit } from '../core';
import type { Scenario } from '../scenario';
import { notPlayableText, type PlayRefusalText } from './play/not-playable';

/** Start loading the registry's chunk (beside the scenario file: the check below then waits less). */
export function preloadRulesets(): void {
  void import('../rules');
}

/** The unit a ruleset module's `measure` names. */
export function lengthUnitOf(measure: 'cm' | 'inch'): LengthUnit {
  return measure === 'inch' ? 'in' : 'cm';
}

/**
 * A scenario's ruleset id against the registry: the unit its lengths are shown in (the ruleset it is
 * played with), or the problem at `$.ruleset` naming the registered ids.
 */
export async function rulesetOfScenario(ruleset: string): Promise<{ ok: true; unit: LengthUnit } | { ok: false; path: string; message: string }> {
  const { playRulesetId, rulesetIdIssue, rulesetModuleFor } = await import('../rules');
  const issue = rulesetIdIssue(ruleset);
  if (issue) return { ok: false, ...issue };
  const played = rulesetModuleFor(playRulesetId({ ruleset }));
  return { ok: true, unit: lengthUnitOf(played?.measure ?? 'cm') };
}

/** Why the ruleset this scenario is played with would refuse it (what createPlay checks first), or null. */
export async function playRefusalAhead(scenario: Scenario): Promise<PlayRefusalText | null> {
  const { playRulesetId, rulesetModuleFor } = await import('../rules');
  const played = rulesetModuleFor(playRulesetId(scenario));
  if (!played) return null; // createPlay says so, naming the id
  const problems = played.validateScenarioData(scenario);
  return problems.length ? notPlayableText(scenario, played.name, problems) : null;
}

/** Each ruleset id's display name (the sandbox's too). */
export async function rulesetDisplayNames(): Promise<Record<string, string>> {
  const { rulesetNames } = await import('../rules');
  return rulesetNames();
}
