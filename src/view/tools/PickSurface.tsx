// Clicks on the ground, water and solids (buildings, walls, bridges) become table points for the
// tools. Only (x, z) is taken from the hit; the mesh's height is passed as a hint for which floor
// was meant — every height the tools show comes from the battlefield.
import type { ThreeEvent } from '@react-three/fiber';
import { type ReactNode, useMemo } from 'react';
import { worldToTable } from '../TableSpace';
import type { ToolController } from './tool-controller';

export interface PickSurfaceProps {
  tools?: ToolController | undefined;
  children?: ReactNode;
}

/** A click moves the pointer at most this many pixels; more is a camera drag. */
export const CLICK_SLOP = 4;

export function PickSurface({ tools, children }: PickSurfaceProps) {
  const onClick = useMemo(() => {
    if (!tools) return undefined;
    const { width, depth } = tools.model.scenario.table;
    return (e: ThreeEvent<MouseEvent>) => {
      if (e.delta > CLICK_SLOP) return;
      e.stopPropagation();
      const [x, y, z] = worldToTable(width, depth, e.point.x, e.point.y, e.point.z);
      tools.pickSurface({ x, y, z });
    };
  }, [tools]);
  return (
    <group name="pick-surface" onClick={onClick}>
      {children}
    </group>
  );
}
