// Command line: validate scenarios, query heights and sight lines, render viewsheds, play games.
// Exit 0 on success, 1 when a validated file has problems, 2 on bad input (one-line error).
import './start-up';
import { setReliefStore } from '../battlefield';
import { runCli } from './commands';
import { endQuietlyOnClosedPipe, exitWhenDrained } from './exit';
import { fileReliefStore } from './relief-store';

endQuietlyOnClosedPipe();
// The launcher names a folder for this bundle build's sampled reliefs (none when run from the sources).
const reliefDir = process.env.SANDTABLE_RELIEF_CACHE;
if (reliefDir) setReliefStore(fileReliefStore(reliefDir));
runCli(process.argv.slice(2)).then(
  (code) => exitWhenDrained(code),
  (err: unknown) => {
    process.stderr.write(`sandtable: ${err instanceof Error ? err.message : String(err)}\n`);
    exitWhenDrained(2);
  },
);
