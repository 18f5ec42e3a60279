// The table point on the ground under a page pixel: the camera's ray, turned into table
// coordinates, marched against the model's own ground heights (the battlefield's answer, and far
// cheaper than raycasting the terrain mesh on every pointer move).
import { type PerspectiveCamera, Raycaster, Vector2 } from 'three';
import type { Vec3 } from '../../core';
import type { TableModel } from '../table-model';
import { worldToTable } from '../TableSpace';
import { groundHit, type TablePoint } from './play-geometry';

const ray = new Raycaster();
const ndc = new Vector2();

export function pointerGround(clientX: number, clientY: number, camera: PerspectiveCamera, canvas: HTMLElement, model: Pick<TableModel, 'scenario' | 'groundHeight'>): TablePoint | null {
  const { width, depth } = model.scenario.table;
  const r = canvas.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return null;
  ndc.set(((clientX - r.left) / r.width) * 2 - 1, 1 - ((clientY - r.top) / r.height) * 2);
  camera.updateMatrixWorld();
  ray.setFromCamera(ndc, camera);
  const o = ray.ray.origin;
  const d = ray.ray.direction;
  const origin: Vec3 = worldToTable(width, depth, o.x, o.y, o.z);
  // The table frame mirrors z (TableSpace): a direction flips its z.
  const dir: Vec3 = [d.x, d.y, -d.z];
  return groundHit(origin, dir, (x, z) => model.groundHeight(x, z), { width, depth });
}
