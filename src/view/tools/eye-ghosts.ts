// Eye view beside a wall: the wall pieces right beside the eye are drawn as ghosts, so the view
// looks past them to the target instead of into them (the verdict still counts them).
import type { BoxSolid, Solid, Vec3 } from '../../core';

/** Plan reach from the eye within which a building's wall is ghosted, cm (the belfry's centre keeps its walls). */
export const GHOST_REACH = 1.6;

/** Plan distance from (x, z) to a box turned about y (degrees counter-clockwise). */
function planDistance(s: BoxSolid, x: number, z: number): number {
  const a = (s.rotationY * Math.PI) / 180;
  const dx = x - s.center[0];
  const dz = z - s.center[2];
  const lx = dx * Math.cos(a) + dz * Math.sin(a);
  const lz = -dx * Math.sin(a) + dz * Math.cos(a);
  return Math.hypot(Math.max(Math.abs(lx) - s.halfExtents[0], 0), Math.max(Math.abs(lz) - s.halfExtents[2], 0));
}

/** Building wall pieces within GHOST_REACH of the eye in plan whose height spans the eye's (±1 cm). */
export function wallsBesideEye(solids: readonly Solid[], eye: Vec3, reach = GHOST_REACH): Solid[] {
  return solids.filter((s) => {
    if (s.shape !== 'box' || s.part !== 'wall' || s.featureKind !== 'building') return false;
    const bottom = s.center[1] - s.halfExtents[1];
    const top = s.center[1] + s.halfExtents[1];
    return bottom <= eye[1] + 1 && top >= eye[1] - 1 && planDistance(s, eye[0], eye[2]) < reach;
  });
}
