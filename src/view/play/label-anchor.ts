// Where a template's label stands on the canvas: on the template's line (a strip's centreline, a
// circle's centre) at the point nearest its middle whose label box lies wholly inside the canvas's
// uncovered part, so a template running off the canvas's edge or under a HUD box keeps its words
// readable (canvas pixels, y down).

export type Px = readonly [number, number];

export interface LabelBox {
  /** The label's size, px. */
  width: number;
  height: number;
  /** Where the anchor sits in the box, as shares of its size (labelStyle's translate(-50%, -120%): 0.5, 1.2). */
  alongX: number;
  alongY: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The part [t0, t1] of the segment a→b (t from 0 at a to 1 at b) inside the box; null when none (Liang–Barsky). */
function clipSegment(a: Px, b: Px, box: Box): [number, number] | null {
  let t0 = 0;
  let t1 = 1;
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const edges: Array<[number, number]> = [
    [-dx, a[0] - box.left],
    [dx, box.right - a[0]],
    [-dy, a[1] - box.top],
    [dy, box.bottom - a[1]],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r);
    else t1 = Math.min(t1, r);
    if (t0 > t1) return null;
  }
  return [t0, t1];
}

/**
 * The anchors (as t along a→b) whose label box, measured along the line, lies within the line's part
 * inside `area`: that part shortened at each end by half the box's extent along the line. Null when
 * the line is a point or no part is inside; an empty range (t0 > t1) when the box is longer than it.
 */
function spanRange(a: Px, b: Px, label: LabelBox, area: Box): [number, number] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy);
  const part = clipSegment(a, b, area);
  if (len === 0 || !part) return null;
  // Half the box's shadow on the line's direction.
  const half = ((label.width / 2) * Math.abs(dx) + (label.height / 2) * Math.abs(dy)) / len;
  return [part[0] + half / len, part[1] - half / len];
}

/**
 * The widest a line's label may be (px) and still fit both the canvas's uncovered part and, for a line
 * drawn more across than up, the line's own span across it there (so it can stand within the strip,
 * wrapping its words onto more lines); never under `least`.
 */
export function labelRoom(a: Px, b: Px, canvas: { width: number; height: number }, clear?: Box, least = 120): number {
  const area = clear ?? { left: 0, top: 0, right: canvas.width, bottom: canvas.height };
  let room = area.right - area.left;
  const part = clipSegment(a, b, area);
  if (part && Math.abs(b[0] - a[0]) > Math.abs(b[1] - a[1])) room = Math.min(room, Math.abs(b[0] - a[0]) * (part[1] - part[0]));
  return Math.max(least, Math.floor(room));
}

const at = (a: Px, b: Px, t: number): [number, number] => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const clamp = (v: number, lo: number, hi: number): number => (lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));

/**
 * The label's anchor for a template whose line runs a→b on the canvas (px) with its middle at `mid`
 * (on that line), the label to stay within `clear` (the canvas's part no HUD box covers; the whole
 * canvas when not given): the point of the line nearest `mid` where the label fits and its box also
 * stays within the line's uncovered span (a strip's label then never reaches past the strip's end,
 * onto what lies beyond it: a bridge, a unit); else the point nearest `mid` where it fits; else (the
 * line too near an edge for the label) the line's point on the canvas nearest `mid` pushed inside;
 * `mid` unchanged when no part of the line is on the canvas.
 */
export function labelAnchor(a: Px, b: Px, mid: Px, label: LabelBox, canvas: { width: number; height: number }, clear?: Box): [number, number] {
  const area = clear ?? { left: 0, top: 0, right: canvas.width, bottom: canvas.height };
  const len2 = (b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2;
  const s = len2 > 0 ? ((mid[0] - a[0]) * (b[0] - a[0]) + (mid[1] - a[1]) * (b[1] - a[1])) / len2 : 0;
  const inset: Box = {
    left: area.left + label.width * label.alongX,
    right: area.right - label.width * (1 - label.alongX),
    top: area.top + label.height * label.alongY,
    bottom: area.bottom - label.height * (1 - label.alongY),
  };
  const fits = clipSegment(a, b, inset);
  if (fits) {
    const within = spanRange(a, b, label, area);
    const lo = Math.max(fits[0], within?.[0] ?? 1);
    const hi = Math.min(fits[1], within?.[1] ?? 0);
    return at(a, b, lo <= hi ? clamp(s, lo, hi) : clamp(s, fits[0], fits[1]));
  }
  const seen = clipSegment(a, b, { left: 0, top: 0, right: canvas.width, bottom: canvas.height });
  if (!seen) return [mid[0], mid[1]];
  const p = at(a, b, clamp(s, seen[0], seen[1]));
  return [clamp(p[0], inset.left, inset.right), clamp(p[1], inset.top, inset.bottom)];
}
