// Light over the table (ART.md §4, §6) from a lighting rig (lighting.ts): hemisphere fill, a key (sun
// or moon), a fill opposite, and a tiny in-process environment (softbox) for the gloss on water and
// varnish — no HDR file, nothing fetched. World coordinates, table centre at the origin.
import { Environment, Lightformer } from '@react-three/drei';
import { memo } from 'react';
import type { LightingRig } from './lighting';

export interface LightsProps {
  /** Table size scale (1 for a 180 × 120 cm table) to keep the lights at the same angles. */
  span: number;
  rig: LightingRig;
}

export const Lights = memo(function Lights({ span, rig }: LightsProps) {
  const d = 200 * span;
  const at = (from: readonly [number, number, number]) => [from[0] * d, from[1] * d, from[2] * d] as const;
  const { hemisphere, key, fill, environment } = rig;
  return (
    <>
      <hemisphereLight args={[hemisphere.sky, hemisphere.ground, hemisphere.intensity]} />
      <directionalLight color={key.colour} intensity={key.intensity} position={at(key.from)} />
      <directionalLight color={fill.colour} intensity={fill.intensity} position={at(fill.from)} />
      {/* Keyed by the light: the environment map is captured once (frames 1), so a new light captures anew. */}
      <Environment key={rig.light} resolution={64} frames={1} environmentIntensity={environment.intensity}>
        <Lightformer form="rect" intensity={2.5} position={[0, 5, 0]} rotation={[Math.PI / 2, 0, 0]} scale={[6, 6, 1]} color={environment.colour} />
        {/* A strip on the key's side, low, facing the table (Lightformer looks at the origin). */}
        <Lightformer form="rect" intensity={1.2} position={[6 * key.from[0], 1, 6 * key.from[2]]} scale={[8, 1, 1]} color={key.colour} />
        <Lightformer form="rect" intensity={0.6} position={[6 * fill.from[0], 1, 6 * fill.from[2]]} scale={[6, 2, 1]} color={fill.colour} />
      </Environment>
    </>
  );
});
