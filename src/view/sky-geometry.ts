// The sky dome (made in code, nothing fetched): a sphere coloured per vertex from the zenith through
// a hazy horizon to a dark ground below it, and a seeded scatter of stars for night tables. The colours
// of each light are in lighting.ts.
import { BufferAttribute, type BufferGeometry, Color, SphereGeometry } from 'three';

export interface SkyColours {
  zenith: string;
  horizon: string;
  ground: string;
}

/** A dome of `radius` with vertex colours blending zenith → horizon (above) and horizon → ground (just below). */
export function skyDomeGeometry(radius: number, colours: SkyColours): BufferGeometry {
  const g = new SphereGeometry(radius, 24, 24);
  const zenith = new Color(colours.zenith);
  const horizon = new Color(colours.horizon);
  const ground = new Color(colours.ground);
  const pos = g.getAttribute('position');
  const out = new Float32Array(pos.count * 3);
  const c = new Color();
  for (let i = 0; i < pos.count; i++) {
    const y = pos.getY(i) / radius;
    if (y >= 0) c.copy(horizon).lerp(zenith, Math.pow(y, 0.55));
    else c.copy(horizon).lerp(ground, Math.min(1, -y / 0.12));
    out.set([c.r, c.g, c.b], i * 3);
  }
  g.setAttribute('color', new BufferAttribute(out, 3));
  return g;
}

/** `count` star positions on the upper part of a sphere of `radius`, from a fixed seed (same sky every load). */
export function starPositions(radius: number, count: number, seed = 1918): Float32Array {
  let s = seed >>> 0;
  const rand = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296);
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const y = 0.08 + 0.92 * Math.sqrt(rand()); // none in the horizon haze, denser overhead
    const a = rand() * Math.PI * 2;
    const r = Math.sqrt(1 - y * y);
    out.set([Math.cos(a) * r * radius, y * radius, Math.sin(a) * r * radius], i * 3);
  }
  return out;
}
