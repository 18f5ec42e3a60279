// Command line: validate scenarios, query heights and sight lines, render viewsheds, play games.
// Exit 0 on success, 1 when a validated file has problems, 2 on bad input (one-line error).
import './start-up';
import { runCli } from './commands';
import { endQuietlyOnClosedPipe, exitWhenDrained } from './exit';

endQuietlyOnClosedPipe();
runCli(process.argv.slice(2)).then(
  (code) => exitWhenDrained(code),
  (err: unknown) => {
    process.stderr.write(`sandtable: ${err instanceof Error ? err.message : String(err)}\n`);
    exitWhenDrained(2);
  },
);
