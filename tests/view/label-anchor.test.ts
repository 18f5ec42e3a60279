// A template's label stays wholly on the canvas: it slides along the template's line (a searchlight's
// strip) toward the middle's nearest point where its box fits, and a label too near an edge for the
// line is pushed inside; a HUD box over the canvas counts as its edge; one whose template is off the
// canvas stays put.
import { describe, expect, it } from 'vitest';
import { labelAnchor, labelRoom } from '../../src/view/play/label-anchor';

const canvas = { width: 640, height: 400 };
const label = { width: 300, height: 18, alongX: 0.5, alongY: 1.2 };

describe('template label anchor', () => {
  it('stays at the middle when the label fits there', () => {
    expect(labelAnchor([100, 200], [500, 200], [300, 200], label, canvas)).toEqual([300, 200]);
  });

  it('a strip half off the canvas\'s left edge: the label slides along it until its left end is on the canvas', () => {
    // The strip runs from x = −400 to 200 on screen; its middle (x = −100) would cut the label off.
    const [x, y] = labelAnchor([-400, 200], [200, 200], [-100, 200], label, canvas);
    expect(x).toBeCloseTo(150, 9);
    expect(y).toBe(200);
    expect(x - label.width / 2).toBeGreaterThanOrEqual(0);
  });

  it('a slanting strip: the anchor stays on the strip\'s line', () => {
    const [x, y] = labelAnchor([-300, 100], [300, 300], [0, 200], label, canvas);
    expect(x).toBeCloseTo(150, 9);
    expect(y).toBeCloseTo(100 + (200 * (x + 300)) / 600, 9);
  });

  it('a strip along the left edge, too near it for the label: the label is pushed inside beside it', () => {
    const [x, y] = labelAnchor([10, 50], [10, 350], [10, 200], label, canvas);
    expect(x).toBe(150);
    expect(y).toBe(200);
  });

  it('a circle\'s label near the top edge moves down until the box (drawn above the anchor) fits', () => {
    const [x, y] = labelAnchor([320, 5], [320, 5], [320, 5], label, canvas);
    expect(x).toBe(320);
    expect(y).toBeCloseTo(21.6, 9);
  });

  it('a HUD box over the canvas\'s left side (the tool rail): the label slides along the strip clear of it', () => {
    const clear = { left: 110, top: 0, right: 640, bottom: 400 };
    const [x, y] = labelAnchor([-400, 200], [300, 200], [-50, 200], label, canvas, clear);
    expect(x).toBeCloseTo(260, 9);
    expect(y).toBe(200);
  });

  it('a strip whose middle perspective draws off-centre: the label stays within the strip\'s span, not past its end', () => {
    // The strip runs from x = 100 to 500 on screen, its middle drawn at x = 400: centred there the
    // label would reach x = 550, onto what lies beyond the strip's end.
    const [x, y] = labelAnchor([100, 200], [500, 200], [400, 200], label, canvas);
    expect(x).toBeCloseTo(350, 9);
    expect(y).toBe(200);
    expect(x + label.width / 2).toBeLessThanOrEqual(500);
  });

  it('a strip shorter than its label: the label keeps the place nearest the middle where it fits the canvas', () => {
    expect(labelAnchor([250, 200], [350, 200], [330, 200], label, canvas)).toEqual([330, 200]);
  });

  it('room for a label: the uncovered width, and no more than a strip\'s span across it there (a short strip wraps the words)', () => {
    // A strip drawn from x = 40 to 490, a HUD box over the canvas's left 112 px: 378 px of it is uncovered.
    expect(labelRoom([40, 330], [490, 320], canvas, { left: 112, top: 0, right: 640, bottom: 400 })).toBe(378);
    // A strip running up the screen leaves the whole uncovered width.
    expect(labelRoom([300, 380], [310, 20], canvas, { left: 112, top: 0, right: 640, bottom: 400 })).toBe(528);
    // Never under the least, however short the strip.
    expect(labelRoom([300, 200], [340, 200], canvas)).toBe(120);
  });

  it('a template wholly off the canvas keeps its label at its middle', () => {
    expect(labelAnchor([-500, 200], [-100, 200], [-300, 200], label, canvas)).toEqual([-300, 200]);
  });
});
