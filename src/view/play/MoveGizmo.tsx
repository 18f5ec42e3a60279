// The move gizmo: the unit's reach as one outline, the union of its figures' rings (the model's
// rings, draped on the ground — shorter in difficult terrain because the rules computed it so); with another storey chosen (the floor buttons,
// PageUp / PageDown during a drag) the cells of that storey each figure may reach, drawn at its height;
// and during a drag a ghost at every destination, red when outside that figure's reach on the
// destination's floor (a hint: the rules decide on release), with a
// dashed line from the dragged figure to its ghost and the tape the rules measure (3D: a storey
// climbed counts its height), with the destination floor when the move is in or into a building.
import { Html, Line } from '@react-three/drei';
import { useEffect, useMemo } from 'react';
import { BufferGeometry, Float32BufferAttribute } from 'three';
import { formatDistance, type Measure, type Vec3 } from '../../core';
import type { PlayMoveOffer, PlayUnit } from '../../game';
import { figureBodyGeometry } from '../figure-geometry';
import { createStore, useStore, type Store } from '../store';
import type { TableModel } from '../table-model';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
import { dragTargets, type MoveDrag } from './drag-store';
import { pressedFloor, type MoveFloor } from './move-floor';
import { beyondReach, flatDistance, type TablePoint } from './play-geometry';
import { drapeSegments, unionOutline } from './reach-outline';
import { drawHeight, floorAt, floorName, floorsAt, moveTape, onTable } from './surface';

const overlay = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

export interface MoveGizmoProps {
  model: TableModel;
  move: PlayMoveOffer;
  unit: PlayUnit | undefined;
  drag: Store<MoveDrag | null>;
  /** The storey chosen for the next drags (the HUD's floor buttons); the reach drawn for it. */
  floor?: Store<MoveFloor | null> | undefined;
  /** The view's unit of measure for the tape's label. */
  measure?: Measure | undefined;
}

const NO_FLOOR = createStore<MoveFloor | null>(null);

export function MoveGizmo({ model, move, unit, drag, floor, measure }: MoveGizmoProps) {
  // One outline for the unit (nine stacked rings read as a smudge), as line pieces on the ground.
  const outline = useMemo(
    () => drapeSegments(unionOutline(Object.values(move.reach)), (x, z) => model.groundHeight(x, z)),
    [move, model],
  );
  const d = useStore(drag);
  const chosen = useStore(floor ?? NO_FLOOR);
  // The storey shown: the one a drag is aimed at, else the one chosen for the next drags.
  const aimed = d && d.unitId === move.unitId && d.floor !== undefined ? d.floor : chosen ? pressedFloor(chosen) : null;
  // Only a storey some soldier does not stand on has cells of its own (his floor is the outline's).
  const shown = aimed !== null && unit?.figures.some((f) => !f.removed && (f.floor ?? 0) !== aimed) ? aimed : null;
  return (
    <group name="play:move">
      {outline.length > 0 && (
        <Line name="play:reach" points={outline} segments color={PLAY_COLOURS.reach} lineWidth={2} opacity={shown === null ? 0.85 : 0.4} {...overlay} />
      )}
      {shown !== null && <FloorCells model={model} move={move} unit={unit} floor={shown} />}
      <Ghosts model={model} move={move} unit={unit} drag={drag} measure={measure} />
    </group>
  );
}

/** The cells of storey `floor` each figure not standing on it may reach, one flat patch per figure at the storey's height. */
function FloorCells({ model, move, unit, floor }: { model: TableModel; move: PlayMoveOffer; unit: PlayUnit | undefined; floor: number }) {
  const geometry = useMemo(() => {
    const pos: number[] = [];
    let cells = 0;
    for (const f of unit?.figures ?? []) {
      if (f.removed || (f.floor ?? 0) === floor) continue;
      for (const r of move.floorReach?.[f.id] ?? []) {
        if (r.floor !== floor) continue;
        const h = (r.cell * 0.9) / 2;
        for (const c of r.cells) {
          const y = drawHeight(model, c as TablePoint, floor) + 0.15;
          const [x, z] = c;
          pos.push(x - h, y, z - h, x - h, y, z + h, x + h, y, z + h, x - h, y, z - h, x + h, y, z + h, x + h, y, z - h);
          cells++;
        }
      }
    }
    if (!cells) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(pos, 3));
    g.userData = { cells, floor };
    return g;
  }, [model, move, unit, floor]);
  useEffect(() => () => geometry?.dispose(), [geometry]);
  if (!geometry) return null;
  return (
    <mesh geometry={geometry} name="play:floor-reach" userData={{ floor, cells: geometry.userData.cells }} renderOrder={OVERLAY_ORDER}>
      <meshBasicMaterial color={PLAY_COLOURS.reach} transparent opacity={0.35} side={2} depthTest={false} depthWrite={false} toneMapped={false} fog={false} />
    </mesh>
  );
}

function Ghosts({ model, move, unit, drag, measure }: MoveGizmoProps) {
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
        const fig = unit.figures.find((f) => f.id === t.figureId);
        const own = fig?.floor ?? 0;
        const beyond = !onTable(model, t.to) || beyondReach(t.to, t.floor ?? 0, own, floorsAt(model, t.to), move.reach[t.figureId], move.floorReach?.[t.figureId]);
        const facing = fig?.facing ?? 0;
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
          measure={measure}
          floor={(tether.floor ?? 0) !== (dragged.floor ?? 0) || floorsAt(model, tether.to) > 1 ? tether.floor ?? 0 : undefined}
        />
      )}
    </group>
  );
}

/** `floor`: the destination storey, named in the label when the move is in or into a building. */
function Tether({ from, fromY, to, toY, tape, floor, measure }: { from: [number, number]; fromY: number; to: [number, number]; toY: number; tape: number; floor: number | undefined; measure: Measure | undefined }) {
  const a: Vec3 = [from[0], fromY + 0.3, from[1]];
  const b: Vec3 = [to[0], toY + 0.3, to[1]];
  // A move straight up or down a storey has no plan distance but still a tape.
  if (flatDistance(from, to) < 0.05 && tape < 0.05) return null;
  return (
    <>
      <Line points={[a, b]} color={PLAY_COLOURS.ghost} lineWidth={2} dashed dashSize={0.8} gapSize={0.5} {...overlay} />
      <Html position={[b[0], b[1] + 2.2, b[2]]} style={labelStyle(PLAY_COLOURS.ghost)} zIndexRange={[5, 0]}>
        {floor !== undefined && <span data-testid="play-drag-floor" data-floor={floor}>→ {floorName(floor)}, </span>}
        <span data-testid="play-drag-distance">{formatDistance(tape, measure)}</span>
      </Html>
    </>
  );
}
