// Which instanced meshes draw a set of figures: per shape present one mesh of fixed parts
// ("figures:body:<shape>") and one of cloth per headgear worn in it ("figures:cloth:<shape>:<headgear>"),
// and one gun mesh per mount ("figures:gun:<mount>"), each listing the poses it draws, in pose order.
// The geometries are built once per kind on demand (FigureMeshes).
import type { BufferGeometry } from 'three';
import type { PlayFigureLook } from '../core';
import { figureClothGeometry, figureFixedGeometry, type FigureDetail, gunGeometry, HEADGEAR, type Headgear } from './figure-geometry';
import { type FigureShape, type Mount, mountOf, shapeKey, shapeOf } from './figure-pose';

export type MeshGroup =
  | { part: 'body'; name: string; shape: FigureShape; members: number[] }
  | { part: 'cloth'; name: string; shape: FigureShape; headgear: Headgear; members: number[] }
  | { part: 'gun'; name: string; mount: Mount; members: number[] };

/** The meshes for these poses (only kinds present), in a stable order: bodies, cloth, guns. */
export function figureMeshGroups(poses: readonly { unitId: string; look?: PlayFigureLook }[], headgearOf: (unitId: string) => Headgear): MeshGroup[] {
  const bodies = new Map<string, Extract<MeshGroup, { part: 'body' }>>();
  const cloth = new Map<string, Extract<MeshGroup, { part: 'cloth' }>>();
  const guns = new Map<Mount, Extract<MeshGroup, { part: 'gun' }>>();
  poses.forEach((pose, i) => {
    const shape = shapeOf(pose.look);
    const key = shapeKey(shape);
    const body = bodies.get(key) ?? { part: 'body' as const, name: `figures:body:${key}`, shape, members: [] };
    body.members.push(i);
    bodies.set(key, body);
    const headgear = headgearOf(pose.unitId);
    const clothKey = `${key}:${headgear}`;
    const coat = cloth.get(clothKey) ?? { part: 'cloth' as const, name: `figures:cloth:${clothKey}`, shape, headgear, members: [] };
    coat.members.push(i);
    cloth.set(clothKey, coat);
    const mount = mountOf(pose.look);
    if (mount) {
      const gun = guns.get(mount) ?? { part: 'gun' as const, name: `figures:gun:${mount}`, mount, members: [] };
      gun.members.push(i);
      guns.set(mount, gun);
    }
  });
  const byName = (a: MeshGroup, b: MeshGroup) => (a.name < b.name ? -1 : 1);
  const headgearOrder = (a: Extract<MeshGroup, { part: 'cloth' }>, b: Extract<MeshGroup, { part: 'cloth' }>) =>
    shapeKey(a.shape).localeCompare(shapeKey(b.shape)) || HEADGEAR.indexOf(a.headgear) - HEADGEAR.indexOf(b.headgear);
  return [...[...bodies.values()].sort(byName), ...[...cloth.values()].sort(headgearOrder), ...[...guns.values()].sort(byName)];
}

/** The geometries of a canvas's figures at one detail, built the first time a kind is drawn. */
export class FigureMeshes {
  private readonly built = new Map<string, BufferGeometry>();

  constructor(private readonly detail: FigureDetail) {}

  geometry(group: MeshGroup): BufferGeometry {
    const known = this.built.get(group.name);
    if (known) return known;
    const made = group.part === 'body' ? figureFixedGeometry(this.detail, group.shape)
      : group.part === 'cloth' ? figureClothGeometry(group.headgear, this.detail, group.shape)
        : gunGeometry(group.mount);
    this.built.set(group.name, made);
    return made;
  }

  dispose(): void {
    for (const g of this.built.values()) g.dispose();
    this.built.clear();
  }
}
