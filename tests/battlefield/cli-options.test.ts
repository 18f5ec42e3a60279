// The CLI verbs on the scenario as played (K-3.0a optional terrain): `los --options` reads the table
// with the Kalevankangas railway embankment switched off, and `play --options … --save` writes a save
// whose replay (`--load`) is played on that table again.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';

const FILE = 'scenarios/kuularuisku/kalevankangas.json';
const OFF = '{"rules":{"opt-rail-embankment":false}}';

async function cli(...argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '', err = '';
  const code = await runCli(argv, { out: (s) => { out += s; }, err: (s) => { err += s; } });
  return { code, out, err };
}

describe('cli on the scenario as played', () => {
  it('K-3.0a los: the line the embankment blocks is clear with --options switching it off; a wrong option id exits 2 naming it', async () => {
    const line = ['--from', '170,108,@0.4', '--to', '100,119.5,@0.4', '--json'];
    const on = JSON.parse((await cli('los', FILE, ...line)).out) as { clear: boolean; blocker?: { kind: string } };
    expect(on.clear).toBe(false);
    expect(on.blocker?.kind).toBe('terrain');
    const off = await cli('los', FILE, ...line, '--options', OFF);
    expect(off.code).toBe(0);
    expect((JSON.parse(off.out) as { clear: boolean }).clear).toBe(true);
    const bad = await cli('los', FILE, ...line, '--options', '{"rules":{"opt-rail":false}}');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--options: $.rules.opt-rail: "opt-rail" is not an optional rule of kalevankangas');
    const height = await cli('height', FILE, '100', '119.5', '--options', OFF, '--json');
    expect((JSON.parse(height.out) as { ground: number }).ground).toBeCloseTo(0.29, 3);
  });

  it('K-3.0a play: a save made with the embankment off states it and replays (state hash verified) on the table without it', async () => {
    const save = join(mkdtempSync(join(tmpdir(), 'sandtable-')), 'off.json');
    const made = await cli('play', FILE, '--seed', '2', '--options', OFF, '--random-legal', '--max-commands', '60', '--save', save, '--json');
    expect(made.code).toBe(0);
    const file = JSON.parse(readFileSync(save, 'utf8')) as { options: unknown; stateHash: string };
    expect(file.options).toEqual(JSON.parse(OFF));
    const replay = await cli('play', FILE, '--load', save, '--json');
    expect(replay.code).toBe(0);
    const r = JSON.parse(replay.out) as { stateHash: string; replayed: number };
    expect(r.stateHash).toBe(file.stateHash);
    expect(r.replayed).toBe(60);
  });
});
