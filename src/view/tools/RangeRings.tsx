// Range rings around the selected figure (measure tool): one ring per radius in the panel's list,
// measured from the base edge and draped over the ground, with its radius written on the ring.
import { Html, Line } from '@react-three/drei';
import { useMemo } from 'react';
import { CM_PER_INCH } from '../../core';
import { LINE_SIDE, OVERLAY_ORDER, TOOL_COLOURS } from './colours';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';

const lineStyle = { side: LINE_SIDE, depthWrite: false, toneMapped: false, fog: false, transparent: true, opacity: 0.9, renderOrder: OVERLAY_ORDER - 1 } as const;

const labelStyle = {
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
  font: '600 11px system-ui, sans-serif',
  color: TOOL_COLOURS.ring,
  textShadow: '0 0 3px #000, 0 0 2px #000',
  transform: 'translate(-50%, -120%)',
} as const;

export interface RangeRingsProps {
  tools: ToolController;
}

export function RangeRings({ tools }: RangeRingsProps) {
  const selected = useToolState(tools, (s) => s.selected);
  const rings = useToolState(tools, (s) => s.rings);
  const tool = useToolState(tools, (s) => s.tool);
  const show = tool === 'measure' && rings.visible && selected !== null;
  const unit = tools.lengthUnit;
  const drawn = useMemo(() => (show && selected ? tools.rangeRings(selected, rings.radii) : []), [show, selected, rings.radii, tools]);
  if (!show) return null;
  return (
    <group name="tools:rings">
      {drawn.map(({ radius, runs }) => (
        <group key={radius}>
          {runs.map((run, i) => (
            <Line key={i} points={run} color={TOOL_COLOURS.ring} lineWidth={2} {...lineStyle} />
          ))}
          {runs[0] && (
            <Html position={runs[0][0]} style={labelStyle} zIndexRange={[2, 0]}>
              {unit === 'in' ? `${(radius / CM_PER_INCH).toFixed(1)}″` : `${radius} cm`}
            </Html>
          )}
        </group>
      ))}
    </group>
  );
}
