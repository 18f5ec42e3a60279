// The table as an object (ART.md §2, §5): the board's sides under the terrain edge, a dark wood
// frame around it and a floor well below. Drawn in table coordinates inside TableSpace.
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide } from 'three';
import type { HeightGrid } from '../core';
import { PALETTE } from './palette';

export const FRAME_WIDTH = 2.5;
export const BOARD_THICKNESS = 3;
/** How far below the table top the floor lies (a table about 75 cm high). */
export const FLOOR_DROP = 75;

/** A vertical strip along the grid's outer edge, from the terrain surface down to `bottom`. */
export function skirtGeometry(g: HeightGrid, bottom: number): BufferGeometry {
  const ring: Array<[number, number]> = [];
  for (let c = 0; c < g.columns; c++) ring.push([c, 0]);
  for (let r = 1; r < g.rows; r++) ring.push([g.columns - 1, r]);
  for (let c = g.columns - 2; c >= 0; c--) ring.push([c, g.rows - 1]);
  for (let r = g.rows - 2; r > 0; r--) ring.push([0, r]);
  ring.push([0, 0]);
  const positions = new Float32Array(ring.length * 6);
  ring.forEach(([c, r], i) => {
    const x = g.originX + c * g.spacingX;
    const z = g.originZ + r * g.spacingZ;
    positions.set([x, g.heights[r * g.columns + c]!, z, x, bottom, z], i * 6);
  });
  const indices: number[] = [];
  for (let i = 0; i + 1 < ring.length; i++) {
    const a = i * 2;
    indices.push(a, a + 1, a + 2, a + 2, a + 1, a + 3);
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setIndex(indices);
  geometry.computeVertexNormals();
  return geometry;
}

export interface TableFrameProps {
  grid: HeightGrid;
  width: number;
  depth: number;
  /** Height of flat ground on the board (relief base). */
  base: number;
}

export function TableFrame({ grid, width, depth, base }: TableFrameProps) {
  let low = Infinity;
  for (const v of grid.heights) if (v < low) low = v;
  const bottom = Math.min(base, low) - BOARD_THICKNESS;
  const top = base + 0.5;
  const skirt = useMemo(() => skirtGeometry(grid, bottom), [grid, bottom]);
  useEffect(() => () => skirt.dispose(), [skirt]);
  const h = top - bottom;
  const y = (top + bottom) / 2;
  const f = FRAME_WIDTH;
  const rails: Array<{ key: string; pos: [number, number, number]; size: [number, number, number] }> = [
    { key: 'south', pos: [width / 2, y, -f / 2], size: [width + 2 * f, h, f] },
    { key: 'north', pos: [width / 2, y, depth + f / 2], size: [width + 2 * f, h, f] },
    { key: 'west', pos: [-f / 2, y, depth / 2], size: [f, h, depth] },
    { key: 'east', pos: [width + f / 2, y, depth / 2], size: [f, h, depth] },
  ];
  return (
    <group name="table-frame">
      <mesh geometry={skirt}>
        <meshStandardMaterial color={PALETTE.tableSide} roughness={0.8} side={DoubleSide} />
      </mesh>
      {rails.map((r) => (
        <mesh key={r.key} position={r.pos}>
          <boxGeometry args={r.size} />
          <meshStandardMaterial color={PALETTE.tableEdge} roughness={0.6} metalness={0} />
        </mesh>
      ))}
      <mesh position={[width / 2, bottom - FLOOR_DROP, depth / 2]} rotation={[-Math.PI / 2, 0, 0]}>
        <planeGeometry args={[Math.max(width, depth) * 8, Math.max(width, depth) * 8]} />
        <meshStandardMaterial color={PALETTE.floor} roughness={1} metalness={0} side={DoubleSide} />
      </mesh>
    </group>
  );
}
