// A small sphere drawn over everything: the ends of sight lines and the observer's eye.
import type { Vec3 } from '../../core';
import { LINE_SIDE, OVERLAY_ORDER } from './colours';

/** Material settings of the tools' overlays: on top of the table, unlit, both sides. */
export const OVERLAY = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

export function Dot({ at, colour, size = 0.28 }: { at: Vec3; colour: string; size?: number }) {
  return (
    <mesh position={at} renderOrder={OVERLAY_ORDER + 1}>
      <sphereGeometry args={[size, 10, 8]} />
      <meshBasicMaterial color={colour} {...OVERLAY} />
    </mesh>
  );
}
