// The terrain surface: the battlefield's own height grid, triangulated exactly as its colliders are
// (gridTriangles), painted with per-vertex colours (felt, slopes, areas).
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry } from 'three';
import { gridTriangles, type HeightGrid, type Solid } from '../core';
import type { Feature } from '../scenario';
import { paintTerrain } from './terrain-paint';

export interface TerrainProps {
  grid: HeightGrid;
  features: readonly Feature[];
  solids: readonly Solid[];
  /** Matte Lambert shading (ART.md §9 low/test tiers): on a software renderer the PBR + environment
   * fragment shader over the whole board costs about 3× the frame (measured by npm run bench:render). */
  lambert?: boolean;
}

export function terrainGeometry(grid: HeightGrid, features: readonly Feature[], solids: readonly Solid[]): BufferGeometry {
  const { vertices, indices } = gridTriangles(grid);
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(vertices, 3));
  geometry.setAttribute('color', new BufferAttribute(paintTerrain(grid, features, solids), 3));
  geometry.setIndex(new BufferAttribute(indices, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return geometry;
}

export function Terrain({ grid, features, solids, lambert = false }: TerrainProps) {
  const geometry = useMemo(() => terrainGeometry(grid, features, solids), [grid, features, solids]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  return (
    <mesh geometry={geometry} name="terrain">
      {lambert ? <meshLambertMaterial vertexColors /> : <meshStandardMaterial vertexColors roughness={0.93} metalness={0} />}
    </mesh>
  );
}
