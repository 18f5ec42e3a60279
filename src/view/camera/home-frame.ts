// The home view framed to the canvas: from the south, looking down on the table, as close as keeps
// (almost) all of it in the canvas's uncovered part, and a little steeper where a wide, shallow table
// would otherwise leave bands of void above and below it. Plain numbers, world coordinates.
import type { CameraPose, Frame } from './pose-types';
import type { Rect } from './clear-area';
import { basis, poseShowing, projectNdc, tableCover, type Lens } from './unit-in-view';

const DEG = Math.PI / 180;
const WHOLE: Rect = { left: -1, right: 1, top: 1, bottom: -1 };

/** Camera elevations tried, lowest first: the home view's own (about 36°) up to a steeper one. */
export const HOME_ELEVATIONS = [36, 38, 40, 42, 44, 46, 48, 50, 52, 55];
/** The table share of the uncovered part the framing aims at; the lowest elevation reaching it wins. */
export const HOME_COVER_AIM = 0.65;
/** Share of the table's top that must stand in the uncovered part (only the near corners may be cut). */
export const HOME_TABLE_SHOWN = 0.96;
/** Screen places tried for the table's centre, up and down the uncovered part. */
const PLACES = [-0.12, -0.06, 0, 0.06, 0.12];

/** Share of a grid over the table's top (y = 0, centred on the origin) that projects inside `area` (NDC). */
export function tableShown(pose: CameraPose, lens: Lens, table: { width: number; depth: number }, area: Rect, n = 10): number {
  let inside = 0;
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const p = projectNdc(pose, lens, [table.width * (i / n - 0.5), 0, table.depth * (j / n - 0.5)]);
      if (p && p[0] >= area.left && p[0] <= area.right && p[1] >= area.bottom && p[1] <= area.top) inside++;
    }
  }
  return inside / ((n + 1) * (n + 1));
}

export interface HomeFrame {
  pose: CameraPose;
  /** Share of the uncovered part that sees the table. */
  cover: number;
  elevation: number;
}

/** At one elevation and screen place of the table's centre: the nearest pose that still shows enough of the table. */
function nearestAt(f: Frame, lens: Lens, area: Rect, elevation: number, ay: number): HomeFrame | null {
  const e = elevation * DEG;
  const b = basis({ position: [0, Math.sin(e), Math.cos(e)], target: [0, 0, 0] }, lens);
  const ax = (area.left + area.right) / 2;
  const at = (d: number) => poseShowing(b, [0, 0, 0], d, ax, ay);
  const table = { width: f.width, depth: f.depth };
  const enough = (d: number) => tableShown(at(d), lens, table, area) >= HOME_TABLE_SHOWN;
  let far = 10 * Math.max(f.width, f.depth) / Math.tan((f.fov * DEG) / 2);
  if (!enough(far)) return null;
  let near = 1;
  // To a hundredth of the distance.
  for (let k = 0; k < 20 && far - near > far * 0.005; k++) {
    const mid = (near + far) / 2;
    if (enough(mid)) far = mid;
    else near = mid;
  }
  // The orbit turns about the point on the table's top straight ahead.
  const { position: p } = at(far);
  const t = -p[1] / b.forward[1];
  const pose: CameraPose = { position: p, target: [p[0] + b.forward[0] * t, 0, p[2] + b.forward[2] * t] };
  return { pose, cover: tableCover(pose, lens, table, 24, 14, area), elevation };
}

/**
 * The home view for a canvas (`f`) whose uncovered part is `clear` (NDC; the whole canvas by default):
 * of the elevations tried, the lowest whose framing fills `HOME_COVER_AIM` of the uncovered part with
 * table, else the one that fills most; at each, the table's centre placed up or down where it fills most.
 */
export function homeFrame(f: Frame, clear: Rect = WHOLE): HomeFrame {
  const key = JSON.stringify([f.width, f.depth, f.fov, f.aspect, clear]);
  if (last?.key !== key) last = { key, frame: frameFor(f, clear) };
  return last.frame;
}

/** The last framing asked for: a refit at every resize step of a window asks for it again. */
let last: { key: string; frame: HomeFrame } | null = null;

function frameFor(f: Frame, clear: Rect): HomeFrame {
  const lens = { fov: f.fov, aspect: f.aspect };
  const cy = (clear.top + clear.bottom) / 2;
  const hy = (clear.top - clear.bottom) / 2;
  let best: HomeFrame | null = null;
  for (const elevation of HOME_ELEVATIONS) {
    let here: HomeFrame | null = null;
    for (const place of PLACES) {
      const h = nearestAt(f, lens, clear, elevation, cy + place * hy);
      if (h && (!here || h.cover > here.cover)) here = h;
    }
    if (!here) continue;
    if (here.cover >= HOME_COVER_AIM) return here;
    if (!best || here.cover > best.cover + 0.01) best = here;
  }
  if (best) return best;
  // Nothing fits (a degenerate canvas): the old fixed view from the south.
  const span = Math.max(f.width / 180, f.depth / 120);
  return { pose: { position: [0, 140 * span, 190 * span], target: [0, 0, 0] }, cover: 0, elevation: 36 };
}
