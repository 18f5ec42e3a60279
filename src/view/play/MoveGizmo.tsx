// The move gizmo: each figure's reach outline (the model's ring, draped on the ground — shorter in
// difficult terrain because the rules computed it so), and during a drag a ghost at every
// destination, red when outside that figure's outline (a hint: the rules decide on release), with a
// dashed line from the dragged figure to its ghost and the tape the rules measure (3D: a storey
// climbed counts its height), with the destination floor when the move is in or into a building.
import { Html, Line } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import type { Vec3 } from '../../core';
import type { PlayMoveOffer, PlayUnit } from '../../game';
import { figureBodyGeometry } from '../figure-geometry';
import { useStore, type Store } from '../store';
import type { TableModel } from '../table-model';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
import { dragTargets, type MoveDrag } from './drag-store';
import { drapeRing, flatDistance, pointInRing } from './play-geometry';
import { drawHeight, floorAt, floorName, floorsAt, moveTape, onTable } from './surface';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

export interface MoveGizmoProps {
  model: TableModel;
  move: PlayMoveOffer;
  unit: PlayUnit | undefined;
  drag: Store<MoveDrag | null>;
}

export function MoveGizmo({ model, move, unit, drag }: MoveGizmoProps) {
  const rings = useMemo(
    () => Object.entries(move.reach).filter(([, r]) => r.length > 2).map(([id, r]) => ({ id, points: drapeRing(r, (x, z) => model.groundHeight(x, z)) })),
    [move, model],
  );
  return (
    <group name="play:move">
      {rings.map((r) => (
        <Line key={r.id} points={r.points} color={PLAY_COLOURS.reach} lineWidth={2} opacity={0.85} {...overlay} />
      ))}
      <Ghosts model={model} move={move} unit={unit} drag={drag} />
    </group>
  );
}

function Ghosts({ model, move, unit, drag }: MoveGizmoProps) {
  const d = useStore(drag);
  const body = useMemo(() => figureBodyGeometry(), []);
  useEffect(() => () => body.dispose(), [body]);
  if (!d || !unit || d.unitId !== unit.id) return null;
  const targets = dragTargets(d, unit, (to, floor) => floorAt(model, to, floor));
  const dragged = unit.figures.find((f) => f.id === d.figureId);
  const stand = (p: [number, number], floor?: number) => drawHeight(model, p, floor);
  const tether = targets.find((t) => t.figureId === d.figureId);
  return (
    <group name="play:ghosts">
      {targets.map((t) => {
        const ring = move.reach[t.figureId];
        const beyond = !onTable(model, t.to) || (ring && ring.length > 2 ? !pointInRing(t.to, ring) : false);
        const facing = unit.figures.find((f) => f.id === t.figureId)?.facing ?? 0;
        return (
          <mesh key={t.figureId} geometry={body} position={[t.to[0], stand(t.to, t.floor), t.to[1]]} rotation={[0, (facing * Math.PI) / 180, 0]} renderOrder={OVERLAY_ORDER + 1} name={beyond ? 'play:ghost:beyond' : 'play:ghost'}>
            <meshBasicMaterial color={beyond ? PLAY_COLOURS.beyond : PLAY_COLOURS.ghost} transparent opacity={0.6} depthWrite={false} toneMapped={false} fog={false} />
          </mesh>
        );
      })}
      {dragged && tether && (
        <Tether
          from={dragged.at}
          fromY={stand(dragged.at, dragged.floor)}
          to={tether.to}
          toY={stand(tether.to, tether.floor)}
          tape={moveTape(model, dragged.at, dragged.floor ?? 0, tether.to, tether.floor)}
          floor={(tether.floor ?? 0) !== (dragged.floor ?? 0) || floorsAt(model, tether.to) > 1 ? tether.floor ?? 0 : undefined}
        />
      )}
    </group>
  );
}

/** `floor`: the destination storey, named in the label when the move is in or into a building. */
function Tether({ from, fromY, to, toY, tape, floor }: { from: [number, number]; fromY: number; to: [number, number]; toY: number; tape: number; floor: number | undefined }) {
  const a: Vec3 = [from[0], fromY + 0.3, from[1]];
  const b: Vec3 = [to[0], toY + 0.3, to[1]];
  // A move straight up or down a storey has no plan distance but still a tape.
  if (flatDistance(from, to) < 0.05 && tape < 0.05) return null;
  return (
    <>
      <Line points={[a, b]} color={PLAY_COLOURS.ghost} lineWidth={2} dashed dashSize={0.8} gapSize={0.5} {...overlay} />
      <Html position={[b[0], b[1] + 2.2, b[2]]} style={labelStyle(PLAY_COLOURS.ghost)} zIndexRange={[5, 0]}>
        {floor !== undefined && <span data-testid="play-drag-floor" data-floor={floor}>→ {floorName(floor)}, </span>}
        <span data-testid="play-drag-distance">{tape.toFixed(1)} cm</span>
      </Html>
    </>
  );
}
