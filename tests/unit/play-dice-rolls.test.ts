// The dice tray's grouping (src/ui/play/dice-rolls): only the latest command's rolls, consecutive
// rolls of one kind merged (the shuffle's die per card, one wound test per figure), "N+" read as the
// score that succeeds.
import { describe, expect, it } from 'vitest';
import type { PlayLogLine } from '../../src/game';
import { latestRolls, targetNumber } from '../../src/ui/play/dice-rolls';

const roll = (index: number, commandIndex: number, purpose: string, values: number[], rule: string, sides = 6): PlayLogLine => ({
  index, commandIndex, type: 'DICE_ROLLED', text: `${purpose}: d${sides} → ${values.join(' ')}`, rule, dice: { purpose, values, sides, rule },
});
const line = (index: number, commandIndex: number, text: string, rule?: string): PlayLogLine => ({ index, commandIndex, type: 'SHOT_FIRED', text, ...(rule ? { rule } : {}) });

describe('dice tray rolls', () => {
  it('shows nothing before any die is rolled', () => {
    expect(latestRolls([])).toEqual([]);
    expect(latestRolls([line(0, 0, 'Turn 1 begins')])).toEqual([]);
  });

  it('keeps only the latest command that rolled, even when later commands rolled none', () => {
    const log = [
      roll(0, 0, 'shuffle the activation deck (turn 1, card 1 of 3)', [2], 'K-2.1b', 3),
      roll(1, 0, 'shuffle the activation deck (turn 1, card 2 of 3)', [1], 'K-2.1b', 2),
      line(2, 0, 'Turn 1 begins', 'K-2.1b'),
      roll(3, 4, 'shooting test of a_1 (4+)', [3, 5], 'K-5.3d'),
      roll(4, 4, 'cover test of B (wound below 5)', [6], 'K-5.4a'),
      roll(5, 4, 'wound test of b_1', [2], 'K-5.5a'),
      roll(6, 4, 'wound test of b_2', [6], 'K-5.5a'),
      line(7, 4, 'A shoots at B: 2 dice — 1 hit', 'K-5.3a'),
      line(8, 5, 'A has activated', 'K-2.0b'),
    ];
    expect(latestRolls(log)).toEqual([
      { index: 3, purpose: 'shooting test of a_1 (4+)', rule: 'K-5.3d', dice: [{ value: 3, sides: 6 }, { value: 5, sides: 6 }], need: 4 },
      { index: 4, purpose: 'cover test of B (wound below 5)', rule: 'K-5.4a', dice: [{ value: 6, sides: 6 }] },
      { index: 5, purpose: 'wound test of b_1, b_2', rule: 'K-5.5a', dice: [{ value: 2, sides: 6 }, { value: 6, sides: 6 }] },
    ]);
  });

  it('names every soldier whose rolls it merges, the target number once at the end', () => {
    const log = [
      roll(0, 3, 'shooting test of rifleman 1 of Osasto 1 (4+)', [4], 'K-5.3d'),
      roll(1, 3, 'shooting test of rifleman 2 of Osasto 1 (4+)', [1], 'K-5.3d'),
      roll(2, 3, 'wound test of rifleman 3', [5], 'K-5.5c'),
      roll(3, 3, 'wound test of rifleman 3', [2], 'K-5.5c'),
    ];
    expect(latestRolls(log).map((r) => r.purpose)).toEqual(['shooting test of rifleman 1 of Osasto 1, rifleman 2 of Osasto 1 (4+)', 'wound test of rifleman 3']);
  });

  it('starts empty with each activation and keeps every roll of it: the shot and the wound tests answered after it', () => {
    const log = [roll(0, 2, 'shooting test of a_1 (4+)', [3], 'K-5.3d'), line(1, 5, 'B is activated')];
    expect(latestRolls(log, 5)).toEqual([]);
    expect(latestRolls(log, 2)).toHaveLength(1);
    const activation = [...log, roll(2, 6, 'shooting test of b_1 (4+)', [4], 'K-5.3d'), roll(3, 7, 'wound test of a_2', [2], 'K-5.5c')];
    expect(latestRolls(activation, 5).map((r) => r.index)).toEqual([2, 3]);
    expect(latestRolls(activation).map((r) => r.index)).toEqual([3]);
  });

  it('merges the deck shuffle into one row of mixed dice under their common purpose', () => {
    const log = [11, 10, 9].map((sides, i) => roll(i, 0, `shuffle the activation deck (turn 1, card ${i + 1} of 3)`, [i + 1], 'K-2.1b', sides));
    const [only, ...rest] = latestRolls(log);
    expect(rest).toEqual([]);
    expect(only!.purpose).toBe('shuffle the activation deck');
    expect(only!.dice).toEqual([{ value: 1, sides: 11 }, { value: 2, sides: 10 }, { value: 3, sides: 9 }]);
  });

  it('does not merge rolls of different rules or target numbers', () => {
    const log = [roll(0, 1, 'shooting test of a_1 (4+)', [1], 'K-5.3d'), roll(1, 1, 'shooting test of a_2 (5+)', [2], 'K-5.3d'), roll(2, 1, 'shooting test of a_3 (5+)', [6], 'K-5.7a')];
    expect(latestRolls(log).map((r) => r.need)).toEqual([4, 5, 5]);
  });

  it('reads a target number only as a standalone "N+"', () => {
    expect(targetNumber('shooting test of x (4+)')).toBe(4);
    expect(targetNumber('6+ to hit')).toBe(6);
    expect(targetNumber('cover test (wound below 3)')).toBeUndefined();
    expect(targetNumber('K-5.3+')).toBeUndefined();
  });
});
