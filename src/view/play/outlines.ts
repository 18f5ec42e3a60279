// Outlines of the play overlays as plan points [x, z] in order, each a closed ring: a template on the
// table (a blast circle, a flame teardrop) and a figure's arc (a turret's traverse, a hull's front).
// Pure geometry for TemplateMarks and ArcMarks. Headings are degrees clockwise from north.
import type { PlayArc, PlayTemplate } from '../../game';
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
  if (t.kind === 'strip') {
    // A band `length` long ahead of the starting end, `r` either side of its axis.
    const [dx, dz] = heading(t.facing ?? 0);
    const [sx, sz] = [dz * r, -dx * r]; // to the right of the heading
    return [[px - sx, pz - sz], [px + sx, pz + sz], [px + dx * length + sx, pz + dz * length + sz], [px + dx * length - sx, pz + dz * length - sz]];
  }
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

/** Reach of an arc drawn without its own, cm. */
export const ARC_REACH = 12;

/** A wedge from the figure's centre, clockwise from `from` to `to` (passing 360 when `to` < `from`). */
export function arcOutline(at: TablePoint, arc: Pick<PlayArc, 'from' | 'to' | 'range'>, segments = 24): TablePoint[] {
  const r = arc.range ?? ARC_REACH;
  const span = ((((arc.to - arc.from) % 360) + 360) % 360) || 360;
  const n = Math.max(2, Math.ceil((segments * span) / 360));
  const rim = Array.from({ length: n + 1 }, (_, i): TablePoint => {
    const [dx, dz] = heading(arc.from + (span * i) / n);
    return [at[0] + dx * r, at[1] + dz * r];
  });
  return span === 360 ? rim.slice(0, n) : [[at[0], at[1]], ...rim];
}

/**
 * A closed ring cut to the table's rectangle (0..width × 0..depth), so an overlay reaching past an
 * edge is drawn to the edge (and asks no height off the table). Empty when nothing is on the table.
 */
export function clipToTable(ring: readonly TablePoint[], width: number, depth: number): TablePoint[] {
  // Sutherland–Hodgman: keep the part inside each edge's half-plane in turn.
  const edges: Array<{ inside: (p: TablePoint) => boolean; cut: (a: TablePoint, b: TablePoint) => TablePoint }> = [
    { inside: (p) => p[0] >= 0, cut: (a, b) => at(a, b, (0 - a[0]) / (b[0] - a[0])) },
    { inside: (p) => p[0] <= width, cut: (a, b) => at(a, b, (width - a[0]) / (b[0] - a[0])) },
    { inside: (p) => p[1] >= 0, cut: (a, b) => at(a, b, (0 - a[1]) / (b[1] - a[1])) },
    { inside: (p) => p[1] <= depth, cut: (a, b) => at(a, b, (depth - a[1]) / (b[1] - a[1])) },
  ];
  let out: TablePoint[] = [...ring];
  for (const { inside, cut } of edges) {
    const input = out;
    out = [];
    input.forEach((p, i) => {
      const prev = input[(i + input.length - 1) % input.length]!;
      if (inside(p)) {
        if (!inside(prev)) out.push(cut(prev, p));
        out.push(p);
      } else if (inside(prev)) out.push(cut(prev, p));
    });
    if (out.length === 0) return [];
  }
  return out;
}

function at(a: TablePoint, b: TablePoint, t: number): TablePoint {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
}
