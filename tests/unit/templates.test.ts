// core/templates.ts: which figure bases a template covers, by the base's centre or by any overlap,
// on the template's own floor only, with a circle or a rectangle turned to its facing (degrees
// clockwise from north); and the rectangle as the view's strip, which draws the same outline.
import { describe, expect, it } from 'vitest';
import { basesCovered, facingOffset, playTemplateOf, templateCovers, templateShapeOf, type TemplateShape, type Vec2 } from '../../src/core';
import { templateOutline } from '../../src/view/play/outlines';

/** A burst circle Ø 6.5 cm and an explosion rectangle 6.5 × 13 cm (the sizes COBI's templates use), at (50, 50). */
const burst: TemplateShape = { kind: 'circle', centre: [50, 50], radius: 3.25 };
const blast = (facing: number, floor?: number): TemplateShape => ({ kind: 'rect', centre: [50, 50], length: 13, width: 6.5, facing, ...(floor !== undefined ? { floor } : {}) });
/** A 1 cm base (radius) at (x, z). */
const base = (x: number, z: number, floor?: number) => ({ at: [x, z] as Vec2, radius: 1, ...(floor !== undefined ? { floor } : {}) });

describe('templateCovers: a circle', () => {
  it('a base half under: covered by overlap, not by its centre', () => {
    expect(templateCovers(burst, base(53.75, 50), 'overlap')).toBe(true);
    expect(templateCovers(burst, base(53.75, 50), 'centre')).toBe(false);
  });

  it('on the edge counts: a centre on the rim, a base touching it; a hair beyond does not', () => {
    expect(templateCovers(burst, base(50, 53.25), 'centre')).toBe(true);
    expect(templateCovers(burst, base(50, 53.26), 'centre')).toBe(false);
    expect(templateCovers(burst, base(54.25, 50), 'overlap')).toBe(true);
    expect(templateCovers(burst, base(54.26, 50), 'overlap')).toBe(false);
  });
});

describe('templateCovers: a rectangle', () => {
  it('facing north it is 13 cm along z and 6.5 across x; half under covers by overlap only', () => {
    expect(templateCovers(blast(0), base(50, 56), 'centre')).toBe(true);
    expect(templateCovers(blast(0), base(53, 50), 'centre')).toBe(true);
    expect(templateCovers(blast(0), base(50, 57), 'centre')).toBe(false);
    expect(templateCovers(blast(0), base(50, 57), 'overlap')).toBe(true);
    expect(templateCovers(blast(0), base(54.25, 50), 'overlap')).toBe(true); // touching the long side
    expect(templateCovers(blast(0), base(54.3, 50), 'overlap')).toBe(false);
  });

  it('off a corner the overlap is measured to the corner, not to the sides\' lines', () => {
    // Corner (53.25, 56.5); a base 0.9 cm off each side's line is 1.27 cm from the corner: clear of it.
    expect(templateCovers(blast(0), base(54.15, 57.4), 'overlap')).toBe(false);
    expect(templateCovers(blast(0), base(53.8, 57.05), 'overlap')).toBe(true);
  });

  it('rotated: facing east the length lies along x; facing 30° the far end lies north-east, not north-west', () => {
    expect(templateCovers(blast(90), base(56, 50), 'centre')).toBe(true);
    expect(templateCovers(blast(90), base(50, 56), 'centre')).toBe(false);
    const [dx, dz] = facingOffset(30, 6, 0);
    expect(templateCovers(blast(30), base(50 + dx, 50 + dz), 'centre')).toBe(true);
    expect(templateCovers(blast(30), base(50 - dx, 50 + dz), 'centre')).toBe(false);
    // A base whose centre lies 0.5 cm outside the turned long side: under by overlap, not by centre.
    const [ox, oz] = facingOffset(30, 2, 3.75);
    expect(templateCovers(blast(30), base(50 + ox, 50 + oz), 'centre')).toBe(false);
    expect(templateCovers(blast(30), base(50 + ox, 50 + oz), 'overlap')).toBe(true);
  });
});

describe('templateCovers: floors', () => {
  it('a template on floor 1 misses the figures on the ground below it and covers those on floor 1', () => {
    expect(templateCovers(blast(0, 1), base(50, 50), 'overlap')).toBe(false);
    expect(templateCovers(blast(0, 1), base(50, 50, 0), 'overlap')).toBe(false);
    expect(templateCovers(blast(0, 1), base(50, 50, 1), 'centre')).toBe(true);
    expect(templateCovers(burst, base(50, 50, 2), 'overlap')).toBe(false);
    // No floor is the ground, floor 0.
    expect(templateCovers(blast(0, 0), base(50, 50), 'centre')).toBe(true);
  });

  it('basesCovered keeps the covered bases in their order', () => {
    const bases = [{ id: 'a', ...base(50, 57) }, { id: 'b', ...base(50, 50, 1) }, { id: 'c', ...base(50, 44) }, { id: 'd', ...base(60, 50) }];
    expect(basesCovered(blast(0), bases, 'overlap').map((b) => b.id)).toEqual(['a', 'c']);
    expect(basesCovered(blast(0), bases, 'centre').map((b) => b.id)).toEqual(['c']);
  });
});

describe('a rectangle as the view draws it', () => {
  it('is a strip from the middle of its starting end, and reads back as the same rectangle', () => {
    const t = playTemplateOf(blast(90), 'boom', { label: 'Explosion' });
    expect(t).toMatchObject({ id: 'boom', kind: 'strip', radius: 3.25, length: 13, facing: 90, label: 'Explosion' });
    expect(t.centre[0]).toBeCloseTo(43.5, 9);
    expect(t.centre[1]).toBeCloseTo(50, 9);
    const back = templateShapeOf(t, 1) as Extract<TemplateShape, { kind: 'rect' }>;
    expect(back).toMatchObject({ kind: 'rect', length: 13, width: 6.5, facing: 90, floor: 1 });
    expect(back.centre[0]).toBeCloseTo(50, 9);
    expect(back.centre[1]).toBeCloseTo(50, 9);
    expect(playTemplateOf(burst, 'b')).toEqual({ id: 'b', kind: 'circle', centre: [50, 50], radius: 3.25 });
    expect(templateShapeOf({ id: 't', kind: 'teardrop', centre: [0, 0], radius: 2, length: 8 })).toBeUndefined();
  });

  it('the view\'s outline of that strip has its corners on the rectangle\'s edge', () => {
    const shape = blast(30);
    const outline = templateOutline(playTemplateOf(shape, 'boom'));
    expect(outline).toHaveLength(4);
    for (const [x, z] of outline) {
      expect(templateCovers(shape, { at: [x, z], radius: 0 }, 'centre')).toBe(true);
      // A hair farther from the centre is outside.
      expect(templateCovers(shape, { at: [50 + (x - 50) * 1.001, 50 + (z - 50) * 1.001], radius: 0 }, 'centre')).toBe(false);
    }
  });
});
