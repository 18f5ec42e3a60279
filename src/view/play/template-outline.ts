// The outline of a template on the table (a blast circle, a flame teardrop), as plan points [x, z] in
// order, a closed ring: pure geometry for TemplateMarks. Headings are degrees clockwise from north.
import type { PlayTemplate } from '../../game';
import type { TablePoint } from './play-geometry';

/** A unit vector on the table for a heading (x east, z north). */
function heading(deg: number): TablePoint {
  const r = (deg * Math.PI) / 180;
  return [Math.sin(r), Math.cos(r)];
}

/** The ring around the template: a circle, or a teardrop from its narrow end to the wide circle. */
export function templateOutline(t: Pick<PlayTemplate, 'kind' | 'centre' | 'radius' | 'length' | 'facing'>, segments = 48): TablePoint[] {
  const [px, pz] = t.centre;
  const r = t.radius;
  const circle = (cx: number, cz: number, from: number, to: number, n: number): TablePoint[] =>
    Array.from({ length: n + 1 }, (_, i) => {
      const a = from + ((to - from) * i) / n;
      return [cx + r * Math.sin(a), cz + r * Math.cos(a)];
    });
  const length = t.length ?? 0;
  if (t.kind === 'circle' || length <= r) return circle(px, pz, 0, 2 * Math.PI, segments).slice(0, segments);
  // Teardrop: the wide circle's centre lies `length` ahead; the sides are the tangents from the narrow end.
  const [dx, dz] = heading(t.facing ?? 0);
  const cx = px + dx * length;
  const cz = pz + dz * length;
  // Angle (at the wide centre, from the direction back to the narrow end) of each tangent point.
  const beta = Math.acos(r / length);
  const back = Math.atan2(-dx, -dz);
  return [[px, pz], ...circle(cx, cz, back + beta, back + 2 * Math.PI - beta, segments)];
}
