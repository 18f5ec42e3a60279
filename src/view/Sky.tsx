// The sky and horizon around the table: a vertex-coloured dome (the colours of the light on show) and
// stars when the light has them. Drawn behind everything, untouched by fog and tone mapping.
import { useEffect, useMemo } from 'react';
import { BackSide, BufferAttribute, BufferGeometry } from 'three';
import { type SkyColours, skyDomeGeometry, starPositions } from './sky-geometry';

export interface SkyProps {
  colours: SkyColours;
  /** Stars to scatter (0: none). */
  stars: number;
  /** Dome radius, cm: inside the camera's far plane, beyond the floor. */
  radius: number;
}

export function Sky({ colours, stars: count, radius }: SkyProps) {
  const dome = useMemo(() => skyDomeGeometry(radius, colours), [radius, colours]);
  useEffect(() => () => dome.dispose(), [dome]);
  const stars = useMemo(() => {
    if (count === 0) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(starPositions(radius * 0.98, count), 3));
    return g;
  }, [radius, count]);
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
