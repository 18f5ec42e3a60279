// Why play mode could not start, as the player reads it: the scenario's title, the ruleset's name, and
// each of the ruleset's reasons once (its rule id kept), naming the units it concerns rather than paths.
import type { Scenario } from '../../scenario';

/** What the page shows when play cannot start. */
export interface PlayRefusalText {
  title: string;
  reasons: string[];
}

/** The ruleset refused the scenario: the message keeps the ids (logs, tests), `refusal` is for the page. */
export class NotPlayableError extends Error {
  readonly refusal: PlayRefusalText;
  constructor(message: string, refusal: PlayRefusalText) {
    super(message);
    this.name = 'NotPlayableError';
    this.refusal = refusal;
  }
}

const UNIT_PATH = /^\$?\.?units\.(\d+)(?:\.|$)/;

/**
 * The ruleset's problems with a scenario, grouped by message: a problem inside a unit names the unit
 * (all the units with that same problem in one line); any other keeps its JSON path.
 */
export function notPlayableText(scenario: Pick<Scenario, 'title' | 'units'>, rulesetName: string, problems: ReadonlyArray<{ path: string; message: string }>): PlayRefusalText {
  const units = new Map<string, string[]>();
  const reasons: string[] = [];
  for (const p of problems) {
    const m = UNIT_PATH.exec(p.path);
    const unit = m ? scenario.units?.[Number(m[1])] : undefined;
    if (!unit) {
      reasons.push(`${p.message} (at ${p.path})`);
      continue;
    }
    const names = units.get(p.message);
    if (names) names.push(unit.name);
    else {
      units.set(p.message, [unit.name]);
      reasons.push(p.message);
    }
  }
  return {
    title: `${scenario.title} cannot be played with ${rulesetName}`,
    reasons: reasons.map((r) => (units.has(r) ? `${r}: ${units.get(r)!.join(', ')}` : r)),
  };
}

/** Any failure to start play, for the page: a ruleset's refusal as it is, anything else with its message. */
export function playRefusalOf(err: unknown, scenarioTitle: string): PlayRefusalText {
  if (err instanceof NotPlayableError) return err.refusal;
  const message = err instanceof Error ? err.message : String(err);
  return { title: `Play could not start on ${scenarioTitle}`, reasons: [message] };
}
