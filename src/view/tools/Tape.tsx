// The measuring tape (ART.md §11): a tape-yellow line from surface to surface with dark ticks every
// 5 cm (every inch where the scenario reads inches) and a label with the 3D length in cm and inches.
import { Html, Line } from '@react-three/drei';
import { useMemo } from 'react';
import { CM_PER_INCH, type Vec3 } from '../../core';
import { TAPE_LIFT as LIFT, tapeTicks } from './overlay-geometry';
import { LINE_SIDE, OVERLAY_ORDER, TOOL_COLOURS } from './colours';
import { Dot } from './Dot';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

const labelStyle = {
  pointerEvents: 'none',
  whiteSpace: 'nowrap',
  font: '600 12px system-ui, sans-serif',
  color: '#1d1a12',
  background: TOOL_COLOURS.tape,
  borderRadius: '3px',
  padding: '1px 6px',
  transform: 'translate(10px, -50%)',
  boxShadow: '0 1px 3px rgba(0,0,0,0.45)',
} as const;

export interface TapeProps {
  tools: ToolController;
}

export function Tape({ tools }: TapeProps) {
  const m = useToolState(tools, (s) => s.measure);
  const tool = useToolState(tools, (s) => s.tool);
  const unit = tools.lengthUnit;
  const r = m.report;
  const ticks = useMemo(() => (r ? tapeTicks(r.from, r.to, unit === 'in' ? CM_PER_INCH : 5) : []), [r, unit]);
  if (tool !== 'measure') return null;
  if (!r) return m.first ? <Dot at={[m.first.at[0], m.first.stand + LIFT, m.first.at[1]]} colour={TOOL_COLOURS.tape} size={0.25} /> : null;
  const a: Vec3 = [r.from[0], r.from[1] + LIFT, r.from[2]];
  const b: Vec3 = [r.to[0], r.to[1] + LIFT, r.to[2]];
  const inches = r.distance / CM_PER_INCH;
  return (
    <group name="tools:tape">
      <Line points={[a, b]} color={TOOL_COLOURS.tape} lineWidth={4} {...overlay} />
      {ticks.length > 0 && <Line points={ticks} segments color={TOOL_COLOURS.tapeTick} lineWidth={1.5} {...overlay} renderOrder={OVERLAY_ORDER + 1} />}
      <Dot at={a} colour={TOOL_COLOURS.tape} size={0.25} />
      <Dot at={b} colour={TOOL_COLOURS.tape} size={0.25} />
      <Html position={b} style={labelStyle} zIndexRange={[3, 0]}>
        <span data-testid="tape-label">
          {r.distance.toFixed(1)} cm · {inches.toFixed(1)}″
        </span>
      </Html>
    </group>
  );
}
