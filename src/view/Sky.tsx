// The sky and horizon around the table: a vertex-coloured dome (day or night from the scenario's
// conditions) and, at night, stars. Drawn behind everything, untouched by fog and tone mapping.
import { useEffect, useMemo } from 'react';
import { BackSide, BufferAttribute, BufferGeometry } from 'three';
import { SKY, skyDomeGeometry, starPositions } from './sky-geometry';

export interface SkyProps {
  night: boolean;
  /** Dome radius, cm: inside the camera's far plane, beyond the floor. */
  radius: number;
}

export function Sky({ night, radius }: SkyProps) {
  const dome = useMemo(() => skyDomeGeometry(radius, night ? SKY.night : SKY.day), [radius, night]);
  useEffect(() => () => dome.dispose(), [dome]);
  const stars = useMemo(() => {
    if (!night) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(starPositions(radius * 0.98, 700), 3));
    return g;
  }, [radius, night]);
  useEffect(() => () => stars?.dispose(), [stars]);
  return (
    <group name="sky">
      <mesh geometry={dome} renderOrder={-10} frustumCulled={false}>
        <meshBasicMaterial vertexColors side={BackSide} depthWrite={false} fog={false} toneMapped={false} />
      </mesh>
      {stars && (
        <points geometry={stars} renderOrder={-9} frustumCulled={false}>
          <pointsMaterial color="#dfe6f5" size={1.6} sizeAttenuation={false} depthWrite={false} fog={false} toneMapped={false} />
        </points>
      )}
    </group>
  );
}
