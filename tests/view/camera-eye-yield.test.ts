// The eye view holds the table camera and yields only to a request (a view, a focus, a beat, the
// user's own moves), never to a refit's glide or a flight ending; a flight already under way when the
// eye opens lands at once, so its end neither throws the eye out nor leaves a half-way pose to hand back.
import type { CameraControlsImpl } from '@react-three/drei';
import { PerspectiveCamera, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { cameraDirector, cameraStatus } from '../../src/view/camera';

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

function attached<T>(run: (c: ReturnType<typeof fakeControls>) => T): T {
  const c = fakeControls();
  const detach = cameraDirector.attach(c as unknown as CameraControlsImpl, 180, 120, () => {});
  try {
    return run(c);
  } finally {
    detach();
  }
}

describe('the eye view and the table camera', () => {
  it('a view, a focus and the user\u2019s moves are requests; a refit\u2019s glide and a flight ending are not', () => {
    attached(() => {
      let asked = cameraDirector.asked;
      cameraDirector.showPreset('home');
      expect(cameraDirector.asked).toBeGreaterThan(asked);
      cameraDirector.land();
      asked = cameraDirector.asked;
      // The canvas changes shape: the home view glides to its new fit, which is no request.
      cameraDirector.refit(0.8);
      expect(cameraStatus.get().flying).toBe(true);
      // A glide moves a step a frame: frames until it is there.
      for (let i = 0; i < 500 && cameraStatus.get().flying; i++) cameraDirector.step(performance.now() + 5000 + i * 16, 0.016);
      expect(cameraStatus.get()).toEqual({ view: 'home', flying: false });
      expect(cameraDirector.asked).toBe(asked);
      cameraDirector.focusOn(10, 10);
      expect(cameraDirector.asked).toBe(asked + 1);
      cameraDirector.userMoved();
      expect(cameraDirector.asked).toBe(asked + 2);
    });
  });

  it('land() puts a flight under way at its end and says the camera is still', () => {
    attached(() => {
      cameraDirector.flyTo({ position: [50, 60, 70], target: [1, 2, 3] }, 'top');
      expect(cameraStatus.get()).toEqual({ view: 'top', flying: true });
      expect(cameraDirector.pose()!.position).toEqual([0, 100, 100]);
      cameraDirector.land();
      expect(cameraStatus.get()).toEqual({ view: 'top', flying: false });
      expect(cameraDirector.pose()).toEqual({ position: [50, 60, 70], target: [1, 2, 3] });
      // Nothing left to step: the eye's saved pose is final.
      expect(cameraDirector.step(performance.now() + 5000, 0.016)).toBe(false);
      expect(cameraDirector.pose()!.position).toEqual([50, 60, 70]);
    });
  });
});
