// The points `los` and `viewshed` take: "x,z" (a figure's eye standing there), "x,z,floor",
// "x,z,@height" (above the surface; negative: below it, not into the earth), "x,z,floor,@height"
// (above that floor) and "x,z,=y" (absolute height), or the same as a JSON object in batch lines;
// and the 3D point each names on a battlefield.
import { BattlefieldQueryError, DEFAULT_FIGURE_HEIGHT, EYE_FRACTION, type Battlefield } from '../battlefield';
import type { Vec3 } from '../core';
import { UsageError } from './cli-io';

/** A point as the user gave it: `above` is measured from the floor (or surface) stood on; `y` is an absolute height. */
export interface PointSpec { x: number; z: number; floor?: number; above?: number; y?: number }

/** The height of a standard figure's eye above what it stands on, cm (0.94 × 1.7 cm). */
export const DEFAULT_EYE_HEIGHT = DEFAULT_FIGURE_HEIGHT * EYE_FRACTION;

export const POINT_FORMS = 'x,z[,floor][,@height] or x,z,=y';

function num(s: string, what: string): number {
  const n = Number(s);
  if (s.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${what}: expected a number, got ${JSON.stringify(s)}`);
  return n;
}

function floorNumber(n: number, shown: string, label: string): number {
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`${label}: expected a whole number ≥ 0, got ${shown}`);
  return n;
}

/** A point in its text form (POINT_FORMS); `what` names it in messages ("--from", "stdin:3: from"). */
export function parsePoint(s: string | undefined, what: string): PointSpec {
  if (!s) throw new UsageError(`${what}: expected ${POINT_FORMS}`);
  const parts = s.split(',');
  if (parts.length < 2 || parts.length > 4) throw new UsageError(`${what}: expected ${POINT_FORMS}; got ${JSON.stringify(s)}`);
  const p: PointSpec = { x: num(parts[0]!, `${what} x`), z: num(parts[1]!, `${what} z`) };
  const rest = parts.slice(2);
  const third = rest[0];
  if (third === undefined) return p;
  if (third.startsWith('=')) {
    if (rest.length > 1) throw new UsageError(`${what}: an absolute height "=y" stands alone after x,z (no floor, no @height); got ${JSON.stringify(s)}`);
    p.y = num(third.slice(1), `${what} absolute height`);
    return p;
  }
  if (third.startsWith('@')) {
    if (rest.length > 1) throw new UsageError(`${what}: the floor comes before the height, as x,z,floor,@height; got ${JSON.stringify(s)}`);
    p.above = num(third.slice(1), `${what} height`);
    return p;
  }
  p.floor = floorNumber(num(third, `${what} floor`), third, `${what} floor`);
  const fourth = rest[1];
  if (fourth === undefined) return p;
  if (!fourth.startsWith('@')) {
    throw new UsageError(`${what}: after the floor, expected a height "@h" (cm above that floor)${fourth.startsWith('=') ? '; an absolute height "=y" takes no floor' : ''}; got ${JSON.stringify(s)}`);
  }
  p.above = num(fourth.slice(1), `${what} height`);
  return p;
}

const POINT_KEYS = new Set(['x', 'z', 'floor', 'above', 'y']);

/** A point in a batch line: the text form, or an object {x, z, floor?, above?} or {x, z, y}. `where`: input, line and JSON path. */
export function pointFromJson(v: unknown, where: string): PointSpec {
  if (typeof v === 'string') return parsePoint(v, where);
  if (!v || typeof v !== 'object' || Array.isArray(v)) {
    throw new UsageError(`${where}: expected a point: a string (${POINT_FORMS}) or an object {"x","z","floor"?,"above"?} or {"x","z","y"}; got ${v === undefined ? 'nothing' : JSON.stringify(v)}`);
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!POINT_KEYS.has(k)) throw new UsageError(`${where}.${k}: unknown key; a point has "x", "z", "floor", "above" or "y"`);
  }
  const number = (k: string, required: boolean): number | undefined => {
    const n = o[k];
    if (n === undefined && !required) return undefined;
    if (typeof n !== 'number' || !Number.isFinite(n)) throw new UsageError(`${where}.${k}: expected a number, got ${JSON.stringify(n) ?? 'nothing'}`);
    return n;
  };
  const p: PointSpec = { x: number('x', true)!, z: number('z', true)! };
  const floor = number('floor', false);
  const above = number('above', false);
  const y = number('y', false);
  if (y !== undefined && (floor !== undefined || above !== undefined)) {
    throw new UsageError(`${where}.y: an absolute height stands alone (no "floor", no "above")`);
  }
  if (floor !== undefined) p.floor = floorNumber(floor, String(floor), `${where}.floor`);
  if (above !== undefined) p.above = above;
  if (y !== undefined) p.y = y;
  return p;
}

/**
 * The 3D point a spec names: `y` as given; else the height of the floor (or surface) at (x, z) plus
 * `above`, by default a standard figure's eye. Off the table, a missing floor or an absolute height
 * under the ground is refused, the message led by `what`.
 */
export function resolvePoint(bf: Battlefield, p: PointSpec, what: string): Vec3 {
  try {
    if (p.y !== undefined) {
      const ground = bf.groundHeight(p.x, p.z);
      if (p.y < ground) throw new UsageError(`absolute height ${p.y} cm is under the ground at (${p.x}, ${p.z}), which is ${Math.round(ground * 1000) / 1000} cm high`);
      return [p.x, p.y, p.z];
    }
    const y = bf.standHeight(p.x, p.z, p.floor) + (p.above ?? DEFAULT_EYE_HEIGHT);
    // A negative height reaches below what is stood on (under an upper floor, below a deck), never
    // into the earth: a trench or ditch is part of the relief, so its floor is the surface there.
    if (p.above !== undefined && p.above < 0) {
      const ground = bf.groundHeight(p.x, p.z);
      if (y < ground - 1e-9) {
        throw new UsageError(`height @${p.above} puts the point under the ground at (${p.x}, ${p.z}), ${Math.round((ground - y) * 1000) / 1000} cm deep: a trench or ditch is part of the relief, so measure from its floor (x,z,@h), or give an absolute height (x,z,=y)`);
      }
    }
    return [p.x, y, p.z];
  } catch (err) {
    if (err instanceof UsageError || err instanceof BattlefieldQueryError) throw new UsageError(`${what}: ${err.message}`);
    throw err;
  }
}
