// K-GAP-1 each 1918 scenario's victory tiers (the briefs' K1 and K2 reworked so that the 1918 outcome
// can be a White win, see each scenario's designer's notes): scripted positions at the last turn's end, no dice.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core';
import { type KReading } from '../../../src/rules/kuularuisku/engine';
import { objectivePoints, victoryCheck } from '../../../src/rules/kuularuisku/activation/victory';
import { parseScenarioOrThrow } from '../../../src/scenario';
import { setupRead } from './reading';

const load = (f: string) => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);
const kal = load('scenarios/kuularuisku/kalevankangas.json');
const tam = load('scenarios/kuularuisku/tammerkoski.json');

/** Put a unit's soldiers on these points (one each, in order), on a floor. */
function place(s: KReading, unitId: string, points: Vec2[], floor = 0): KReading {
  const figures = { ...s.figures };
  s.units[unitId]!.figures.forEach((id, i) => {
    figures[id] = { ...figures[id]!, at: points[i]!, floor };
  });
  return { ...s, figures };
}
/** The state in this turn (the sequence's round). */
const withRound = (s: KReading, round: number): KReading => ({ ...s, seq: { ...s.seq, round } });
const line = (x: number, z: number, n: number, dx = 1.5, dz = 0): Vec2[] => Array.from({ length: n }, (_, i) => [x + i * dx, z + i * dz] as Vec2);

/** Every unit of a side in rows from a corner point, well away from every objective. */
function parkSide(s: KReading, side: string, x: number, z: number): KReading {
  let out = s;
  Object.values(s.units).filter((u) => u.side === side && !u.joinedTo).forEach((u, row) => {
    out = place(out, u.id, line(x, z + row * 3, u.figures.length));
  });
  return out;
}

/** n of a side's soldiers (not leaders, unit by unit in file order) killed. */
function kill(s: KReading, side: string, n: number): KReading {
  const figures = { ...s.figures };
  let left = n;
  for (const u of Object.values(s.units)) {
    if (u.side !== side || u.kind === 'leader') continue;
    for (const id of u.figures) {
      if (!left) break;
      figures[id] = { ...figures[id]!, condition: 'dead', removed: 'killed' };
      left--;
    }
  }
  return { ...s, figures };
}

describe('K-GAP-1 Kalevankangas (brief K1, reworked tiers): the White wins', () => {
  // The end of turn 8, the Reds pulled back into Tammela's south-west corner (x < 25).
  const end = (): KReading => parkSide(withRound(setupRead(kal), 8), 'red', 2, 2);
  // 35 of the 66 White figures killed: more than half, taken from squads parked away from the objectives.
  const costly = (s: KReading) => kill(s, 'white', 35);

  it('K-GAP-1 White minor win, closest to 1918: the east gate held with two unbroken units wholly on the rise, losses at most half', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq3', line(103, 62, 9, 0.3, 0.8)); // at the gate (105, 65), on the rise (x ≤ 120)
    s = place(s, 'w_sq4', line(110, 80, 9, 0.5, 0.3)); // on the rise's east slope
    const e = victoryCheck(s, kal, 'turn-end', true);
    expect(e).toMatchObject({ type: 'GAME_ENDED', winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('minor win, the result closest to 1918');
    // One unit on the rise is not a foothold: the Reds win by default.
    const one = place(s, 'w_sq4', line(130, 100, 9));
    expect(victoryCheck(one, kal, 'turn-end', true)).toMatchObject({ winner: 'red', reason: 'default' });
    // Bought with more than half the Whites killed, the foothold drops a tier: a Red win.
    expect(victoryCheck(costly(s), kal, 'turn-end', true)).toMatchObject({ winner: 'red', reason: 'default' });
  });

  it('K-GAP-1 White major win: the east gate and the mortuary held, losses at most half; more than half drops it to a minor win', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq3', line(103, 64, 9, 0.5, 0.2)); // at the gate, within 5 cm of (105, 65)
    s = place(s, 'w_sq4', line(78, 64, 9, 0.5, 0.2)); // at the mortuary (80, 65)
    expect(objectivePoints(s, kal)).toEqual({ red: 0, white: 2 });
    expect(victoryCheck(s, kal, 'turn-end', true)!.text).toContain('White major win: at the end of turn 8 the Whites hold O1');
    const dear = victoryCheck(costly(s), kal, 'turn-end', true);
    expect(dear).toMatchObject({ winner: 'white', reason: 'conditions' });
    expect(dear!.text).toContain('White minor win: at the end of turn 8 the Whites hold O1 (the east gate) and O2 (the mortuary), but more than half');
  });

  it('K-GAP-1 White decisive win: the mortuary and the cemetery\'s west edge held, losses at most half; more than half drops it to a major win', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq4', line(78, 64, 9, 0.5, 0.2));
    s = place(s, 'w_sq5', line(53, 64, 9, 0.5, 0.2)); // (55, 65)
    const e = victoryCheck(s, kal, 'turn-end', true);
    expect(e).toMatchObject({ winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('decisive win');
    expect(victoryCheck(costly(s), kal, 'turn-end', true)!.text).toContain('White major win: at the end of turn 8 the Whites hold O2 (the mortuary) and O3');
  });

  it('K-GAP-1 a Red soldier within 5 cm of the mortuary contests it, a lone Red leader does not; and nothing is decided before the last turn', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq3', line(103, 64, 9, 0.5, 0.2));
    s = place(s, 'w_sq4', line(78, 64, 9, 0.5, 0.2));
    const early: KReading = { ...s, seq: { ...s.seq, round: 7 } };
    expect(victoryCheck(early, kal, 'turn-end', false)).toBeUndefined();
    // The commissar alone at the mortuary does not deny it (holding-objectives) …
    const lone = place(s, 'r_commissar', [[82, 67]]);
    expect(victoryCheck(lone, kal, 'turn-end', true)!.text).toContain('White major win');
    // … a Red osasto there does: only the gate and the foothold are left, and w_sq4 by the mortuary is on the rise too.
    const osasto = place(s, 'r_os3', line(81, 66, 13, 0.3, 0.3));
    expect(victoryCheck(osasto, kal, 'turn-end', true)!.text).toContain('minor win, the result closest to 1918');
  });
});

describe('K-GAP-1 Tammerkoski (brief K2, reworked tiers): the White wins', () => {
  // The end of turn 10, the Reds pulled back to the west edge (x < 20), far from the Theatre, the factory and the barricade.
  const end = (): KReading => parkSide(withRound(setupRead(tam), 10), 'red', 2, 2);

  it('west-bank-foothold K-GAP-1: two unbroken White units on the west bank holding both the felt factory and the bridge barricade: a major win', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq2', line(64, 24, 9, 1.5, 1)); // inside felt_factory (x 60–78, z 20–36)
    s = place(s, 'w_sq4', line(80, 62, 9, 0.4, 1.2)); // behind barricade_west, within 5 cm of (82, 68), all x < 85
    expect(objectivePoints(s, tam)).toMatchObject({ white: 2, red: 0 });
    const e = victoryCheck(s, tam, 'turn-end', true);
    expect(e).toMatchObject({ type: 'GAME_ENDED', winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('major win');
    expect(e!.text).toContain('felt factory and the bridge barricade');
  });

  it('west-bank-foothold K-GAP-1: the Theatre held from its top floor with a second unit on the west bank: a major win', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq1', line(58, 80, 9, 1.5, 1), 2); // inside the Theatre (x 55–78, z 74–94), floor 2
    s = place(s, 'w_sq3', line(40, 100, 9));
    const e = victoryCheck(s, tam, 'turn-end', true);
    expect(e).toMatchObject({ winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('major win');
    expect(e!.text).toContain('hold the Theatre');
  });

  it('west-bank-foothold K-GAP-1: one unbroken unit across holding the felt factory, or the barricade, is a minor win; across with neither, the Reds win', () => {
    let f = parkSide(end(), 'white', 150, 2);
    f = place(f, 'w_sq2', line(64, 24, 9, 1.5, 1));
    const factory = victoryCheck(f, tam, 'turn-end', true);
    expect(factory).toMatchObject({ winner: 'white', reason: 'conditions' });
    expect(factory!.text).toContain('minor win, a first foothold over the rapids');
    expect(factory!.text).toContain('felt factory');
    let b = parkSide(end(), 'white', 150, 2);
    b = place(b, 'w_sq4', line(80, 62, 9, 0.4, 1.2));
    expect(victoryCheck(b, tam, 'turn-end', true)!.text).toContain('hold the bridge barricade');
    // Routing, the squad in the factory is no foothold.
    const routed = { ...f, units: { ...f.units, w_sq2: { ...f.units.w_sq2!, status: 'routing' as const } } };
    expect(victoryCheck(routed, tam, 'turn-end', true)).toMatchObject({ winner: 'red', reason: 'default' });
    // Across, but holding neither: the crossing was stopped.
    let n = parkSide(end(), 'white', 150, 2);
    n = place(n, 'w_sq3', line(40, 100, 9));
    expect(victoryCheck(n, tam, 'turn-end', true)).toMatchObject({ winner: 'red', reason: 'default' });
  });
});
