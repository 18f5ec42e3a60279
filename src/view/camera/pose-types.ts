// The plain shapes camera poses are written in (world coordinates, table centre at the origin), kept
// apart so the view modules that compute poses (presets, home framing, follow) share them without cycles.

export type Vec3 = [number, number, number];

export interface CameraPose {
  position: Vec3;
  target: Vec3;
}

export interface Frame {
  width: number;
  depth: number;
  /** Vertical field of view, degrees. */
  fov: number;
  /** Viewport width / height. */
  aspect: number;
}
