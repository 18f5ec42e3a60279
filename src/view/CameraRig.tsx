// Orbit camera around the table centre (world origin): left-drag orbit, right-drag pan, wheel zoom.
// The full TTS-style camera (ART.md §11) comes with the table UI.
import { OrbitControls } from '@react-three/drei';

export interface CameraRigProps {
  /** Table size scale (1 for a 180 × 120 cm table). */
  span: number;
}

/** Starting camera position: south of the table, looking north and down at about 35°. */
export function homeCamera(span: number): [number, number, number] {
  return [0, 140 * span, 190 * span];
}

export function CameraRig({ span }: CameraRigProps) {
  return (
    <OrbitControls
      makeDefault
      target={[0, 0, 0]}
      minDistance={8}
      maxDistance={500 * span}
      maxPolarAngle={1.35}
      enableDamping={false}
      zoomToCursor
    />
  );
}
