// The LOS overlay: each sight line green up to the first blocker and red (dashed) after it, the
// blocking point as a small red diamond, the observer's eye as a marker (EyeMarker) and a point
// target as a pale dot. Drawn over everything.
import { Line } from '@react-three/drei';
import type { Vec3 } from '../../core';
import { OVERLAY_ORDER, TOOL_COLOURS } from './colours';
import type { SightLine } from './sight';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';
import { Dot, OVERLAY } from './Dot';
import { EyeMarker } from './EyeMarker';

const overlay = OVERLAY;

/** The blocker's marker: 0.45 cm, or seen from the eye a small fixed share of the view (never filling it). */
function Diamond({ at, eye }: { at: Vec3; eye: Vec3 | null }) {
  const size = eye ? Math.min(0.45, 0.012 * Math.hypot(at[0] - eye[0], at[1] - eye[1], at[2] - eye[2])) : 0.45;
  return (
    <mesh position={at} renderOrder={OVERLAY_ORDER + 1} name="tools:blocker">
      <octahedronGeometry args={[size, 0]} />
      <meshBasicMaterial color={TOOL_COLOURS.blocked} {...overlay} />
    </mesh>
  );
}

function Sight({ line, eye }: { line: SightLine; eye: Vec3 | null }) {
  if (!line.blockAt) return <Line points={[line.from, line.to]} color={TOOL_COLOURS.clear} lineWidth={3} {...overlay} />;
  return (
    <>
      <Line points={[line.from, line.blockAt]} color={TOOL_COLOURS.clear} lineWidth={3} {...overlay} />
      <Line points={[line.blockAt, line.to]} color={TOOL_COLOURS.blocked} lineWidth={2.5} dashed dashSize={1.2} gapSize={0.8} {...overlay} />
      <Diamond at={line.blockAt} eye={eye} />
    </>
  );
}

export interface SightLinesProps {
  tools: ToolController;
}

export function SightLines({ tools }: SightLinesProps) {
  const los = useToolState(tools, (s) => s.los);
  const tool = useToolState(tools, (s) => s.tool);
  const eye = useToolState(tools, (s) => s.eye);
  const report = los.report;
  if (tool !== 'los' && !eye) return null;
  if (!report) {
    // Observer picked, target not yet: mark the observer's eye.
    return tool === 'los' && los.first && !los.target ? <EyeMarker end={los.first} /> : null;
  }
  return (
    <group name="tools:sight">
      {report.lines.map((l, i) => (
        <Sight key={i} line={l} eye={eye?.from ?? null} />
      ))}
      {!eye && <EyeMarker end={report.observer} />}
      {report.target.kind === 'point' && <Dot at={report.to} colour={TOOL_COLOURS.point} size={0.22} />}
    </group>
  );
}
