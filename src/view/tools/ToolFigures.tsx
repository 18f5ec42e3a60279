// The figures with the tools' picking: hover shows the tooltip, a click selects or picks an end;
// figures above the cutaway level are hidden (not in eye view, which shows what the eye sees).
import type { ThreeEvent } from '@react-three/fiber';
import { useCallback } from 'react';
import { Figures } from '../Figures';
import type { TableModel } from '../table-model';
import type { ToolController } from './tool-controller';
import { useToolState } from './use-tools';

export interface ToolFiguresProps {
  tools: ToolController;
  model: TableModel;
}

export function ToolFigures({ tools, model }: ToolFiguresProps) {
  const level = useToolState(tools, (s) => (s.eye ? null : s.cutaway));
  const onHover = useCallback(
    (figureId: string | null, e: ThreeEvent<PointerEvent>) =>
      tools.setHover(figureId ? { figureId, clientX: e.nativeEvent.clientX, clientY: e.nativeEvent.clientY } : null),
    [tools],
  );
  const onClick = useCallback((figureId: string) => tools.pickFigure(figureId), [tools]);
  return <Figures model={model} maxFloor={level} onFigureHover={onHover} onFigureClick={onClick} />;
}
