// The registered ruleset modules as the app sees them: each read through the game layer's
// RulesetModule (its `hud` a PlayHud, a sequenced one composed by playableModule), checked at compile time.
import { playableModule } from '../../flow';
import type { AnyRulesetModule, ModuleSource, PlayFigureMove } from '../../game';
import { RULESET_MODULES } from '../../rules';

export type { PlayHud } from '../../game';

/** A figure's drag destination (the play model's PlayFigureMove). */
export type FigureDrag = PlayFigureMove;

/** The registry as the app reads it: the assignment checks each module against the game layer's RulesetModule. */
const MODULES: Readonly<Record<string, ModuleSource>> = RULESET_MODULES;

/** The registered module of a ruleset id (from `modules`: the registry, or a test's copy of it), as played (a sequenced one composed). */
export function playModuleFor(rulesetId: string, modules: Readonly<Record<string, ModuleSource>> = MODULES): AnyRulesetModule | undefined {
  return Object.hasOwn(modules, rulesetId) ? playableModule(modules[rulesetId]!) : undefined;
}

/** The play HUD describer of a ruleset id. */
export function playHudFor(rulesetId: string, modules?: Readonly<Record<string, ModuleSource>>): AnyRulesetModule['hud'] | undefined {
  return playModuleFor(rulesetId, modules)?.hud;
}
