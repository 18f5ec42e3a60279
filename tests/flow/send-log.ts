// A game's command log sent again to a fresh session (as a save replays): every command must be accepted.
import { expect } from 'vitest';
import type { Command, GameEvent, GameSession } from '../../src/game';

/** Send each logged command of `log` to `again`, expecting each accepted. */
export function sendLog(again: GameSession<unknown, Command, GameEvent, unknown>, log: readonly { command: Command }[]): void {
  for (const { command } of log) {
    const r = again.dispatch(command);
    expect(r.ok, `${command.type}${r.ok ? '' : `: ${r.reason}`}`).toBe(true);
  }
}
