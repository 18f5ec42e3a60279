// The action bar's choice of buttons (src/ui/play/ActionBar): while a decision waits, the default
// answer and a few others stand in the bar, the rest are counted for the "more" button (the decision
// panel lists them all); the other actions stay, and every button keeps its digit key.
import { describe, expect, it } from 'vitest';
import type { PendingDecision, PlayAction } from '../../src/game';
import { barActions, buttonsThatFit, DECISION_ANSWERS_IN_BAR, hiddenEnds } from '../../src/ui/play/ActionBar';

const answer = (i: number): PlayAction => ({ id: `allocate:${i}`, label: `soldier ${i}`, command: { type: 'ALLOCATE_WOUNDS', side: 'red', pick: i } });
const decision = (n: number): PendingDecision => ({ side: 'red', kind: 'wound-allocation', label: 'Who takes the wound?', options: Array.from({ length: n }, (_, i) => ({ label: `soldier ${i}`, command: { type: 'ALLOCATE_WOUNDS', side: 'red', pick: i } })) });

describe('the action bar during a decision', () => {
  it('twelve answers: the default and the next three are buttons with keys 1–4; eight more are counted after them', () => {
    const actions = Array.from({ length: 12 }, (_, i) => answer(i));
    const { shown, more, moreAfter } = barActions(actions, decision(12));
    expect(DECISION_ANSWERS_IN_BAR).toBe(4);
    expect(shown.map(({ a, i }) => [a.id, i])).toEqual([['allocate:0', 0], ['allocate:1', 1], ['allocate:2', 2], ['allocate:3', 3]]);
    expect(more).toBe(8);
    expect(moreAfter).toBe(3);
  });

  it('actions that answer no decision all stay, with their own digit keys; a short list of answers is shown whole', () => {
    const other: PlayAction = { id: 'concede', label: 'Concede', command: { type: 'CONCEDE', side: 'red' } };
    const actions = [...Array.from({ length: 6 }, (_, i) => answer(i)), other];
    const { shown, more } = barActions(actions, decision(6));
    expect(shown.map(({ a, i }) => [a.id, i])).toEqual([['allocate:0', 0], ['allocate:1', 1], ['allocate:2', 2], ['allocate:3', 3], ['concede', 6]]);
    expect(more).toBe(2);
    expect(barActions(actions.slice(0, 3), decision(3))).toMatchObject({ more: 0 });
    // No decision: every action is a button.
    const plain = Array.from({ length: 12 }, (_, i) => ({ ...answer(i), id: `x${i}` }));
    expect(barActions(plain).shown).toHaveLength(12);
    expect(barActions(plain).more).toBe(0);
  });
});

describe('the action bar keeps to its rows', () => {
  it('fits buttons in one or two rows of the room it has, keeping room for "more" at the end when some are left out', () => {
    const w = [100, 100, 100, 100, 100];
    expect(buttonsThatFit(w, 1000, 4)).toBe(5);
    expect(buttonsThatFit(w, 250, 4)).toBe(2);
    expect(buttonsThatFit(w, 250, 4, 2)).toBe(4);
    // Not all fit: the last row keeps 80 px for the "more" button.
    expect(buttonsThatFit(w, 250, 4, 2, 80)).toBe(3);
    expect(buttonsThatFit(w, 1000, 4, 2, 80)).toBe(5);
    expect(buttonsThatFit([300], 250, 4, 2)).toBe(0);
    // A decision with hidden answers: the button's room is kept even when every button shown fits.
    expect(buttonsThatFit([100, 100, 100], 250, 4, 2, 80, true)).toBe(3);
    expect(buttonsThatFit([100, 100, 100, 100], 250, 4, 2, 80, true)).toBe(3);
  });
});

describe('the one-row bar on a small screen shows which end has more', () => {
  it('a row wider than its box hides its end at first, both ends midway, its start at the far end', () => {
    expect(hiddenEnds(0, 400, 700)).toEqual({ start: false, end: true });
    expect(hiddenEnds(150, 400, 700)).toEqual({ start: true, end: true });
    expect(hiddenEnds(300, 400, 700)).toEqual({ start: true, end: false });
  });

  it('a row that fits hides nothing (a fractional pixel of rounding is no "more")', () => {
    expect(hiddenEnds(0, 400, 400)).toEqual({ start: false, end: false });
    expect(hiddenEnds(0, 400.4, 401)).toEqual({ start: false, end: false });
  });
});
