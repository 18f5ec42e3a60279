// Command line: validate scenarios, query heights and sight lines, render viewsheds, play games.
// Exit 0 on success, 1 when a validated file has problems, 2 on bad input (one-line error).
import { setFlagsFromString } from 'node:v8';
import { runCli } from './commands';
import { endQuietlyOnClosedPipe, exitWhenDrained } from './exit';

// Rapier's WASM on V8's baseline compiler alone (set before Rapier is loaded): the optimising
// tier-up costs a sight-line call more CPU (≈ 1.4 s on the 2-core box) than its few Rapier queries
// gain. `play` keeps it: a whole game asks Rapier many times.
if (process.argv[2] !== 'play') setFlagsFromString('--liftoff-only');
endQuietlyOnClosedPipe();
runCli(process.argv.slice(2)).then(
  (code) => exitWhenDrained(code),
  (err: unknown) => {
    process.stderr.write(`sandtable: ${err instanceof Error ? err.message : String(err)}\n`);
    exitWhenDrained(2);
  },
);
