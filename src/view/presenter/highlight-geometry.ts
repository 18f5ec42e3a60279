// Geometry of the presenter's highlight: a bright ring round the base, a soft halo fading outward
// (vertex alpha) and a small pin hovering over the figure's head. Built in table coordinates, y up.
import { BufferAttribute, ConeGeometry, RingGeometry, type BufferGeometry } from 'three';

/** Flat ring around a figure base (base radius ≈ 0.6 cm). */
export function ringGeometry(inner = 0.78, outer = 1.02): BufferGeometry {
  return new RingGeometry(inner, outer, 40, 1).rotateX(-Math.PI / 2);
}

/** A wider flat ring whose alpha fades from `alpha` at the inner edge to 0 outside. */
export function haloGeometry(inner = 1.0, outer = 2.6, alpha = 0.55): BufferGeometry {
  const g = new RingGeometry(inner, outer, 40, 3).rotateX(-Math.PI / 2);
  const pos = g.getAttribute('position');
  const colours = new Float32Array(pos.count * 4);
  for (let i = 0; i < pos.count; i++) {
    const r = Math.hypot(pos.getX(i), pos.getZ(i));
    const t = Math.min(Math.max((r - inner) / (outer - inner), 0), 1);
    colours.set([1, 1, 1, alpha * (1 - t) ** 1.6], i * 4);
  }
  g.setAttribute('color', new BufferAttribute(colours, 4));
  return g;
}

/** A four-sided pin pointing down, its tip at y = 0 (one per unit, so slim). */
export function pinGeometry(radius = 0.4, height = 1.1): BufferGeometry {
  return new ConeGeometry(radius, height, 4).rotateX(Math.PI).translate(0, height / 2, 0);
}

/** How high a unit's one pin hovers over the highest of its figures' pins, cm. */
const UNIT_PIN_RISE = 2.5;

/**
 * One pin per unit instead of one per figure (a cone on every soldier hid the very unit the beat is
 * about): over the middle of the unit's figures, above the highest of them. Table coordinates.
 */
export function unitPins(places: ReadonlyArray<{ unitId: string; position: readonly [number, number, number]; lift: number }>): Array<{ unitId: string; at: [number, number, number] }> {
  const by = new Map<string, { n: number; x: number; z: number; top: number }>();
  for (const p of places) {
    const u = by.get(p.unitId) ?? { n: 0, x: 0, z: 0, top: -Infinity };
    u.n++;
    u.x += p.position[0];
    u.z += p.position[2];
    u.top = Math.max(u.top, p.position[1] + p.lift);
    by.set(p.unitId, u);
  }
  return [...by].map(([unitId, u]) => ({ unitId, at: [u.x / u.n, u.top + UNIT_PIN_RISE, u.z / u.n] }));
}
