// Grab handles for the soldiers of the unit that may move: an unseen column around each figure, as
// wide as a finger or mouse needs on screen (GRAB_PX, however far the camera is), so a press a hair
// off a small figure starts the drag instead of turning the camera. Raycast only, never drawn.
import { type ThreeEvent, useFrame, useThree } from '@react-three/fiber';
import { useLayoutEffect, useMemo, useRef } from 'react';
import { CylinderGeometry, type InstancedMesh, Object3D, type PerspectiveCamera, Vector3 } from 'three';
import type { FigurePose } from '../Figures';
import { tableToWorld } from '../TableSpace';

/** How far from a figure (screen pixels) a press still takes it. */
export const GRAB_PX = 16;
/** The figure's own size, cm: the handle is never smaller. */
const FIGURE_RADIUS = 0.7;
const FIGURE_HEIGHT = 2.8;

/** A handle's radius in cm for a figure `distance` cm from the camera: GRAB_PX on a canvas `height` px high. */
export function grabRadius(distance: number, fovDeg: number, height: number, px = GRAB_PX): number {
  const cmPerPx = (2 * distance * Math.tan((fovDeg * Math.PI) / 360)) / Math.max(1, height);
  return Math.max(FIGURE_RADIUS, px * cmPerPx);
}

const COLUMN = new CylinderGeometry(1, 1, 1, 10);
COLUMN.translate(0, 0.5, 0);
const place = new Object3D();
const world = new Vector3();

export interface GrabHandlesProps {
  poses: readonly FigurePose[];
  /** Table size, cm (the camera is in world coordinates). */
  width: number;
  depth: number;
  onDown: (figureId: string, e: ThreeEvent<PointerEvent>) => void;
}

export function GrabHandles({ poses, width, depth, onDown }: GrabHandlesProps) {
  const ref = useRef<InstancedMesh>(null);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const size = useThree((s) => s.size);
  const ids = useMemo(() => poses.map((p) => p.figureId), [poses]);
  const last = useRef('');

  const fit = () => {
    const m = ref.current;
    if (!m) return;
    const key = `${camera.position.x.toFixed(2)},${camera.position.y.toFixed(2)},${camera.position.z.toFixed(2)},${size.height},${poses.length}`;
    if (key === last.current) return;
    last.current = key;
    poses.forEach((p, i) => {
      world.set(...tableToWorld(width, depth, p.position[0], p.position[1], p.position[2]));
      const r = grabRadius(world.distanceTo(camera.position), camera.fov ?? 32, size.height);
      place.position.set(p.position[0], p.position[1] - r * 0.3, p.position[2]);
      place.scale.set(r, FIGURE_HEIGHT + r * 1.3, r);
      place.updateMatrix();
      m.setMatrixAt(i, place.matrix);
    });
    m.count = poses.length;
    m.instanceMatrix.needsUpdate = true;
    m.computeBoundingSphere();
  };
  useLayoutEffect(() => {
    last.current = '';
    fit();
  });
  // The camera moves: the handles keep their size on screen.
  useFrame(fit);

  if (poses.length === 0) return null;
  return (
    <instancedMesh
      key={poses.length}
      ref={ref}
      name="play:grab"
      args={[COLUMN, undefined, poses.length]}
      frustumCulled={false}
      onPointerDown={(e) => {
        // A press on a figure itself goes to the figure's own handler, as without handles.
        if (e.intersections.some((i) => i.object !== e.object && i.object.name.startsWith('figures:'))) return;
        const id = e.instanceId === undefined ? undefined : ids[e.instanceId];
        if (id) onDown(id, e);
      }}
    >
      <meshBasicMaterial visible={false} side={2} />
    </instancedMesh>
  );
}
