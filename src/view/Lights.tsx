// Studio light over the table (ART.md §4): hemisphere fill, a warm key from the south-west corner
// (front-left of the default camera, so the faces the player sees are lit), a cool fill opposite, and a tiny in-process environment (softbox + rim strip) for the gloss on
// water and varnish — no HDR file, nothing fetched. World coordinates, table centre at the origin.
// At night (ART.md §6 "day for night"): a blue moon key, a weak hemisphere and a cool back rim that keeps
// the figures legible.
import { Environment, Lightformer } from '@react-three/drei';
import { memo } from 'react';
import { PALETTE } from './palette';

export interface LightsProps {
  /** Table size scale (1 for a 180 × 120 cm table) to keep the lights at the same angles. */
  span: number;
  /** The scenario is at night (conditions.night). */
  night?: boolean;
}

export const Lights = memo(function Lights({ span, night = false }: LightsProps) {
  const d = 200 * span;
  if (night) {
    return (
      <>
        <hemisphereLight args={[PALETTE.nightSky, PALETTE.nightGround, 0.4]} />
        {/* Moon: north-west, high; the player looks north, so it back-lights a little. */}
        <directionalLight color={PALETTE.moon} intensity={1.3} position={[-0.5 * d, 0.9 * d, -0.5 * d]} />
        {/* Rim from behind the default camera's right, so fronts of figures are not black. */}
        <directionalLight color={PALETTE.nightRim} intensity={0.55} position={[0.6 * d, 0.35 * d, 0.6 * d]} />
        <Environment resolution={64} frames={1} environmentIntensity={0.12}>
          <Lightformer form="rect" intensity={1.2} position={[0, 5, 0]} rotation={[Math.PI / 2, 0, 0]} scale={[6, 6, 1]} color={PALETTE.moon} />
        </Environment>
      </>
    );
  }
  return (
    <>
      <hemisphereLight args={[PALETTE.skyLight, PALETTE.groundLight, 0.45]} />
      {/* Key: south-west (world −x, +z, since north is −z), about 40° up. */}
      <directionalLight color={PALETTE.sun} intensity={2.8} position={[-0.6 * d, 0.75 * d, 0.4 * d]} />
      {/* Fill: north-east, low and cool. */}
      <directionalLight color={PALETTE.fill} intensity={0.4} position={[0.6 * d, 0.45 * d, -0.6 * d]} />
      <Environment resolution={64} frames={1} environmentIntensity={0.3}>
        <Lightformer form="rect" intensity={2.5} position={[0, 5, 0]} rotation={[Math.PI / 2, 0, 0]} scale={[6, 6, 1]} />
        <Lightformer form="rect" intensity={1.2} position={[-5, 1, -3]} rotation={[0, Math.PI / 3, 0]} scale={[8, 1, 1]} color={PALETTE.sun} />
        <Lightformer form="rect" intensity={0.6} position={[4, 1, 4]} rotation={[0, -Math.PI * 0.75, 0]} scale={[6, 2, 1]} color={PALETTE.fill} />
      </Environment>
    </>
  );
});
