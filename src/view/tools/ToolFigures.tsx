// The figures with the tools' picking: hover shows the tooltip, a click selects or picks an end;
// figures above the cutaway level are hidden (not in eye view, which shows what the eye sees).
// During play the caller passes the game's poses and may take a click first (a shot at a target).
import type { ThreeEvent } from '@react-three/fiber';
import { useCallback, useMemo } from 'react';
import { Figures, figurePoses, type FigurePose } from '../Figures';
import { useStore } from '../store';
import type { TableModel } from '../table-model';
import { cutawayScope, posesForCut } from './cutaway';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';

export interface ToolFiguresProps {
  tools: ToolController;
  model: TableModel;
  /** Where to draw the figures (play); default the scenario's deployment. */
  poses?: FigurePose[] | undefined;
  onFigureDown?: ((figureId: string, e: ThreeEvent<PointerEvent>) => void) | undefined;
  /** Told of the figure under the pointer as well as the tools. */
  onFigureHover?: ((figureId: string | null) => void) | undefined;
  /** Sees a click first; returning true keeps it from the tools. */
  onFigureClick?: ((figureId: string) => boolean) | undefined;
}

export function ToolFigures({ tools, model, poses, onFigureDown, onFigureHover, onFigureClick }: ToolFiguresProps) {
  const level = useToolState(tools, (s) => (s.eye ? null : s.cutaway));
  // The eye view from a figure leaves that figure out: the eye is inside his head.
  const eyeOf = useToolState(tools, (s) => s.eye?.figureId ?? null);
  // A cut aimed at one building hides upper-floor figures in that building only.
  const target = useStore(cutawayScope(tools)).target;
  const aimed = useMemo(() => {
    const all = poses ?? (eyeOf !== null || (target !== null && level !== null) ? figurePoses(model.scenario, model.standHeight.bind(model)) : undefined);
    const seen = eyeOf === null || !all ? all : all.filter((p) => p.figureId !== eyeOf);
    return target === null || level === null || !seen ? seen : posesForCut(seen, target, (x, z) => tools.model.buildingAt(x, z));
  }, [target, level, poses, model, tools, eyeOf]);
  const onHover = useCallback(
    (figureId: string | null, e: ThreeEvent<PointerEvent>) => {
      tools.setHover(figureId ? { figureId, clientX: e.nativeEvent.clientX, clientY: e.nativeEvent.clientY } : null);
      onFigureHover?.(figureId);
    },
    [tools, onFigureHover],
  );
  const onClick = useCallback((figureId: string) => void (onFigureClick?.(figureId) || tools.pickFigure(figureId)), [tools, onFigureClick]);
  return (
    <Figures model={model} maxFloor={level} onFigureHover={onHover} onFigureClick={onClick} {...(aimed ? { poses: aimed } : {})} {...(onFigureDown ? { onFigureDown } : {})} />
  );
}
