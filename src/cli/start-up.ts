// Process settings of a CLI call, made before the other modules load (main.ts imports this first).
// A sight-line or height call does its work once: compilers' warm-up costs it more than it gains.
import { setFlagsFromString } from 'node:v8';
import { z } from 'zod';

if (process.argv[2] !== 'play') {
  // Rapier's WASM on V8's baseline compiler alone (set before Rapier is loaded): the optimising
  // tier-up costs a call more CPU (≈ 1.4 s on the 2-core box) than its few Rapier queries gain.
  setFlagsFromString('--liftoff-only');
  // zod compiles a fast path per object schema on its first use; one scenario validated once does not
  // repay it (≈ 25 ms). `play` keeps both: a whole game asks Rapier and zod many times.
  z.config({ jitless: true });
}
