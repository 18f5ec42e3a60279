// Every deployed figure of the scenario as instanced miniatures, standing at the battlefield's own
// stand height: the fixed parts (skin, leather, rifle) in one mesh, the cloth in the unit's uniform
// colour in one mesh per headgear present, and a base rim in the side's colour.
import type { ThreeEvent } from '@react-three/fiber';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import type { Scenario } from '../scenario';
import { unitDress } from './figure-dress';
import { figureBaseGeometry, figureClothGeometry, figureFixedGeometry, figureRimGeometry, type FigureDetail, HEADGEAR, type Headgear } from './figure-geometry';
import { PALETTE } from './palette';
import type { TableModel } from './table-model';

/** How finely figures are modelled on this canvas (TableView sets it from the quality tier). */
export const FigureDetailContext = createContext<FigureDetail>('fine');

export const FALLBACK_SIDE_COLOURS = ['#a8392f', '#2f5d9e', '#c9a227', '#4c8c4a'];

export interface FigurePose {
  unitId: string;
  figureId: string;
  position: [number, number, number];
  /** Degrees, 0 = north, 90 = east (clockwise seen from above). */
  facing: number;
  sideColour: string;
  /** Building floor it stands on, when given. */
  floor?: number;
  /** Multiplies the painted body (e.g. wounded figures in play); absent = as painted. */
  tint?: string;
}

/** Where every deployed (non-reserve) figure stands, in table coordinates. */
export function figurePoses(scenario: Scenario, standHeight: TableModel['standHeight']): FigurePose[] {
  const sideColour = new Map(scenario.sides.map((s, i) => [s.id, s.colour ?? FALLBACK_SIDE_COLOURS[i % FALLBACK_SIDE_COLOURS.length]!] as const));
  const poses: FigurePose[] = [];
  for (const unit of scenario.units ?? []) {
    if (unit.reserve || unit.type === 'vehicle') continue; // vehicles are drawn by Vehicles.tsx
    for (const f of unit.figures) {
      const [x, z] = f.at;
      poses.push({
        unitId: unit.id,
        figureId: f.id,
        position: [x, standHeight(x, z, f.floor), z],
        facing: f.facing ?? 0,
        sideColour: sideColour.get(unit.side) ?? PALETTE.neutralSide,
        ...(f.floor !== undefined ? { floor: f.floor } : {}),
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
const tint = new Color();
const hidden = new Matrix4().makeScale(0, 0, 0);

export interface FiguresProps {
  model: TableModel;
  /** Where to draw the figures instead of the scenario's deployment (play: the game's positions). */
  poses?: FigurePose[];
  /** Figures on a building floor above this one are hidden (floor cutaway); null/undefined = none. */
  maxFloor?: number | null;
  /** Pointer over a figure (its id) or off the figures (null); picking uses the instanceId. */
  onFigureHover?: (figureId: string | null, e: ThreeEvent<PointerEvent>) => void;
  onFigureClick?: (figureId: string, e: ThreeEvent<MouseEvent>) => void;
  /** Pointer pressed on a figure (play: starts a move drag). */
  onFigureDown?: (figureId: string, e: ThreeEvent<PointerEvent>) => void;
  /** Drawn see-through (play: a hidden unit as its owner sees it). */
  ghost?: boolean;
}

const WHITE = new Color('#ffffff');
/** See-through paint for ghost figures (a Figures is ghost or not for its life: `transparent` is read at compile). */
const GHOST = { transparent: true, opacity: 0.42, depthWrite: false } as const;

export function Figures({ model, poses: given, maxFloor, onFigureHover, onFigureClick, onFigureDown, ghost = false }: FiguresProps) {
  const deployed = useMemo(() => (given ? null : figurePoses(model.scenario, model.standHeight.bind(model))), [model, given]);
  const poses = given ?? deployed ?? [];
  const detail = useContext(FigureDetailContext);
  const geometries = useMemo(() => ({ body: figureFixedGeometry(detail), base: figureBaseGeometry(), rim: figureRimGeometry() }), [detail]);
  useEffect(() => () => Object.values(geometries).forEach((g) => g.dispose()), [geometries]);
  const dressOf = useMemo(() => unitDress(model.scenario), [model]);
  // Cloth meshes: one per headgear worn on this table, each holding the instances that wear it.
  const cloth = useMemo(() => {
    const groups = new Map<Headgear, number[]>();
    poses.forEach((pose, i) => {
      const kind = dressOf(pose.unitId).headgear;
      const list = groups.get(kind) ?? [];
      list.push(i);
      groups.set(kind, list);
    });
    return HEADGEAR.filter((k) => groups.has(k)).map((k) => ({ headgear: k, members: groups.get(k)! }));
  }, [poses, dressOf]);
  const clothGeometries = useMemo(() => new Map(HEADGEAR.map((k) => [k, figureClothGeometry(k, detail)] as const)), [detail]);
  useEffect(() => () => clothGeometries.forEach((g) => g.dispose()), [clothGeometries]);
  const body = useRef<InstancedMesh>(null);
  const base = useRef<InstancedMesh>(null);
  const rim = useRef<InstancedMesh>(null);
  const clothMeshes = useRef(new Map<Headgear, InstancedMesh>());

  useLayoutEffect(() => {
    const meshes = [body.current, base.current, rim.current, ...cloth.map((g) => clothMeshes.current.get(g.headgear))];
    const matrices = poses.map((pose) => {
      // Facing is clockwise from north; in table coordinates that is three's rotation about +y.
      q.setFromAxisAngle(up, (pose.facing * Math.PI) / 180);
      const cut = maxFloor !== undefined && maxFloor !== null && (pose.floor ?? 0) > maxFloor;
      return cut ? hidden : new Matrix4().compose(p.set(...pose.position), q, one);
    });
    poses.forEach((pose, i) => {
      for (const mesh of [body.current, base.current, rim.current]) mesh?.setMatrixAt(i, matrices[i]!);
      rim.current?.setColorAt(i, c.set(pose.sideColour));
      body.current?.setColorAt(i, pose.tint ? c.set(pose.tint) : WHITE);
    });
    for (const group of cloth) {
      const mesh = clothMeshes.current.get(group.headgear);
      if (!mesh) continue;
      group.members.forEach((i, j) => {
        const pose = poses[i]!;
        mesh.setMatrixAt(j, matrices[i]!);
        c.set(dressOf(pose.unitId).colour);
        if (pose.tint) c.multiply(tint.set(pose.tint));
        mesh.setColorAt(j, c);
      });
      mesh.count = group.members.length;
    }
    for (const mesh of meshes) {
      if (!mesh) continue;
      if (mesh === body.current || mesh === base.current || mesh === rim.current) mesh.count = poses.length;
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
  }, [poses, maxFloor, cloth, dressOf]);

  if (poses.length === 0) return null;
  const n = poses.length;
  // A hit on a cloth mesh gives the index among that mesh's members; map it back to the pose.
  const poseIndex = (e: ThreeEvent<PointerEvent | MouseEvent>) => {
    if (e.instanceId === undefined) return undefined;
    const members = (e.object.userData as { members?: number[] }).members;
    return members ? members[e.instanceId] : e.instanceId;
  };
  const shown = (e: ThreeEvent<PointerEvent | MouseEvent>) => {
    const at = poseIndex(e);
    const pose = at === undefined ? undefined : poses[at];
    return pose && !(maxFloor !== undefined && maxFloor !== null && (pose.floor ?? 0) > maxFloor) ? pose : undefined;
  };
  return (
    <group
      name={ghost ? 'figures:ghost' : 'figures'}
      onPointerMove={onFigureHover && ((e) => { const pose = shown(e); if (pose) { e.stopPropagation(); onFigureHover(pose.figureId, e); } })}
      onPointerOut={onFigureHover && ((e) => onFigureHover(null, e))}
      onClick={onFigureClick && ((e) => { const pose = shown(e); if (pose && e.delta <= 4) { e.stopPropagation(); onFigureClick(pose.figureId, e); } })}
      onPointerDown={onFigureDown && ((e) => { const pose = shown(e); if (pose) onFigureDown(pose.figureId, e); })}
    >
      <instancedMesh ref={body} args={[geometries.body, undefined, n]} name="figures:body">
        <meshLambertMaterial vertexColors {...(ghost ? GHOST : {})} />
      </instancedMesh>
      {cloth.map((group) => (
        <instancedMesh
          key={`${group.headgear}:${group.members.length}`}
          ref={(mesh) => { if (mesh) clothMeshes.current.set(group.headgear, mesh); else clothMeshes.current.delete(group.headgear); }}
          args={[clothGeometries.get(group.headgear)!, undefined, group.members.length]}
          name={`figures:cloth:${group.headgear}`}
          userData={{ members: group.members }}
        >
          <meshLambertMaterial vertexColors {...(ghost ? GHOST : {})} />
        </instancedMesh>
      ))}
      <instancedMesh ref={base} args={[geometries.base, undefined, n]} name="figures:base">
        <meshLambertMaterial vertexColors {...(ghost ? GHOST : {})} />
      </instancedMesh>
      <instancedMesh ref={rim} args={[geometries.rim, undefined, n]} name="figures:rim">
        <meshLambertMaterial vertexColors {...(ghost ? GHOST : {})} />
      </instancedMesh>
    </group>
  );
}
