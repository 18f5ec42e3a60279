// Every deployed figure of the scenario as instanced miniatures, standing at the battlefield's own
// stand height, each in the shape its look asks for (standing, aiming, kneeling, prone; rifle, pistol,
// a gunner at his gun): one instanced mesh per shape present (base, rim in the side's colour, body,
// the unit's uniform colour and headgear, per instance in the figure shader) and one per gun mount.
import type { ThreeEvent } from '@react-three/fiber';
import { createContext, useContext, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Color, type InstancedMesh, Matrix4, MeshLambertMaterial, Quaternion, Vector3 } from 'three';
import type { PlayFigureLook } from '../core';
import type { Scenario } from '../scenario';
import { type Dress, unitDress } from './figure-dress';
import { type FigureDetail, HEADGEAR } from './figure-geometry';
import { figureMaterial, instanceAttribute } from './figure-material';
import { FigureMeshes, figureMeshGroups, type MeshGroup } from './figure-meshes';
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
  /** Posture and kit (play: from the game's state); absent = standing with a rifle. */
  look?: PlayFigureLook;
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

/** Writes one mesh's instances from the poses it draws: place and facing (none above the cut floor), wound tint, uniform, side and headgear. */
function paintGroup(mesh: InstancedMesh, group: MeshGroup, poses: readonly FigurePose[], maxFloor: number | null | undefined, dressOf: (unitId: string) => Dress): void {
  const n = group.members.length;
  const figure = group.part === 'body';
  const uniform = figure ? instanceAttribute(mesh, 'instanceUniform', n) : null;
  const side = figure ? instanceAttribute(mesh, 'instanceSide', n) : null;
  const headgear = figure ? instanceAttribute(mesh, 'instanceHeadgear', n) : null;
  group.members.forEach((i, j) => {
    const pose = poses[i]!;
    const cut = maxFloor !== undefined && maxFloor !== null && (pose.floor ?? 0) > maxFloor;
    // Facing is clockwise from north; in table coordinates that is three's rotation about +y.
    q.setFromAxisAngle(up, (pose.facing * Math.PI) / 180);
    mesh.setMatrixAt(j, cut ? hidden : m.compose(p.set(...pose.position), q, one));
    // The instance colour is the wound tint (the shader lays it over body and uniform, not base or rim); guns are untinted.
    mesh.setColorAt(j, figure && pose.tint ? c.set(pose.tint) : WHITE);
    if (!uniform || !side || !headgear) return;
    const dress = dressOf(pose.unitId);
    uniform.setXYZ(j, ...c.set(dress.colour).toArray() as [number, number, number]);
    side.setXYZ(j, ...c.set(pose.sideColour).toArray() as [number, number, number]);
    headgear.setX(j, HEADGEAR.indexOf(dress.headgear));
  });
  for (const a of [uniform, side, headgear]) if (a) a.needsUpdate = true;
  mesh.count = n;
  mesh.instanceMatrix.needsUpdate = true;
  if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
  mesh.computeBoundingSphere();
}

export function Figures({ model, poses: given, maxFloor, onFigureHover, onFigureClick, onFigureDown, ghost = false }: FiguresProps) {
  const deployed = useMemo(() => (given ? null : figurePoses(model.scenario, model.standHeight.bind(model))), [model, given]);
  const poses = given ?? deployed ?? [];
  const detail = useContext(FigureDetailContext);
  // Built on demand, per shape and mount present; freed with the canvas's detail.
  const shapes = useMemo(() => new FigureMeshes(detail), [detail]);
  useEffect(() => () => shapes.dispose(), [shapes]);
  const materials = useMemo(() => ({ figure: figureMaterial(ghost ? GHOST : null), gun: new MeshLambertMaterial({ vertexColors: true, ...(ghost ? GHOST : {}) }) }), [ghost]);
  useEffect(() => () => Object.values(materials).forEach((m) => m.dispose()), [materials]);
  const dressOf = useMemo(() => unitDress(model.scenario), [model]);
  const groups = useMemo(() => figureMeshGroups(poses), [poses]);
  const meshes = useRef(new Map<string, InstancedMesh>());

  // Meshes painted at least once: R3F may swap in a new mesh object (its `args` changed) on a render
  // that changes none of the effect's inputs, so a mesh new to us is painted as it is attached.
  const painted = useRef(new WeakSet<InstancedMesh>());
  const paint = (mesh: InstancedMesh, group: MeshGroup) => {
    paintGroup(mesh, group, poses, maxFloor, dressOf);
    painted.current.add(mesh);
  };
  useLayoutEffect(() => {
    for (const group of groups) {
      const mesh = meshes.current.get(group.name);
      if (mesh) paint(mesh, group);
    }
  }, [poses, maxFloor, groups, dressOf]); // eslint-disable-line react-hooks/exhaustive-deps

  if (poses.length === 0) return null;
  // A hit on a mesh gives the index among that mesh's members; map it back to the pose.
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
  const groupMesh = (group: MeshGroup) => (
    <instancedMesh
      key={`${group.name}:${group.members.length}`}
      ref={(mesh) => {
        if (!mesh) {
          meshes.current.delete(group.name);
          return;
        }
        meshes.current.set(group.name, mesh);
        if (!painted.current.has(mesh)) paint(mesh, group);
      }}
      args={[shapes.geometry(group), group.part === 'body' ? materials.figure : materials.gun, group.members.length]}
      name={group.name}
      userData={{ members: group.members }}
    />
  );
  return (
    <group
      name={ghost ? 'figures:ghost' : 'figures'}
      onPointerMove={onFigureHover && ((e) => { const pose = shown(e); if (pose) { e.stopPropagation(); onFigureHover(pose.figureId, e); } })}
      onPointerOut={onFigureHover && ((e) => onFigureHover(null, e))}
      onClick={onFigureClick && ((e) => { const pose = shown(e); if (pose && e.delta <= 4) { e.stopPropagation(); onFigureClick(pose.figureId, e); } })}
      onPointerDown={onFigureDown && ((e) => { const pose = shown(e); if (pose) onFigureDown(pose.figureId, e); })}
    >
      {groups.map(groupMesh)}
    </group>
  );
}
