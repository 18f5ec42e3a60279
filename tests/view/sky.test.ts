// The sky dome made in code (issue 17, "a sky and horizon"): day pale at the horizon and bluer
// overhead, night dark, stars only above the horizon haze and the same on every load.
import { Color } from 'three';
import { describe, expect, it } from 'vitest';
import { LIGHTING } from '../../src/view/lighting';
import { skyDomeGeometry, starPositions } from '../../src/view/sky-geometry';

const SKY = { day: LIGHTING.day.sky, night: LIGHTING.night.sky };

/** Colour of the dome vertex whose height (fraction of the radius) is nearest `y`. */
function colourAt(g: ReturnType<typeof skyDomeGeometry>, radius: number, y: number): Color {
  const pos = g.getAttribute('position');
  const col = g.getAttribute('color');
  let best = 0;
  for (let i = 1; i < pos.count; i++) if (Math.abs(pos.getY(i) / radius - y) < Math.abs(pos.getY(best) / radius - y)) best = i;
  return new Color(col.getX(best), col.getY(best), col.getZ(best));
}
const lum = (c: Color) => 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;

describe('sky dome', () => {
  it('by day is lightest at the horizon, bluer overhead and dark below the horizon', () => {
    const g = skyDomeGeometry(1000, SKY.day);
    const horizon = colourAt(g, 1000, 0);
    const zenith = colourAt(g, 1000, 1);
    const below = colourAt(g, 1000, -0.5);
    expect(lum(horizon)).toBeGreaterThan(lum(zenith));
    expect(zenith.b).toBeGreaterThan(zenith.r);
    expect(lum(below)).toBeLessThan(lum(zenith));
  });

  it('by night is darker everywhere than by day', () => {
    const day = skyDomeGeometry(1000, SKY.day);
    const night = skyDomeGeometry(1000, SKY.night);
    for (const y of [1, 0.5, 0, -0.5]) expect(lum(colourAt(night, 1000, y))).toBeLessThan(lum(colourAt(day, 1000, y)));
  });

  it('puts stars on the dome, above the horizon haze, the same each time', () => {
    const a = starPositions(500, 300);
    expect(a).toEqual(starPositions(500, 300));
    for (let i = 0; i < 300; i++) {
      const [x, y, z] = [a[i * 3]!, a[i * 3 + 1]!, a[i * 3 + 2]!];
      expect(Math.hypot(x, y, z)).toBeCloseTo(500, 3);
      expect(y).toBeGreaterThan(0.07 * 500);
    }
  });
});
