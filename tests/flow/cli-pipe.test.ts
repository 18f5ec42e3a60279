// The real CLI process with its stdout piped into another program: a `--json` output larger than a
// pipe's 64 KiB buffer arrives whole (the process waits for its output to drain before it exits).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const PIPE_BUFFER = 65_536;

// Reads all of stdin, parses it as JSON and reports what it got (or why it could not parse it).
const READER = `let b=[];process.stdin.on('data',d=>b.push(d)).on('end',()=>{const t=Buffer.concat(b);let r;` +
  `try{const j=JSON.parse(t.toString('utf8'));r={bytes:t.length,parsed:true,commands:j.commands,events:j.events.length}}` +
  `catch(e){r={bytes:t.length,parsed:false,error:String(e)}}process.stdout.write(JSON.stringify(r))})`;

/** Runs `cli …args | node -e READER` in bash, as a user's pipeline would, and returns the reader's report. */
function pipeThroughReader(args: string[]): Promise<{ code: number | null; report: string; err: string }> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const line = `${quote(TSX)} src/cli/main.ts ${args.map(quote).join(' ')} | ${quote(process.execPath)} -e ${quote(READER)}`;
  return new Promise((resolve, reject) => {
    const sh = spawn('bash', ['-o', 'pipefail', '-c', line], { cwd: ROOT });
    let report = '';
    let err = '';
    sh.stdout.on('data', (d: Buffer) => { report += d.toString('utf8'); });
    sh.stderr.on('data', (d: Buffer) => { err += d.toString('utf8'); });
    sh.on('error', reject);
    sh.on('close', (code) => resolve({ code, report, err }));
  });
}

describe('cli output through a pipe', () => {
  it('play --random-legal --json larger than the pipe buffer is read whole and parses', async () => {
    const r = await pipeThroughReader(['play', 'scenarios/sandbox/training-ground.json', '--seed', '2', '--random-legal', '--json']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const report = JSON.parse(r.report);
    expect(report).toMatchObject({ parsed: true });
    expect(report.bytes).toBeGreaterThan(PIPE_BUFFER);
    expect(report.commands).toBeGreaterThan(100);
    expect(report.events).toBeGreaterThan(report.commands);
  });
});
