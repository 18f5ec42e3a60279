// Rings under figure bases: the selection (tape gold), the figure under the pointer (pale), and in
// the LOS tool each target figure coloured by how much of it is seen (green all, amber part, red none).
import { useEffect, useMemo } from 'react';
import { TorusGeometry } from 'three';
import type { Vec3 } from '../../core';
import { BASE_RADIUS } from '../figure-geometry';
import { OVERLAY_ORDER, TOOL_COLOURS } from './colours';
import type { ToolController } from './tool-controller';
import { useHover, useToolState } from './use-tools';

function Ring({ at, colour, geometry, opacity = 1 }: { at: Vec3; colour: string; geometry: TorusGeometry; opacity?: number }) {
  return (
    <mesh geometry={geometry} position={[at[0], at[1] + 0.05, at[2]]} renderOrder={OVERLAY_ORDER}>
      <meshBasicMaterial color={colour} toneMapped={false} fog={false} transparent opacity={opacity} depthWrite={false} />
    </mesh>
  );
}

export interface FigureMarkersProps {
  tools: ToolController;
}

export function FigureMarkers({ tools }: FigureMarkersProps) {
  const selected = useToolState(tools, (s) => s.selected);
  const report = useToolState(tools, (s) => (s.tool === 'los' ? s.los.report : null));
  const eye = useToolState(tools, (s) => s.eye);
  const hover = useHover(tools);
  const geometry = useMemo(() => new TorusGeometry(BASE_RADIUS + 0.22, 0.1, 6, 28).rotateX(Math.PI / 2), []);
  const small = useMemo(() => new TorusGeometry(BASE_RADIUS + 0.12, 0.06, 6, 28).rotateX(Math.PI / 2), []);
  useEffect(() => () => {
    geometry.dispose();
    small.dispose();
  }, [geometry, small]);
  const at = (id: string | null | undefined) => (id ? tools.standPoint(id) : null);
  const sel = at(selected);
  const hov = hover && hover.figureId !== selected ? at(hover.figureId) : null;
  return (
    <group name="tools:markers">
      {sel && !eye && <Ring at={sel} colour={TOOL_COLOURS.selected} geometry={geometry} />}
      {hov && <Ring at={hov} colour={TOOL_COLOURS.hover} geometry={small} opacity={0.8} />}
      {report?.figures.map((f) => {
        const p = at(f.figureId);
        const colour = f.fraction >= 1 ? TOOL_COLOURS.clear : f.fraction > 0 ? TOOL_COLOURS.partial : TOOL_COLOURS.blocked;
        return p ? <Ring key={f.figureId} at={p} colour={colour} geometry={small} /> : null;
      })}
    </group>
  );
}
