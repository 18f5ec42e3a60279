// Water areas as gloss resin (or matte-ish ice when frozen) over the painted bed (ART.md §6).
import { useEffect, useMemo } from 'react';
import type { HeightGrid } from '../core';
import type { Feature, WaterFeature } from '../scenario';
import { waterGeometry } from './water-geometry';

export interface WaterProps {
  grid: HeightGrid;
  features: readonly Feature[];
}

export function Water({ grid, features }: WaterProps) {
  const surfaces = useMemo(
    () =>
      features
        .filter((f): f is WaterFeature => f.kind === 'water')
        .map((f) => ({ id: f.id, frozen: f.frozen === true, geometry: waterGeometry(grid, f) }))
        .filter((s) => s.geometry !== null),
    [grid, features],
  );
  useEffect(() => () => surfaces.forEach((s) => s.geometry?.dispose()), [surfaces]);
  return (
    <group name="water">
      {surfaces.map((s) => (
        <mesh key={s.id} geometry={s.geometry!} name={`water:${s.id}`}>
          <meshStandardMaterial vertexColors roughness={s.frozen ? 0.35 : 0.08} metalness={0} envMapIntensity={s.frozen ? 0.6 : 1.2} />
        </mesh>
      ))}
    </group>
  );
}
