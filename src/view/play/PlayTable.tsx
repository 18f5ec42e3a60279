// The table during play: figures where the game says (through the tools' figures when the tools are
// on, so LOS, tape and hover use the game's positions), the active unit's marks, the move gizmo,
// targets and refusals; vehicles drawn from the view too. A press on a figure of the unit that may move
// drags it; a click on a shootable target's figure sends that target's command (the active unit's,
// else another unit's that may shoot now); anything else goes to the tools.
// Hot seat: units the rules hide from the side at the screen are not drawn, marked or given to the
// tools; a hidden unit its owner sees is drawn see-through with a "hidden" chip.
import { type ThreeEvent, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { viewForSeat, type PlayPickPanel, type PlayTargetsPanel, type PlayView } from '../../game';
import { Figures } from '../Figures';
import { VehicleModels } from '../Vehicles';
import { figurePlace, unitPlacesStore, vehiclePlace } from '../presenter';
import { createStore, useStore } from '../store';
import type { TableModel } from '../table-model';
import type { ToolController } from '../tools/tool-controller';
import { ToolFigures } from '../tools/ToolFigures';
import { ArcMarks } from './ArcMarks';
import { createDragStore, createRefusalStore } from './drag-store';
import { GhostFigures } from './GhostFigures';
import { GrabHandles } from './GrabHandles';
import { createMoveFloorStore, floorsNear, moveFloorKey, nextMoveFloor } from './move-floor';
import { MoveGizmo } from './MoveGizmo';
import { playPoses, playVehiclePoses, sideColours } from './play-poses';
import { PlayMarkers } from './PlayMarkers';
import { RefusalLabel } from './RefusalLabel';
import { ShotMarks } from './ShotMarks';
import { drawHeight } from './surface';
import { TargetMarks } from './TargetMarks';
import { TemplateMarks } from './TemplateMarks';
import type { PlayTableLink } from './types';
import { useFollowActive } from './use-follow-active';
import { useMoveDrag } from './use-move-drag';

/** The view's pick-figures panel (a click on one of its figures toggles it) and its other units' targets. */
const pickPanel = (v: PlayView) => v.panels?.find((p): p is PlayPickPanel => p.kind === 'pick-figures');
const targetPanels = (v: PlayView) => (v.panels ?? []).filter((p): p is PlayTargetsPanel => p.kind === 'targets');

const NO_SEAT = createStore<string | null>(null);
const NO_PICK = createStore<string[] | null>(null);

export interface PlayTableProps {
  play: PlayTableLink;
  model: TableModel;
  tools?: ToolController | undefined;
}

export function PlayTable({ play, model, tools }: PlayTableProps) {
  const live = useStore(play.view);
  const seat = useStore(play.seat ?? NO_SEAT);
  const picked = useStore(play.picked ?? NO_PICK);
  // Without a seat store the side to act is taken to sit at the screen.
  const view = useMemo(() => viewForSeat(live, play.seat ? seat : live.prompt.side), [live, seat, play.seat]);
  const invalidate = useThree((s) => s.invalidate);
  const drag = useMemo(createDragStore, []);
  const refusal = useMemo(createRefusalStore, []);
  const ownFloor = useMemo(createMoveFloorStore, []);
  const moveFloor = play.moveFloor ?? ownFloor;
  const [hoveredUnit, setHoveredUnit] = useState<string | null>(null);
  const colours = useMemo(() => sideColours(view), [view.sides]); // eslint-disable-line react-hooks/exhaustive-deps
  const allPoses = useMemo(() => playPoses(view.units, colours, (x, z, floor) => drawHeight(model, [x, z], floor)), [view.units, colours, model]);
  // Vehicles where the game has them (moved, turned, or off the table when destroyed).
  const vehiclePoses = useMemo(() => playVehiclePoses(view.units, colours, model.standHeight.bind(model)), [view.units, colours, model]);
  const otherTargets = useMemo(() => targetPanels(view), [view]);
  // Hidden units still in view belong to the side at the screen: drawn apart, see-through.
  const hiddenOwn = useMemo(() => new Set(view.units.filter((u) => u.hiddenFrom?.length).map((u) => u.id)), [view.units]);
  const [poses, ghosts] = useMemo(() => [allPoses.filter((p) => !hiddenOwn.has(p.unitId)), allPoses.filter((p) => hiddenOwn.has(p.unitId))], [allPoses, hiddenOwn]);
  const unitOf = useMemo(() => new Map(allPoses.map((p) => [p.figureId, p.unitId] as const)), [allPoses]);

  // The presenter highlights and follows units where the game has them on this screen.
  useEffect(() => {
    unitPlacesStore.set((s) => ({ ...s, play: [...allPoses.map(figurePlace), ...vehiclePoses.map(vehiclePlace)], playUnits: view.units.map((u) => u.id) }));
  }, [allPoses, vehiclePoses, view.units]);
  useEffect(() => () => unitPlacesStore.set((s) => ({ ...s, play: null, playUnits: null })), []);

  // The tools measure and sight from where the game's figures stand now.
  useEffect(() => {
    if (!tools) return;
    // Every figure the game has on the table, vehicles included (drawn elsewhere, still picked by the tools).
    const places = view.units.flatMap((u) => u.figures.filter((f) => !f.removed).map((f) => ({ figureId: f.id, at: f.at, ...(f.floor ? { floor: f.floor } : {}) })));
    tools.placeFigures(places);
  }, [tools, view.units]);
  useEffect(() => () => tools?.placeFigures(null), [tools]);

  // Refusals the controller publishes (a shot from the HUD, a move) show over the acting unit; a
  // command taken afterwards clears them.
  useEffect(
    () =>
      play.lastRefusal.subscribe(() => {
        const r = play.lastRefusal.get();
        if (r) refusal.set({ unitId: play.view.get().activeUnitId ?? null, reason: r.reason, ...(r.rule ? { rule: r.rule } : {}), since: performance.now() });
        else refusal.set(null);
      }),
    [play, refusal],
  );
  useEffect(() => {
    const offs = [play.view.subscribe(invalidate), drag.subscribe(invalidate), refusal.subscribe(invalidate), ...(play.picked ? [play.picked.subscribe(invalidate)] : [])];
    return () => offs.forEach((off) => off());
  }, [play, drag, refusal, invalidate]);

  // The storeys at hand for the move offered now (the HUD's floor buttons); a new offer drops the choice.
  const floorKey = moveFloorKey(live);
  const movingFigures = live.move ? live.units.find((u) => u.id === live.move!.unitId)?.figures : undefined;
  useEffect(() => {
    moveFloor.set((prev) => nextMoveFloor(prev, floorKey, movingFigures ?? [], (points) => floorsNear(model, points)));
  }, [moveFloor, floorKey, movingFigures, model]);

  const begin = useMoveDrag(play, model, drag, refusal, moveFloor);
  const onDown = useCallback((figureId: string, e: ThreeEvent<PointerEvent>) => void begin(figureId, e), [begin]);
  const onHover = useCallback((figureId: string | null) => setHoveredUnit(figureId ? unitOf.get(figureId) ?? null : null), [unitOf]);
  // A shootable target's figure: shoot it (true = the click is taken; else the tools pick it).
  const onClick = useCallback(
    (figureId: string): boolean => {
      // With a tool chosen (sight, tape, viewshed) a click belongs to the tool, never a shot.
      if (tools && tools.state.get().tool !== 'select') return false;
      const v = viewForSeat(play.view.get(), play.seat ? play.seat.get() : play.view.get().prompt.side);
      // While the HUD's pick-figures panel is open, a click on one of its figures toggles him.
      const pick = play.picked;
      if (pick && pick.get() !== null && pickPanel(v)?.figureIds.includes(figureId)) {
        pick.set((p) => {
          const now = p ?? [];
          return now.includes(figureId) ? now.filter((x) => x !== figureId) : [...now, figureId];
        });
        return true;
      }
      const unitId = unitOf.get(figureId);
      // The active unit's shot first; else another unit's that may shoot now (a targets panel) at that unit.
      const command = v.targets.find((t) => t.unitId === unitId && t.command)?.command
        ?? targetPanels(v).flatMap((g) => g.targets).find((t) => t.unitId === unitId && t.command)?.command;
      if (!command) return false;
      const r = play.control.send(command);
      if (!r.ok) refusal.set({ unitId: v.activeUnitId ?? null, reason: r.reason, ...(r.rule ? { rule: r.rule } : {}), since: performance.now() });
      return true;
    },
    [play, unitOf, refusal, tools],
  );

  useFollowActive(view, allPoses);
  // The soldiers a press may drag now get grab handles wider than the figures (a near miss still takes them).
  const movingId = view.move?.unitId;
  const movingPoses = useMemo(() => (movingId ? allPoses.filter((p) => p.unitId === movingId) : []), [allPoses, movingId]);

  const active = view.units.find((u) => u.id === view.activeUnitId);
  const moving = view.move ? view.units.find((u) => u.id === view.move!.unitId) : undefined;
  return (
    <group name="play">
      {tools ? (
        <ToolFigures tools={tools} model={model} poses={poses} onFigureDown={onDown} onFigureHover={onHover} onFigureClick={onClick} />
      ) : (
        <Figures model={model} poses={poses} onFigureDown={onDown} onFigureHover={onHover} onFigureClick={(id) => void onClick(id)} />
      )}
      {ghosts.length > 0 && (
        <GhostFigures model={model} poses={ghosts} tools={tools} onFigureDown={onDown} onFigureHover={onHover} onFigureClick={onClick} />
      )}
      <PlayMarkers units={view.units} poses={allPoses} activeUnitId={active?.id} picked={picked ?? undefined} />
      {movingPoses.length > 0 && <GrabHandles poses={movingPoses} width={model.scenario.table.width} depth={model.scenario.table.depth} onDown={onDown} />}
      {view.move && <MoveGizmo model={model} move={view.move} unit={moving} drag={drag} floor={moveFloor} measure={view.measure} />}
      {vehiclePoses.length > 0 && <VehicleModels poses={vehiclePoses} tools={tools} />}
      <TargetMarks targets={view.targets} support={otherTargets} poses={allPoses} activeUnitId={view.activeUnitId} hoveredUnitId={hoveredUnit} measure={view.measure} />
      <ArcMarks units={view.units} model={model} />
      {view.templates && <TemplateMarks templates={view.templates} model={model} measure={view.measure} />}
      {play.log && <ShotMarks log={play.log} units={view.units} model={model} replay={play.replay?.store} />}
      <RefusalLabel refusal={refusal} poses={allPoses} />
    </group>
  );
}
