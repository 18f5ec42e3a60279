// The play HUD describers as the app sees them: each registered ruleset module's `hud`, read through
// the game layer's PlayHud interface (the assignment in playModuleFor checks every module's signatures).
import type { AnyRulesetModule, PlayFigureMove } from '../../game';
import { rulesetModuleFor } from '../../rules';

export type { PlayHud } from '../../game';

/** A figure's drag destination (the play model's PlayFigureMove). */
export type FigureDrag = PlayFigureMove;

/** The registered module of a ruleset id, typed as the game layer's RulesetModule. */
export function playModuleFor(rulesetId: string): AnyRulesetModule | undefined {
  return rulesetModuleFor(rulesetId);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function playHudFor(rulesetId: string): AnyRulesetModule['hud'] | undefined {
  return playModuleFor(rulesetId)?.hud;
}
