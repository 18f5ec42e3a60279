// Which edges of a scrolling HUD box fade out (src/ui/scroll-fade): those with more content beyond
// them, so a line cut at the edge reads as "scroll", not as clipped text.
import { describe, expect, it } from 'vitest';
import { fadeEdges } from '../../src/ui/scroll-fade';

describe('a scrolling box fades the edges that hide more', () => {
  it('at the top it fades its bottom, midway both edges, at the end its top', () => {
    expect(fadeEdges(0, 60, 100)).toBe('bottom');
    expect(fadeEdges(20, 60, 100)).toBe('both');
    expect(fadeEdges(40, 60, 100)).toBe('top');
  });

  it('content that fits, or overflows by a fractional pixel of rounding, fades nothing', () => {
    expect(fadeEdges(0, 100, 100)).toBe('');
    expect(fadeEdges(0, 99.6, 100.4)).toBe('');
    expect(fadeEdges(0.5, 60, 61)).toBe('');
  });
});
