// The presenter's narration card keeps off the beat's units: it leaves the bottom middle for another
// edge when a unit stands under it there, and avoids the other panels (in play, the action bar at the
// bottom middle), fitting between them when no edge is clear.
import { describe, expect, it } from 'vitest';
import { cardRect, chooseCardPlace, placeCard } from '../../src/ui/presenter/card-place';

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

  it('in play leaves the bottom middle to the action bar there: the next edge clear of the bar', () => {
    const narrow = { left: 560, top: 700, right: 720, bottom: 788 };
    expect(placeCard([[640, 400]], card, page, [narrow]).place).toBe('right');
    const wide = { left: 272, top: 663, right: 1008, bottom: 788 };
    const spot = placeCard([[640, 400]], card, page, [wide]);
    expect(spot.place).toBe('top');
    expect(overlapArea(spot.rect, wide)).toBe(0);
  });

  it('with every edge taken (a wide action bar, the dock on the right, the banner top left) fits above the bar, covering no unit nor panel', () => {
    const bar = { left: 110, top: 693, right: 846, bottom: 788 };
    const dock = { left: 960, top: 60, right: 1268, bottom: 788 };
    const banner = { left: 12, top: 12, right: 396, bottom: 110 };
    const toolbar = { left: 506, top: 12, right: 1268, bottom: 50 };
    const others = [bar, dock, banner, toolbar];
    const spot = placeCard([[640, 400], [300, 600]], card, page, others);
    expect(spot.place).toBe('fitted');
    expect(others.map((o) => overlapArea(spot.rect, o))).toEqual([0, 0, 0, 0]);
    expect(spot.rect.bottom).toBeLessThanOrEqual(bar.top);
    expect(spot.rect.left).toBeGreaterThanOrEqual(0);
    expect(spot.rect.right).toBeLessThanOrEqual(dock.left);
  });

  it('a panel weighs more than a unit: a spot clear of the panels over one covering a unit', () => {
    const bar = { left: 110, top: 693, right: 846, bottom: 788 };
    const dock = { left: 960, top: 60, right: 1268, bottom: 788 };
    // Units along the whole strip above the bar: every spot clear of the panels covers some.
    const strip = Array.from({ length: 40 }, (_, i): [number, number] => [20 + i * 23, 560]);
    const spot = placeCard(strip, card, page, [bar, dock]);
    expect([overlapArea(spot.rect, bar), overlapArea(spot.rect, dock)]).toEqual([0, 0]);
  });

  it('where no spot is clear of the panels (one over the whole page) it keeps off the units', () => {
    const wall = { left: 0, top: 0, right: 1280, bottom: 800 };
    const spot = placeCard([[640, 720], [1100, 720], [640, 100]], card, page, [wall]);
    expect([[640, 720], [1100, 720], [640, 100]].filter(([x, y]) => x! >= spot.rect.left && x! <= spot.rect.right && y! >= spot.rect.top && y! <= spot.rect.bottom)).toEqual([]);
  });
});

function overlapArea(a: { left: number; top: number; right: number; bottom: number }, b: { left: number; top: number; right: number; bottom: number }): number {
  return Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) * Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
}
