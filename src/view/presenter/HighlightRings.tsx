// Units named by the open presentation beat, where they stand now (the set-up, or the game's
// positions in play): a glowing ring under every figure's base (widened round a vehicle's hull) and
// one slim pin over each unit that shows through roofs and walls, so a unit on a tower floor is found too.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { type InstancedMesh, Matrix4, Quaternion, Vector3 } from 'three';
import { figurePoses } from '../Figures';
import { useStore } from '../store';
import type { TableModel } from '../table-model';
import { vehiclePoses } from '../vehicle-geometry';
import { haloGeometry, pinGeometry, ringGeometry, unitPins } from './highlight-geometry';
import { highlightProbe } from './highlight-probe';
import { highlightedUnits, presenterStore } from './presenter';
import { currentPlaces, figurePlace, unitPlacesStore, vehiclePlace, type PlacedFigure } from './unit-places';

export const HIGHLIGHT_COLOUR = '#ffcf5a';


const m = new Matrix4();
const q = new Quaternion();
const at = new Vector3();
const size = new Vector3();

/** Figures and vehicles of the scenario's set-up, where the highlight goes when no game is on. */
function deployedPlaces(model: TableModel): PlacedFigure[] {
  const stand = model.standHeight.bind(model);
  return [...figurePoses(model.scenario, stand).map(figurePlace), ...vehiclePoses(model.scenario, stand).map(vehiclePlace)];
}

export interface HighlightRingsProps {
  model: TableModel;
}

export function HighlightRings({ model }: HighlightRingsProps) {
  const state = useStore(presenterStore);
  const places = useStore(unitPlacesStore);
  const units = highlightedUnits(state, places);
  // This table's set-up is where units are found when no game is on (play publishes its own places).
  useEffect(() => {
    unitPlacesStore.set((s) => ({ ...s, deployed: deployedPlaces(model) }));
  }, [model]);
  const poses = currentPlaces(places);
  const chosen = useMemo(() => {
    const set = new Set(units);
    return poses.filter((p) => set.has(p.unitId));
  }, [poses, units]);
  const pins = useMemo(() => unitPins(chosen), [chosen]);
  const geometries = useMemo(() => ({ ring: ringGeometry(), halo: haloGeometry(), pin: pinGeometry() }), []);
  useEffect(() => () => Object.values(geometries).forEach((g) => g.dispose()), [geometries]);
  const ring = useRef<InstancedMesh>(null);
  const halo = useRef<InstancedMesh>(null);
  const pin = useRef<InstancedMesh>(null);

  useLayoutEffect(() => {
    highlightProbe.figures = chosen.map((p) => p.figureId);
    highlightProbe.units = [...new Set(chosen.map((p) => p.unitId))];
    highlightProbe.stands = chosen.map((p) => [...p.position]);
    chosen.forEach((p, i) => {
      const [x, y, z] = p.position;
      m.compose(at.set(x, y + 0.05, z), q, size.setScalar(p.scale));
      ring.current?.setMatrixAt(i, m);
      halo.current?.setMatrixAt(i, m);
    });
    pins.forEach((p, i) => {
      m.makeTranslation(...p.at);
      pin.current?.setMatrixAt(i, m);
    });
    for (const mesh of [ring.current, halo.current, pin.current]) {
      if (!mesh) continue;
      mesh.count = mesh === pin.current ? pins.length : chosen.length;
      mesh.instanceMatrix.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    return () => {
      highlightProbe.figures = [];
      highlightProbe.units = [];
      highlightProbe.stands = [];
    };
  }, [chosen, pins]);

  if (chosen.length === 0) return null;
  const n = chosen.length;
  return (
    <group name="presenter-highlight">
      <instancedMesh ref={halo} args={[geometries.halo, undefined, n]} renderOrder={20} frustumCulled={false}>
        <meshBasicMaterial color={HIGHLIGHT_COLOUR} vertexColors transparent depthWrite={false} toneMapped={false} fog={false} side={2} />
      </instancedMesh>
      <instancedMesh ref={ring} args={[geometries.ring, undefined, n]} renderOrder={21} frustumCulled={false}>
        <meshBasicMaterial color={HIGHLIGHT_COLOUR} transparent opacity={0.95} depthWrite={false} toneMapped={false} fog={false} side={2} />
      </instancedMesh>
      <instancedMesh name="presenter-pins" ref={pin} args={[geometries.pin, undefined, Math.max(1, pins.length)]} renderOrder={22} frustumCulled={false}>
        <meshBasicMaterial color={HIGHLIGHT_COLOUR} transparent opacity={0.9} depthTest={false} depthWrite={false} toneMapped={false} fog={false} />
      </instancedMesh>
    </group>
  );
}
