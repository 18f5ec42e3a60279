// The log panel's order and grouping (src/ui/play/GameLog): commands newest first, a command's events
// in the order they happened, a run of dice lines (one volley) gathered into one line that names its
// dice and their purposes.
import { describe, expect, it } from 'vitest';
import type { PlayLogLine } from '../../src/game';
import { diceSummary, logEntries } from '../../src/ui/play/GameLog';

const line = (index: number, commandIndex: number, type: string): PlayLogLine => ({ index, commandIndex, type, text: `${type} ${index}` });
const die = (index: number, commandIndex: number, purpose: string, values: number[]): PlayLogLine => ({
  index, commandIndex, type: 'DICE_ROLLED', text: `${purpose}: d6 → ${values.join(' ')}`, dice: { purpose, values, sides: 6 },
});

describe('the game log panel', () => {
  it('lists commands newest first and a volley of dice as one entry', () => {
    const log = [
      line(0, 0, 'TURN_STARTED'),
      line(1, 1, 'SHOT_FIRED'),
      die(2, 1, 'shooting test of Osasto 1 (4+)', [3]),
      die(3, 1, 'shooting test of Osasto 1 (4+)', [5]),
      die(4, 1, 'wound test of Osasto 2', [6]),
      line(5, 1, 'WOUNDS_ALLOCATED'),
      die(6, 2, 'morale test of Osasto 2', [2]),
    ];
    const blocks = logEntries(log);
    expect(blocks.map((b) => b.map((e) => ('line' in e ? e.line.index : e.dice.map((d) => d.index))))).toEqual([
      [[6]],
      [1, [2, 3, 4], 5],
      [0],
    ]);
    const volley = blocks[1]![1]!;
    expect('dice' in volley && diceSummary(volley.dice)).toBe('3 dice: shooting test of Osasto 1 (4+); wound test of Osasto 2');
  });
});
