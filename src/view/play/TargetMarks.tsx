// Targets of the active unit: a ring under each figure of every target unit (green when it may be
// shot, grey when the rules refuse it), a label on hover (name, distance and cover, or the reason and
// rule), and thin sight lines from the active unit's centre to each shootable target — drawn from
// the PlayView's answers; the view computes no line of sight.
import { Html, Line } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import type { Vec3 } from '../../core';
import type { PlayTarget } from '../../game';
import type { FigurePose } from '../Figures';
import { ringGeometry } from '../presenter/highlight-geometry';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
import { centreOf } from './play-geometry';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

export interface TargetMarksProps {
  targets: readonly PlayTarget[];
  poses: readonly FigurePose[];
  activeUnitId: string | undefined;
  /** Unit under the pointer (its label shows). */
  hoveredUnitId: string | null;
}

/** One line of a target's label. */
export function targetLabel(t: PlayTarget): string {
  if (!t.command) return `${t.name}: ${t.refusal?.reason ?? 'may not be shot'}${t.refusal?.rule ? ` (${t.refusal.rule})` : ''}`;
  const seen = t.visible < t.total ? ` · ${t.visible}/${t.total} seen` : '';
  return `${t.name} · ${t.distance.toFixed(1)} ${t.unit} · ${t.cover}${seen}`;
}

function centre(poses: readonly FigurePose[], lift: number): Vec3 | null {
  const c = centreOf(poses.map((p) => [p.position[0], p.position[2]]));
  if (!c) return null;
  return [c[0], Math.max(...poses.map((p) => p.position[1])) + lift, c[1]];
}

export function TargetMarks({ targets, poses, activeUnitId, hoveredUnitId }: TargetMarksProps) {
  const ring = useMemo(() => ringGeometry(0.8, 1.1), []);
  useEffect(() => () => ring.dispose(), [ring]);
  if (targets.length === 0) return null;
  const of = (unitId: string) => poses.filter((p) => p.unitId === unitId);
  const from = activeUnitId ? centre(of(activeUnitId), 1.4) : null;
  return (
    <group name="play:targets">
      {targets.map((t) => {
        const figures = of(t.unitId);
        const colour = t.command ? PLAY_COLOURS.shootable : PLAY_COLOURS.refused;
        const to = centre(figures, 1.2);
        return (
          <group key={t.unitId} name={`play:target:${t.unitId}`}>
            {figures.map((p) => (
              <mesh key={p.figureId} geometry={ring} position={[p.position[0], p.position[1] + 0.06, p.position[2]]} renderOrder={OVERLAY_ORDER}>
                <meshBasicMaterial color={colour} transparent opacity={0.9} depthWrite={false} toneMapped={false} fog={false} side={2} />
              </mesh>
            ))}
            {t.command && from && to && <Line points={[from, to]} color={PLAY_COLOURS.sight} lineWidth={1.2} opacity={0.55} {...overlay} />}
            {to && hoveredUnitId === t.unitId && (
              <Html position={[to[0], to[1] + 1.5, to[2]]} style={labelStyle(colour)} zIndexRange={[6, 0]}>
                <span data-testid="play-target-label" data-unit={t.unitId}>{targetLabel(t)}</span>
              </Html>
            )}
          </group>
        );
      })}
    </group>
  );
}
