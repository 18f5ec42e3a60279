// The 3D table: an on-demand R3F canvas (turn-based, so frames are drawn only when something
// changes) showing terrain, water, woods, solids and figures of a built battlefield.
import { Canvas } from '@react-three/fiber';
import { useCallback, useEffect, useMemo } from 'react';
import { AgXToneMapping } from 'three';
import { CameraRig, homeCamera } from './CameraRig';
import { FigureDetailContext, Figures } from './Figures';
import { FirstFrame } from './FirstFrame';
import { ViewshedOverlay } from './overlays';
import { PlayTable, type PlayTableLink } from './play';
import { HighlightRings } from './presenter';
import { RenderProbe } from './RenderProbe';
import { TableFrame } from './TableFrame';
import { TableLight } from './TableLight';
import type { Quality, TableModel } from './table-model';
import { TableSpace } from './TableSpace';
import { CutawaySolids, EyeCamera, PickSurface, type ToolController, ToolBridge, ToolFigures, ToolOverlays } from './tools';
import { Terrain } from './Terrain';
import { Trees } from './Trees';
import { Vehicles } from './Vehicles';
import { Water } from './Water';

export interface TableViewProps {
  model: TableModel;
  quality: Quality;
  /** Called once the first frame with the table has been drawn (again for each other model). */
  onFirstFrame?: () => void;
  /** Picking, selection, LOS, tape, cutaway and eye view (src/view/tools); absent = a plain table. */
  tools?: ToolController;
  /** Play mode: figures where the game says, the move gizmo, targets and refusals (src/view/play). */
  play?: PlayTableLink;
  /**
   * Called with each model the canvas draws: it holds that table until the returned call, made once the
   * canvas draws another model or is gone (a table built for a game's options is freed by its last user).
   */
  hold?: (model: TableModel) => () => void;
}

/** Holds the model while the canvas's scene is built from it (its cleanup runs after the scene moved on). */
function ModelHold({ model, hold }: { model: TableModel; hold: (model: TableModel) => () => void }) {
  useEffect(() => hold(model), [model, hold]);
  return null;
}

const DPR: Record<Quality, number | [number, number]> = { high: [1, 2], medium: [1, 1.5], low: 1, test: 1 };

/** A number per table model: the first-frame callback fires again for another table (a game's own, built for its options). */
const MODEL_KEYS = new WeakMap<TableModel, number>();
let nextModelKey = 0;
function modelKey(m: TableModel): number {
  let k = MODEL_KEYS.get(m);
  if (k === undefined) MODEL_KEYS.set(m, (k = nextModelKey++));
  return k;
}

export function TableView({ model, quality, onFirstFrame, tools, play, hold }: TableViewProps) {
  const { width, depth } = model.scenario.table;
  const span = Math.max(width / 180, depth / 120);
  const features = model.scenario.features;
  const groundHeight = useCallback((x: number, z: number) => model.groundHeight(x, z), [model]);
  const camera = useMemo(() => ({ fov: 32, near: 1, far: 3000 * span, position: homeCamera(span) }), [span]);
  const gl = useMemo(
    () => ({
      toneMapping: AgXToneMapping,
      toneMappingExposure: 1.0,
      antialias: quality === 'high' || quality === 'medium',
      preserveDrawingBuffer: quality === 'test',
      powerPreference: 'high-performance' as const,
    }),
    [quality],
  );
  return (
    // Its own stacking layer (z-index 0): the table's labels (drei Html) stay under every HUD panel.
    <Canvas frameloop="demand" shadows={false} dpr={DPR[quality]} camera={camera} gl={gl} style={{ zIndex: 0 }} data-testid="table-canvas">
      <TableLight model={model} span={span} play={play?.view} />
      <TableSpace width={width} depth={depth}>
        <PickSurface tools={tools}>
          <Terrain grid={model.grid} features={features} solids={model.solids} lambert={quality === 'low' || quality === 'test'} />
          <Water grid={model.grid} features={features} />
          <CutawaySolids tools={tools} solids={model.solids} features={features} grid={model.grid} />
        </PickSurface>
        <Trees features={features} groundHeight={groundHeight} />
        <FigureDetailContext.Provider value={quality === 'high' || quality === 'medium' ? 'fine' : 'plain'}>
          {play ? <PlayTable play={play} model={model} tools={tools} /> : tools ? <ToolFigures tools={tools} model={model} /> : <Figures model={model} />}
        </FigureDetailContext.Provider>
        {/* In play the game's vehicles are drawn by PlayTable, where the game has them. */}
        {!play && <Vehicles model={model} tools={tools} />}
        <TableFrame grid={model.grid} width={width} depth={depth} base={model.scenario.relief?.base ?? 0} />
        <ViewshedOverlay model={model} />
        <HighlightRings model={model} />
        {tools && <ToolOverlays tools={tools} />}
      </TableSpace>
      <CameraRig span={span} width={width} depth={depth} />
      {tools && <ToolBridge tools={tools} />}
      {tools && <EyeCamera tools={tools} />}
      <RenderProbe />
      {hold && <ModelHold model={model} hold={hold} />}
      {onFirstFrame && <FirstFrame key={modelKey(model)} onRendered={onFirstFrame} />}
    </Canvas>
  );
}
