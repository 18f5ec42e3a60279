// Removable trees on woods bases: one instanced mesh per tree kind for the whole table.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import type { Feature, WoodsFeature } from '../scenario';
import type { TableModel } from './table-model';
import { coniferGeometry, deciduousGeometry, plantWoods, type TreePlacement } from './tree-geometry';

const m = new Matrix4();
const q = new Quaternion();
const p = new Vector3();
const s = new Vector3();
const up = new Vector3(0, 1, 0);
const c = new Color();

function place(mesh: InstancedMesh | null, trees: TreePlacement[], ground: TableModel['groundHeight']): void {
  if (!mesh) return;
  trees.forEach((t, i) => {
    q.setFromAxisAngle(up, t.yaw);
    m.compose(p.set(t.x, ground(t.x, t.z) - 0.15, t.z), q, s.setScalar(t.scale));
    mesh.setMatrixAt(i, m);
    mesh.setColorAt(i, c.setScalar(t.shade));
  });
  mesh.count = trees.length;
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  mesh.computeBoundingSphere();
}

export interface TreesProps {
  features: readonly Feature[];
  groundHeight: TableModel['groundHeight'];
}

export function Trees({ features, groundHeight }: TreesProps) {
  const { conifers, others } = useMemo(() => {
    const all = features.filter((f): f is WoodsFeature => f.kind === 'woods').flatMap(plantWoods);
    return { conifers: all.filter((t) => t.conifer), others: all.filter((t) => !t.conifer) };
  }, [features]);
  const geometries = useMemo(() => ({ conifer: coniferGeometry(), deciduous: deciduousGeometry() }), []);
  useEffect(() => () => Object.values(geometries).forEach((g) => g.dispose()), [geometries]);
  const coniferMesh = useRef<InstancedMesh>(null);
  const otherMesh = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    place(coniferMesh.current, conifers, groundHeight);
    place(otherMesh.current, others, groundHeight);
  }, [conifers, others, groundHeight]);

  return (
    <group name="trees">
      {conifers.length > 0 && (
        <instancedMesh ref={coniferMesh} args={[geometries.conifer, undefined, conifers.length]} name="trees:conifer">
          <meshLambertMaterial vertexColors flatShading />
        </instancedMesh>
      )}
      {others.length > 0 && (
        <instancedMesh ref={otherMesh} args={[geometries.deciduous, undefined, others.length]} name="trees:deciduous">
          <meshLambertMaterial vertexColors flatShading />
        </instancedMesh>
      )}
    </group>
  );
}
