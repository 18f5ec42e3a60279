// Logs recorded before a ruleset asked a decision (saves, recorded games) lack its answers: where such
// a log goes on with a command that does not answer the pending decision, the decision's default (its
// first option, what the rules did before they asked) stands in for the missing answer.
import type { GameSession } from './session';
import type { Command, GameEvent } from './types';

/**
 * Answer pending decisions with their default while `next` (the log's next command; none at the log's
 * end) is not one of their answers. Returns how many answers were added.
 */
export function answerMissingDecisions<S, C extends Command, E extends GameEvent, Q>(
  session: GameSession<S, C, E, Q>, next?: Command, send: (command: C) => { ok: boolean } = (c) => session.dispatch(c),
): number {
  let added = 0;
  // A decision answered leads to the next one at most a few times; the bound stops a ruleset that loops.
  for (let guard = 0; guard < 64; guard++) {
    const d = session.pendingDecision();
    const answer = d?.options[0]?.command;
    if (!d || !answer || (next && d.options.some((o) => o.command.type === next.type))) return added;
    if (!send(answer).ok) return added;
    added++;
  }
  return added;
}
