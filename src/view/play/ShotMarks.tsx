// The last command's shots drawn on the table (shot-lines.ts): a line from each shooter to the soldier
// he aimed at, red where a die hit and pale where all missed, with a red mark on the soldier per hit and
// a pale one beside him per miss. They stay until the next command and then fade out. From the log's
// shot records, which the rules' events filled in. While the replay scrubber shows a past moment, the
// shots are those of the command that moment belongs to (none if it fired none), not the live game's.
import { Line } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { type InstancedMesh, Object3D, SphereGeometry } from 'three';
import type { PlayLogLine, PlayShot, PlayUnit } from '../../game';
import { createStore, useStore, type Store } from '../store';
import type { TableModel } from '../table-model';
import { LINE_SIDE, OVERLAY_ORDER } from '../tools/colours';
import { PLAY_COLOURS } from './colours';
import { shotDrawing, type Point3 } from './shot-lines';
import { drawHeight } from './surface';

/** How long the marks take to fade once the next command has come, ms. */
export const SHOT_FADE_MS = 700;

export interface ShotMarksProps {
  log: Store<PlayLogLine[]>;
  /** The units as this screen sees them (a figure not among them gets no line). */
  units: readonly PlayUnit[];
  model: TableModel;
  /** The replay scrubber's position: the event on show (null: the live game). Absent: always live. */
  replay?: Store<{ at: number | null; total: number }>;
}

/** No replay: the live game. */
const LIVE = createStore<{ at: number | null; total: number }>({ at: null, total: 0 });

/**
 * The shots of the newest command in the log (none when it fired none); with `upTo`, of the command
 * the event at that index belongs to, as far as that event (the replay's moment).
 */
export function latestShots(all: readonly PlayLogLine[], upTo: number | null = null): { command: number; shots: PlayShot[] } {
  const lines = upTo === null ? all : all.filter((l) => l.index <= upTo);
  const command = lines.length ? Math.max(...lines.map((l) => l.commandIndex)) : -1;
  return { command, shots: lines.filter((l) => l.commandIndex === command && l.shot).map((l) => l.shot!) };
}

export function ShotMarks({ log, units, model, replay }: ShotMarksProps) {
  const lines = useStore(log);
  const { at } = useStore(replay ?? LIVE);
  const latest = useMemo(() => latestShots(lines, at), [lines, at]);
  const invalidate = useThree((s) => s.invalidate);
  // The shots on show: the newest command's, or the last ones fading out after a command without shots.
  const [shown, setShown] = useState<{ command: number; shots: PlayShot[]; fadeFrom: number | null } | null>(null);
  useEffect(() => {
    if (latest.shots.length) setShown({ command: latest.command, shots: latest.shots, fadeFrom: null });
    else setShown((s) => (s && s.fadeFrom === null && s.command !== latest.command ? { ...s, fadeFrom: performance.now() } : latest.command < (s?.command ?? -1) ? null : s));
  }, [latest]);
  useEffect(invalidate, [shown, invalidate]);

  const figures = useMemo(() => new Map(units.flatMap((u) => u.figures.map((f) => [f.id, f] as const))), [units]);
  const drawing = useMemo(() => {
    if (!shown) return null;
    const stand = (id: string): Point3 | undefined => {
      const f = figures.get(id);
      return f ? [f.at[0], drawHeight(model, f.at, f.floor || undefined), f.at[1]] : undefined;
    };
    return shotDrawing(shown.shots, stand, model.scenario.table);
  }, [shown, figures, model]);

  const group = useRef<import('three').Group>(null);
  useFrame(() => {
    if (!shown || shown.fadeFrom === null || !group.current) return;
    const t = (performance.now() - shown.fadeFrom) / SHOT_FADE_MS;
    if (t >= 1) {
      setShown(null);
      return;
    }
    group.current.traverse((o) => {
      const m = (o as unknown as { material?: { opacity: number; userData: { base?: number } } }).material;
      if (m) m.opacity = (m.userData.base ??= m.opacity) * (1 - t);
    });
    invalidate();
  });

  if (!shown || !drawing) return null;
  const { hitLines, missLines, hitMarks, missMarks } = drawing;
  return (
    <group key={shown.command} ref={group} name="play:shots" userData={{ command: shown.command, shots: shown.shots.length, lines: (hitLines.length + missLines.length) / 2, hits: hitMarks.length, misses: missMarks.length, fading: shown.fadeFrom !== null }}>
      {hitLines.length > 0 && <Line name="play:shot-lines:hit" points={hitLines} segments color={PLAY_COLOURS.shotHit} lineWidth={2} {...OVERLAY} opacity={0.9} />}
      {missLines.length > 0 && <Line name="play:shot-lines:miss" points={missLines} segments color={PLAY_COLOURS.shotMiss} lineWidth={1.5} dashed dashSize={0.8} gapSize={0.5} {...OVERLAY} opacity={0.75} />}
      <Marks name="play:shot-marks:hit" points={hitMarks} colour={PLAY_COLOURS.shotHit} radius={0.45} />
      <Marks name="play:shot-marks:miss" points={missMarks} colour={PLAY_COLOURS.shotMiss} radius={0.3} />
    </group>
  );
}

const OVERLAY = { side: LINE_SIDE, depthTest: false, depthWrite: false, toneMapped: false, fog: false, renderOrder: OVERLAY_ORDER, transparent: true } as const;

const SPHERE = new SphereGeometry(1, 10, 8);
const place = new Object3D();

/** Small balls at the points, one instanced draw. */
function Marks({ name, points, colour, radius }: { name: string; points: readonly Point3[]; colour: string; radius: number }) {
  const ref = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    const m = ref.current;
    if (!m) return;
    points.forEach((p, i) => {
      place.position.set(p[0], p[1], p[2]);
      place.scale.setScalar(radius);
      place.updateMatrix();
      m.setMatrixAt(i, place.matrix);
    });
    m.count = points.length;
    m.instanceMatrix.needsUpdate = true;
    m.computeBoundingSphere();
  }, [points, radius]);
  if (points.length === 0) return null;
  return (
    <instancedMesh key={points.length} ref={ref} name={name} args={[SPHERE, undefined, points.length]} renderOrder={OVERLAY_ORDER + 1} frustumCulled={false}>
      <meshBasicMaterial color={colour} transparent opacity={0.95} depthTest={false} depthWrite={false} toneMapped={false} fog={false} />
    </instancedMesh>
  );
}
