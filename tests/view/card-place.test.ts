// The presenter's narration card keeps off the beat's units: it leaves the bottom middle for another
// edge when a unit stands under it there, and avoids the other panels.
import { describe, expect, it } from 'vitest';
import { cardRect, chooseCardPlace } from '../../src/ui/presenter/card-place';

const page = { W: 1280, H: 800 };
const card = { w: 540, h: 160 };

describe('the narration card\u2019s place', () => {
  it('stays at the bottom middle when no unit is under it', () => {
    expect(chooseCardPlace([[640, 300]], card, page, [])).toBe('bottom');
  });

  it('moves to the bottom right when a unit stands under its middle place, to the left when one is under both', () => {
    const under = cardRect('bottom', card.w, card.h, page.W, page.H);
    const p: [number, number] = [(under.left + under.right) / 2, (under.top + under.bottom) / 2];
    expect(chooseCardPlace([p], card, page, [])).toBe('right');
    expect(chooseCardPlace([p, [1100, 720]], card, page, [])).toBe('left');
  });

  it('passes over a place another panel holds (the floors bar at the bottom left)', () => {
    const under: [number, number] = [640, 720];
    const right: [number, number] = [1100, 720];
    const floors = { left: 10, top: 650, right: 300, bottom: 790 };
    expect(chooseCardPlace([under, right], card, page, [floors])).toBe('top');
  });

  it('on a small page its own place is the bottom right', () => {
    const r = cardRect('bottom', 300, 120, 640, 400);
    expect(r.right).toBe(630);
  });
});
