// Every deployed figure of the scenario as an instanced stand-in, standing at the battlefield's own
// stand height, with a base rim in its side's colour.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import type { Scenario } from '../scenario';
import { figureBaseGeometry, figureBodyGeometry, figureRimGeometry } from './figure-geometry';
import { PALETTE } from './palette';
import type { TableModel } from './table-model';

const FALLBACK_SIDE_COLOURS = ['#a8392f', '#2f5d9e', '#c9a227', '#4c8c4a'];

export interface FigurePose {
  unitId: string;
  figureId: string;
  position: [number, number, number];
  /** Degrees, 0 = north, 90 = east (clockwise seen from above). */
  facing: number;
  sideColour: string;
}

/** Where every deployed (non-reserve) figure stands, in table coordinates. */
export function figurePoses(scenario: Scenario, standHeight: TableModel['standHeight']): FigurePose[] {
  const sideColour = new Map(scenario.sides.map((s, i) => [s.id, s.colour ?? FALLBACK_SIDE_COLOURS[i % FALLBACK_SIDE_COLOURS.length]!] as const));
  const poses: FigurePose[] = [];
  for (const unit of scenario.units ?? []) {
    if (unit.reserve) continue;
    for (const f of unit.figures) {
      const [x, z] = f.at;
      poses.push({
        unitId: unit.id,
        figureId: f.id,
        position: [x, standHeight(x, z, f.floor), z],
        facing: f.facing ?? 0,
        sideColour: sideColour.get(unit.side) ?? PALETTE.neutralSide,
      });
    }
  }
  return poses;
}

const m = new Matrix4();
const q = new Quaternion();
const p = new Vector3();
const one = new Vector3(1, 1, 1);
const up = new Vector3(0, 1, 0);
const c = new Color();

export interface FiguresProps {
  model: TableModel;
}

export function Figures({ model }: FiguresProps) {
  const poses = useMemo(() => figurePoses(model.scenario, model.standHeight.bind(model)), [model]);
  const geometries = useMemo(() => ({ body: figureBodyGeometry(), base: figureBaseGeometry(), rim: figureRimGeometry() }), []);
  useEffect(() => () => Object.values(geometries).forEach((g) => g.dispose()), [geometries]);
  const body = useRef<InstancedMesh>(null);
  const base = useRef<InstancedMesh>(null);
  const rim = useRef<InstancedMesh>(null);

  useLayoutEffect(() => {
    const meshes = [body.current, base.current, rim.current];
    poses.forEach((pose, i) => {
      // Facing is clockwise from north; in table coordinates that is three's rotation about +y.
      q.setFromAxisAngle(up, (pose.facing * Math.PI) / 180);
      m.compose(p.set(...pose.position), q, one);
      for (const mesh of meshes) mesh?.setMatrixAt(i, m);
      rim.current?.setColorAt(i, c.set(pose.sideColour));
    });
    for (const mesh of meshes) {
      if (!mesh) continue;
      mesh.count = poses.length;
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
  }, [poses]);

  if (poses.length === 0) return null;
  const n = poses.length;
  return (
    <group name="figures">
      <instancedMesh ref={body} args={[geometries.body, undefined, n]} name="figures:body">
        <meshLambertMaterial vertexColors />
      </instancedMesh>
      <instancedMesh ref={base} args={[geometries.base, undefined, n]} name="figures:base">
        <meshLambertMaterial vertexColors />
      </instancedMesh>
      <instancedMesh ref={rim} args={[geometries.rim, undefined, n]} name="figures:rim">
        <meshLambertMaterial vertexColors />
      </instancedMesh>
    </group>
  );
}
