// A game's command log sent again through a module's machines to a fresh session (as a save replays):
// every command must be accepted.
import { expect } from 'vitest';
import { throughMachines } from '../../src/flow';
import type { Command } from '../../src/game';

/** Send each logged command of `log` to `again` through `flow`'s machines, expecting each accepted. */
export function sendLogThroughMachines(flow: unknown, again: unknown, log: readonly { command: Command }[]): void {
  const sender = throughMachines(flow as never)(again as never);
  try {
    for (const { command } of log) expect(sender.send(command).ok, command.type).toBe(true);
  } finally {
    sender.stop();
  }
}
