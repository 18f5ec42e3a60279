// The eye view holds the table camera and yields only to a new request (another view, a flight
// starting); a flight already under way when the eye opens lands at once, so the end of it neither
// throws the eye out nor leaves a half-way pose to hand back.
import type { CameraControlsImpl } from '@react-three/drei';
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cameraAsked, cameraDirector, cameraStatus } from '../../src/view/camera';

/** A stand-in for camera-controls: remembers the last look-at it was given. */
function fakeControls() {
  const position = new Vector3(0, 100, 100);
  const target = new Vector3();
  const camera = new PerspectiveCamera(32, 1.6);
  return {
    camera,
    enabled: true,
    setLookAt(px: number, py: number, pz: number, tx: number, ty: number, tz: number) {
      position.set(px, py, pz);
      target.set(tx, ty, tz);
      return Promise.resolve();
    },
    update() {
      return true;
    },
    getPosition: (out: Vector3) => out.copy(position),
    getTarget: (out: Vector3) => out.copy(target),
  };
}

describe('the eye view and the table camera', () => {
  it('a flight ending is no request; another view or a flight starting is', () => {
    expect(cameraAsked({ view: 'home', flying: true }, { view: 'home', flying: false })).toBe(false);
    expect(cameraAsked({ view: 'focus', flying: true }, { view: 'focus', flying: false })).toBe(false);
    expect(cameraAsked({ view: 'home', flying: false }, { view: 'home', flying: true })).toBe(true);
    expect(cameraAsked({ view: 'home', flying: false }, { view: 'top', flying: true })).toBe(true);
    expect(cameraAsked({ view: 'home', flying: false }, { view: 'free', flying: false })).toBe(true);
  });

  it('land() puts a flight under way at its end and says the camera is still', () => {
    const c = fakeControls();
    const detach = cameraDirector.attach(c as unknown as CameraControlsImpl, 180, 120, () => {});
    try {
      cameraDirector.flyTo({ position: [50, 60, 70], target: [1, 2, 3] }, 'top');
      expect(cameraStatus.get()).toEqual({ view: 'top', flying: true });
      expect(cameraDirector.pose()!.position).toEqual([0, 100, 100]);
      cameraDirector.land();
      expect(cameraStatus.get()).toEqual({ view: 'top', flying: false });
      expect(cameraDirector.pose()).toEqual({ position: [50, 60, 70], target: [1, 2, 3] });
      // Nothing left to step: the eye's saved pose is final.
      expect(cameraDirector.step(performance.now() + 5000, 0.016)).toBe(false);
      expect(cameraDirector.pose()!.position).toEqual([50, 60, 70]);
    } finally {
      detach();
    }
  });
});
