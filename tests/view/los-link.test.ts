// The sight line in a link (`from`, `to`, `target`): points and figures go out and come back exactly,
// other parameters are kept, and a bad parameter is named with what was expected.
import { describe, expect, it } from 'vitest';
import { formatEnd, losFromSearch, parseEnd, searchWithLos } from '../../src/ui/tools/los-link';
import type { SightEnd } from '../../src/view';

describe('sight line links', () => {
  it('round-trips points (floor, eye height, full precision) and figures, keeping the scenario', () => {
    const ends: SightEnd[] = [
      { kind: 'point', x: 140, z: 90, floor: 4 },
      { kind: 'point', x: 142.69999999999999, z: 90.1, floor: 4, above: 1.598 },
      { kind: 'point', x: 12.5, z: 3, floor: 0 },
      { kind: 'point', x: 12.5, z: 3, floor: 0, above: 0 },
      { kind: 'figure', figureId: 'hill_top_1' },
    ];
    for (const observer of ends) {
      for (const target of ends) {
        const search = searchWithLos('?scenario=sandbox/training-ground&play=1', { observer, target, mode: 'unit' });
        expect(search.startsWith('?scenario=sandbox/training-ground&play=1&from=')).toBe(true);
        expect(losFromSearch(search)).toEqual({ observer, target, mode: 'unit' });
      }
    }
    expect(formatEnd({ kind: 'point', x: 140, z: 90, floor: 4, above: 1.2 })).toBe('140,90,4,@1.2');
  });

  it('target=figure only for a figure target; clearing removes the line and nothing else', () => {
    const observer: SightEnd = { kind: 'point', x: 1, z: 2, floor: 0 };
    const target: SightEnd = { kind: 'figure', figureId: 'tgt_east_1' };
    const s = searchWithLos('?scenario=a/b', { observer, target, mode: 'figure' });
    expect(s).toBe('?scenario=a/b&from=1,2&to=figure:tgt_east_1&target=figure');
    expect(losFromSearch(s)?.mode).toBe('figure');
    expect(searchWithLos(s, null)).toBe('?scenario=a/b');
    expect(losFromSearch('?scenario=a/b')).toBeNull();
    expect(losFromSearch('?from=1,2')).toEqual({ observer, target: null, mode: 'unit' });
  });

  it('a bad point names the parameter and the forms expected', () => {
    expect(() => parseEnd('12', 'from')).toThrow('link parameter "from": expected x,z[,floor][,@height] or figure:ID, got "12"');
    expect(() => losFromSearch('?from=1,2&to=1,2,-1')).toThrow(/"to"/);
    expect(() => parseEnd('figure:', 'to')).toThrow(/figure:ID/);
  });
});
