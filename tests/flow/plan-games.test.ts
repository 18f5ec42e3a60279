// K-GAP-1 the historical outcome is reachable: each 1918 scenario's hand-planned command file
// (scenarios/kuularuisku/plans, written by scripts/plan-game.ts) played through `cli play --commands`
// with its seed ends with the result the scenario's designer's notes promise.
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(argv, { out: (s) => { out += s; }, err: (s) => { err += s; } });
  return { code, out, err };
}

describe('hand-planned games of the 1918 scenarios (cli play --commands)', () => {
  it('K-GAP-1 Kalevankangas: the White plan (a company up the slope to the east gate) ends in the costly foothold of 1918, a White minor win', async () => {
    const r = await cli('play', 'scenarios/kuularuisku/kalevankangas.json', '--seed', '1', '--commands', 'scenarios/kuularuisku/plans/kalevankangas-white.jsonl');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const result = /\nResult: (.*)\n/.exec(r.out)?.[1] ?? '';
    expect(result).toContain('White minor win, the result closest to 1918');
    expect(result).toMatch(/\(K-GAP-1\)$/);
  }, 120_000);
});
