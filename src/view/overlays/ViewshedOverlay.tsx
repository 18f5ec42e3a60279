// The viewshed heat-map draped over the terrain (what the observer sees at the chosen target
// height), and a marker at the observer's eye that shows through walls. Draws the battlefield's
// result as it is; decides nothing.
import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { useStore } from '../store';
import type { TableModel } from '../table-model';
import { overlayProbe } from './overlay-probe';
import { cellTransform, drapeGeometry, viewshedTexture } from './viewshed-texture';
import { viewshedStore, type ViewshedResult } from './viewshed-store';

const EYE_COLOUR = '#ffe08a';

export interface ViewshedOverlayProps {
  model: TableModel;
}

export function ViewshedOverlay({ model }: ViewshedOverlayProps) {
  const state = useStore(viewshedStore);
  const invalidate = useThree((s) => s.invalidate);
  const { width, depth } = model.scenario.table;
  const geometry = useMemo(() => drapeGeometry(model.grid, width, depth), [model.grid, width, depth]);
  useEffect(() => () => geometry.dispose(), [geometry]);
  const result = state.on ? state.result : null;
  const texture = useMemo(() => {
    if (!result) return null;
    const tex = viewshedTexture(result.viewshed);
    const t = cellTransform(result.viewshed, width, depth);
    tex.repeat.set(...t.repeat);
    tex.offset.set(...t.offset);
    return tex;
  }, [result, width, depth]);
  useEffect(() => {
    overlayProbe.texture = texture;
    overlayProbe.result = texture ? result : null;
    invalidate();
    return () => {
      texture?.dispose();
      if (overlayProbe.texture === texture) {
        overlayProbe.texture = null;
        overlayProbe.result = null;
      }
    };
  }, [texture, result, invalidate]);

  if (!texture || !result) return null;
  const [ex, ey, ez] = result.eye;
  return (
    <group name="overlay:viewshed">
      <mesh geometry={geometry} renderOrder={10} name="overlay:viewshed-drape">
        <meshBasicMaterial
          map={texture}
          transparent
          depthWrite={false}
          toneMapped={false}
          fog={false}
          polygonOffset
          polygonOffsetFactor={-2}
          polygonOffsetUnits={-4}
        />
      </mesh>
      <mesh position={[ex, ey, ez]} renderOrder={30}>
        <sphereGeometry args={[0.55, 16, 10]} />
        <meshBasicMaterial color={EYE_COLOUR} depthTest={false} depthWrite={false} transparent opacity={0.95} toneMapped={false} fog={false} />
      </mesh>
      <mesh position={[ex, ey, ez]} renderOrder={29}>
        <sphereGeometry args={[1.3, 16, 10]} />
        <meshBasicMaterial color={EYE_COLOUR} depthTest={false} depthWrite={false} transparent opacity={0.25} toneMapped={false} fog={false} />
      </mesh>
    </group>
  );
}
