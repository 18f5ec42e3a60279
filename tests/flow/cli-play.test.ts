// `cli play` in-process: random legal play to the end with a save, the save replayed and verified,
// a tampered save refused, a commands file (JSON lines) with a refused command, JSON output.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import { parseCommandLines } from '../../src/cli/play';

const TG = 'scenarios/sandbox/training-ground.json';
const dir = mkdtempSync(join(tmpdir(), 'sandtable-play-'));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => { out += s; }, err: (s) => { err += s; } });
  return { code, out, err };
}

describe('cli play', () => {
  it('plays random legal commands to the end, prints the log with rule ids, writes a save that replays to the same hash', async () => {
    const save = join(dir, 'game.json');
    const r = await cli('play', TG, '--seed', '4', '--random-legal', '--save', save);
    expect(r.code).toBe(0);
    const lines = r.out.trim().split('\n');
    expect(lines[0]).toMatch(/^Training Ground — kuularuisku 1\.0\.0, seed 4$/);
    const log = lines.filter((l) => /^T\d+ /.test(l));
    expect(log.length).toBeGreaterThan(100);
    expect(log.every((l) => /^T\d+ K-[\w.-]+ +\S/.test(l))).toBe(true);
    expect(r.out).toMatch(/\nResult: .+ \(K-GAP-1\)\n/);
    const hash = /state hash ([0-9a-f]{20,})/.exec(r.out)![1];

    const back = await cli('play', TG, '--load', save);
    expect(back.code).toBe(0);
    expect(back.out).toMatch(/replayed from .*game\.json \(\d+ commands, state hash verified\)/);
    expect(/state hash ([0-9a-f]{20,})/.exec(back.out)![1]).toBe(hash);

    // A tampered log no longer replays to the saved state.
    const data = JSON.parse(readFileSync(save, 'utf8'));
    data.commands = data.commands.slice(0, -5);
    writeFileSync(join(dir, 'short.json'), JSON.stringify(data));
    const bad = await cli('play', TG, '--load', join(dir, 'short.json'));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/\$\.stateHash: the replayed game differs/);
  });

  it('plays a commands file and stops at the first refused command with its reason and rule', async () => {
    const file = join(dir, 'moves.jsonl');
    writeFileSync(file, ['# a turn begins', '{"type":"BEGIN_TURN"}', '', '{"type":"DRAW_CARD"}', '{"type":"END_TURN"}'].join('\n'));
    const r = await cli('play', TG, '--seed', '1', '--commands', file);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/moves\.jsonl: command 3 \(END_TURN\) refused — .* \(K-TERM-9\)/);
    expect(() => parseCommandLines('{"type":1}', 'x.jsonl')).toThrow(/x\.jsonl:1: a command is an object with a "type"/);
  });

  it('--json prints the result, the state hash, the events and the final state', async () => {
    const r = await cli('play', TG, '--seed', '9', '--random-legal', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j).toMatchObject({ scenario: 'training-ground', ruleset: 'kuularuisku', seed: 9 });
    expect(j.result).toMatchObject({ rule: 'K-GAP-1' });
    expect(j.events.length).toBeGreaterThan(100);
    expect(j.state.flow.result).toBeDefined();
  });

  it('refuses an unknown ruleset and a scenario its ruleset rejects', async () => {
    expect((await cli('play', TG, '--ruleset', 'nope')).err).toMatch(/--ruleset: no ruleset "nope"/);
    const sc = JSON.parse(readFileSync(TG, 'utf8'));
    sc.victory = [{ side: 'red', text: 'x', data: { kind: 'hold', objectives: ['nowhere'] } }];
    const file = join(dir, 'bad-victory.json');
    writeFileSync(file, JSON.stringify(sc));
    const r = await cli('play', file, '--random-legal');
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/victory\.0\.data\.objectives\.0: K-GAP-1: unknown objective "nowhere"/);
  });
});
