// The table's camera: drei CameraControls with preset views, scripted flights and focus
// (src/view/camera). Left-drag orbit, right-drag pan, wheel zoom toward the cursor.
import { TableCamera } from './camera';

export interface CameraRigProps {
  /** Table size scale (1 for a 180 × 120 cm table). */
  span: number;
  /** Table size, cm (for preset views and the pan boundary). */
  width: number;
  depth: number;
}

/** Starting camera position: south of the table, looking north and down at about 35°. */
export function homeCamera(span: number): [number, number, number] {
  return [0, 140 * span, 190 * span];
}

export function CameraRig({ width, depth }: CameraRigProps) {
  return <TableCamera width={width} depth={depth} />;
}
