// Where the floor cutaway bar ends in play (src/ui/play/floors-floor): above the bottom column's parts
// that stand under it, so a dice tray kept to the right beside it does not lift it into the table's middle.
import { describe, expect, it } from 'vitest';
import { floorsFloor } from '../../src/ui/play/floors-floor';

// 640×400: the bar at the left, the tray at the right above the action bar in the middle.
const BAR = { left: 12, right: 226 };
const TRAY = { left: 276, right: 628, top: 295 };
const ACTIONS = { left: 183, right: 457, top: 357 };

describe('the floors bar stands above the parts under it', () => {
  it('a tray beside the bar does not lift it: it stands above the action bar', () => {
    expect(floorsFloor([TRAY, ACTIONS], BAR, 295)).toBe(357);
  });

  it('a tray under the bar (a narrow screen, the tray the column\u2019s width) lifts it', () => {
    expect(floorsFloor([{ left: 12, right: 380, top: 280 }, ACTIONS], BAR, 280)).toBe(280);
  });

  it('no bar, or nothing under it: the column\u2019s top', () => {
    expect(floorsFloor([TRAY, ACTIONS], null, 295)).toBe(295);
    expect(floorsFloor([TRAY], BAR, 295)).toBe(295);
  });

  it('parts that only touch the bar\u2019s edge are not under it', () => {
    expect(floorsFloor([{ left: 226, right: 400, top: 200 }, ACTIONS], BAR, 200)).toBe(357);
  });
});
