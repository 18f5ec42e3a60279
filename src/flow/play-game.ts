// A whole game played by a Player (src/core/player.ts) against a session: the player proposes, the
// rules judge, until the game ends. For tests, `cli play`, the games benchmark; the accepted
// commands are recorded in the session like any player's. Every command goes to the session, as in
// the browser: a sequenced ruleset's machine runs in its fold (src/flow/index.ts).
import type { Player, PlayerView } from '../core';
import type { Command, GameEvent, GameSession, VictoryResult } from '../game';
import type { Scenario } from '../scenario';

export interface PlayGameOptions<Q> {
  /** The table the session plays on (the player measures on it too); the player reads the session's own once terrain placed during play changes it. */
  table: Q;
  /** Stop after this many commands (a safety net; every game ends by its turn limit). */
  maxCommands?: number;
  /** Called after each accepted command. */
  onCommand?: (command: Command, events: readonly GameEvent[]) => void;
}

export interface PlayedGame {
  /** Commands accepted. */
  commands: number;
  /** Commands the rules refused (the player then proposed another). */
  refused: number;
  result: VictoryResult | undefined;
}

/** Let `player` give every command of the game on `session` until it ends (or maxCommands, or the player has nothing to propose). */
export function playGame<S, C extends Command, E extends GameEvent, Q>(session: GameSession<S, C, E, Q>, player: Player<S, C, Q, Scenario>, opts: PlayGameOptions<Q>): PlayedGame {
  const max = opts.maxCommands ?? 20_000;
  // The table follows the session's (rebuilt when the rules place terrain); the one given when the rules never do.
  const follows = !!session.ruleset.tableScenario;
  const view: PlayerView<C, Q, Scenario> = { scenario: session.scenario, get table() { return follows ? session.table : opts.table; }, legal: () => session.legalCommands() };
  let n = 0;
  let refused = 0;
  while (n < max && !session.victory()) {
    // A choice asked of one side (often not the side acting) goes to the player with its options.
    const decision = session.pendingDecision();
    const choice = decision ? player.choose(session.state, view, decision) : player.choose(session.state, view);
    let c: C | undefined;
    while ((c = choice.next())) {
      // The random player plays both sides: its proposal goes as sent by the side to act (a side it names stays).
      const sent = session.withSideToAct(c);
      const r = session.dispatch(sent);
      if (r.ok) {
        n++;
        opts.onCommand?.(sent, r.events);
        break;
      }
      refused++;
      choice.refused(c, r);
    }
    if (!c) break;
  }
  return { commands: n, refused, result: session.victory() };
}
