// K-GAP-1 the historical outcome is reachable: each 1918 scenario's hand-planned command file
// (scenarios/kuularuisku/plans, written by scripts/plan-game.ts) played through `cli play --commands`
// with its seed ends with the result the scenario's designer's notes promise (the plans: scripts/plan-game.ts).
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/commands';
import type { KState } from '../../src/rules/kuularuisku/engine';

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

  it('K-GAP-1 Tammerkoski: the White plan (a squad files along the needle dam at night, round the felt factory and in at its south door) ends in a first foothold, a White minor win', async () => {
    const r = await cli('play', 'scenarios/kuularuisku/tammerkoski.json', '--seed', '12', '--commands', 'scenarios/kuularuisku/plans/tammerkoski-white.jsonl', '--json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.out) as { result: { winner: string; reason: string }; state: { table: KState } };
    expect(out.result.winner).toBe('white');
    expect(out.result.reason).toContain('White minor win, a first foothold over the rapids');
    expect(out.result.reason).toContain('hold the felt factory');
    // The squad that went over the dam stands on the west bank, a soldier of it inside the factory (x 60–78, z 20–36).
    const sq2 = out.state.table.units.w_sq2!.figures.map((id) => out.state.table.figures[id]!).filter((f) => !f.removed);
    expect(sq2.length).toBeGreaterThan(0);
    expect(sq2.every((f) => f.at[0] < 85)).toBe(true);
    expect(sq2.some((f) => f.at[0] > 60 && f.at[0] < 78 && f.at[1] > 20 && f.at[1] < 36)).toBe(true);
  }, 120_000);
});
