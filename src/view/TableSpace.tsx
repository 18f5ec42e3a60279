// The one place where table coordinates become three.js world coordinates.
// Table: x east, z north, y up (cm, origin at the south-west corner) — a left-handed frame.
// three.js is right-handed with the default camera looking down −z, so we mirror z: scale (1, 1, −1)
// puts north "into the screen" (up on a top-down view) and east to the right. three.js flips the
// front-face winding for objects with a negative-determinant world matrix, so geometry built in
// table coordinates (normals included) renders correctly inside this group. The group is also
// shifted so the table centre sits at the world origin, where lights and the camera aim.
import type { ReactNode } from 'react';

export interface TableSpaceProps {
  width: number;
  depth: number;
  children?: ReactNode;
}

export function TableSpace({ width, depth, children }: TableSpaceProps) {
  return (
    <group scale={[1, 1, -1]} position={[-width / 2, 0, depth / 2]}>
      {children}
    </group>
  );
}

/** World position (three.js) of a table point — the same mapping as the group above. */
export function tableToWorld(width: number, depth: number, x: number, y: number, z: number): [number, number, number] {
  return [x - width / 2, y, depth / 2 - z];
}

/** Table point of a world position (three.js) — the inverse of tableToWorld. */
export function worldToTable(width: number, depth: number, x: number, y: number, z: number): [number, number, number] {
  return [x + width / 2, y, depth / 2 - z];
}
