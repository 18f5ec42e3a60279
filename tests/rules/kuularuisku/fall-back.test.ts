// K-6.4g the loser of a melee falls back 10 cm directly away from the enemy, soldier by soldier: each
// one's distance from the nearest enemy soldier grows by the whole 10 cm, whatever the units' shapes.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Battlefield } from '../../../src/battlefield';
import { TAPE_STEP, type Vec2 } from '../../../src/core';
import { meleeRound, meleeStart, type KEvent, type KFigure, type KState } from '../../../src/rules/kuularuisku/engine';
import { apply, dice, stateWith, table } from './fixture';

let t: Battlefield;
beforeAll(async () => { t = await table(); });

const gap = (a: { at: Vec2; baseRadius: number }, b: KFigure) => Math.hypot(a.at[0] - b.at[0], a.at[1] - b.at[1]) - a.baseRadius - b.baseRadius;
const nearest = (f: KFigure, enemies: readonly KFigure[]) => enemies.reduce((m, g) => (gap(f, g) < gap(f, m) ? g : m));

/** Red and blue locked in melee; red wins a round (one hit, blue none), blue's wound test a scratch, its morale test fails. */
function lostMelee(red: Vec2[], blue: Vec2[]): { before: KState; after: KState; events: KEvent[] } {
  const s0 = stateWith([{ id: 'rs', at: red }, { id: 'bs', side: 'blue', at: blue }]);
  const s = apply(s0, meleeStart(s0, 'rs', 'bs'));
  const rolls = [4, ...red.slice(1).map(() => 1), ...blue.map(() => 1), /* wound test */ 6, /* morale */ 1];
  const d = dice(...rolls);
  const events = meleeRound(s, s.units.rs!.meleeId!, { table: t, dice: d });
  expect(d.remaining).toBe(0);
  return { before: s, after: apply(s, events), events };
}

/** Every blue soldier moved 10 cm directly away from his nearest red soldier, and is now 10 cm farther from every nearest one. */
function expectDirectlyAway(before: KState, after: KState): void {
  const reds = Object.values(before.figures).filter((f) => f.side === 'red');
  for (const id of before.units.bs!.figures) {
    const f0 = before.figures[id]!, f1 = after.figures[id]!;
    const e = nearest(f0, reds);
    // The move is along the line from that enemy through the soldier, outward.
    const mx = f1.at[0] - f0.at[0], mz = f1.at[1] - f0.at[1];
    const ax = f0.at[0] - e.at[0], az = f0.at[1] - e.at[1];
    expect(Math.hypot(mx, mz)).toBeCloseTo(10, 6);
    expect(Math.abs(mx * az - mz * ax) / Math.hypot(ax, az)).toBeLessThan(1e-6);
    expect(mx * ax + mz * az).toBeGreaterThan(0);
    // His distance from the nearest enemy, before and after, grew by the fall back (as the tape reads it).
    const grown = Math.min(...reds.map((r) => gap(f1, r))) - gap(f0, e);
    expect(Math.abs(grown - 10)).toBeLessThanOrEqual(TAPE_STEP / 2);
  }
}

describe('K-6.4g falling back', () => {
  it('K-6.4g K-7.1e a loser touching the winner off to one side falls back 10 cm from the soldiers it fought, not along the line between the units\' centres', () => {
    // Blue stands north-east of red: its west end touches red's east end, the units' centres 22° apart.
    const { before, after, events } = lostMelee([[40, 80], [42.5, 80], [45, 80]], [[45, 81.3], [47.5, 81.3], [50, 81.3]]);
    expect(events.find((e) => e.type === 'FIGURES_MOVED')).toMatchObject({ mode: 'fall-back', unitId: 'bs', rule: 'K-6.4g' });
    expectDirectlyAway(before, after);
    // bs_1 stood square north of rs_3 (the case: from the centres it ended under 10 cm away): straight north now.
    expect(after.figures.bs_1!.at[0]).toBeCloseTo(45, 6);
    expect(after.figures.bs_1!.at[1]).toBeCloseTo(91.3, 6);
  });

  it('K-6.4g a loser met at 45° at a corner falls back along the diagonal, 10 cm farther from the enemy', () => {
    const { before, after } = lostMelee([[40, 80], [42.5, 80]], [[43.4, 80.9], [45.2, 82.7]]);
    expectDirectlyAway(before, after);
    expect(Math.min(...['rs_1', 'rs_2'].map((r) => gap(after.figures.bs_1!, before.figures[r]!)))).toBeGreaterThan(10);
  });
});
