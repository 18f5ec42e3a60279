// The vehicles drawn now, read back from their instance matrices: a registry the canvas fills and the
// test probe reads, kept apart from Vehicles.tsx so the probe needs no canvas code.
import { Color, type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import type { VehiclePose } from './vehicle-geometry';

/** A vehicle as drawn now, read back from the instance matrices (test hook, src/view/probe.ts). */
export interface DrawnVehicle {
  figureId: string;
  unitId: string;
  /** Hull origin in table coordinates (cm) and headings in degrees clockwise from north, 0–360. */
  position: [number, number, number];
  hullFacing: number;
  turretFacing: number | null;
  /** Where the gun's pivot sits (table coordinates), null without a turret. */
  turretAt: [number, number, number] | null;
  frameColour: string;
  meshes: string[];
}

/** One vehicle group's instanced meshes, registered while it is mounted. */
export interface RegisteredVehicles {
  poses: readonly VehiclePose[];
  hull: InstancedMesh;
  turret: InstancedMesh | null;
  frame: InstancedMesh;
}

/** The mounted vehicle groups (Vehicles.tsx adds and removes its own). */
export const vehicleRegistry = new Set<RegisteredVehicles>();
const m = new Matrix4();
const q = new Quaternion();
const p = new Vector3();
const s = new Vector3();
const dir = new Vector3();
const c = new Color();

function heading(quat: Quaternion): number {
  dir.set(0, 0, 1).applyQuaternion(quat);
  const deg = (Math.atan2(dir.x, dir.z) * 180) / Math.PI;
  return Math.round(((deg % 360) + 360) % 360 * 1000) / 1000;
}

/** Every vehicle drawn in the scene now, with the rotations its meshes really have. */
export function drawnVehicles(): DrawnVehicle[] {
  const out: DrawnVehicle[] = [];
  for (const r of vehicleRegistry) {
    r.poses.forEach((pose, i) => {
      r.hull.getMatrixAt(i, m);
      m.decompose(p, q, s);
      const position: [number, number, number] = [p.x, p.y, p.z];
      const hullFacing = heading(q);
      let turretFacing: number | null = null;
      let turretAt: [number, number, number] | null = null;
      if (r.turret) {
        r.turret.getMatrixAt(i, m);
        m.decompose(p, q, s);
        turretFacing = heading(q);
        turretAt = [p.x, p.y, p.z];
      }
      r.frame.getColorAt(i, c);
      const meshes = [r.hull, r.turret, r.frame].filter((x): x is InstancedMesh => !!x && x.parent !== null && x.count > i).map((x) => x.name);
      out.push({ figureId: pose.figureId, unitId: pose.unitId, position, hullFacing, turretFacing, turretAt, frameColour: `#${c.getHexString()}`, meshes });
    });
  }
  return out;
}
