// Ending the CLI process without losing output: a pipe takes 64 KiB at a time and process.exit drops
// whatever is still queued, so the exit waits until stdout and stderr have written everything.
import type { Writable } from 'node:stream';

/** Calls `done` once everything written to `stream` so far has been handed to the system (or the reader is gone). */
function whenFlushed(stream: Writable, done: () => void): void {
  if (stream.destroyed || !stream.writable) { done(); return; }
  // Writes are handled in order: an empty write's callback runs after every earlier chunk is out.
  stream.write('', () => done());
}

/** Sets the exit code and exits once stdout and stderr have drained. */
export function exitWhenDrained(code: number): void {
  process.exitCode = code;
  let pending = 2;
  const done = () => { if (--pending === 0) process.exit(code); };
  whenFlushed(process.stdout, done);
  whenFlushed(process.stderr, done);
}

/**
 * A reader that stops early (`… | head`) closes the pipe: the rest of the output has nowhere to go,
 * which is no error of ours, so the process ends without a stack trace. Other write errors still surface.
 */
export function endQuietlyOnClosedPipe(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw err;
    });
  }
}
