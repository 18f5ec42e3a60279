// Arcs the rules read around figures (PlayFigure.arcs: a turret's traverse, a hull's front), drawn as
// thin wedges on the ground from where the game has each figure; a vehicle's arcs turn with it. A
// wedge reaching past the table's edge is drawn to the edge.
import { Line } from '@react-three/drei';
import type { PlayArc, PlayUnit } from '../../game';
import type { TableModel } from '../table-model';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { PLAY_COLOURS } from './colours';
import { arcOutline, clipToTable } from './outlines';
import { drawHeight } from './surface';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

const ARC_COLOURS: Record<PlayArc['kind'], string> = {
  turret: PLAY_COLOURS.arc, fire: PLAY_COLOURS.arc, 'hull-front': PLAY_COLOURS.reach, 'hull-side': PLAY_COLOURS.refused, 'hull-rear': PLAY_COLOURS.refused,
};

export interface ArcMarksProps {
  units: readonly PlayUnit[];
  model: TableModel;
}

export function ArcMarks({ units, model }: ArcMarksProps) {
  const arcs = units.flatMap((u) => u.figures.filter((f) => !f.removed && f.arcs?.length).flatMap((f) => f.arcs!.map((a, i) => ({ key: `${f.id}:${i}`, at: f.at, floor: f.floor, arc: a }))));
  if (arcs.length === 0) return null;
  return (
    <group name="play:arcs">
      {arcs.map(({ key, at, floor, arc }) => {
        const { width, depth } = model.scenario.table;
        const ring = clipToTable(arcOutline(at, arc), width, depth).map(([x, z]) => [x, drawHeight(model, [x, z], floor) + 0.2, z] as [number, number, number]);
        if (ring.length < 2) return null;
        return <Line key={key} name={`play:arc:${key}`} points={[...ring, ring[0]!]} color={ARC_COLOURS[arc.kind]} lineWidth={1.5} opacity={0.8} {...overlay} />;
      })}
    </group>
  );
}
