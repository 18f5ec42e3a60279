// Marks on the game's figures: a gold ring and soft halo under every figure of the active unit, and
// over pinned or routing units a coloured pin on each figure (smaller and lower over a prone one,
// marker-pins.ts; higher when the camera is low) and a chip naming the state; over a hidden unit its owner sees (the enemy's screen
// never gets it), or over a unit whose hidden token both sides see, a "hidden" chip and pins; a pale blue ring round each soldier picked in the HUD (the
// covering-fire choice).
import { Html } from '@react-three/drei';
import { useFrame } from '@react-three/fiber';
import { useEffect, useMemo, useRef } from 'react';
import { type Mesh, Vector3 } from 'three';
import type { PlayUnit } from '../../game';
import type { FigurePose } from '../Figures';
import { haloGeometry, pinGeometry, ringGeometry } from '../presenter/highlight-geometry';
import { OVERLAY_ORDER } from '../tools/colours';
import { labelStyle, PLAY_COLOURS } from './colours';
import { centreOf } from './play-geometry';
import { elevationOf, pinPlace, pronePinLift, STANDING_PIN } from './marker-pins';
import { unitToken } from './play-poses';

export interface PlayMarkersProps {
  units: readonly PlayUnit[];
  poses: readonly FigurePose[];
  activeUnitId: string | undefined;
  /** Figures the HUD has picked (the covering-fire choice): a pale blue ring each. */
  picked?: readonly string[];
}

const viewDir = new Vector3();

export function PlayMarkers({ units, poses, activeUnitId, picked = [] }: PlayMarkersProps) {
  // Prone figures' pins, with their figure's base height: lifted each frame for the camera's elevation.
  const pronePins = useRef(new Map<string, { mesh: Mesh; base: number }>());
  useFrame(({ camera }) => {
    if (pronePins.current.size === 0) return;
    const lift = pronePinLift(elevationOf(camera.getWorldDirection(viewDir).y));
    for (const { mesh, base } of pronePins.current.values()) mesh.position.y = base + lift;
  });
  const g = useMemo(() => ({ ring: ringGeometry(), halo: haloGeometry(), pin: pinGeometry(0.4, 0.9), pick: ringGeometry(1.15, 1.45) }), []);
  useEffect(() => () => Object.values(g).forEach((x) => x.dispose()), [g]);
  const byUnit = useMemo(() => {
    const m = new Map<string, FigurePose[]>();
    for (const p of poses) m.set(p.unitId, [...(m.get(p.unitId) ?? []), p]);
    return m;
  }, [poses]);
  const active = activeUnitId ? byUnit.get(activeUnitId) ?? [] : [];
  const flagged = units.flatMap((u) => {
    const kind = unitToken(u);
    const figures = byUnit.get(u.id);
    return kind && figures?.length ? [{ unit: u, kind, figures }] : [];
  });
  return (
    <group name="play:markers">
      {active.map((p) => (
        <group key={p.figureId} position={[p.position[0], p.position[1] + 0.05, p.position[2]]}>
          <mesh geometry={g.halo} renderOrder={OVERLAY_ORDER}>
            <meshBasicMaterial color={PLAY_COLOURS.active} vertexColors transparent depthWrite={false} toneMapped={false} fog={false} side={2} />
          </mesh>
          <mesh geometry={g.ring} renderOrder={OVERLAY_ORDER + 1}>
            <meshBasicMaterial color={PLAY_COLOURS.active} transparent opacity={0.95} depthWrite={false} toneMapped={false} fog={false} side={2} />
          </mesh>
        </group>
      ))}
      {poses.filter((p) => picked.includes(p.figureId)).map((p) => (
        <mesh key={`pick:${p.figureId}`} name={`play:picked:${p.figureId}`} geometry={g.pick} position={[p.position[0], p.position[1] + 0.07, p.position[2]]} renderOrder={OVERLAY_ORDER + 2}>
          <meshBasicMaterial color={PLAY_COLOURS.reach} transparent opacity={0.95} depthWrite={false} toneMapped={false} fog={false} side={2} />
        </mesh>
      ))}
      {flagged.map(({ unit, kind, figures }) => {
        const colour = PLAY_COLOURS[kind];
        const c = centreOf(figures.map((p) => [p.position[0], p.position[2]]))!;
        const top = Math.max(...figures.map((p) => p.position[1])) + STANDING_PIN.lift + 1.4;
        return (
          <group key={unit.id} name={`play:${kind}:${unit.id}`}>
            {figures.map((p) => {
              const pin = pinPlace(p);
              const prone = pin !== STANDING_PIN;
              const track = (mesh: Mesh | null) => {
                if (mesh && prone) pronePins.current.set(p.figureId, { mesh, base: p.position[1] });
                else pronePins.current.delete(p.figureId);
              };
              return (
                <mesh key={p.figureId} ref={track} geometry={g.pin} position={[p.position[0], p.position[1] + pin.lift, p.position[2]]} scale={pin.scale} renderOrder={OVERLAY_ORDER + 2}>
                  <meshBasicMaterial color={colour} depthTest={false} depthWrite={false} transparent opacity={pin.opacity} toneMapped={false} fog={false} />
                </mesh>
              );
            })}
            <Html position={[c[0], top, c[1]]} style={labelStyle(colour)} zIndexRange={[4, 0]}>
              <span data-testid="play-status-chip" data-unit={unit.id}>{kind}</span>
            </Html>
          </group>
        );
      })}
    </group>
  );
}
