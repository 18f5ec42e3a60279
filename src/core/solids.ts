// Plain-data solids of a battlefield (boxes and convex hulls). The battlefield builds its Rapier
// colliders from these and the view draws the same list, so physics and picture never disagree.
import type { Vec3 } from './geometry';

export type SolidPart =
  | 'wall' | 'floor' | 'foundation' | 'roof' | 'obstacle' | 'parapet' | 'deck' | 'railing' | 'ladder';

export interface SolidBase {
  featureId: string;
  /** The feature's kind (building, wall, hedge, rampart, bridge …). */
  featureKind: string;
  part: SolidPart;
  /** Solid for line of sight (a fence or a ladder is not). */
  blocksSight: boolean;
  /** Figures may stand on its top (bridge decks). Building floors are found from the building data. */
  standable: boolean;
  /** For building parts: the floor index the part belongs to, when meaningful. */
  floor?: number;
}

export interface BoxSolid extends SolidBase {
  shape: 'box';
  center: Vec3;
  halfExtents: Vec3;
  /** Rotation about the vertical axis, degrees counter-clockwise seen from above. */
  rotationY: number;
}

export interface HullSolid extends SolidBase {
  shape: 'hull';
  points: Vec3[];
}

export type Solid = BoxSolid | HullSolid;
