// Templates and arcs on the table in play (PlayView.templates, PlayFigure.arcs): a blast circle's
// outline is its radius all round; a teardrop runs from its narrow end to the wide circle `length`
// ahead along its heading; the label gives the radius in the view's measure; an arc is a wedge
// clockwise between its headings.
import { describe, expect, it } from 'vitest';
import type { PlayTemplate } from '../../src/game';
import { ARC_REACH, arcOutline, clipToTable, templateOutline } from '../../src/view/play/outlines';
import { templateLabel } from '../../src/view/play/TemplateMarks';

const dist = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);

describe('template outlines', () => {
  it('a strip heading east (a searchlight): a band of the width, from its starting end the length ahead; its label gives width and length', () => {
    const t: PlayTemplate = { id: 'lit', kind: 'strip', centre: [0, 68], radius: 10, length: 85, facing: 90, label: 'Searchlight: lit at night', rule: 'K-5.2a' };
    const ring = templateOutline(t);
    expect(ring).toHaveLength(4);
    const xs = ring.map((p) => p[0]);
    const zs = ring.map((p) => p[1]);
    expect(Math.min(...xs)).toBeCloseTo(0, 9);
    expect(Math.max(...xs)).toBeCloseTo(85, 9);
    expect(Math.min(...zs)).toBeCloseTo(58, 9);
    expect(Math.max(...zs)).toBeCloseTo(78, 9);
    expect(templateLabel(t, 'cm')).toBe('Searchlight: lit at night · 20.0 cm wide, 85.0 cm long (K-5.2a)');
  });

  it('a circle: every point at the radius from the centre', () => {
    const ring = templateOutline({ kind: 'circle', centre: [40, 30], radius: 5 }, 32);
    expect(ring).toHaveLength(32);
    for (const p of ring) expect(dist(p, [40, 30])).toBeCloseTo(5, 9);
  });

  it('a teardrop heading east: starts at its narrow end, reaches the wide circle\'s far side, sides tangent to it', () => {
    const t: Pick<PlayTemplate, 'kind' | 'centre' | 'radius' | 'length' | 'facing'> = { kind: 'teardrop', centre: [10, 20], radius: 3, length: 12, facing: 90 };
    const ring = templateOutline(t, 48);
    expect(ring[0]).toEqual([10, 20]);
    const wide: [number, number] = [22, 20];
    for (const p of ring.slice(1)) expect(dist(p, wide)).toBeCloseTo(3, 9);
    // The far point of the circle (x = 25) is on the outline; nothing lies behind the narrow end.
    expect(Math.max(...ring.map((p) => p[0]))).toBeCloseTo(25, 1);
    expect(Math.min(...ring.map((p) => p[0]))).toBe(10);
    // Tangent: at the first arc point the side is square to the radius.
    const [tx, tz] = ring[1]!;
    expect((tx - 10) * (tx - wide[0]) + (tz - 20) * (tz - wide[1])).toBeCloseTo(0, 9);
  });

  it('labels the radius in the view\'s measure', () => {
    const t: PlayTemplate = { id: 'he', kind: 'circle', centre: [0, 0], radius: 5.08, label: 'HE blast', rule: 'C-7.2' };
    expect(templateLabel(t)).toBe('HE blast · 5.1 cm radius (C-7.2)');
    expect(templateLabel(t, 'inch')).toBe('HE blast · 2.0″ radius (C-7.2)');
  });
});

describe('arc outlines', () => {
  it('a turret arc of 90° from 45° reaches its range between those headings, from the figure', () => {
    const ring = arcOutline([0, 0], { from: 45, to: 135, range: 10 }, 24);
    expect(ring[0]).toEqual([0, 0]);
    for (const p of ring.slice(1)) expect(dist(p, [0, 0])).toBeCloseTo(10, 9);
    // First and last rim points at 45° and 135° (north-east, south-east); due east in between.
    expect(ring[1]![0]).toBeCloseTo(10 * Math.SQRT1_2, 9);
    expect(ring[1]![1]).toBeCloseTo(10 * Math.SQRT1_2, 9);
    expect(ring.at(-1)![1]).toBeCloseTo(-10 * Math.SQRT1_2, 9);
    expect(Math.max(...ring.map((p) => p[0]))).toBeCloseTo(10, 9);
  });

  it('an arc across north (300° to 60°) stays in front, and takes the default reach', () => {
    const ring = arcOutline([5, 5], { from: 300, to: 60 });
    for (const p of ring.slice(1)) {
      expect(dist(p, [5, 5])).toBeCloseTo(ARC_REACH, 9);
      expect(p[1] - 5).toBeGreaterThanOrEqual(ARC_REACH / 2 - 1e-9);
    }
  });

  it('a wedge reaching past the table\'s edge is cut at the edge: every point on the table, the edge itself reached', () => {
    // A turret at (12, 22) on a 60 × 40 table, its 40 cm arc from 0° to 90°: most of it lies beyond the north edge.
    const ring = clipToTable(arcOutline([12, 22], { from: 0, to: 90, range: 40 }), 60, 40);
    expect(ring.length).toBeGreaterThan(3);
    for (const [x, z] of ring) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(60);
      expect(z).toBeGreaterThanOrEqual(0);
      expect(z).toBeLessThanOrEqual(40);
    }
    expect(ring.filter((p) => Math.abs(p[1] - 40) < 1e-9).length).toBeGreaterThanOrEqual(2);
    expect(ring).toContainEqual([12, 22]);
    // Inside the table nothing changes; wholly off it, nothing is left.
    const inside = arcOutline([30, 20], { from: 45, to: 135, range: 10 });
    expect(clipToTable(inside, 60, 40)).toEqual(inside);
    expect(clipToTable([[70, 10], [80, 10], [75, 20]], 60, 40)).toEqual([]);
  });
});
