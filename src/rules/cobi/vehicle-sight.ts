// C-3.3.3.1a a gun's sight line: from the firer's barrel (its muzzle, the turret turned to the target)
// to the target hull's armour (aim points on its plates and turret, C-EX-4 "from the barrel to the
// armour"), blocked by buildings, trees and other units (hulls, wrecks and soldiers on the battlefield).
// The range is the plan distance from the muzzle to the hull; the cover (C-MOD-5/6) is what the line
// the gunner picks passes through: soft for light cover (bushes, a hedge, a wood), hard for walls,
// rubble, buildings and works. The firer takes the clear line with the least cover.
import { bearing, distanceToRotatedRect, facingOffset, type SightPoint, type TableLos, type TableQueries, type Vec2, type Vec3 } from '../../core';
import { featureName, type Scenario } from '../../scenario';
import { bodyName, placeBodies } from './vehicle-table';
import type { CTable, CVehicle } from './state';

/** The gun's muzzle stands this far beyond the hull's front (cm) and this far above its roof (the turret's gun). */
export const BARREL_REACH = 3;
export const GUN_ABOVE_HULL = 1.5;

/** C-EX-4 the armour a line may aim at: the plates' centres at mid-height, and the turret (top armour) on the roof. */
export function armourPoints(hull: CVehicle['hull']): SightPoint[] {
  const mid = hull.height / 2;
  const inset = 0.1;
  return [
    { name: 'front', forward: hull.length / 2 - inset, cm: mid },
    { name: 'left side', right: -(hull.width / 2 - inset), cm: mid },
    { name: 'right side', right: hull.width / 2 - inset, cm: mid },
    { name: 'rear', forward: -(hull.length / 2 - inset), cm: mid },
    { name: 'turret', cm: hull.height + GUN_ABOVE_HULL / 2 },
  ];
}

/** The muzzle with the turret laid on `towards`: ahead of the hull's centre by half its length and the barrel, above its roof. */
export function muzzle(table: TableQueries, v: CVehicle, towards: Vec2): Vec3 {
  const [dx, dz] = facingOffset(bearing(v.at, towards), v.hull.length / 2 + BARREL_REACH, 0);
  const at: Vec2 = [v.at[0] + dx, v.at[1] + dz];
  return [at[0], table.standHeight(v.at[0], v.at[1], 0) + v.hull.height + GUN_ABOVE_HULL, at[1]];
}

export type CoverClass = 'soft' | 'hard';

export type GunSight =
  | { clear: true; muzzle: Vec3; point: string; range: number; cover?: CoverClass; coverBy?: string }
  | { clear: false; blocker: string };

const HARD = new Set(['hard', 'building', 'fortification', 'armoured']);

/** C-MOD-5/6 the cover a clear line gives the target: the areas it runs through (not the one the muzzle stands in) and obstacles it passes over. */
function coverOf(scenario: Scenario, table: TableQueries, from: Vec3, to: Vec3, los: TableLos): { cover?: CoverClass; by?: string } {
  let soft: string | undefined;
  let hard: string | undefined;
  const note = (cover: string, id: string) => {
    if (HARD.has(cover)) hard ??= id;
    else if (cover === 'light') soft ??= id;
  };
  for (const a of los.areas) {
    // The firer's own ground is no cover for the target.
    if (Math.hypot(a.enter[0] - from[0], a.enter[2] - from[2]) < 0.01) continue;
    note(a.tags.cover, a.featureId);
  }
  for (const o of table.obstaclesAlong([from[0], from[2]], [to[0], to[2]])) note(o.tags.cover, o.featureId);
  if (hard) return { cover: 'hard', by: featureName(scenario, hard) };
  if (soft) return { cover: 'soft', by: featureName(scenario, soft) };
  return {};
}

/**
 * C-3.3.3.1a the gun's sight to the target hull: the clear line with the least cover and its range, or
 * the thing in the way of the line to the nearest aim point, named. Puts the table's bodies on the
 * battlefield first (both vehicles' own hulls are left out of the lines).
 */
export function gunSight(scenario: Scenario, table: TableQueries, t: CTable, firer: CVehicle, target: CVehicle): GunSight {
  placeBodies(table, t);
  const from = muzzle(table, firer, target.at);
  const ground = table.standHeight(target.at[0], target.at[1], 0);
  const range = distanceToRotatedRect([from[0], from[2]], target.at, target.hull.length, target.hull.width, target.facing);
  const options = { figures: { ignore: [firer.id, target.id] } };
  let best: { point: string; cover?: CoverClass; by?: string; rank: number } | undefined;
  let blocked: { distance: number; name: string } | undefined;
  for (const p of armourPoints(target.hull)) {
    const [dx, dz] = facingOffset(target.facing, p.forward ?? 0, p.right ?? 0);
    const to: Vec3 = [target.at[0] + dx, ground + (p.cm ?? 0), target.at[1] + dz];
    const los = table.lineOfSight(from, to, options);
    if (!los.clear) {
      const d = Math.hypot(to[0] - from[0], to[2] - from[2]);
      if (!blocked || d < blocked.distance) {
        const hit = los.blocker;
        const name = !hit ? 'the ground' : hit.kind === 'figure' ? bodyName(scenario, t, hit.featureId) ?? 'a figure' : featureName(scenario, hit.featureId);
        blocked = { distance: d, name };
      }
      continue;
    }
    const c = coverOf(scenario, table, from, to, los);
    const rank = c.cover === 'hard' ? 2 : c.cover === 'soft' ? 1 : 0;
    if (!best || rank < best.rank) best = { point: p.name, ...(c.cover ? { cover: c.cover, by: c.by } : {}), rank };
  }
  if (!best) return { clear: false, blocker: blocked?.name ?? 'the ground' };
  return { clear: true, muzzle: from, point: best.point, range, ...(best.cover ? { cover: best.cover, coverBy: best.by } : {}) };
}
