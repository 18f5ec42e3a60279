// The play describers as the app sees them: one neutral interface over each ruleset's HUD functions
// (the rulesets build the same core PlayView types; the assignment below checks their signatures).
import type { Command, GameEvent, LogEntry, PlayFigureMove, PlayLogLine, PlayRuleEntry, PlayView } from '../../game';
import type { TableQueries } from '../../core';
import type { Scenario } from '../../scenario';
import { PLAY_HUDS } from '../../rules';

/** A figure's drag destination (the play model's PlayFigureMove). */
export type FigureDrag = PlayFigureMove;

export interface PlayHud<S> {
  describe(state: S, ctx: { scenario: Scenario; table: TableQueries }): PlayView;
  log(state: S, log: ReadonlyArray<LogEntry<Command, GameEvent>>): PlayLogLine[];
  rules(state?: S): PlayRuleEntry[];
  /** The MOVE command for a drag (with `charge`: a charge at that enemy unit); undefined when nothing may move. */
  moveCommand(state: S, moves: readonly FigureDrag[], charge?: string): Command | undefined;
  /** The enemy unit a drag would touch (the move is then a charge), if any; `table` lets the ruleset measure on the terrain. */
  contactedEnemy(state: S, moves: readonly FigureDrag[], table?: TableQueries): string | undefined;
}

// Typed over `any` state (each describer reads its own ruleset's state); return types are still checked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const HUDS: Readonly<Record<string, PlayHud<any>>> = PLAY_HUDS;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function playHudFor(rulesetId: string): PlayHud<any> | undefined {
  return HUDS[rulesetId];
}
