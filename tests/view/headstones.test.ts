// Stone fences (the cemetery's headstone rows) drawn as separate headstones with gaps between them,
// within the physics box, not as one concrete barrier (issue 17, "terrain pieces that read as what they are").
import { Box3, type BufferGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { HEADSTONE_PITCH, headstoneRow } from '../../src/view/solid-geometry';

const bounds = (g: BufferGeometry) => new Box3().setFromBufferAttribute(g.getAttribute('position') as never);

describe('headstone rows', () => {
  it('a 21 cm row along z becomes one stone per pitch, separate, inside the row\'s box', () => {
    const half = [0.25, 0.6, 10.5] as const;
    const parts = headstoneRow(half, 12345);
    const stones = Math.floor(21 / HEADSTONE_PITCH);
    expect(parts.length).toBe(stones * 2); // slab + rounded top each
    const slabs = parts.filter((_, i) => i % 2 === 0).map(bounds);
    for (const b of slabs) {
      expect(b.min.z).toBeGreaterThanOrEqual(-10.5 - 1e-6);
      expect(b.max.z).toBeLessThanOrEqual(10.5 + 1e-6);
      expect(b.min.y).toBeGreaterThanOrEqual(-0.6 - 0.05);
    }
    // Gaps between neighbours: sight passes between the stones.
    for (let i = 1; i < slabs.length; i++) expect(slabs[i]!.min.z - slabs[i - 1]!.max.z).toBeGreaterThan(0.2);
    const tops = parts.filter((_, i) => i % 2 === 1).map(bounds);
    for (const t of tops) expect(t.max.y).toBeLessThanOrEqual(0.6 + 1e-6);
  });

  it('varies the heights of the stones and repeats them for the same seed', () => {
    const heights = (seed: number) => headstoneRow([10, 0.6, 0.25], seed).filter((_, i) => i % 2 === 1).map((g) => bounds(g).max.y);
    const a = heights(7);
    expect(new Set(a.map((h) => h.toFixed(3))).size).toBeGreaterThan(3);
    expect(heights(7)).toEqual(a);
  });
});
