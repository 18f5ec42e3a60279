// The table's camera controls (drei CameraControls, ART.md §11): left-drag orbit, right-drag pan
// across the table, wheel zoom toward the cursor; bounded to the table. Scripted flights and held
// keys are stepped here from cameraDirector, invalidating only while something moves.
import { CameraControls, CameraControlsImpl } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef } from 'react';
import { Box3, Vector3 } from 'three';
import { cameraDirector } from './camera-director';
import { bandCovers, clearRect, hudCovers, toNdc } from './clear-area';
import { measureUncovered, observeUncovered } from './uncovered-observer';

const { ACTION } = CameraControlsImpl;

export interface TableCameraProps {
  /** Table size, cm. */
  width: number;
  depth: number;
}

export function TableCamera({ width, depth }: TableCameraProps) {
  const ref = useRef<CameraControlsImpl>(null);
  const invalidate = useThree((s) => s.invalidate);
  const span = Math.max(width / 180, depth / 120);

  useEffect(() => {
    const c = ref.current;
    if (!c) return;
    c.mouseButtons.left = ACTION.ROTATE;
    c.mouseButtons.middle = ACTION.DOLLY;
    c.mouseButtons.right = ACTION.SCREEN_PAN;
    c.mouseButtons.wheel = ACTION.DOLLY;
    c.touches.one = ACTION.TOUCH_ROTATE;
    // Supported at run time; the 3.1 typings leave it out of the two-finger union.
    c.touches.two = ACTION.TOUCH_DOLLY_SCREEN_PAN as typeof ACTION.TOUCH_DOLLY_TRUCK;
    const m = 25;
    c.setBoundary(new Box3(new Vector3(-width / 2 - m, -20, -depth / 2 - m), new Vector3(width / 2 + m, 120, depth / 2 + m)));
    return cameraDirector.attach(c, width, depth, invalidate);
  }, [width, depth, invalidate]);

  // A preset view fits the canvas: fitted again when the canvas changes size (the play dock docks beside it).
  const size = useThree((s) => s.size);
  useEffect(() => cameraDirector.refit(size.height > 0 ? size.width / size.height : undefined), [size.width, size.height]);

  // The home view is framed to the canvas's part that no band of the HUD (a bar or panel spanning
  // half the canvas) covers: again when the uncovered part changes.
  const canvas = useThree((s) => s.gl.domElement);
  useEffect(() => {
    const tell = () => {
      const { page } = measureUncovered(canvas);
      const clear = clearRect(page, bandCovers(page, hudCovers(canvas)));
      cameraDirector.setClearArea(clear ? toNdc(page, clear) : null);
    };
    tell();
    const stop = observeUncovered(canvas, tell);
    return () => {
      stop();
      cameraDirector.setClearArea(null);
    };
  }, [canvas, size.width, size.height]);

  useFrame((_, delta) => {
    if (cameraDirector.step(performance.now(), delta)) invalidate();
  }, -2);

  return (
    <CameraControls
      ref={ref}
      makeDefault
      smoothTime={0.18}
      draggingSmoothTime={0.06}
      dollyToCursor
      minDistance={4}
      maxDistance={600 * span}
      minPolarAngle={0}
      maxPolarAngle={1.42}
      onControlStart={() => cameraDirector.userMoved()}
      // The wheel sends no "control start", only "control": a zoom frees the view too (Home unlit).
      onControl={() => cameraDirector.userMoved()}
    />
  );
}
