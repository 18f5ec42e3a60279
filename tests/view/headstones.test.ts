// Headstone rows (a fence or wall with style "headstones") drawn as separate headstones with gaps
// between them, within the physics box, not as one concrete barrier (issue 17, "terrain pieces that read
// as what they are"); a plain stone fence stays a plain fence: the scenario says which, not the material.
import { readFileSync } from 'node:fs';
import { Box3, type BufferGeometry, Color } from 'three';
import { describe, expect, it } from 'vitest';
import type { BoxSolid } from '../../src/core';
import { type Feature, parseScenario, parseScenarioOrThrow } from '../../src/scenario';
import { HEADSTONE_PITCH, headstoneRow, isHeadstoneRow, solidParts } from '../../src/view/solid-geometry';

const K1 = 'scenarios/kuularuisku/kalevankangas.json';

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

describe('headstones from the scenario', () => {
  const row: BoxSolid = {
    featureId: 'row', featureKind: 'fence', part: 'obstacle', blocksSight: false, standable: false,
    shape: 'box', center: [10, 0.6, 10], halfExtents: [0.25, 0.6, 10.5], rotationY: 0,
  };
  const fence = (style?: 'plain' | 'headstones'): Feature => ({
    id: 'row', kind: 'fence', material: 'stone', path: [[10, 0], [10, 21]], height: 1.2, thickness: 0.5, ...(style ? { style } : {}),
  });

  it('a stone fence without a style is one plain box; with style "headstones" a row of stones', () => {
    expect(solidParts(row, new Color('#999'), fence())).toHaveLength(1);
    expect(solidParts(row, new Color('#999'), fence('plain'))).toHaveLength(1);
    expect(solidParts(row, new Color('#999'), fence('headstones'))).toHaveLength(Math.floor(21 / HEADSTONE_PITCH) * 2);
  });

  it('Kalevankangas marks its eight headstone rows, and nothing else, as headstones', () => {
    const s = parseScenarioOrThrow(readFileSync(K1, 'utf8'), K1);
    const rows = s.features.filter(isHeadstoneRow).map((f) => f.id).sort();
    expect(rows).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => `headstone_rows_${i}`));
    // The cemetery's boundary fences and the granite monuments are not grave rows.
    for (const id of ['cemetery_fence', 'cemetery_fence_s', 'monument_1']) expect(isHeadstoneRow(s.features.find((f) => f.id === id))).toBe(false);
  });

  it('"headstones" on a hedge is refused at its JSON path', () => {
    const raw = JSON.parse(readFileSync(K1, 'utf8'));
    const i = (raw.features as Array<{ id: string }>).findIndex((f) => f.id === 'fence_lines_1');
    raw.features[i] = { ...raw.features[i], kind: 'hedge', material: 'hedge', style: 'headstones' };
    const r = parseScenario(JSON.stringify(raw), 'bad.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues.map((x) => [x.path, x.message])).toEqual([
      [`$.features[${i}].style`, '"headstones" is drawn for a fence or a wall: expected kind "fence" or "wall", this feature is a hedge'],
    ]);
  });

  it('an unknown style is refused at its JSON path', () => {
    const raw = JSON.parse(readFileSync(K1, 'utf8'));
    const i = (raw.features as Array<{ id: string }>).findIndex((f) => f.id === 'headstone_rows_1');
    raw.features[i].style = 'graves';
    const r = parseScenario(JSON.stringify(raw), 'bad.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((x) => x.path)).toEqual([`$.features[${i}].style`]);
  });
});
