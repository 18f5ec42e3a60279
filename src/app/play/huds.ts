// The registered ruleset modules as the app sees them: each read through the game layer's
// RulesetModule (its `hud` a PlayHud, its `flow` the machines' FlowAdapter), checked at compile time.
import type { AnyRulesetModule, PlayFigureMove } from '../../game';
import { RULESET_MODULES } from '../../rules';

export type { PlayHud } from '../../game';

/** A figure's drag destination (the play model's PlayFigureMove). */
export type FigureDrag = PlayFigureMove;

/** The registry as the app reads it: the assignment checks each module against the game layer's RulesetModule. */
const MODULES: Readonly<Record<string, AnyRulesetModule>> = RULESET_MODULES;

/** The registered module of a ruleset id (from `modules`: the registry, or a test's copy of it). */
export function playModuleFor(rulesetId: string, modules: Readonly<Record<string, AnyRulesetModule>> = MODULES): AnyRulesetModule | undefined {
  return Object.hasOwn(modules, rulesetId) ? modules[rulesetId] : undefined;
}

/** The play HUD describer of a ruleset id. */
export function playHudFor(rulesetId: string, modules?: Readonly<Record<string, AnyRulesetModule>>): AnyRulesetModule['hud'] | undefined {
  return playModuleFor(rulesetId, modules)?.hud;
}
