// The solids with the floor cutaway applied: storeys above the chosen level removed and roofs
// faded, on every building or the one aimed at. The building under the pointer becomes the
// cutaway's candidate ("this building"). Eye view shows every solid, what the eye sees, but for the
// wall pieces right beside the eye, drawn as ghosts (eye-ghosts.ts).
import type { ThreeEvent } from '@react-three/fiber';
import type { ComponentProps } from 'react';
import { useEffect, useLayoutEffect, useMemo } from 'react';
import { useStore } from '../store';
import { Solids } from '../Solids';
import { solidGeometries } from '../solid-geometry';
import { worldToTable } from '../TableSpace';
import { cutBuildings, cutawayProbe, cutawayScope, cutSolids, fadedRoofs } from './cutaway';
import { wallsBesideEye } from './eye-ghosts';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';

export interface CutawaySolidsProps extends ComponentProps<typeof Solids> {
  tools?: ToolController | undefined;
}

/** A ghost roof: see-through, never written to depth, never picked (clicks reach the interior). */
export const FADED_OPACITY = 0.25;
const noPick = () => undefined;

function FadedRoofs({ solids, features }: ComponentProps<typeof Solids>) {
  const geometries = useMemo(() => [...solidGeometries(solids, features)], [solids, features]);
  useEffect(() => () => geometries.forEach(([, g]) => g.dispose()), [geometries]);
  return (
    <group name="solids:faded">
      {geometries.map(([part, geometry]) => (
        <mesh key={part} geometry={geometry} name={`solids:${part}-faded`} raycast={noPick} renderOrder={2}>
          <meshLambertMaterial vertexColors transparent opacity={FADED_OPACITY} depthWrite={false} />
        </mesh>
      ))}
    </group>
  );
}

/** A pointer over a solid: the building there, found a little way into the surface it hit. */
function buildingUnder(tools: ToolController, e: ThreeEvent<PointerEvent>): string | null {
  const { width, depth } = tools.model.scenario.table;
  const d = e.ray.direction;
  const [x, , z] = worldToTable(width, depth, e.point.x + d.x * 0.3, e.point.y + d.y * 0.3, e.point.z + d.z * 0.3);
  return tools.model.buildingAt(x, z)?.id ?? null;
}

function Cut({ tools, solids, features, grid }: CutawaySolidsProps & { tools: ToolController }) {
  const level = useToolState(tools, (s) => (s.eye ? null : s.cutaway));
  const eye = useToolState(tools, (s) => s.eye?.from ?? null);
  const scope = useStore(cutawayScope(tools));
  const beside = useMemo(() => (eye ? new Set(wallsBesideEye(solids, eye)) : null), [solids, eye]);
  const kept = useMemo(() => cutSolids(solids, level, scope.target), [solids, level, scope.target]);
  const shown = useMemo(() => (beside?.size ? kept.filter((x) => !beside.has(x)) : kept), [kept, beside]);
  const faded = useMemo(() => [...fadedRoofs(solids, level, scope.target), ...(beside ?? [])], [solids, level, scope.target, beside]);
  useLayoutEffect(() => {
    Object.assign(cutawayProbe, { level, building: scope.target, cut: cutBuildings(solids, kept), faded: [...new Set(faded.filter((s) => s.part === 'roof').map((s) => s.featureId))].sort() });
  }, [solids, kept, faded, level, scope.target]);
  const onPointerMove = useMemo(() => {
    const store = cutawayScope(tools);
    return (e: ThreeEvent<PointerEvent>) => {
      const id = buildingUnder(tools, e);
      if (id && id !== store.get().candidate) store.set({ ...store.get(), candidate: id });
    };
  }, [tools]);
  return (
    <group onPointerMove={onPointerMove}>
      <Solids solids={shown} features={features} {...(grid ? { grid } : {})} />
      {faded.length > 0 && <FadedRoofs solids={faded} features={features} />}
    </group>
  );
}

export function CutawaySolids({ tools, ...props }: CutawaySolidsProps) {
  return tools ? <Cut tools={tools} {...props} /> : <Solids {...props} />;
}
