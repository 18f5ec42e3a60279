// A refusal (a move or shot the rules would not take) shown over the unit for a few seconds, with
// its rule id, then gone.
import { Html } from '@react-three/drei';
import { useEffect } from 'react';
import type { FigurePose } from '../Figures';
import { useStore, type Store } from '../store';
import { labelStyle, PLAY_COLOURS } from './colours';
import { REFUSAL_MS, type ShownRefusal } from './drag-store';
import { centreOf } from './play-geometry';

export interface RefusalLabelProps {
  refusal: Store<ShownRefusal | null>;
  poses: readonly FigurePose[];
}

export function RefusalLabel({ refusal, poses }: RefusalLabelProps) {
  const shown = useStore(refusal);
  useEffect(() => {
    if (!shown) return;
    const t = setTimeout(() => refusal.set((cur) => (cur === shown ? null : cur)), Math.max(0, shown.since + REFUSAL_MS - performance.now()));
    return () => clearTimeout(t);
  }, [shown, refusal]);
  if (!shown) return null;
  const figures = poses.filter((p) => p.unitId === shown.unitId);
  const c = centreOf(figures.map((p) => [p.position[0], p.position[2]]));
  if (!c) return null;
  const y = Math.max(...figures.map((p) => p.position[1])) + 4.5;
  return (
    <Html position={[c[0], y, c[1]]} style={{ ...labelStyle(PLAY_COLOURS.beyond, '#fff8f0'), whiteSpace: 'normal', width: 'max-content', maxWidth: '260px' }} zIndexRange={[7, 0]}>
      <span data-testid="play-refusal" data-rule={shown.rule ?? ''}>
        {shown.reason}
        {shown.rule ? ` (${shown.rule})` : ''}
      </span>
    </Html>
  );
}
