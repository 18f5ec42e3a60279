// Eye view: the table camera moves to an eye point (a figure's, or a picked point's on its floor)
// and looks at the target or along the figure's facing; drag to look around, wheel to zoom,
// Escape to return. The orbit controls are switched off meanwhile and the camera is handed back
// exactly as it was.
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { type PerspectiveCamera, Quaternion, Vector3 } from 'three';
import { cameraDirector, cameraStatus } from '../camera';
import { tableToWorld } from '../TableSpace';
import type { EyeView, ToolController } from './tool-controller';
import { useToolState } from './use-tools';

export const EYE_FOV = 55;
const EYE_NEAR = 0.05;

interface Saved {
  position: Vector3;
  quaternion: Quaternion;
  fov: number;
  near: number;
  target: Vector3 | null;
  enabled: boolean | undefined;
}

type AnyControls = {
  enabled?: boolean;
  target?: Vector3;
  getTarget?: (out: Vector3, receiveEndValue?: boolean) => Vector3;
  setLookAt?: (px: number, py: number, pz: number, tx: number, ty: number, tz: number, transition?: boolean) => unknown;
  update?: (delta?: number) => unknown;
} | null;

function controlsTarget(c: AnyControls): Vector3 | null {
  if (c?.getTarget) return c.getTarget(new Vector3(), true);
  return c?.target ? c.target.clone() : null;
}

/** Initial yaw (about world y, 0 = north = −z) and pitch of an eye view. */
export function eyeAngles(eye: EyeView, width: number, depth: number): { yaw: number; pitch: number } {
  if (eye.lookAt) {
    const a = tableToWorld(width, depth, ...eye.from);
    const b = tableToWorld(width, depth, ...eye.lookAt);
    const d = new Vector3(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
    if (d.lengthSq() > 1e-9) {
      d.normalize();
      return { yaw: Math.atan2(-d.x, -d.z), pitch: Math.asin(Math.max(-1, Math.min(1, d.y))) };
    }
  }
  return { yaw: (-eye.facing * Math.PI) / 180, pitch: -0.05 };
}

export interface EyeCameraProps {
  tools: ToolController;
}

export function EyeCamera({ tools }: EyeCameraProps) {
  const eye = useToolState(tools, (s) => s.eye);
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as AnyControls;
  const canvas = useThree((s) => s.gl.domElement);
  const invalidate = useThree((s) => s.invalidate);
  const look = useRef({ yaw: 0, pitch: 0, fov: EYE_FOV });
  const { width, depth } = tools.model.scenario.table;

  const apply = () => {
    if (!eye) return;
    camera.position.set(...tableToWorld(width, depth, ...eye.from));
    camera.rotation.set(look.current.pitch, look.current.yaw, 0, 'YXZ');
    if (camera.fov !== look.current.fov) {
      camera.fov = look.current.fov;
      camera.updateProjectionMatrix();
    }
    camera.updateMatrixWorld();
  };

  useLayoutEffect(() => {
    if (!eye) return;
    // A flight still under way (the opening view, a refit) ends first: the pose handed back is where it was going.
    cameraDirector.land();
    const saved: Saved = {
      position: camera.position.clone(),
      quaternion: camera.quaternion.clone(),
      fov: camera.fov,
      near: camera.near,
      target: controlsTarget(controls),
      enabled: controls?.enabled,
    };
    if (controls && 'enabled' in controls) controls.enabled = false;
    look.current = { ...eyeAngles(eye, width, depth), fov: EYE_FOV };
    camera.near = EYE_NEAR;
    camera.updateProjectionMatrix();
    apply();
    invalidate();
    return () => {
      camera.rotation.order = 'XYZ';
      camera.position.copy(saved.position);
      camera.quaternion.copy(saved.quaternion);
      camera.fov = saved.fov;
      camera.near = saved.near;
      camera.updateProjectionMatrix();
      camera.updateMatrixWorld();
      if (controls && saved.enabled !== undefined) controls.enabled = saved.enabled;
      const t = saved.target;
      if (controls?.setLookAt && t) {
        const p = saved.position;
        void controls.setLookAt(p.x, p.y, p.z, t.x, t.y, t.z, false);
        controls.update?.(0);
      } else if (controls?.target && t) {
        controls.target.copy(t);
        controls.update?.();
      }
      // A preset view is fitted to the canvas as it is now (it may have changed while the eye held the camera).
      cameraDirector.refit();
      invalidate();
    };
  }, [eye, camera, controls, width, depth, invalidate]);

  // Keep the eye pose after the controls' own per-frame update (they run at priority −1).
  useFrame(() => {
    if (eye) apply();
  });

  // Free look: drag to turn the head, wheel to zoom; Escape returns to the table camera.
  useEffect(() => {
    if (!eye) return;
    let drag: { x: number; y: number } | null = null;
    const down = (e: PointerEvent) => {
      if (e.button === 0 || e.button === 2) drag = { x: e.clientX, y: e.clientY };
    };
    const move = (e: PointerEvent) => {
      if (!drag) return;
      const k = (look.current.fov * Math.PI) / 180 / Math.max(1, canvas.clientHeight);
      look.current.yaw += (e.clientX - drag.x) * k;
      look.current.pitch = Math.max(-1.45, Math.min(1.45, look.current.pitch + (e.clientY - drag.y) * k));
      drag = { x: e.clientX, y: e.clientY };
      invalidate();
    };
    const up = () => {
      drag = null;
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      look.current.fov = Math.max(15, Math.min(80, look.current.fov * (e.deltaY > 0 ? 1.08 : 1 / 1.08)));
      invalidate();
    };
    // Capture phase, so Escape leaves the eye view before any other Escape handler sees it.
    const key = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      tools.exitEye();
    };
    // The table camera asked to move (preset view, presenter beat, keys): leave the eye view.
    // A refit's glide (the canvas or the HUD changed) or a flight ending is no request.
    const asked = cameraDirector.asked;
    const offFlight = cameraStatus.subscribe(() => {
      if (cameraDirector.asked !== asked) tools.exitEye();
    });
    canvas.addEventListener('pointerdown', down);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    canvas.addEventListener('wheel', wheel, { passive: false });
    window.addEventListener('keydown', key, true);
    return () => {
      canvas.removeEventListener('pointerdown', down);
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      canvas.removeEventListener('wheel', wheel);
      window.removeEventListener('keydown', key, true);
      offFlight();
    };
  }, [eye, canvas, tools, invalidate]);

  return null;
}
