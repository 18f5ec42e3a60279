// K-GAP-1 each 1918 scenario's White victory paths, checked against the briefs
// (/work/shared/scenarios/briefs.md, K1 and K2): scripted positions at the last turn's end, no dice.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core';
import { setupK, type KState } from '../../../src/rules/kuularuisku/engine';
import { objectivePoints, victoryCheck } from '../../../src/rules/kuularuisku/activation/victory';
import { parseScenarioOrThrow } from '../../../src/scenario';

const load = (f: string) => parseScenarioOrThrow(readFileSync(f, 'utf8'), f);
const kal = load('scenarios/kuularuisku/kalevankangas.json');
const tam = load('scenarios/kuularuisku/tammerkoski.json');

/** Put a unit's soldiers on these points (one each, in order), on a floor. */
function place(s: KState, unitId: string, points: Vec2[], floor = 0): KState {
  const figures = { ...s.figures };
  s.units[unitId]!.figures.forEach((id, i) => {
    figures[id] = { ...figures[id]!, at: points[i]!, floor };
  });
  return { ...s, figures };
}
const line = (x: number, z: number, n: number, dx = 1.5, dz = 0): Vec2[] => Array.from({ length: n }, (_, i) => [x + i * dx, z + i * dz] as Vec2);

/** Every unit of a side in rows from a corner point, well away from every objective. */
function parkSide(s: KState, side: string, x: number, z: number): KState {
  let out = s;
  Object.values(s.units).filter((u) => u.side === side && !u.joinedTo).forEach((u, row) => {
    out = place(out, u.id, line(x, z + row * 3, u.figures.length));
  });
  return out;
}

describe('K-GAP-1 Kalevankangas (brief K1): the White wins', () => {
  // The end of turn 8, the Reds pulled back into Tammela's south-west corner (x < 25).
  const end = (): KState => parkSide({ ...setupK(kal), turn: 8 }, 'red', 2, 2);

  it('K-GAP-1 White minor win (the historical result): White holds O1 (east gate) and O2 (mortuary) at the end of turn 8', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq3', line(103, 64, 9, 0.5, 0.2)); // at the gate, within 5 cm of (105, 65)
    s = place(s, 'w_sq4', line(78, 64, 9, 0.5, 0.2)); // at the mortuary (80, 65)
    expect(objectivePoints(s, kal)).toEqual({ red: 0, white: 2 });
    const e = victoryCheck(s, kal, 'turn-end', true);
    expect(e).toMatchObject({ type: 'GAME_ENDED', winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('minor win');
  });

  it('K-GAP-1 White major win: White holds O2 (mortuary) and O3 (the cemetery\'s west edge) at the end of turn 8', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq4', line(78, 64, 9, 0.5, 0.2));
    s = place(s, 'w_sq5', line(53, 64, 9, 0.5, 0.2)); // (55, 65)
    const e = victoryCheck(s, kal, 'turn-end', true);
    expect(e).toMatchObject({ winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('major win');
  });

  it('K-GAP-1 a Red soldier within 5 cm of the mortuary contests it: no White win, the Reds win by default; and not before the last turn', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq3', line(103, 64, 9, 0.5, 0.2));
    s = place(s, 'w_sq4', line(78, 64, 9, 0.5, 0.2));
    expect(victoryCheck({ ...s, turn: 7 }, kal, 'turn-end', false)).toBeUndefined();
    s = place(s, 'r_commissar', [[82, 67]]);
    expect(victoryCheck(s, kal, 'turn-end', true)).toMatchObject({ winner: 'red', reason: 'default' });
  });
});

describe('K-GAP-1 Tammerkoski (brief K2): the White wins', () => {
  // The end of turn 10, the Reds pulled back to the west edge (x < 20), far from the Theatre, the factory and the barricade.
  const end = (): KState => parkSide({ ...setupK(tam), turn: 10 }, 'red', 2, 2);

  it('west-bank-foothold K-GAP-1: two unbroken White units on the west bank holding both the felt factory and the bridge barricade win', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq2', line(64, 24, 9, 1.5, 1)); // inside felt_factory (x 60–78, z 20–36)
    s = place(s, 'w_sq4', line(80, 62, 9, 0.4, 1.2)); // behind barricade_west, within 5 cm of (82, 68), all x < 85
    expect(objectivePoints(s, tam)).toMatchObject({ white: 2, red: 0 });
    const e = victoryCheck(s, tam, 'turn-end', true);
    expect(e).toMatchObject({ type: 'GAME_ENDED', winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('felt factory and the bridge barricade');
  });

  it('west-bank-foothold K-GAP-1: the Theatre held from its top floor with a second unit on the west bank wins; the factory alone does not', () => {
    let s = parkSide(end(), 'white', 150, 2);
    s = place(s, 'w_sq1', line(58, 80, 9, 1.5, 1), 2); // inside the Theatre (x 55–78, z 74–94), floor 2
    s = place(s, 'w_sq3', line(40, 100, 9));
    const e = victoryCheck(s, tam, 'turn-end', true);
    expect(e).toMatchObject({ winner: 'white', reason: 'conditions' });
    expect(e!.text).toContain('hold the Theatre');
    // The felt factory without the barricade is neither of the two White conditions.
    let f = parkSide(end(), 'white', 150, 2);
    f = place(f, 'w_sq2', line(64, 24, 9, 1.5, 1));
    f = place(f, 'w_sq3', line(40, 100, 9));
    expect(victoryCheck(f, tam, 'turn-end', true)).toMatchObject({ winner: 'red', reason: 'default' });
  });
});
