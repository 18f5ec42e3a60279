// Which instanced meshes draw a set of figures: one per shape present ("figures:body:<shape>": the
// whole miniature, its base and rim, the uniform and headgear chosen per instance by the figure
// shader) and one gun mesh per mount ("figures:gun:<mount>"), each listing the poses it draws, in
// pose order. The geometries are built once per kind on demand (FigureMeshes).
import type { BufferGeometry } from 'three';
import type { PlayFigureLook } from '../core';
import { type FigureDetail, figureShapeGeometry, gunGeometry } from './figure-geometry';
import { type FigureShape, type Mount, mountOf, shapeKey, shapeOf } from './figure-pose';

export type MeshGroup =
  | { part: 'body'; name: string; shape: FigureShape; members: number[] }
  | { part: 'gun'; name: string; mount: Mount; members: number[] };

/** The meshes for these poses (only kinds present), in a stable order: figures by shape, then guns. */
export function figureMeshGroups(poses: readonly { look?: PlayFigureLook }[]): MeshGroup[] {
  const bodies = new Map<string, Extract<MeshGroup, { part: 'body' }>>();
  const guns = new Map<Mount, Extract<MeshGroup, { part: 'gun' }>>();
  poses.forEach((pose, i) => {
    const shape = shapeOf(pose.look);
    const key = shapeKey(shape);
    const body = bodies.get(key) ?? { part: 'body' as const, name: `figures:body:${key}`, shape, members: [] };
    body.members.push(i);
    bodies.set(key, body);
    const mount = mountOf(pose.look);
    if (mount) {
      const gun = guns.get(mount) ?? { part: 'gun' as const, name: `figures:gun:${mount}`, mount, members: [] };
      gun.members.push(i);
      guns.set(mount, gun);
    }
  });
  const byName = (a: MeshGroup, b: MeshGroup) => (a.name < b.name ? -1 : 1);
  return [...[...bodies.values()].sort(byName), ...[...guns.values()].sort(byName)];
}

/** The geometries of a canvas's figures at one detail, built the first time a kind is drawn. */
export class FigureMeshes {
  private readonly built = new Map<string, BufferGeometry>();

  constructor(private readonly detail: FigureDetail) {}

  geometry(group: MeshGroup): BufferGeometry {
    const known = this.built.get(group.name);
    if (known) return known;
    const made = group.part === 'body' ? figureShapeGeometry(group.shape, this.detail) : gunGeometry(group.mount);
    this.built.set(group.name, made);
    return made;
  }

  /**
   * Frees the geometries' GPU copies but keeps the objects: React may clean up an effect and run it
   * again on a component that lives on (StrictMode, a Suspense boundary hiding and showing it), and a
   * new geometry here would change the meshes' `args`, so R3F would re-create them empty (every
   * instance at the origin, unpickable). A disposed geometry drawn again is simply uploaded again.
   */
  dispose(): void {
    for (const g of this.built.values()) g.dispose();
  }
}
