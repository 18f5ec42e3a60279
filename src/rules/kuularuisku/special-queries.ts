// Where and when a scenario's special rules apply (special.ts configures them): elevated positions,
// the night and its lit areas, hidden units, narrow crossings and blown bridge spans. State and place
// queries only — no dice, no events — so that movement and sight may ask them (special-play.ts plays the rules).
import { type TableQueries, type Vec2, hypot, pointInPolygon } from '../../core';
import { type Band, type KSpecialConfig, bandBox, onBand } from './special';
import type { KFigure, KState } from './state';

type Cfg = KSpecialConfig;

/** K-5.1d the figure counts as elevated under a scenario rule; returns the rule (or undefined). */
export function elevatedRule(s: KState, table: TableQueries, f: KFigure): Cfg['elevated'][number] | undefined {
  const list = s.special?.config.elevated;
  if (!list?.length) return undefined;
  for (const r of list) {
    if (r.side && r.side !== f.side) continue;
    if (r.area) {
      if (!pointInPolygon(f.at, r.area)) continue;
      if (r.minGround !== undefined && table.standHeight(f.at[0], f.at[1], f.floor) < r.minGround) continue;
      return r;
    }
    if (r.buildings && f.floor >= r.minFloor) {
      const b = table.buildingAt(f.at[0], f.at[1]);
      if (b && r.buildings.includes(b.id)) return r;
    }
  }
  return undefined;
}

/** The night rule in force this turn (K-5.2a sight limited), if any. */
export function nightNow(s: KState): Cfg['night'] {
  const n = s.special?.config.night;
  return n && n.turns.includes(s.turn) ? n : undefined;
}

/** Is a point in a lit area (the searchlight strip) at night? */
export function isLit(s: KState, p: Vec2): boolean {
  const lit = s.special?.config.night?.lit;
  return !!lit && onBand(lit, p);
}

/** Hidden by a scenario rule (unknown to the enemy until revealed): cannot be targeted or charged. */
export function isHidden(s: KState, unitId: string): boolean {
  return !!s.special?.hidden.includes(unitId);
}

/** The narrow crossing (a dam walkway) a point stands on, if any. */
export function crossingAt(s: KState, p: Vec2): Cfg['crossings'][number] | undefined {
  const list = s.special?.config.crossings;
  if (!list?.length) return undefined;
  return list.find((c) => onBand(c.band, p));
}

/** The destroyed bridge span a point lies on, if any (the deck over the water, after the charge went off). */
export function blownSpanAt(s: KState, p: Vec2): Cfg['demolition'][number] | undefined {
  const sp = s.special;
  if (!sp?.destroyed.length) return undefined;
  return sp.config.demolition.find((d) => sp.destroyed.includes(d.id) && onSpan(d, p));
}

/** Is the point on the span (and over what it bridges)? */
export function onSpan(d: Cfg['demolition'][number], p: Vec2): boolean {
  return onBand(d.span, p) && (!d.over.length || pointInPolygon(p, d.over));
}

/** The destroyed span a path crosses, if any (its half-centimetre samples, see anySampleIn; first destroyed span first). */
export function blownSpanOnPath(s: KState, points: readonly Vec2[]): Cfg['demolition'][number] | undefined {
  const sp = s.special;
  if (!sp?.destroyed.length) return undefined;
  for (const d of sp.config.demolition) {
    if (!sp.destroyed.includes(d.id)) continue;
    const [minX, maxX, minZ, maxZ] = bandBox(d.span);
    if (anySampleIn(points, minX, maxX, minZ, maxZ, (p) => onSpan(d, p))) return d;
  }
  return undefined;
}

/** Does the path touch the band (a half-centimetre sample of it on the band, see anySampleIn)? */
export function pathOnBand(band: Band, points: readonly Vec2[]): boolean {
  const [minX, maxX, minZ, maxZ] = bandBox(band);
  return anySampleIn(points, minX, maxX, minZ, maxZ, (p) => onBand(band, p));
}

/** More than the rounding of a sample's coordinates (cm): a sample of a leg lies within its ends' box grown by this. */
const SAMPLE_PAD = 1e-9;

/**
 * Whether a sample of the path inside the box [minX, maxX] × [minZ, maxZ] passes `test`. The samples
 * are the path's points and every half centimetre along each leg (its length over 0.5, rounded up,
 * equal steps), made one at a time; none of a leg whose own box, grown by SAMPLE_PAD, misses the box
 * (most legs of most moves are nowhere near a walkway or span).
 */
export function anySampleIn(points: readonly Vec2[], minX: number, maxX: number, minZ: number, maxZ: number, test: (p: Vec2) => boolean): boolean {
  const p0 = points[0]!;
  if (!(p0[0] < minX || p0[0] > maxX || p0[1] < minZ || p0[1] > maxZ) && test(p0)) return true;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!, b = points[i + 1]!;
    const ax = a[0], az = a[1], dx = b[0] - ax, dz = b[1] - az;
    if (Math.max(ax, b[0]) + SAMPLE_PAD < minX || Math.min(ax, b[0]) - SAMPLE_PAD > maxX || Math.max(az, b[1]) + SAMPLE_PAD < minZ || Math.min(az, b[1]) - SAMPLE_PAD > maxZ) continue;
    const n = Math.max(1, Math.ceil(hypot(dx, dz) / 0.5));
    for (let k = 1; k <= n; k++) {
      const x = ax + (dx * k) / n, z = az + (dz * k) / n;
      if (x < minX || x > maxX || z < minZ || z > maxZ) continue;
      if (test([x, z])) return true;
    }
  }
  return false;
}
