// The miniatures' look: uniforms from scenario data (the Swedes' snow suits), headgear variants and
// the triangle budget per figure (issue 17: 200–400 on the fine tier, fewer on the plain one).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario, parseScenarioOrThrow } from '../../src/scenario';
import { DEFAULT_DRESS, unitDress } from '../../src/view/figure-dress';
import { figureClothGeometry, figureFixedGeometry, HEADGEAR } from '../../src/view/figure-geometry';

const K1 = 'scenarios/kuularuisku/kalevankangas.json';
const triangles = (g: { getAttribute(n: string): { count: number } }) => g.getAttribute('position').count / 3;

describe('figure dress from the scenario', () => {
  const k1 = parseScenarioOrThrow(readFileSync(K1, 'utf8'), K1);
  const dress = unitDress(k1);

  it('paints the Swedish Brigade squad in white snow suits with hoods (unit uniform over the side)', () => {
    expect(dress('w_swedes')).toEqual({ colour: '#e4e6e3', headgear: 'hood' });
  });

  it('gives other units their side\'s uniform: Red Guards in fur caps, Whites in peaked caps', () => {
    expect(dress('r_coy').headgear).toBe('fur-cap');
    const white = (k1.units ?? []).find((u) => u.side === 'white' && u.id !== 'w_swedes')!;
    expect(dress(white.id)).toEqual({ colour: '#5d5f4e', headgear: 'peaked-cap' });
  });

  it('helmets the COBI sides from their scenario: German M35s, American M1s', () => {
    for (const file of ['scenarios/cobi/skirmish.json', 'scenarios/cobi/armour-lane.json']) {
      const sc = parseScenarioOrThrow(readFileSync(file, 'utf8'), file);
      const d = unitDress(sc);
      for (const u of sc.units ?? []) expect(d(u.id).headgear, `${file} ${u.id}`).toBe(u.side === 'germans' ? 'steel-helmet' : 'm1-helmet');
    }
  });

  it('falls back to the default dress for a unit nobody describes', () => {
    expect(dress('no-such-unit')).toEqual(DEFAULT_DRESS);
  });

  it('rejects an unknown headgear, naming the JSON path', () => {
    const raw = JSON.parse(readFileSync(K1, 'utf8'));
    raw.sides[0].uniform = { colour: '#4a4036', headgear: 'tricorne' };
    const read = parseScenario(JSON.stringify(raw), K1);
    expect(read.ok).toBe(false);
    expect(JSON.stringify(read)).toContain('sides');
    expect(JSON.stringify(read)).toContain('headgear');
  });
});

describe('figure geometry', () => {
  it.each(HEADGEAR)('a %s figure costs 200–400 triangles fine and fewer plain', (kind) => {
    const fine = triangles(figureClothGeometry(kind, 'fine')) + triangles(figureFixedGeometry('fine'));
    const plain = triangles(figureClothGeometry(kind, 'plain')) + triangles(figureFixedGeometry('plain'));
    expect(fine).toBeGreaterThanOrEqual(200);
    expect(fine).toBeLessThanOrEqual(400);
    expect(plain).toBeLessThan(fine);
  });

  it('has a head with headgear above it and legs below the coat (not a cone pawn)', () => {
    const cloth = figureClothGeometry('fur-cap');
    cloth.computeBoundingBox();
    const fixed = figureFixedGeometry();
    fixed.computeBoundingBox();
    // Cloth reaches from the ankles (legs) up to the cap; the rifle (fixed) rises above the head.
    expect(cloth.boundingBox!.min.y).toBeLessThan(0.3);
    expect(cloth.boundingBox!.max.y).toBeGreaterThan(1.7);
    expect(fixed.boundingBox!.max.y).toBeGreaterThan(1.8);
  });

  it('a helmet crowns the head, the M35 flaring wider over the neck than the M1, both wider than a hood', () => {
    const top = (k: 'peaked-cap' | 'hood' | 'steel-helmet' | 'm1-helmet') => {
      const g = figureClothGeometry(k);
      g.computeBoundingBox();
      const high = g.boundingBox!.max.y;
      const p = g.getAttribute('position');
      // The head's width: the widest point within the top 0.3 of the figure (the headgear and the head).
      let half = 0;
      for (let i = 0; i < p.count; i++) if (p.getY(i) > high - 0.3) half = Math.max(half, Math.hypot(p.getX(i), p.getZ(i)));
      return { high, half };
    };
    const cap = top('peaked-cap');
    const hood = top('hood');
    const m35 = top('steel-helmet');
    const m1 = top('m1-helmet');
    // Both helmets stand about as high as the cap (on the head, not floating above it)...
    for (const b of [m35, m1]) expect(Math.abs(b.high - cap.high)).toBeLessThan(0.12);
    // ...and are wider than a hood over the head: the M35's skirt the widest.
    expect(m1.half).toBeGreaterThan(hood.half);
    expect(m35.half).toBeGreaterThan(m1.half);
  });
});
