// Distances judged as a player's tape reads them, to the millimetre ("within X" includes exactly X,
// DESIGN.md): a 3D length a hair over its limit because of relief reads the limit, and is within it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { tapeReading, within } from '../../../src/core';
import { evaluateTarget, validateMove, type KState } from '../../../src/rules/kuularuisku/engine';
import { stateWith, table } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

describe('tape precision', () => {
  it('a length reads to the millimetre, and within X is judged on the reading', () => {
    expect(tapeReading(10.002)).toBeCloseTo(10, 9);
    expect(tapeReading(10.06)).toBeCloseTo(10.1, 9);
    expect(within(10.002, 10)).toBe(true);
    expect(within(10.04, 10)).toBe(true);
    expect(within(10.06, 10)).toBe(false);
    expect(within(10.1, 10)).toBe(false);
  });

  it('K-4.0 K-4.0a a 10 cm move from the bank onto frozen water (0.2 cm lower: 10.002 cm in 3D) is within the allowance; a millimetre more is refused', () => {
    // The training ground's frozen pond (x 30–42, z 84–94) is carved 0.2 cm below its banks.
    expect(t.standHeight(27, 89) - t.standHeight(37, 89)).toBeCloseTo(0.2, 6);
    const s = stateWith([{ id: 'a', at: [[27, 89]] }]);
    const move = (x: number) => validateMove(s, { unitId: 'a', mode: 'normal', moves: [{ figureId: 'a_1', to: [x, 89] }] }, { table: t });
    const ok = move(37);
    expect(ok.ok).toBe(true);
    const moved = ok.ok ? ok.events.find((e) => e.type === 'FIGURES_MOVED') : undefined;
    expect(moved && 'moves' in moved ? moved.moves[0]!.distance : undefined).toBeGreaterThan(10);
    const over = move(37.1);
    expect(over).toMatchObject({ ok: false, rule: 'K-4.0' });
    expect(!over.ok && over.reason).toContain('10.1 cm, more than its 10 cm');
  });

  it('K-5.1a a rifle reaches a target 60.04 cm away on the tape (reads 60.0); 60.1 cm is out of range', () => {
    const at = (gap: number): KState => stateWith([{ id: 'rs', at: [[5, 80]] }, { id: 'bs', side: 'blue', at: [[5 + gap, 80]] }]);
    const radius = at(70).figures.rs_1!.baseRadius;
    const range = (d: number) => evaluateTarget(at(d + 2 * radius), 'rs', 'bs', { table: t });
    expect(range(60.04).valid).toBe(true);
    const out = range(60.1);
    expect(out.valid).toBe(false);
    expect(out.reason?.rule).toBe('K-5.1a');
  });
});
