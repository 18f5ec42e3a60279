// Buildings, walls, bridges and other solids, drawn from battlefield.solids (one mesh per part).
import { useEffect, useMemo } from 'react';
import type { HeightGrid, Solid, SolidPart } from '../core';
import type { Feature } from '../scenario';
import { mergeParts } from './merge';
import { pieceParts } from './piece-geometry';
import { solidGeometries } from './solid-geometry';

export interface SolidsProps {
  solids: readonly Solid[];
  features: readonly Feature[];
  /** The table's relief, for the detail on the pieces (window and door frames, bridge piers); absent: none drawn. */
  grid?: HeightGrid;
}

const ROUGHNESS: Partial<Record<SolidPart, number>> = { roof: 0.75, deck: 0.8, railing: 0.8 };
// A foundation's top is flush with the ground: draw it in front so the two do not z-fight
// (seen when the floor cutaway opens a building to its ground floor).
const FLUSH = { polygonOffset: true, polygonOffsetFactor: -1, polygonOffsetUnits: -2 } as const;

/** The pieces' detail is never picked: a click goes through to the wall, floor or ground the rules have. */
const noPick = () => undefined;

export function Solids({ solids, features, grid }: SolidsProps) {
  const geometries = useMemo(() => [...solidGeometries(solids, features)], [solids, features]);
  useEffect(() => () => geometries.forEach(([, g]) => g.dispose()), [geometries]);
  // Frames, door leaves, belfry arches and piers: one merged mesh (one draw call), for the storeys drawn now.
  const pieces = useMemo(() => (grid ? mergeParts(pieceParts(solids, features, grid)) : null), [solids, features, grid]);
  useEffect(() => () => pieces?.dispose(), [pieces]);
  return (
    <group name="solids">
      {geometries.map(([part, geometry]) => (
        <mesh key={part} geometry={geometry} name={`solids:${part}`}>
          <meshStandardMaterial vertexColors flatShading roughness={ROUGHNESS[part] ?? 0.88} metalness={0} {...(part === 'foundation' ? FLUSH : {})} />
        </mesh>
      ))}
      {pieces && (
        <mesh geometry={pieces} name="solids:pieces" raycast={noPick}>
          <meshStandardMaterial vertexColors flatShading roughness={0.85} metalness={0} />
        </mesh>
      )}
    </group>
  );
}
