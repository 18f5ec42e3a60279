// The sight observer's eye as a marker: a ring on the surface stood on, a stalk up to the eye, the
// eye itself, and a label with its floor and eye height — so the point the verdict uses is seen.
import { Html, Line } from '@react-three/drei';
import { TOOL_COLOURS } from './colours';
import { Dot, OVERLAY as overlay } from './Dot';
import type { EndReport } from './sight';

const LABEL = {
  pointerEvents: 'none', whiteSpace: 'nowrap', font: '600 11px system-ui, sans-serif', color: '#1d1a12', background: TOOL_COLOURS.point,
  borderRadius: '3px', padding: '1px 5px', transform: 'translate(-50%, -150%)', boxShadow: '0 1px 3px rgba(0,0,0,0.45)',
} as const;

const n = (v: number) => String(Number(v.toFixed(2)));

export function EyeMarker({ end }: { end: EndReport }) {
  const [x, y, z] = end.eye;
  const ring = Array.from({ length: 25 }, (_, i) => {
    const a = (i / 24) * Math.PI * 2;
    return [x + Math.cos(a) * 0.7, end.stand + 0.05, z + Math.sin(a) * 0.7] as [number, number, number];
  });
  return (
    <group name="tools:observer-eye">
      <Line points={ring} color={TOOL_COLOURS.point} lineWidth={2} {...overlay} />
      <Line points={[[x, end.stand, z], [x, y, z]]} color={TOOL_COLOURS.point} lineWidth={2} {...overlay} />
      <Dot at={end.eye} colour={TOOL_COLOURS.point} />
      <Html position={[x, y, z]} style={LABEL} zIndexRange={[4, 0]}>
        <span data-testid="observer-eye-label">{end.building ? end.floorName : 'ground'} · eye {n(end.above)} cm</span>
      </Html>
    </group>
  );
}
