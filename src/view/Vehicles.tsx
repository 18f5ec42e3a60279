// Vehicles as low-poly models (the scenario's deployment, or in play where the game has them): hull
// turned to the figure's facing, turret to its turret facing, standing at the battlefield's stand height, a ground frame in the side's colour
// (gold when selected, pale under the pointer). One instanced mesh set per model size.
import { type ThreeEvent, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import type { TableModel } from './table-model';
import { TOOL_COLOURS, type ToolController, useHover, useToolState } from './tools';
import { vehicleRegistry, type RegisteredVehicles } from './vehicle-registry';
import { frameGeometry, groupBySpec, hullGeometry, type HullSpec, turretGeometry, turretPivot, vehiclePaint, vehiclePoses, type VehiclePose } from './vehicle-geometry';

const m = new Matrix4();
const q = new Quaternion();
const p = new Vector3();
const up = new Vector3(0, 1, 0);
const one = new Vector3(1, 1, 1);
const c = new Color();

const rad = (deg: number) => (deg * Math.PI) / 180;

interface GroupProps {
  spec: HullSpec;
  poses: readonly VehiclePose[];
  marked: (figureId: string) => string | null;
  onHover?: ((figureId: string | null, e: ThreeEvent<PointerEvent>) => void) | undefined;
  onClick?: ((figureId: string) => void) | undefined;
}

function VehicleGroup({ spec, poses, marked, onHover, onClick }: GroupProps) {
  const geometries = useMemo(() => ({ hull: hullGeometry(spec), turret: spec.turret ? turretGeometry(spec) : null, frame: frameGeometry(spec) }), [spec]);
  useEffect(() => () => Object.values(geometries).forEach((g) => g?.dispose()), [geometries]);
  const hull = useRef<InstancedMesh>(null);
  const turret = useRef<InstancedMesh>(null);
  const frame = useRef<InstancedMesh>(null);
  const invalidate = useThree((st) => st.invalidate);

  useLayoutEffect(() => {
    const pivot = new Vector3(...turretPivot(spec));
    const hullRot = new Quaternion();
    poses.forEach((pose, i) => {
      hullRot.setFromAxisAngle(up, rad(pose.facing));
      m.compose(p.set(...pose.position), hullRot, one);
      hull.current?.setMatrixAt(i, m);
      frame.current?.setMatrixAt(i, m);
      // The turret turns about its own pivot on the hull, which turns with the hull.
      const at = pivot.clone().applyQuaternion(hullRot).add(p);
      turret.current?.setMatrixAt(i, m.compose(at, q.setFromAxisAngle(up, rad(pose.turretFacing)), one));
      hull.current?.setColorAt(i, vehiclePaint(pose.sideColour));
      turret.current?.setColorAt(i, vehiclePaint(pose.sideColour));
    });
    const registered: RegisteredVehicles = { poses, hull: hull.current!, turret: turret.current, frame: frame.current! };
    for (const mesh of [hull.current, turret.current, frame.current]) {
      if (!mesh) continue;
      mesh.count = poses.length;
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    vehicleRegistry.add(registered);
    return () => void vehicleRegistry.delete(registered);
  }, [poses, spec]);

  useLayoutEffect(() => {
    const mesh = frame.current;
    if (!mesh) return;
    poses.forEach((pose, i) => mesh.setColorAt(i, c.set(marked(pose.figureId) ?? pose.sideColour)));
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    invalidate();
  }, [poses, marked, invalidate]);

  const n = poses.length;
  const at = (e: ThreeEvent<PointerEvent | MouseEvent>) => (e.instanceId === undefined ? undefined : poses[e.instanceId]);
  return (
    <group
      onPointerMove={onHover && ((e) => { const pose = at(e); if (pose) { e.stopPropagation(); onHover(pose.figureId, e); } })}
      onPointerOut={onHover && ((e) => onHover(null, e))}
      onClick={onClick && ((e) => { const pose = at(e); if (pose && e.delta <= 4) { e.stopPropagation(); onClick(pose.figureId); } })}
    >
      <instancedMesh ref={hull} args={[geometries.hull, undefined, n]} name="vehicles:hull">
        <meshLambertMaterial vertexColors />
      </instancedMesh>
      {geometries.turret && (
        <instancedMesh ref={turret} args={[geometries.turret, undefined, n]} name="vehicles:turret">
          <meshLambertMaterial vertexColors />
        </instancedMesh>
      )}
      <instancedMesh ref={frame} args={[geometries.frame, undefined, n]} name="vehicles:frame" raycast={() => undefined}>
        <meshLambertMaterial vertexColors />
      </instancedMesh>
    </group>
  );
}

export interface VehiclesProps {
  model: TableModel;
  /** Hover tooltip, selection and picking as for figures; absent = a plain table. */
  tools?: ToolController | undefined;
}

function Plain({ poses, marked, onHover, onClick }: { poses: readonly VehiclePose[] } & Pick<GroupProps, 'marked' | 'onHover' | 'onClick'>) {
  const groups = useMemo(() => groupBySpec(poses), [poses]);
  if (groups.length === 0) return null;
  return (
    <group name="vehicles">
      {groups.map((g) => <VehicleGroup key={g.key} spec={g.spec} poses={g.poses} marked={marked} onHover={onHover} onClick={onClick} />)}
    </group>
  );
}

const unmarked = () => null;

function WithTools({ poses, tools }: { poses: readonly VehiclePose[]; tools: ToolController }) {
  const selected = useToolState(tools, (st) => (st.eye ? null : st.selected));
  const hovered = useHover(tools)?.figureId ?? null;
  const marked = useMemo(
    () => (id: string) => (id === selected ? TOOL_COLOURS.selected : id === hovered ? TOOL_COLOURS.hover : null),
    [selected, hovered],
  );
  const onHover = useMemo(
    () => (figureId: string | null, e: ThreeEvent<PointerEvent>) =>
      tools.setHover(figureId ? { figureId, clientX: e.nativeEvent.clientX, clientY: e.nativeEvent.clientY } : null),
    [tools],
  );
  const onClick = useMemo(() => (figureId: string) => tools.pickFigure(figureId), [tools]);
  return <Plain poses={poses} marked={marked} onHover={onHover} onClick={onClick} />;
}

export interface VehicleModelsProps {
  /** Where each vehicle stands and faces (play: where the game has it). */
  poses: readonly VehiclePose[];
  tools?: ToolController | undefined;
}

/** Vehicles at the given poses, with the tools' hover and pick when the tools are on. */
export function VehicleModels({ poses, tools }: VehicleModelsProps) {
  return tools ? <WithTools poses={poses} tools={tools} /> : <Plain poses={poses} marked={unmarked} />;
}

/** The scenario's deployed vehicles (the table outside play). */
export function Vehicles({ model, tools }: VehiclesProps) {
  const poses = useMemo(() => vehiclePoses(model.scenario, model.standHeight.bind(model)), [model]);
  return <VehicleModels poses={poses} tools={tools} />;
}
