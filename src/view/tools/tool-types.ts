// Plain shapes the table tools pass around: the eye view, the hovered figure, the canvas link and
// a surface hit.
import type { Vec3 } from '../../core';

export interface EyeView {
  /** Eye point in table coordinates. */
  from: Vec3;
  /** Where to look (table coordinates), or null to start looking along `facing`. */
  lookAt: Vec3 | null;
  /** Degrees clockwise from north, for a free look. */
  facing: number;
  label: string;
  /** The figure whose eye it is: not drawn meanwhile (its own rifle would lie across the view). */
  figureId?: string;
}

export interface Hover {
  figureId: string;
  /** Pointer position in the page (CSS pixels). */
  clientX: number;
  clientY: number;
}

/** What the canvas registers so tools and tests can reach its camera (see ToolBridge). */
export interface CanvasLink {
  camera: import('three').PerspectiveCamera;
  scene: import('three').Scene;
  canvas: HTMLCanvasElement;
  controls: unknown;
  invalidate: () => void;
}

/** A surface hit in table coordinates (y is the mesh's height: a hint for the floor, never a height). */
export interface SurfaceHit {
  x: number;
  y: number;
  z: number;
}
