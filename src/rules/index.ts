// The rulesets registry: every ruleset by id (a plain object the game layer and the machines call),
// plus what the flow layer reads of each ruleset's own phase. Rulesets never import each other.
import { kuularuiskuRuleset } from './kuularuisku/ruleset';

export { kuularuiskuRuleset, createKuularuiskuRuleset, KUULARUISKU_ID, type KuularuiskuRuleset } from './kuularuisku/ruleset';
export * from './kuularuisku/activation';
export { kuularuiskuPlayer } from './kuularuisku/player';
import { kuularuiskuPlayer } from './kuularuisku/player';
/** Each ruleset's player by id (random legal play: `cli play`, the games benchmark). */
export const PLAYERS = { kuularuisku: kuularuiskuPlayer } as const;

/** Rulesets by id. */
export const RULESETS = {
  kuularuisku: kuularuiskuRuleset,
} as const;

export type RulesetId = keyof typeof RULESETS;

/** The ruleset a scenario names, or undefined when none is registered under that id. */
export function rulesetFor(id: string): (typeof RULESETS)[RulesetId] | undefined {
  return (RULESETS as Record<string, (typeof RULESETS)[RulesetId]>)[id];
}

// The play HUD's describers by ruleset id (src/app/play picks one without branching on the id).
import { kuularuiskuHud } from './kuularuisku/hud';
export { kuularuiskuHud };
export const PLAY_HUDS = { kuularuisku: kuularuiskuHud } as const;

/** The ruleset a scenario is played with: its own, or for a sandbox table the first registered (as `cli play` does). */
export function playRulesetId(scenario: { ruleset: string }): string {
  return scenario.ruleset === 'sandbox' ? Object.keys(RULESETS)[0]! : scenario.ruleset;
}
