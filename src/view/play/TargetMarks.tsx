// Targets on the table: a ring under each figure of every target unit of the active unit (green when
// it may be shot, grey when the rules refuse it), and, for another unit shooting now (a targets panel:
// Kuularuisku's covering-fire half, K-1.1b), a wider blue ring under each of its targets; a label on hover (name, distance and
// cover, or the reason and rule) and thin sight lines from the shooting unit's centre to each
// shootable target — drawn from the PlayView's answers; the view computes no line of sight.
import { Html, Line } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import type { BufferGeometry } from 'three';
import { formatDistance, type Measure, type Vec3 } from '../../core';
import type { PlayTarget, PlayTargetsPanel } from '../../game';
import { withoutMarks } from '../../scenario';
import type { FigurePose } from '../Figures';
import { ringGeometry } from '../presenter/highlight-geometry';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
import { centreOf } from './play-geometry';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

export interface TargetMarksProps {
  targets: readonly PlayTarget[];
  /** Other units' targets (the view's targets panels). */
  support?: readonly PlayTargetsPanel[];
  /** The view's unit of measure for the labels. */
  measure?: Measure | undefined;
  poses: readonly FigurePose[];
  activeUnitId: string | undefined;
  /** Unit under the pointer (its label shows). */
  hoveredUnitId: string | null;
}

/** One line of a target's label. */
export function targetLabel(t: PlayTarget, measure?: Measure): string {
  if (!t.command) return `${withoutMarks(t.name)}: ${t.refusal?.reason ?? 'may not be shot'}${t.refusal?.rule ? ` (${t.refusal.rule})` : ''}`;
  const seen = t.visible < t.total ? ` · ${t.visible}/${t.total} seen` : '';
  return `${withoutMarks(t.name)} · ${formatDistance(t.distance, measure)} · ${t.cover}${seen}`;
}

function centre(poses: readonly FigurePose[], lift: number): Vec3 | null {
  const c = centreOf(poses.map((p) => [p.position[0], p.position[2]]));
  if (!c) return null;
  return [c[0], Math.max(...poses.map((p) => p.position[1])) + lift, c[1]];
}

interface GroupProps {
  name: string;
  targets: readonly PlayTarget[];
  poses: readonly FigurePose[];
  from: Vec3 | null;
  ring: BufferGeometry;
  shootable: string;
  hoveredUnitId: string | null;
  /** Label lead (the covering half's name) and its test id. */
  lead?: string;
  labelId: string;
  /** Label lift above the target, so two groups' labels do not overlap. */
  labelLift: number;
  measure: Measure | undefined;
}

function TargetGroup({ name, targets, poses, from, ring, shootable, hoveredUnitId, lead, labelId, labelLift, measure }: GroupProps) {
  const of = (unitId: string) => poses.filter((p) => p.unitId === unitId);
  return (
    <group name={name}>
      {targets.map((t) => {
        const figures = of(t.unitId);
        const colour = t.command ? shootable : PLAY_COLOURS.refused;
        const to = centre(figures, 1.2);
        return (
          <group key={t.unitId} name={`${name}:${t.unitId}`}>
            {figures.map((p) => (
              <mesh key={p.figureId} geometry={ring} position={[p.position[0], p.position[1] + 0.06, p.position[2]]} renderOrder={OVERLAY_ORDER}>
                <meshBasicMaterial color={colour} transparent opacity={0.9} depthWrite={false} toneMapped={false} fog={false} side={2} />
              </mesh>
            ))}
            {t.command && from && to && <Line points={[from, to]} color={shootable} lineWidth={1.2} opacity={0.55} {...overlay} />}
            {to && hoveredUnitId === t.unitId && (
              <Html position={[to[0], to[1] + labelLift, to[2]]} style={labelStyle(colour)} zIndexRange={[6, 0]}>
                <span data-testid={labelId} data-unit={t.unitId}>{lead ? `${lead}: ` : ''}{targetLabel(t, measure)}</span>
              </Html>
            )}
          </group>
        );
      })}
    </group>
  );
}

export function TargetMarks({ targets, support = [], poses, activeUnitId, hoveredUnitId, measure }: TargetMarksProps) {
  const rings = useMemo(() => ({ own: ringGeometry(0.8, 1.1), support: ringGeometry(1.25, 1.5) }), []);
  useEffect(() => () => Object.values(rings).forEach((r) => r.dispose()), [rings]);
  if (targets.length === 0 && support.length === 0) return null;
  const from = (unitId: string | undefined) => (unitId ? centre(poses.filter((p) => p.unitId === unitId), 1.4) : null);
  return (
    <group name="play:targets">
      {targets.length > 0 && (
        <TargetGroup name="play:target" targets={targets} poses={poses} from={from(activeUnitId)} ring={rings.own} shootable={PLAY_COLOURS.shootable}
          hoveredUnitId={hoveredUnitId} labelId="play-target-label" labelLift={1.5} measure={measure} />
      )}
      {support.map((g) => (
        <TargetGroup key={`${g.id}:${g.unitId}`} name={`play:${g.id}:${g.unitId}`} targets={g.targets} poses={poses} from={from(g.unitId)} ring={rings.support}
          shootable={PLAY_COLOURS.support} hoveredUnitId={hoveredUnitId} lead={withoutMarks(g.name)} labelId={`play-${g.id}-label`} labelLift={targets.length ? 3.4 : 1.5} measure={measure} />
      ))}
    </group>
  );
}
